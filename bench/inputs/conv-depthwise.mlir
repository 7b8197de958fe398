// A MobileNetV2 depthwise 3x3 convolution in an llvm-cpu scope: 32 channels
// on 112x112 already padded by 1 (1x114x114x32), stride 1, valid:
// 1x112x112x32 out.
func.func @main(%input: tensor<1x114x114x32xf32>, %filter: tensor<3x3x32xf32>) -> tensor<1x112x112x32xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x112x112x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32>
    %c = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%input, %filter : tensor<1x114x114x32xf32>, tensor<3x3x32xf32>)
        outs(%f : tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32>
    util.return %c : tensor<1x112x112x32xf32>
  } : tensor<1x112x112x32xf32>
  return %r : tensor<1x112x112x32xf32>
}
