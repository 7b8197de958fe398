// NCHW convolutions, a depthwise convolution and a max pooling of
// nchw-conv.mlir over a batch of three images, and a 3x3 convolution with
// a scale-and-ReLU epilogue: llvm-cpu tiles each along its batch (a loop
// over the images) and gives every image the strategy a batch-1 op gets.
// The input of llvm-cpu-nchw-batch.mlir.
func.func @conv3x3(%x: tensor<3x5x11x11xf32>, %w: tensor<12x5x3x3xf32>) -> tensor<3x12x9x9xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<3x12x9x9xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x12x9x9xf32>) -> tensor<3x12x9x9xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<3x5x11x11xf32>, tensor<12x5x3x3xf32>) outs(%f : tensor<3x12x9x9xf32>) -> tensor<3x12x9x9xf32>
    util.return %c : tensor<3x12x9x9xf32>
  } : tensor<3x12x9x9xf32>
  return %r : tensor<3x12x9x9xf32>
}
func.func @narrow(%x: tensor<3x16x9x9xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<3x32x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<3x32x7x7xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x32x7x7xf32>) -> tensor<3x32x7x7xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<3x16x9x9xf32>, tensor<32x16x3x3xf32>) outs(%f : tensor<3x32x7x7xf32>) -> tensor<3x32x7x7xf32>
    util.return %c : tensor<3x32x7x7xf32>
  } : tensor<3x32x7x7xf32>
  return %r : tensor<3x32x7x7xf32>
}
func.func @pointwise_narrow(%x: tensor<3x64x7x7xf32>, %w: tensor<96x64x1x1xf32>) -> tensor<3x96x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<3x96x7x7xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x96x7x7xf32>) -> tensor<3x96x7x7xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<3x64x7x7xf32>, tensor<96x64x1x1xf32>) outs(%f : tensor<3x96x7x7xf32>) -> tensor<3x96x7x7xf32>
    util.return %c : tensor<3x96x7x7xf32>
  } : tensor<3x96x7x7xf32>
  return %r : tensor<3x96x7x7xf32>
}
func.func @depthwise(%x: tensor<3x6x19x21xf32>, %w: tensor<6x3x3xf32>) -> tensor<3x6x9x10xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<3x6x9x10xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x6x9x10xf32>) -> tensor<3x6x9x10xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<3x6x19x21xf32>, tensor<6x3x3xf32>) outs(%f : tensor<3x6x9x10xf32>) -> tensor<3x6x9x10xf32>
    util.return %c : tensor<3x6x9x10xf32>
  } : tensor<3x6x9x10xf32>
  return %r : tensor<3x6x9x10xf32>
}
func.func @max_pool(%x: tensor<3x4x17x20xf32>) -> tensor<3x4x8x9xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<3x4x8x9xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<3x4x8x9xf32>) -> tensor<3x4x8x9xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<3x4x17x20xf32>, tensor<3x3xf32>) outs(%f : tensor<3x4x8x9xf32>) -> tensor<3x4x8x9xf32>
    util.return %p : tensor<3x4x8x9xf32>
  } : tensor<3x4x8x9xf32>
  return %r : tensor<3x4x8x9xf32>
}
func.func @conv_scale_relu(%x: tensor<3x5x11x11xf32>, %w: tensor<12x5x3x3xf32>, %s: tensor<12xf32>) -> tensor<3x12x9x9xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<3x12x9x9xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<3x12x9x9xf32>) -> tensor<3x12x9x9xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<3x5x11x11xf32>, tensor<12x5x3x3xf32>) outs(%f : tensor<3x12x9x9xf32>) -> tensor<3x12x9x9xf32>
    %e2 = tensor.empty() : tensor<3x12x9x9xf32>
    %g = linalg.generic {
        indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>,
                         affine_map<(n, c, h, w) -> (n, c, h, w)>],
        iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %s : tensor<3x12x9x9xf32>, tensor<12xf32>) outs(%e2 : tensor<3x12x9x9xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %y = arith.maximumf %m, %zero : f32
      linalg.yield %y : f32
    } -> tensor<3x12x9x9xf32>
    util.return %g : tensor<3x12x9x9xf32>
  } : tensor<3x12x9x9xf32>
  return %r : tensor<3x12x9x9xf32>
}
// A stride-2 max pooling to one output column, over two images: its taps'
// windows have a unit dim besides the batch they drop (the rank-reducing
// slice of before bufferized to a subview that upstream's
// expand-strided-metadata crashed on).
func.func @max_pool_one_column(%x: tensor<2x24x12x4xf32>) -> tensor<2x24x5x1xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<2x24x5x1xf32>
    %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x24x5x1xf32>) -> tensor<2x24x5x1xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %p = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %window : tensor<2x24x12x4xf32>, tensor<3x3xf32>) outs(%f : tensor<2x24x5x1xf32>) -> tensor<2x24x5x1xf32>
    util.return %p : tensor<2x24x5x1xf32>
  } : tensor<2x24x5x1xf32>
  return %r : tensor<2x24x5x1xf32>
}
