// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=znver4},canonicalize,cse))" %s | FileCheck %s
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(codegen-form-tu-scopes{table=llvm-cpu}))" %s | FileCheck %s --check-prefix=SCOPES
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=haswell},canonicalize,cse))" %s | FileCheck %s --check-prefix=PANELS

// Filters packed ahead of the call (llvm-cpu-hoist-filter-packing): a
// convolution whose filter is the transpose of a tensor in the layout its
// taps read takes the taps' planes from that tensor in place (no packing),
// and the transpose joins the convolution's tu scope.

// The NCHW taps (56 wide over 8 channels): C x F planes of the
// KH x KW x C x F tensor, read by the taps' vector loads.
// CHECK-LABEL: func.func @tap_major
//  CHECK-SAME:     (%{{.+}}: tensor<1x8x58x58xf32>, %[[P:.+]]: tensor<3x3x8x16xf32>)
//   CHECK-NOT:   linalg.transpose
//       CHECK:   %[[R:.+]] = tensor.collapse_shape %[[P]] {{\[}}[0, 1], [2], [3]] : tensor<3x3x8x16xf32> into tensor<9x8x16xf32>
//       CHECK:   vector.transfer_read %[[R]][
//   CHECK-NOT:   linalg.transpose
//       CHECK:   return
// SCOPES-LABEL: func.func @tap_major
//       SCOPES:   codegen.scope.tu
//       SCOPES:     linalg.transpose
//       SCOPES:     linalg.conv_2d_nchw_fchw
//       SCOPES:     codegen.yield
func.func @tap_major(%x: tensor<1x8x58x58xf32>, %p: tensor<3x3x8x16xf32>) -> tensor<1x16x56x56xf32> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<16x8x3x3xf32>
  %w = linalg.transpose ins(%p : tensor<3x3x8x16xf32>) outs(%ew : tensor<16x8x3x3xf32>) permutation = [3, 2, 0, 1]
  %e = tensor.empty() : tensor<1x16x56x56xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x56x56xf32>) -> tensor<1x16x56x56xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x8x58x58xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x56x56xf32>) -> tensor<1x16x56x56xf32>
  return %c : tensor<1x16x56x56xf32>
}

// -----

// The channels-last taps (7 wide on AVX-512): strided C x F planes of the
// C x KH x KW x F tensor (the accumulator's transposes stay).
// CHECK-LABEL: func.func @channel_major
//  CHECK-SAME:     (%{{.+}}: tensor<1x32x9x9xf32>, %[[P:.+]]: tensor<32x3x3x32xf32>)
//   CHECK-NOT:   linalg.transpose ins(%[[P]]
//       CHECK:   %[[R:.+]] = tensor.collapse_shape %[[P]] {{\[}}[0], [1, 2], [3]] : tensor<32x3x3x32xf32> into tensor<32x9x32xf32>
//       CHECK:   vector.transfer_read %[[R]][
//   CHECK-NOT:   linalg.transpose ins(%[[P]]
//       CHECK:   return
func.func @channel_major(%x: tensor<1x32x9x9xf32>, %p: tensor<32x3x3x32xf32>) -> tensor<1x32x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<32x32x3x3xf32>
  %w = linalg.transpose ins(%p : tensor<32x3x3x32xf32>) outs(%ew : tensor<32x32x3x3xf32>) permutation = [3, 0, 1, 2]
  %e = tensor.empty() : tensor<1x32x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x32x9x9xf32>, tensor<32x32x3x3xf32>) outs(%f : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  return %c : tensor<1x32x7x7xf32>
}

// -----

// Packed for the other taps (a 56-wide layer over 8 channels given a
// C x KH x KW x F tensor, as for another CPU): the filter the transpose computes is packed
// as any other, the same values.
// CHECK-LABEL: func.func @other_layout
//       CHECK:   linalg.transpose
//       CHECK:   linalg.transpose
// SCOPES-LABEL: func.func @other_layout
//       SCOPES:   codegen.scope.tu
//       SCOPES:     linalg.transpose
//       SCOPES:     linalg.conv_2d_nchw_fchw
func.func @other_layout(%x: tensor<1x8x58x58xf32>, %p: tensor<8x3x3x16xf32>) -> tensor<1x16x56x56xf32> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<16x8x3x3xf32>
  %w = linalg.transpose ins(%p : tensor<8x3x3x16xf32>) outs(%ew : tensor<16x8x3x3xf32>) permutation = [3, 0, 1, 2]
  %e = tensor.empty() : tensor<1x16x56x56xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x56x56xf32>) -> tensor<1x16x56x56xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x8x58x58xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x56x56xf32>) -> tensor<1x16x56x56xf32>
  return %c : tensor<1x16x56x56xf32>
}

// -----

// A transpose of the filter that is no unpacking stays in a scope of its own.
// SCOPES-LABEL: func.func @no_unpacking
//       SCOPES:   %[[T:.+]] = codegen.scope.tu
//       SCOPES:     linalg.transpose
//       SCOPES:   codegen.scope.tu
//   SCOPES-NOT:     linalg.transpose
//       SCOPES:     linalg.conv_2d_nchw_fchw
func.func @no_unpacking(%x: tensor<1x16x58x58xf32>, %p: tensor<16x16x3x3xf32>) -> tensor<1x16x56x56xf32> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<16x16x3x3xf32>
  %w = linalg.transpose ins(%p : tensor<16x16x3x3xf32>) outs(%ew : tensor<16x16x3x3xf32>) permutation = [1, 0, 3, 2]
  %e = tensor.empty() : tensor<1x16x56x56xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x56x56xf32>) -> tensor<1x16x56x56xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x58x58xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x56x56xf32>) -> tensor<1x16x56x56xf32>
  return %c : tensor<1x16x56x56xf32>
}

// -----

// The im2col matmul (AVX2) over a filter packed ahead in the contraction
// strategy's panels, F / 16 x C x KH x KW x 16: its right-hand side is the
// unpack of the panels, which the strategy's pack of it cancels; the kernel
// reads the panels in place (no pack, no unpack in the call), and the
// unpack joins the convolution's tu scope.
// PANELS-LABEL: func.func @matmul_panels
//  PANELS-SAME:     (%{{.+}}: tensor<1x128x9x9xf32>, %[[P:.+]]: tensor<8x128x3x3x16xf32>)
//   PANELS-NOT:   linalg.unpack
//   PANELS-NOT:   linalg.pack
//       PANELS:   %[[R:.+]] = tensor.collapse_shape %[[P]] {{\[}}[0], [1, 2, 3], [4]] : tensor<8x128x3x3x16xf32> into tensor<8x1152x16xf32>
//   PANELS-NOT:   linalg.unpack
//   PANELS-NOT:   linalg.pack
//       PANELS:   vector.transfer_read %[[R]][
//   PANELS-NOT:   linalg.unpack
//   PANELS-NOT:   linalg.pack
//       PANELS:   return
// SCOPES-LABEL: func.func @matmul_panels
//       SCOPES:   codegen.scope.tu
//       SCOPES:     linalg.unpack
//   SCOPES-NOT:     codegen.yield
//       SCOPES:     linalg.conv_2d_nchw_fchw
//       SCOPES:     codegen.yield
//   SCOPES-NOT:   codegen.scope.tu
//       SCOPES:   return
func.func @matmul_panels(%x: tensor<1x128x9x9xf32>, %p: tensor<8x128x3x3x16xf32>) -> tensor<1x128x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<128x128x3x3xf32>
  %w = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [16] into %ew : tensor<8x128x3x3x16xf32> -> tensor<128x128x3x3xf32>
  %e = tensor.empty() : tensor<1x128x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x128x9x9xf32>, tensor<128x128x3x3xf32>) outs(%f : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  return %c : tensor<1x128x7x7xf32>
}

// -----

// A matmul whose right-hand side is the unpack of panels packed ahead (a
// linear layer's weight, llvm-cpu-hoist-filter-packing): on AVX2 the kernel
// reads the panels in place, and the unpack joins the matmul's tu scope.
// PANELS-LABEL: func.func @linear_panels
//  PANELS-SAME:     (%{{.+}}: tensor<128x256xf32>, %[[P:.+]]: tensor<64x256x16xf32>)
//   PANELS-NOT:   linalg.unpack
//   PANELS-NOT:   linalg.pack
//       PANELS:   vector.transfer_read %[[P]][
//   PANELS-NOT:   linalg.unpack
//   PANELS-NOT:   linalg.pack
//       PANELS:   return
// SCOPES-LABEL: func.func @linear_panels
//       SCOPES:   codegen.scope.tu
//       SCOPES:     linalg.unpack
//   SCOPES-NOT:     codegen.yield
//       SCOPES:     linalg.matmul
//       SCOPES:     codegen.yield
//   SCOPES-NOT:   codegen.scope.tu
//       SCOPES:   return
func.func @linear_panels(%x: tensor<128x256xf32>, %p: tensor<64x256x16xf32>) -> tensor<128x1024xf32> {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<256x1024xf32>
  %w = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %ew : tensor<64x256x16xf32> -> tensor<256x1024xf32>
  %e = tensor.empty() : tensor<128x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %m = linalg.matmul ins(%x, %w : tensor<128x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  return %m : tensor<128x1024xf32>
}
