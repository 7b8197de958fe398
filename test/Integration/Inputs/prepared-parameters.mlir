// Convolutions whose filters are parameters (scopeir.param), for
// llvm-cpu-prepared-parameters.mlir: a 16-wide 3x3 layer with a bias (the
// NCHW taps), a 7-wide one (the channels-last taps on AVX-512) reading its
// filter twice, and a 1x1 layer (the matmul strategy: not packed ahead).
func.func @forward(%x: tensor<1x8x18x18xf32>, %y: tensor<1x32x9x9xf32>,
                   %w: tensor<16x8x3x3xf32> {scopeir.param = "a.weight"},
                   %b: tensor<16xf32> {scopeir.param = "a.bias"},
                   %v: tensor<32x32x3x3xf32> {scopeir.param = "b.weight"},
                   %u: tensor<32x32x1x1xf32> {scopeir.param = "c.weight"}) -> (tensor<1x16x16x16xf32>, tensor<1x32x7x7xf32>, tensor<1x32x9x9xf32>, tensor<1x32x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %w : tensor<1x8x18x18xf32>, tensor<16x8x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %e1 = tensor.empty() : tensor<1x16x16x16xf32>
  %b1 = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%c, %b : tensor<1x16x16x16xf32>, tensor<16xf32>) outs(%e1 : tensor<1x16x16x16xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %s = arith.addf %i, %j : f32
    linalg.yield %s : f32
  } -> tensor<1x16x16x16xf32>
  %e2 = tensor.empty() : tensor<1x32x7x7xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  %c2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%y, %v : tensor<1x32x9x9xf32>, tensor<32x32x3x3xf32>) outs(%f2 : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  %e3 = tensor.empty() : tensor<1x32x9x9xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<1x32x9x9xf32>) -> tensor<1x32x9x9xf32>
  %c3 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%y, %u : tensor<1x32x9x9xf32>, tensor<32x32x1x1xf32>) outs(%f3 : tensor<1x32x9x9xf32>) -> tensor<1x32x9x9xf32>
  %c4 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%y, %v : tensor<1x32x9x9xf32>, tensor<32x32x3x3xf32>) outs(%c2 : tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32>
  return %b1, %c2, %c3, %c4 : tensor<1x16x16x16xf32>, tensor<1x32x7x7xf32>, tensor<1x32x9x9xf32>, tensor<1x32x7x7xf32>
}
