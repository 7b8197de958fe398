// RUN: scope-opt --split-input-file --llvm-cpu-decompose-aggregates %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-decompose-aggregates="keep-panel-unpacks=false" %s | FileCheck %s --check-prefix=ALL

// A pack with static inner tiles: pad, expand, transpose.
// CHECK-LABEL: func.func @pack_static
//  CHECK-SAME:     (%[[S:.+]]: tensor<4x6xf32>, %[[D:.+]]: tensor<2x2x2x3xf32>)
//       CHECK:   %[[P:.+]] = tensor.pad %[[S]] low[0, 0] high[0, 0]
//       CHECK:   %[[E:.+]] = tensor.expand_shape %[[P]] {{\[}}[0, 1], [2, 3]] output_shape [2, 2, 2, 3]
//       CHECK:   %[[T:.+]] = linalg.transpose ins(%[[E]] : tensor<2x2x2x3xf32>) outs(%[[D]] : tensor<2x2x2x3xf32>) permutation = [0, 2, 1, 3]
//       CHECK:   return %[[T]]
//   CHECK-NOT:   linalg.pack
func.func @pack_static(%s: tensor<4x6xf32>, %d: tensor<2x2x2x3xf32>) -> tensor<2x2x2x3xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %d : tensor<4x6xf32> -> tensor<2x2x2x3xf32>
  return %p : tensor<2x2x2x3xf32>
}

// -----

// A pack with a dynamic inner tile cannot be expanded: it is tiled to one
// outer tile per iteration, each tile copied with a slice and a transpose.
// CHECK-LABEL: func.func @pack_dynamic_tile
//  CHECK-SAME:     (%[[S:.+]]: tensor<4x6xf32>, %[[D:.+]]: tensor<2x?x2x?xf32>, %[[TILE:.+]]: index)
//       CHECK:   scf.for
//       CHECK:     scf.for
//       CHECK:       %[[SLICE:.+]] = tensor.extract_slice %[[S]][%{{.+}}, %{{.+}}] [2, %[[TILE]]] [1, 1] : tensor<4x6xf32> to tensor<2x?xf32>
//       CHECK:       %[[T:.+]] = linalg.transpose ins(%[[SLICE]] : tensor<2x?xf32>)
//       CHECK:       tensor.insert_slice %[[T]]
//       CHECK:       tensor.insert_slice
//   CHECK-NOT:   linalg.pack
func.func @pack_dynamic_tile(%s: tensor<4x6xf32>, %d: tensor<2x?x2x?xf32>, %t: index) -> tensor<2x?x2x?xf32> {
  %p = linalg.pack %s inner_dims_pos = [0, 1] inner_tiles = [2, %t] into %d : tensor<4x6xf32> -> tensor<2x?x2x?xf32>
  return %p : tensor<2x?x2x?xf32>
}

// -----

// An unpack: transpose, collapse, slice and copy into the destination.
// CHECK-LABEL: func.func @unpack
//  CHECK-SAME:     (%[[S:.+]]: tensor<2x2x2x3xf32>, %[[D:.+]]: tensor<4x6xf32>)
//       CHECK:   %[[T:.+]] = linalg.transpose ins(%[[S]] : tensor<2x2x2x3xf32>) outs(%{{.+}} : tensor<2x2x2x3xf32>) permutation = [0, 2, 1, 3]
//       CHECK:   %[[C:.+]] = tensor.collapse_shape %[[T]] {{\[}}[0, 1], [2, 3]] : tensor<2x2x2x3xf32> into tensor<4x6xf32>
//       CHECK:   %[[X:.+]] = tensor.extract_slice %[[C]][0, 0] [4, 6] [1, 1]
//       CHECK:   linalg.copy ins(%[[X]] : tensor<4x6xf32>) outs(%[[D]] : tensor<4x6xf32>)
//   CHECK-NOT:   linalg.unpack
func.func @unpack(%s: tensor<2x2x2x3xf32>, %d: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %u = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [2, 3] into %d : tensor<2x2x2x3xf32> -> tensor<4x6xf32>
  return %u : tensor<4x6xf32>
}

// -----

// Softmax: its own decomposition into a max reduction, exp of the
// difference, a sum reduction and a division.
// CHECK-LABEL: func.func @softmax
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//       CHECK:     arith.maxnumf
//       CHECK:   linalg.generic
//       CHECK:     arith.subf
//       CHECK:     math.exp
//       CHECK:   linalg.generic {{.*}}iterator_types = ["parallel", "reduction"]
//       CHECK:     arith.addf
//       CHECK:   linalg.generic
//       CHECK:     arith.divf
//   CHECK-NOT:   linalg.softmax
func.func @softmax(%s: tensor<2x8xf32>, %d: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %r = linalg.softmax dimension(1) ins(%s : tensor<2x8xf32>) outs(%d : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

// Other linalg ops are left alone.
// CHECK-LABEL: func.func @no_other_ops
//       CHECK:   linalg.transpose
func.func @no_other_ops(%s: tensor<2x3xf32>, %d: tensor<3x2xf32>) -> tensor<3x2xf32> {
  %t = linalg.transpose ins(%s : tensor<2x3xf32>) outs(%d : tensor<3x2xf32>) permutation = [1, 0]
  return %t : tensor<3x2xf32>
}

// -----

// The unpacks of panels packed ahead that a matmul's right-hand side and a
// convolution's filter read are left for their strategies; a panel unpack
// read otherwise is decomposed. With keep-panel-unpacks=false (the pass run
// again after the strategies) every unpack is.
// CHECK-LABEL: func.func @panels
//       CHECK:   %[[W:.+]] = linalg.unpack %{{.+}} outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16]
//       CHECK:   linalg.matmul ins(%{{.+}}, %[[W]] :
//       CHECK:   %[[F:.+]] = linalg.unpack %{{.+}} inner_dims_pos = [0] inner_tiles = [16]
//       CHECK:   linalg.conv_2d_nchw_fchw {{.+}} ins(%{{.+}}, %[[F]] :
//   CHECK-NOT:   linalg.unpack
//       CHECK:   return
// ALL-LABEL: func.func @panels
//   ALL-NOT:   linalg.unpack
//       ALL:   return
func.func @panels(%x: tensor<128x256xf32>, %p: tensor<64x256x16xf32>, %y: tensor<1x128x9x9xf32>,
                  %q: tensor<8x128x3x3x16xf32>) -> (tensor<128x1024xf32>, tensor<1x128x7x7xf32>, tensor<256x1024xf32>) {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<256x1024xf32>
  %w = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %ew : tensor<64x256x16xf32> -> tensor<256x1024xf32>
  %e = tensor.empty() : tensor<128x1024xf32>
  %m = linalg.matmul ins(%x, %w : tensor<128x256xf32>, tensor<256x1024xf32>) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %ef = tensor.empty() : tensor<128x128x3x3xf32>
  %f = linalg.unpack %q inner_dims_pos = [0] inner_tiles = [16] into %ef : tensor<8x128x3x3x16xf32> -> tensor<128x128x3x3xf32>
  %eo = tensor.empty() : tensor<1x128x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%y, %f : tensor<1x128x9x9xf32>, tensor<128x128x3x3xf32>) outs(%eo : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  %v = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %ew : tensor<64x256x16xf32> -> tensor<256x1024xf32>
  return %m, %c, %v : tensor<128x1024xf32>, tensor<1x128x7x7xf32>, tensor<256x1024xf32>
}
