// RUN: scope-opt --split-input-file --llvm-cpu-hoist-filter-packing="cpu=znver4" %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-hoist-filter-packing="cpu=haswell" %s | FileCheck %s --check-prefix=AVX2

// A 14-wide 3x3 layer and a 7-wide one: on AVX-512 the first takes the NCHW
// taps (KH x KW x C x F), the second the channels-last taps (C x KH x KW x
// F); on AVX2 (16 registers) both take the channels-last taps,
// both filters parameters: @f$prepare packs them from the parameters (the
// bias too is a parameter, passed but not packed), @f$run reads each as the
// transpose of its packed form, @f calls the two.
// CHECK:       module attributes {scopeir.prepared_functions = {f = (tensor<64x64x3x3xf32>, tensor<64xf32>, tensor<32x32x3x3xf32>) -> (tensor<3x3x64x64xf32>, tensor<32x3x3x32xf32>)}}
// CHECK-LABEL: func.func @f$run
//  CHECK-SAME:     (%[[X:[^:]+]]: tensor<1x64x16x16xf32>, %[[Y:[^:]+]]: tensor<1x32x9x9xf32>,
//  CHECK-SAME:      %{{.+}}: tensor<64x64x3x3xf32> {scopeir.param = "a.weight"}, %{{.+}}: tensor<64xf32> {scopeir.param = "a.bias"},
//  CHECK-SAME:      %{{.+}}: tensor<32x32x3x3xf32> {scopeir.param = "b.weight"},
//  CHECK-SAME:      %[[PA:[^:]+]]: tensor<3x3x64x64xf32> {bufferization.writable = false},
//  CHECK-SAME:      %[[PB:[^:]+]]: tensor<32x3x3x32xf32> {bufferization.writable = false})
//       CHECK:   %[[WA:.+]] = linalg.transpose ins(%[[PA]] : tensor<3x3x64x64xf32>) outs(%{{.+}} : tensor<64x64x3x3xf32>) permutation = [3, 2, 0, 1]
//       CHECK:   linalg.conv_2d_nchw_fchw {{.*}} ins(%[[X]], %[[WA]] :
//       CHECK:   %[[WB:.+]] = linalg.transpose ins(%[[PB]] : tensor<32x3x3x32xf32>) outs(%{{.+}} : tensor<32x32x3x3xf32>) permutation = [3, 0, 1, 2]
//       CHECK:   linalg.conv_2d_nchw_fchw {{.*}} ins(%[[Y]], %[[WB]] :
// CHECK-LABEL: func.func @f$prepare
//  CHECK-SAME:     (%[[A:[^:]+]]: tensor<64x64x3x3xf32> {scopeir.param = "a.weight"}, %{{.+}}: tensor<64xf32> {scopeir.param = "a.bias"}, %[[B:[^:]+]]: tensor<32x32x3x3xf32> {scopeir.param = "b.weight"})
//       CHECK:   %[[RA:.+]] = tensor.collapse_shape %[[A]] {{\[}}[0], [1, 2, 3]] : tensor<64x64x3x3xf32> into tensor<64x576xf32>
//       CHECK:   %[[TA:.+]] = linalg.transpose ins(%[[RA]] : tensor<64x576xf32>) outs(%{{.+}} : tensor<576x64xf32>) permutation = [1, 0]
//       CHECK:   %[[EA:.+]] = tensor.expand_shape %[[TA]] {{\[}}[0, 1], [2]] output_shape [64, 9, 64]
//       CHECK:   %[[QA:.+]] = linalg.transpose ins(%[[EA]] : tensor<64x9x64xf32>) outs(%{{.+}} : tensor<9x64x64xf32>) permutation = [1, 0, 2]
//       CHECK:   %[[PA2:.+]] = tensor.expand_shape %[[QA]] {{\[}}[0, 1], [2], [3]] output_shape [3, 3, 64, 64]
//       CHECK:   %[[RB:.+]] = tensor.collapse_shape %[[B]] {{\[}}[0], [1, 2, 3]] : tensor<32x32x3x3xf32> into tensor<32x288xf32>
//       CHECK:   %[[TB:.+]] = linalg.transpose ins(%[[RB]] : tensor<32x288xf32>) outs(%{{.+}} : tensor<288x32xf32>) permutation = [1, 0]
//       CHECK:   %[[PB2:.+]] = tensor.expand_shape %[[TB]] {{\[}}[0, 1, 2], [3]] output_shape [32, 3, 3, 32]
//       CHECK:   return %[[PA2]], %[[PB2]]
// CHECK-LABEL: func.func @f(
//  CHECK-SAME:     %[[FX:[^:]+]]: tensor<1x64x16x16xf32>, %[[FY:[^:]+]]: tensor<1x32x9x9xf32>, %[[FA:[^:]+]]: tensor<64x64x3x3xf32> {scopeir.param = "a.weight"}, %[[FBIAS:[^:]+]]: tensor<64xf32> {scopeir.param = "a.bias"}, %[[FB:[^:]+]]: tensor<32x32x3x3xf32> {scopeir.param = "b.weight"})
//       CHECK:   %[[P:.+]]:2 = call @f$prepare(%[[FA]], %[[FBIAS]], %[[FB]])
//       CHECK:   %[[R:.+]]:2 = call @f$run(%[[FX]], %[[FY]], %[[FA]], %[[FBIAS]], %[[FB]], %[[P]]#0, %[[P]]#1)
//       CHECK:   return %[[R]]#0, %[[R]]#1
// AVX2:        module attributes {scopeir.prepared_functions = {f = (tensor<64x64x3x3xf32>, tensor<64xf32>, tensor<32x32x3x3xf32>) -> (tensor<64x3x3x64xf32>, tensor<32x3x3x32xf32>)}}
// AVX2-LABEL:  func.func @f$run
//       AVX2:    linalg.transpose ins(%{{.+}} : tensor<64x3x3x64xf32>) outs(%{{.+}} : tensor<64x64x3x3xf32>) permutation = [3, 0, 1, 2]
//       AVX2:    linalg.transpose ins(%{{.+}} : tensor<32x3x3x32xf32>) outs(%{{.+}} : tensor<32x32x3x3xf32>) permutation = [3, 0, 1, 2]
func.func @f(%x: tensor<1x64x16x16xf32>, %y: tensor<1x32x9x9xf32>,
             %wa: tensor<64x64x3x3xf32> {scopeir.param = "a.weight"},
             %bias: tensor<64xf32> {scopeir.param = "a.bias"},
             %wb: tensor<32x32x3x3xf32> {scopeir.param = "b.weight"})
    -> (tensor<1x64x14x14xf32>, tensor<1x32x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x64x14x14xf32>) -> tensor<1x64x14x14xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %wa : tensor<1x64x16x16xf32>, tensor<64x64x3x3xf32>) outs(%f : tensor<1x64x14x14xf32>) -> tensor<1x64x14x14xf32>
  %e2 = tensor.empty() : tensor<1x32x7x7xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%y, %wb : tensor<1x32x9x9xf32>, tensor<32x32x3x3xf32>) outs(%f2 : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  return %a, %b : tensor<1x64x14x14xf32>, tensor<1x32x7x7xf32>
}

// -----

// On AVX2, a 3x3 layer the channels-last taps would take, with at least 32
// output pixels and a filter of more than 512 KiB, is an im2col matmul whose
// right-hand side is the filter in the contraction strategy's panels
// (F / 16 x C x KH x KW x 16, packed from the C * KH * KW rows of F by a
// transpose that keeps 16 floats innermost); @f$run reads the filter as the
// unpack of the panels. On AVX-512 the same layer takes the channels-last
// taps.
// CHECK:       module attributes {scopeir.prepared_functions = {panels = (tensor<128x128x3x3xf32>) -> tensor<128x3x3x128xf32>}}
// AVX2:        module attributes {scopeir.prepared_functions = {panels = (tensor<128x128x3x3xf32>) -> tensor<8x128x3x3x16xf32>}}
// AVX2-LABEL:  func.func @panels$run
//  AVX2-SAME:      %[[P:[^:]+]]: tensor<8x128x3x3x16xf32> {bufferization.writable = false})
//       AVX2:    %[[W:.+]] = linalg.unpack %[[P]] inner_dims_pos = [0] inner_tiles = [16] into %{{.+}} : tensor<8x128x3x3x16xf32> -> tensor<128x128x3x3xf32>
//       AVX2:    linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.+}}, %[[W]] :
// AVX2-LABEL:  func.func @panels$prepare
//       AVX2:    %[[R:.+]] = tensor.collapse_shape %{{.+}} {{\[}}[0], [1, 2, 3]] : tensor<128x128x3x3xf32> into tensor<128x1152xf32>
//       AVX2:    %[[T:.+]] = linalg.transpose ins(%[[R]] : tensor<128x1152xf32>) outs(%{{.+}} : tensor<1152x128xf32>) permutation = [1, 0]
//       AVX2:    %[[S:.+]] = tensor.expand_shape %[[T]] {{\[}}[0], [1, 2]] output_shape [1152, 8, 16]
//       AVX2:    %[[Q:.+]] = linalg.transpose ins(%[[S]] : tensor<1152x8x16xf32>) outs(%{{.+}} : tensor<8x1152x16xf32>) permutation = [1, 0, 2]
//       AVX2:    %[[E:.+]] = tensor.expand_shape %[[Q]] {{\[}}[0], [1, 2, 3], [4]] output_shape [8, 128, 3, 3, 16]
//       AVX2:    return %[[E]]
func.func @panels(%x: tensor<1x128x9x9xf32>, %w: tensor<128x128x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x128x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x128x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x128x9x9xf32>, tensor<128x128x3x3xf32>) outs(%f : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  return %c : tensor<1x128x7x7xf32>
}

// -----

// One filter read by two convolutions in one layout: packed once, unpacked
// before each (each transpose joins its own convolution's dispatch).
// CHECK:       module attributes {scopeir.prepared_functions = {g = (tensor<16x16x3x3xf32>) -> tensor<3x3x16x16xf32>}}
// CHECK-LABEL: func.func @g$run
//  CHECK-SAME:     %[[P:[^:]+]]: tensor<3x3x16x16xf32> {bufferization.writable = false})
//       CHECK:   %[[W1:.+]] = linalg.transpose ins(%[[P]] :
//       CHECK:   %[[C1:.+]] = linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.+}}, %[[W1]] :
//       CHECK:   %[[W2:.+]] = linalg.transpose ins(%[[P]] :
//       CHECK:   linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.+}}, %[[W2]] : {{.*}} outs(%[[C1]] :
func.func @g(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %b = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%a : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %b : tensor<1x16x16x16xf32>
}

// -----

// A batch of four images: the strategy runs the taps per image (a loop over
// the batch), reading the same packed filter, so it is packed ahead too.
// CHECK:       module attributes {scopeir.prepared_functions = {batch = (tensor<16x16x3x3xf32>) -> tensor<3x3x16x16xf32>}}
// CHECK-LABEL: func.func @batch$run
//  CHECK-SAME:     %[[P:[^:]+]]: tensor<3x3x16x16xf32> {bufferization.writable = false})
//       CHECK:   %[[W:.+]] = linalg.transpose ins(%[[P]] :
//       CHECK:   linalg.conv_2d_nchw_fchw {{.*}} ins(%{{.+}}, %[[W]] : tensor<4x16x18x18xf32>, tensor<16x16x3x3xf32>)
func.func @batch(%x: tensor<4x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<4x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x16x16x16xf32>) -> tensor<4x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<4x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<4x16x16x16xf32>) -> tensor<4x16x16x16xf32>
  return %a : tensor<4x16x16x16xf32>
}

// -----

// A transpose of a parameter (the front door's nn.Linear weight, transposed
// for linalg.matmul) is computed ahead as it is, even without convolutions;
// a transpose of an input stays.
// CHECK:       module attributes {scopeir.prepared_functions = {linear = (tensor<1000x512xf32>) -> tensor<512x1000xf32>}}
// CHECK-LABEL: func.func @linear$run
//  CHECK-SAME:     (%[[X:[^:]+]]: tensor<1x512xf32>, %{{.+}}: tensor<1000x512xf32> {scopeir.param = "fc.weight"}, %[[T:[^:]+]]: tensor<1000x512xf32>, %[[P:[^:]+]]: tensor<512x1000xf32> {bufferization.writable = false})
//       CHECK:   %[[U:.+]] = linalg.transpose ins(%[[T]] :
//       CHECK:   linalg.matmul ins(%[[X]], %[[P]] :
//       CHECK:   linalg.matmul ins(%[[X]], %[[U]] :
// CHECK-LABEL: func.func @linear$prepare
//       CHECK:   %[[W:.+]] = linalg.transpose ins(%{{.+}} : tensor<1000x512xf32>) outs(%{{.+}} : tensor<512x1000xf32>) permutation = [1, 0]
//       CHECK:   return %[[W]]
func.func @linear(%x: tensor<1x512xf32>, %w: tensor<1000x512xf32> {scopeir.param = "fc.weight"},
                  %t: tensor<1000x512xf32>) -> (tensor<1x1000xf32>, tensor<1x1000xf32>) {
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<512x1000xf32>
  %wt = linalg.transpose ins(%w : tensor<1000x512xf32>) outs(%e0 : tensor<512x1000xf32>) permutation = [1, 0]
  %e1 = tensor.empty() : tensor<512x1000xf32>
  %tt = linalg.transpose ins(%t : tensor<1000x512xf32>) outs(%e1 : tensor<512x1000xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<1x1000xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %a = linalg.matmul ins(%x, %wt : tensor<1x512xf32>, tensor<512x1000xf32>) outs(%f : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %b = linalg.matmul ins(%x, %tt : tensor<1x512xf32>, tensor<512x1000xf32>) outs(%f : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  return %a, %b : tensor<1x1000xf32>, tensor<1x1000xf32>
}

// -----

// Left as written: a filter that is no parameter, a 1x1 layer the matmul
// strategy runs (no taps), a convolution inside a scope or a loop, a
// dynamically shaped one, a private function, a function on another
// device, one that the module calls.
// CHECK:       {{^}}module {
// CHECK-NOT:   $prepare
// CHECK-NOT:   $run
func.func @not_parameter(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32>)
    -> tensor<1x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %a : tensor<1x16x16x16xf32>
}
func.func @pointwise(%x: tensor<1x64x7x7xf32>, %w: tensor<64x64x1x1xf32> {scopeir.param = "w"})
    -> tensor<1x64x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x64x7x7xf32>, tensor<64x64x1x1xf32>) outs(%f : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  return %a : tensor<1x64x7x7xf32>
}
func.func @in_scope(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> {
  %r = util.scope [#hal.device.target<"llvm-cpu">] (%x as %sx: tensor<1x16x18x18xf32>, %w as %sw: tensor<16x16x3x3xf32>) -> (tensor<1x16x16x16xf32>) {
    %z = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<1x16x16x16xf32>
    %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%sx, %sw : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
    util.return %a : tensor<1x16x16x16xf32>
  }
  return %r : tensor<1x16x16x16xf32>
}
func.func @dynamic(%x: tensor<?x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"},
                   %init: tensor<?x16x16x16xf32>) -> tensor<?x16x16x16xf32> {
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<?x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%init : tensor<?x16x16x16xf32>) -> tensor<?x16x16x16xf32>
  return %a : tensor<?x16x16x16xf32>
}
func.func private @private(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %a : tensor<1x16x16x16xf32>
}
func.func @on_vulkan(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> attributes {hal.device = #hal.device.target<"vulkan">} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %a : tensor<1x16x16x16xf32>
}
func.func @called(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %a : tensor<1x16x16x16xf32>
}
func.func @caller(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32>) -> tensor<1x16x16x16xf32> {
  %r = call @called(%x, %w) : (tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) -> tensor<1x16x16x16xf32>
  return %r : tensor<1x16x16x16xf32>
}

// -----

// With a host backend other than llvm-cpu, a function without a device of
// its own is left alone; one placed on llvm-cpu is split.
// RUN: scope-opt --llvm-cpu-hoist-filter-packing="cpu=znver4 host-backend=llvm-cpu-loops" %S/Inputs/hoist-filter-packing-devices.mlir | FileCheck %s --check-prefix=LOOPS
// LOOPS:       module attributes {scopeir.prepared_functions = {placed = (tensor<16x16x3x3xf32>) -> tensor<3x3x16x16xf32>}}
// LOOPS-NOT:   @unplaced$run
// LOOPS:       func.func @placed$run
// LOOPS-NOT:   @unplaced$run

// -----

// On AVX2 the transposed weight of a linear layer over at least 32 rows
// whose right-hand side has more than 512 KiB is prepared as the
// contraction strategy's panels (N / 16 x K x 16: the transpose, then a
// transpose that keeps 16 floats innermost), and @lin$run unpacks it right
// before its matmul. On AVX-512 it is the transpose, as it is.
// CHECK:       module attributes {scopeir.prepared_functions = {lin = (tensor<1024x256xf32>) -> tensor<256x1024xf32>}}
// AVX2:        module attributes {scopeir.prepared_functions = {lin = (tensor<1024x256xf32>) -> tensor<64x256x16xf32>}}
// AVX2-LABEL:  func.func @lin$run
//  AVX2-SAME:      %[[P:[^:]+]]: tensor<64x256x16xf32> {bufferization.writable = false})
//   AVX2-NOT:    linalg.transpose
//       AVX2:    %[[W:.+]] = linalg.unpack %[[P]] outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %{{.+}} : tensor<64x256x16xf32> -> tensor<256x1024xf32>
//  AVX2-NEXT:    linalg.matmul ins(%{{.+}}, %[[W]] :
// AVX2-LABEL:  func.func @lin$prepare
//       AVX2:    %[[T:.+]] = linalg.transpose ins(%{{.+}} : tensor<1024x256xf32>) outs(%{{.+}} : tensor<256x1024xf32>) permutation = [1, 0]
//       AVX2:    %[[S:.+]] = tensor.expand_shape %[[T]] {{\[}}[0], [1, 2]] output_shape [256, 64, 16]
//       AVX2:    %[[Q:.+]] = linalg.transpose ins(%[[S]] : tensor<256x64x16xf32>) outs(%{{.+}} : tensor<64x256x16xf32>) permutation = [1, 0, 2]
//       AVX2:    return %[[Q]]
func.func @lin(%x: tensor<128x256xf32>, %w: tensor<1024x256xf32> {scopeir.param = "w"}) -> tensor<128x1024xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x1024xf32>
  %wt = linalg.transpose ins(%w : tensor<1024x256xf32>) outs(%et : tensor<256x1024xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<128x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<128x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  return %m : tensor<128x1024xf32>
}
