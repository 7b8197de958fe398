// Parses and verifies but fails to compile: no backend lowers complex
// arithmetic, which the backend contract reports after bufferization.
func.func @main(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %s = util.annotate [#util.zone<"step">] {
    %e = tensor.empty() : tensor<2x4xf32>
    %d = linalg.add ins(%x, %x : tensor<2x4xf32>, tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
    util.return %d : tensor<2x4xf32>
  } : tensor<2x4xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %s[%c0, %c0] : tensor<2x4xf32>
  %c = complex.create %v, %v : complex<f32>
  %ex = complex.exp %c : complex<f32>
  %re = complex.re %ex : complex<f32>
  %r = tensor.insert %re into %s[%c0, %c0] : tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
