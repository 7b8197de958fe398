// A ResNet stem convolution in an llvm-cpu scope: 7x7, stride 2, 3 -> 64
// channels, on the 224x224 image already padded by 3 (1x230x230x3), valid:
// 1x112x112x64 out.
func.func @main(%input: tensor<1x230x230x3xf32>, %filter: tensor<7x7x3x64xf32>) -> tensor<1x112x112x64xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x112x112x64xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%input, %filter : tensor<1x230x230x3xf32>, tensor<7x7x3x64xf32>)
        outs(%f : tensor<1x112x112x64xf32>) -> tensor<1x112x112x64xf32>
    util.return %c : tensor<1x112x112x64xf32>
  } : tensor<1x112x112x64xf32>
  return %r : tensor<1x112x112x64xf32>
}
