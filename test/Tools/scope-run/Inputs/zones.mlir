// A model for the tracing tests: nested zones on two devices, a zone in a
// loop of 3 iterations, a zone around a single op and a zone on the host.
func.func @main(%x: tensor<2x4xf32>, %w: tensor<4x4xf32>) -> tensor<2x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %cst = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"encoder">] {
    %m = util.annotate [#util.zone<"proj">] {
      %e = tensor.empty() : tensor<2x4xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
      %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x4xf32>) outs(%f : tensor<2x4xf32>) -> tensor<2x4xf32>
      util.return %mm : tensor<2x4xf32>
    } : tensor<2x4xf32>
    %l = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %m) -> tensor<2x4xf32> {
      %s = util.annotate [#util.zone<"step">] {
        %d = linalg.add ins(%acc, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%acc : tensor<2x4xf32>) -> tensor<2x4xf32>
        util.return %d : tensor<2x4xf32>
      } : tensor<2x4xf32>
      scf.yield %s : tensor<2x4xf32>
    }
    util.return %l : tensor<2x4xf32>
  } : tensor<2x4xf32>
  %h = util.annotate [#hal.device.target<"llvm-cpu-loops">, #util.zone<"head">] {
    %e = tensor.empty() : tensor<2x4xf32>
    %n = util.annotate [#util.zone<"neg">] {
      %ng = linalg.negf ins(%r : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
      util.return %ng : tensor<2x4xf32>
    } : tensor<2x4xf32>
    util.return %n : tensor<2x4xf32>
  } : tensor<2x4xf32>
  %o = util.annotate [#util.zone<"epilogue">] {
    %e = tensor.empty() : tensor<2x4xf32>
    %a = linalg.abs ins(%h : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
    util.return %a : tensor<2x4xf32>
  } : tensor<2x4xf32>
  return %o : tensor<2x4xf32>
}
