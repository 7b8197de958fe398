// NCHW convolutions (FCHW filters) on llvm-cpu, static shapes, batch 1: a
// 3x3 stride-1 layer whose width (9) no register tile divides evenly by 16,
// a 3x3 stride-2 dilation-2 one, a 7-wide 3x3 layer (narrower than a
// vector register: the channels-last taps), a 7-wide 1x1 layer (a matmul),
// a 1x1 projection, a stride-2 depthwise
// 3x3, a stride-2 depthwise 5x5, a stride-2 dilation-2 depthwise 3x3 over
// an even width, a stride-2 3x3 max pooling, a 3x3 and an 8x8 sum pooling;
// the input of llvm-cpu-nchw-conv.mlir.
func.func @conv3x3(%x: tensor<1x5x11x11xf32>, %w: tensor<12x5x3x3xf32>) -> tensor<1x12x9x9xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x12x9x9xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x12x9x9xf32>) -> tensor<1x12x9x9xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x5x11x11xf32>, tensor<12x5x3x3xf32>) outs(%f : tensor<1x12x9x9xf32>) -> tensor<1x12x9x9xf32>
    util.return %c : tensor<1x12x9x9xf32>
  } : tensor<1x12x9x9xf32>
  return %r : tensor<1x12x9x9xf32>
}
func.func @strided(%x: tensor<1x3x20x23xf32>, %w: tensor<16x3x3x3xf32>) -> tensor<1x16x8x10xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x16x8x10xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x10xf32>) -> tensor<1x16x8x10xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x20x23xf32>, tensor<16x3x3x3xf32>) outs(%f : tensor<1x16x8x10xf32>) -> tensor<1x16x8x10xf32>
    util.return %c : tensor<1x16x8x10xf32>
  } : tensor<1x16x8x10xf32>
  return %r : tensor<1x16x8x10xf32>
}
func.func @stem(%x: tensor<1x3x21x23xf32>, %w: tensor<16x3x7x7xf32>) -> tensor<1x16x8x9xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x16x8x9xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x8x9xf32>) -> tensor<1x16x8x9xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x21x23xf32>, tensor<16x3x7x7xf32>) outs(%f : tensor<1x16x8x9xf32>) -> tensor<1x16x8x9xf32>
    util.return %c : tensor<1x16x8x9xf32>
  } : tensor<1x16x8x9xf32>
  return %r : tensor<1x16x8x9xf32>
}
func.func @narrow(%x: tensor<1x16x9x9xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<1x32x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x32x7x7xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x9x9xf32>, tensor<32x16x3x3xf32>) outs(%f : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
    util.return %c : tensor<1x32x7x7xf32>
  } : tensor<1x32x7x7xf32>
  return %r : tensor<1x32x7x7xf32>
}
func.func @pointwise_narrow(%x: tensor<1x64x7x7xf32>, %w: tensor<96x64x1x1xf32>) -> tensor<1x96x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x96x7x7xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x96x7x7xf32>) -> tensor<1x96x7x7xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x64x7x7xf32>, tensor<96x64x1x1xf32>) outs(%f : tensor<1x96x7x7xf32>) -> tensor<1x96x7x7xf32>
    util.return %c : tensor<1x96x7x7xf32>
  } : tensor<1x96x7x7xf32>
  return %r : tensor<1x96x7x7xf32>
}
func.func @pointwise_strided(%x: tensor<1x64x14x13xf32>, %w: tensor<96x64x1x1xf32>) -> tensor<1x96x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x96x7x7xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x96x7x7xf32>) -> tensor<1x96x7x7xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x64x14x13xf32>, tensor<96x64x1x1xf32>) outs(%f : tensor<1x96x7x7xf32>) -> tensor<1x96x7x7xf32>
    util.return %c : tensor<1x96x7x7xf32>
  } : tensor<1x96x7x7xf32>
  return %r : tensor<1x96x7x7xf32>
}
func.func @pointwise(%x: tensor<1x24x7x32xf32>, %w: tensor<20x24x1x1xf32>, %acc: tensor<1x20x7x32xf32>) -> tensor<1x20x7x32xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x24x7x32xf32>, tensor<20x24x1x1xf32>) outs(%acc : tensor<1x20x7x32xf32>) -> tensor<1x20x7x32xf32>
    util.return %c : tensor<1x20x7x32xf32>
  } : tensor<1x20x7x32xf32>
  return %r : tensor<1x20x7x32xf32>
}
func.func @depthwise(%x: tensor<1x6x19x21xf32>, %w: tensor<6x3x3xf32>) -> tensor<1x6x9x10xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x6x9x10xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x6x9x10xf32>) -> tensor<1x6x9x10xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x6x19x21xf32>, tensor<6x3x3xf32>) outs(%f : tensor<1x6x9x10xf32>) -> tensor<1x6x9x10xf32>
    util.return %c : tensor<1x6x9x10xf32>
  } : tensor<1x6x9x10xf32>
  return %r : tensor<1x6x9x10xf32>
}
func.func @max_pool(%x: tensor<1x4x17x20xf32>) -> tensor<1x4x8x9xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x4x8x9xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<1x4x8x9xf32>) -> tensor<1x4x8x9xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<1x4x17x20xf32>, tensor<3x3xf32>) outs(%f : tensor<1x4x8x9xf32>) -> tensor<1x4x8x9xf32>
    util.return %p : tensor<1x4x8x9xf32>
  } : tensor<1x4x8x9xf32>
  return %r : tensor<1x4x8x9xf32>
}
func.func @sum_pool(%x: tensor<1x4x17x20xf32>) -> tensor<1x4x15x18xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x4x15x18xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x15x18xf32>) -> tensor<1x4x15x18xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %p = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %window : tensor<1x4x17x20xf32>, tensor<3x3xf32>) outs(%f : tensor<1x4x15x18xf32>) -> tensor<1x4x15x18xf32>
    util.return %p : tensor<1x4x15x18xf32>
  } : tensor<1x4x15x18xf32>
  return %r : tensor<1x4x15x18xf32>
}
func.func @depthwise5x5(%x: tensor<1x5x23x27xf32>, %w: tensor<5x5x5xf32>) -> tensor<1x5x10x12xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x5x10x12xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x10x12xf32>) -> tensor<1x5x10x12xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x5x23x27xf32>, tensor<5x5x5xf32>) outs(%f : tensor<1x5x10x12xf32>) -> tensor<1x5x10x12xf32>
    util.return %c : tensor<1x5x10x12xf32>
  } : tensor<1x5x10x12xf32>
  return %r : tensor<1x5x10x12xf32>
}
func.func @sum_pool8x8(%x: tensor<1x3x12x21xf32>, %acc: tensor<1x3x5x14xf32>) -> tensor<1x3x5x14xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %window = tensor.empty() : tensor<8x8xf32>
    %p = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %window : tensor<1x3x12x21xf32>, tensor<8x8xf32>) outs(%acc : tensor<1x3x5x14xf32>) -> tensor<1x3x5x14xf32>
    util.return %p : tensor<1x3x5x14xf32>
  } : tensor<1x3x5x14xf32>
  return %r : tensor<1x3x5x14xf32>
}
func.func @depthwise_dilated(%x: tensor<1x4x20x26xf32>, %w: tensor<4x3x3xf32>) -> tensor<1x4x8x11xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x4x8x11xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x4x8x11xf32>) -> tensor<1x4x8x11xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<2> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x4x20x26xf32>, tensor<4x3x3xf32>) outs(%f : tensor<1x4x8x11xf32>) -> tensor<1x4x8x11xf32>
    util.return %c : tensor<1x4x8x11xf32>
  } : tensor<1x4x8x11xf32>
  return %r : tensor<1x4x8x11xf32>
}
