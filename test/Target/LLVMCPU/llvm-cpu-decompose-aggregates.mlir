// RUN: scope-opt --split-input-file --llvm-cpu-decompose-aggregates %s | FileCheck %s

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
