// Depthwise convolutions and a max pooling on llvm-cpu, each reading a pad
// of its input: the input of llvm-cpu-window-pads.mlir. @depthwise: one
// image of 16 channels of 62x62 padded by one pixel (two tiles of 8
// channels), with a ReLU after it; @depthwise_batch: two images, stride 2,
// padded on the bottom and right only; @max_pool: two images padded by
// -inf, as ResNet's stem pooling; @depthwise_bn_relu6: two images of 32
// channels of MobileNetV2's layer (pad, depthwise convolution, batch norm
// with its per-channel rsqrt of the variance, of its absolute value here,
// ReLU6); @pad_also_returned: a pad also returned,
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
func.func @depthwise_bn_relu6(%x: tensor<2x32x62x62xf32>, %w: tensor<32x3x3xf32>, %mean: tensor<32xf32>, %var: tensor<32xf32>, %gamma: tensor<32xf32>, %beta: tensor<32xf32>) -> tensor<2x32x62x62xf32> {
  %zero = arith.constant 0.0 : f32
  %six = arith.constant 6.0 : f32
  %eps = arith.constant 1.0e-05 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%a: index, %b: index, %c: index, %d: index):
      tensor.yield %zero : f32
    } : tensor<2x32x62x62xf32> to tensor<2x32x64x64xf32>
    %e = tensor.empty() : tensor<2x32x62x62xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x62x62xf32>) -> tensor<2x32x62x62xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<2x32x64x64xf32>, tensor<32x3x3xf32>) outs(%f : tensor<2x32x62x62xf32>) -> tensor<2x32x62x62xf32>
    %ev = tensor.empty() : tensor<32xf32>
    %rs = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>], iterator_types = ["parallel"]}
        ins(%var : tensor<32xf32>) outs(%ev : tensor<32xf32>) {
    ^bb0(%v: f32, %o: f32):
      %a = math.absf %v : f32
      %s = arith.addf %a, %eps : f32
      %t = math.rsqrt %s : f32
      linalg.yield %t : f32
    } -> tensor<32xf32>
    %e2 = tensor.empty() : tensor<2x32x62x62xf32>
    %bn = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>,
                                           affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                           affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %mean, %rs, %gamma, %beta : tensor<2x32x62x62xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>, tensor<32xf32>)
        outs(%e2 : tensor<2x32x62x62xf32>) {
    ^bb0(%in: f32, %m: f32, %s: f32, %g: f32, %b: f32, %o: f32):
      %0 = arith.subf %in, %m : f32
      %1 = arith.mulf %0, %s : f32
      %2 = arith.mulf %1, %g : f32
      %3 = arith.addf %2, %b : f32
      linalg.yield %3 : f32
    } -> tensor<2x32x62x62xf32>
    %e3 = tensor.empty() : tensor<2x32x62x62xf32>
    %relu6 = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                             iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%bn : tensor<2x32x62x62xf32>) outs(%e3 : tensor<2x32x62x62xf32>) {
    ^bb0(%in: f32, %o: f32):
      %0 = arith.maximumf %in, %zero : f32
      %1 = arith.minimumf %0, %six : f32
      linalg.yield %1 : f32
    } -> tensor<2x32x62x62xf32>
    util.return %relu6 : tensor<2x32x62x62xf32>
  } : tensor<2x32x62x62xf32>
  return %r : tensor<2x32x62x62xf32>
}
