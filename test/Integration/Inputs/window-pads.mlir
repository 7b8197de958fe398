// Depthwise convolutions and a max pooling on llvm-cpu, each reading a pad
// of its input: the input of llvm-cpu-window-pads.mlir. @depthwise: one
// image of 16 channels of 62x62 padded by one pixel (two tiles of 8
// channels), with a ReLU after it; @depthwise_batch: two images, stride 2,
// padded on the bottom and right only; @max_pool: two images padded by
// -inf, as ResNet's stem pooling; @pad_also_returned: a pad also returned,
// which stays a dispatch of its own.
func.func @depthwise(%x: tensor<1x16x62x62xf32>, %w: tensor<16x3x3xf32>) -> tensor<1x16x62x62xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %zero : f32
    } : tensor<1x16x62x62xf32> to tensor<1x16x64x64xf32>
    %e = tensor.empty() : tensor<1x16x62x62xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x62x62xf32>) -> tensor<1x16x62x62xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x16x64x64xf32>, tensor<16x3x3xf32>) outs(%f : tensor<1x16x62x62xf32>) -> tensor<1x16x62x62xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                            iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c : tensor<1x16x62x62xf32>) outs(%e : tensor<1x16x62x62xf32>) {
    ^bb0(%in: f32, %out: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<1x16x62x62xf32>
    util.return %relu : tensor<1x16x62x62xf32>
  } : tensor<1x16x62x62xf32>
  return %r : tensor<1x16x62x62xf32>
}
func.func @depthwise_batch(%x: tensor<2x24x40x40xf32>, %w: tensor<24x3x3xf32>) -> tensor<2x24x20x20xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %p = tensor.pad %x low[0, 0, 0, 0] high[0, 0, 1, 1] {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %zero : f32
    } : tensor<2x24x40x40xf32> to tensor<2x24x41x41xf32>
    %e = tensor.empty() : tensor<2x24x20x20xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x24x20x20xf32>) -> tensor<2x24x20x20xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %w : tensor<2x24x41x41xf32>, tensor<24x3x3xf32>) outs(%f : tensor<2x24x20x20xf32>) -> tensor<2x24x20x20xf32>
    util.return %c : tensor<2x24x20x20xf32>
  } : tensor<2x24x20x20xf32>
  return %r : tensor<2x24x20x20xf32>
}
func.func @max_pool(%x: tensor<2x8x30x30xf32>) -> tensor<2x8x15x15xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %ninf : f32
    } : tensor<2x8x30x30xf32> to tensor<2x8x32x32xf32>
    %e = tensor.empty() : tensor<2x8x15x15xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x8x15x15xf32>) -> tensor<2x8x15x15xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %m = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %window : tensor<2x8x32x32xf32>, tensor<3x3xf32>) outs(%f : tensor<2x8x15x15xf32>) -> tensor<2x8x15x15xf32>
    util.return %m : tensor<2x8x15x15xf32>
  } : tensor<2x8x15x15xf32>
  return %r : tensor<2x8x15x15xf32>
}
func.func @pad_also_returned(%x: tensor<1x16x62x62xf32>, %w: tensor<16x3x3xf32>) -> (tensor<1x16x62x62xf32>, tensor<1x16x64x64xf32>) {
  %zero = arith.constant 0.0 : f32
  %r:2 = util.annotate [#hal.device.target<"llvm-cpu">] {
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %zero : f32
    } : tensor<1x16x62x62xf32> to tensor<1x16x64x64xf32>
    %e = tensor.empty() : tensor<1x16x62x62xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x16x62x62xf32>) -> tensor<1x16x62x62xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x16x64x64xf32>, tensor<16x3x3xf32>) outs(%f : tensor<1x16x62x62xf32>) -> tensor<1x16x62x62xf32>
    util.return %c, %p : tensor<1x16x62x62xf32>, tensor<1x16x64x64xf32>
  } : tensor<1x16x62x62xf32>, tensor<1x16x64x64xf32>
  return %r#0, %r#1 : tensor<1x16x62x62xf32>, tensor<1x16x64x64xf32>
}
