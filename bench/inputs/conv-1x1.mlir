// A pointwise (1x1) convolution as in a ResNet-50 bottleneck, in an llvm-cpu
// scope: 1x56x56x64 -> 1x56x56x256.
func.func @main(%input: tensor<1x56x56x64xf32>, %filter: tensor<1x1x64x256xf32>) -> tensor<1x56x56x256xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x56x56x256xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x56x56x256xf32>) -> tensor<1x56x56x256xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%input, %filter : tensor<1x56x56x64xf32>, tensor<1x1x64x256xf32>)
        outs(%f : tensor<1x56x56x256xf32>) -> tensor<1x56x56x256xf32>
    util.return %c : tensor<1x56x56x256xf32>
  } : tensor<1x56x56x256xf32>
  return %r : tensor<1x56x56x256xf32>
}
