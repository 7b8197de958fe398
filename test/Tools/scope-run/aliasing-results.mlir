// Two results that share one buffer (a tensor and a reshaped view of it):
// each is read before any buffer is freed. Freeing a result's buffer right
// after reading it left the second result reading freed memory (found by
// scope-gen, seed 247: the first values of the second result were heap
// metadata).
// RUN: scope-run %s --input="2x4xf32=1 2 3 4 5 6 7 8" | FileCheck %s
// CHECK:      2x2x2xf32={{\[\[}}2 4][6 8]]{{\[\[}}10 12][14 16]]
// CHECK-NEXT: 2x4xf32=[2 4 6 8][10 12 14 16]
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x2x2xf32>, tensor<2x4xf32>) {
  %e = tensor.empty() : tensor<2x4xf32>
  %d = linalg.add ins(%x, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  %v = tensor.expand_shape %d [[0], [1, 2]] output_shape [2, 2, 2] : tensor<2x4xf32> into tensor<2x2x2xf32>
  return %v, %d : tensor<2x2x2xf32>, tensor<2x4xf32>
}
