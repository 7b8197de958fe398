// A 3x3 layer on a 7x7 output over a filter of 576 KiB, a parameter, and
// one at stride 2 from a 15x15 input; a linear layer over 128 rows with a
// 1 MiB weight; 1x1 layers on 7x7 outputs over filters of 1 and 2 MiB, one
// with bias and ReLU after it, one at stride 2 that adds to its output's
// initial value (llvm-cpu-im2col-panels.mlir).
module attributes {hal.device = #hal.device.target<"llvm-cpu">} {
func.func @forward(%x: tensor<1x128x9x9xf32>, %y: tensor<1x64x15x15xf32>,
                   %w: tensor<128x128x3x3xf32> {scopeir.param = "w"},
                   %v: tensor<256x64x3x3xf32> {scopeir.param = "v"})
    -> (tensor<1x128x7x7xf32>, tensor<1x256x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x128x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x128x9x9xf32>, tensor<128x128x3x3xf32>) outs(%f : tensor<1x128x7x7xf32>) -> tensor<1x128x7x7xf32>
  %e2 = tensor.empty() : tensor<1x256x7x7xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x256x7x7xf32>) -> tensor<1x256x7x7xf32>
  %d = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%y, %v : tensor<1x64x15x15xf32>, tensor<256x64x3x3xf32>) outs(%f2 : tensor<1x256x7x7xf32>) -> tensor<1x256x7x7xf32>
  return %c, %d : tensor<1x128x7x7xf32>, tensor<1x256x7x7xf32>
}
func.func @linear(%x: tensor<128x256xf32>, %w: tensor<1024x256xf32> {scopeir.param = "w"},
                  %b: tensor<1024xf32> {scopeir.param = "b"}) -> tensor<128x1024xf32> {
  %z = arith.constant 0.0 : f32
  %et = tensor.empty() : tensor<256x1024xf32>
  %wt = linalg.transpose ins(%w : tensor<1024x256xf32>) outs(%et : tensor<256x1024xf32>) permutation = [1, 0]
  %e = tensor.empty() : tensor<128x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %m = linalg.matmul ins(%x, %wt : tensor<128x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<128x1024xf32>) -> tensor<128x1024xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%m, %b : tensor<128x1024xf32>, tensor<1024xf32>) outs(%e : tensor<128x1024xf32>) {
  ^bb0(%v: f32, %c: f32, %o: f32):
    %s = arith.addf %v, %c : f32
    %y = arith.maximumf %s, %z : f32
    linalg.yield %y : f32
  } -> tensor<128x1024xf32>
  return %r : tensor<128x1024xf32>
}
func.func @pointwise(%x: tensor<1x256x7x7xf32>, %y: tensor<1x512x13x13xf32>,
                     %r: tensor<1x1024x7x7xf32>,
                     %w: tensor<1024x256x1x1xf32> {scopeir.param = "w"},
                     %b: tensor<1024xf32> {scopeir.param = "b"},
                     %v: tensor<1024x512x1x1xf32> {scopeir.param = "v"})
    -> (tensor<1x1024x7x7xf32>, tensor<1x1024x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1024x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1024x7x7xf32>) -> tensor<1x1024x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x256x7x7xf32>, tensor<1024x256x1x1xf32>) outs(%f : tensor<1x1024x7x7xf32>) -> tensor<1x1024x7x7xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(n, f, h, w) -> (n, f, h, w)>, affine_map<(n, f, h, w) -> (f)>,
                                        affine_map<(n, f, h, w) -> (n, f, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %b : tensor<1x1024x7x7xf32>, tensor<1024xf32>) outs(%e : tensor<1x1024x7x7xf32>) {
  ^bb0(%in: f32, %bias: f32, %o: f32):
    %s = arith.addf %in, %bias : f32
    %m = arith.maximumf %s, %z : f32
    linalg.yield %m : f32
  } -> tensor<1x1024x7x7xf32>
  %d = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%y, %v : tensor<1x512x13x13xf32>, tensor<1024x512x1x1xf32>) outs(%r : tensor<1x1024x7x7xf32>) -> tensor<1x1024x7x7xf32>
  return %a, %d : tensor<1x1024x7x7xf32>, tensor<1x1024x7x7xf32>
}
// A 1x1 stride-1 layer over an input larger than its output reads only the
// top-left 7x7 pixels: @topleft's first filter is a parameter (over panels
// with --prepare-parameters), its second an argument (the plain matmul).
func.func @topleft(%y: tensor<1x512x13x13xf32>,
                  %v: tensor<1024x512x1x1xf32> {scopeir.param = "v"},
                  %u: tensor<64x512x1x1xf32>)
    -> (tensor<1x1024x7x7xf32>, tensor<1x64x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x1024x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x1024x7x7xf32>) -> tensor<1x1024x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%y, %v : tensor<1x512x13x13xf32>, tensor<1024x512x1x1xf32>) outs(%f : tensor<1x1024x7x7xf32>) -> tensor<1x1024x7x7xf32>
  %e2 = tensor.empty() : tensor<1x64x7x7xf32>
  %f2 = linalg.fill ins(%z : f32) outs(%e2 : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  %d = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%y, %u : tensor<1x512x13x13xf32>, tensor<64x512x1x1xf32>) outs(%f2 : tensor<1x64x7x7xf32>) -> tensor<1x64x7x7xf32>
  return %c, %d : tensor<1x1024x7x7xf32>, tensor<1x64x7x7xf32>
}
}
