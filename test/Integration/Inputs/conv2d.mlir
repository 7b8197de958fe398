// A static 3x3 NHWC convolution with a strided second case, in an llvm-cpu
// scope (the shape of llvm-cpu's direct convolution strategy).
func.func @main(%input: tensor<2x10x12x16xf32>, %filter: tensor<3x3x16x64xf32>) -> (tensor<2x8x10x64xf32>, tensor<2x4x5x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<2x8x10x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x10x64xf32>) -> tensor<2x8x10x64xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%input, %filter : tensor<2x10x12x16xf32>, tensor<3x3x16x64xf32>)
        outs(%f : tensor<2x8x10x64xf32>) -> tensor<2x8x10x64xf32>
    %es = tensor.empty() : tensor<2x4x5x64xf32>
    %fs = linalg.fill ins(%zero : f32) outs(%es : tensor<2x4x5x64xf32>) -> tensor<2x4x5x64xf32>
    %s = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%input, %filter : tensor<2x10x12x16xf32>, tensor<3x3x16x64xf32>)
        outs(%fs : tensor<2x4x5x64xf32>) -> tensor<2x4x5x64xf32>
    util.return %c, %s : tensor<2x8x10x64xf32>, tensor<2x4x5x64xf32>
  } : tensor<2x8x10x64xf32>, tensor<2x4x5x64xf32>
  return %r#0, %r#1 : tensor<2x8x10x64xf32>, tensor<2x4x5x64xf32>
}
