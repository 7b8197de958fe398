// Parses and verifies but fails to compile: one-shot bufferization rejects
// a loop whose yielded tensor is not equivalent to its iter_arg.
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %x) -> tensor<2x4xf32> {
    %s = util.annotate [#util.zone<"step">] {
      %e = tensor.empty() : tensor<2x4xf32>
      %d = linalg.add ins(%acc, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
      util.return %d : tensor<2x4xf32>
    } : tensor<2x4xf32>
    scf.yield %s : tensor<2x4xf32>
  }
  return %l : tensor<2x4xf32>
}
