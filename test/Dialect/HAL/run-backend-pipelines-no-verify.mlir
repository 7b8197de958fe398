// hal-run-backend-pipelines verifies each function after its pipeline, also
// where the pass manager does not (--verify-each=0, as scope-fuzz runs each
// pass): a pipeline that leaves invalid IR makes the pass fail with an error
// at the function instead of succeeding (scope-fuzz's finding of issue 33).
// RUN: not scope-opt --verify-each=0 --mlir-print-op-on-diagnostic=false \
// RUN:   --hal-run-backend-pipelines %s 2>&1 | FileCheck %s

// A host function whose static sizes contradict each other through casts:
// two rows cast to `?`, an empty tensor of dim 1's size (4) for the result,
// cast back to two rows. Upstream canonicalization in the tensor pipeline
// folds the casts into a matmul that no longer verifies.
// CHECK: error: 'linalg.matmul' op inferred input/output operand #2 has shape's dimension #0 to be 2, but found 4
// CHECK: error: the 'llvm-cpu-loops' backend's tensor pipeline left invalid IR in this function
func.func @contradicting_casts(%a: tensor<2x4xf32>, %b: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %dyn = tensor.cast %a : tensor<2x4xf32> to tensor<?x4xf32>
  %n = tensor.dim %dyn, %c1 : tensor<?x4xf32>
  %empty = tensor.empty(%n) : tensor<?x8xf32>
  %fill = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x8xf32>) -> tensor<?x8xf32>
  %mm = linalg.matmul ins(%dyn, %b : tensor<?x4xf32>, tensor<4x8xf32>) outs(%fill : tensor<?x8xf32>) -> tensor<?x8xf32>
  %r = tensor.cast %mm : tensor<?x8xf32> to tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
