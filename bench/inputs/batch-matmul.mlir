// QK^T per head of a 4-head self-attention layer (d_model 256, seq 128,
// batch 1) in an llvm-cpu scope: 4 x (128x64 @ 64x128) -> 4x128x128.
func.func @main(%q: tensor<4x128x64xf32>, %k: tensor<4x64x128xf32>) -> tensor<4x128x128xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<4x128x128xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
    %s = linalg.batch_matmul ins(%q, %k : tensor<4x128x64xf32>, tensor<4x64x128xf32>)
                             outs(%f : tensor<4x128x128xf32>) -> tensor<4x128x128xf32>
    util.return %s : tensor<4x128x128xf32>
  } : tensor<4x128x128xf32>
  return %r : tensor<4x128x128xf32>
}
