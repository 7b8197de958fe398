// NCHW depthwise convolutions and a max pooling at MobileNetV2's,
// EfficientNet-B0's and ResNet's shapes, each in an llvm-cpu scope, inputs
// already padded (valid windows): the shapes of the depthwise / pooling
// rows of bench/README.md.
//   @dw3x3_s1: 1x32x114x114 3x3 stride 1 -> 1x32x112x112 (MobileNetV2's first)
//   @dw3x3_s2: 1x144x58x58 3x3 stride 2 -> 1x144x28x28 (MobileNetV2's 4th)
//   @dw5x5:    1x960x11x11 5x5 stride 1 -> 1x960x7x7 (EfficientNet-B0's last)
//   @maxpool:  1x64x114x114 3x3 stride 2 -> 1x64x56x56 (ResNet's, after the stem)
func.func @dw3x3_s1(%x: tensor<1x32x114x114xf32>, %w: tensor<32x3x3xf32>) -> tensor<1x32x112x112xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x32x112x112xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x112x112xf32>) -> tensor<1x32x112x112xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x32x114x114xf32>, tensor<32x3x3xf32>) outs(%f : tensor<1x32x112x112xf32>) -> tensor<1x32x112x112xf32>
    util.return %c : tensor<1x32x112x112xf32>
  } : tensor<1x32x112x112xf32>
  return %r : tensor<1x32x112x112xf32>
}
func.func @dw3x3_s2(%x: tensor<1x144x58x58xf32>, %w: tensor<144x3x3xf32>) -> tensor<1x144x28x28xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x144x28x28xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x144x28x28xf32>) -> tensor<1x144x28x28xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x144x58x58xf32>, tensor<144x3x3xf32>) outs(%f : tensor<1x144x28x28xf32>) -> tensor<1x144x28x28xf32>
    util.return %c : tensor<1x144x28x28xf32>
  } : tensor<1x144x28x28xf32>
  return %r : tensor<1x144x28x28xf32>
}
func.func @dw5x5(%x: tensor<1x960x11x11xf32>, %w: tensor<960x5x5xf32>) -> tensor<1x960x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x960x7x7xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x960x7x7xf32>) -> tensor<1x960x7x7xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x960x11x11xf32>, tensor<960x5x5xf32>) outs(%f : tensor<1x960x7x7xf32>) -> tensor<1x960x7x7xf32>
    util.return %c : tensor<1x960x7x7xf32>
  } : tensor<1x960x7x7xf32>
  return %r : tensor<1x960x7x7xf32>
}
func.func @maxpool(%x: tensor<1x64x114x114xf32>) -> tensor<1x64x56x56xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x64x56x56xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x64x114x114xf32>, tensor<3x3xf32>) outs(%f : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    util.return %p : tensor<1x64x56x56xf32>
  } : tensor<1x64x56x56xf32>
  return %r : tensor<1x64x56x56xf32>
}
