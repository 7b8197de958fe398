// NCHW convolutions whose output rows span more than one vector register,
// over at least 16 input channels (llvm-cpu-nchw-conv-wide.mlir): a 28-wide
// 3x3 layer, a 3x3 stride-2 one from 58 to 28 columns, and a 13-wide 3x3
// layer to 48 channels (6 vectors of 8 lanes, 3 of 16), a 7-wide one
// to 48 channels, a 3x3 stride-2 layer from 29 to 14 columns, and a 3x3
// layer on 34x34 planes (1156 floats) to 32x32, alone and over two images
// with a ReLU after it.
module attributes {hal.device = #hal.device.target<"llvm-cpu">} {
func.func @wide(%x: tensor<1x16x30x30xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<1x32x28x28xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x28x28xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x30x30xf32>, tensor<32x16x3x3xf32>) outs(%f : tensor<1x32x28x28xf32>) -> tensor<1x32x28x28xf32>
  return %c : tensor<1x32x28x28xf32>
}
func.func @wide_strided(%x: tensor<1x32x58x58xf32>, %w: tensor<16x32x3x3xf32>) -> tensor<1x16x28x28xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x28x28xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x28x28xf32>) -> tensor<1x16x28x28xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x32x58x58xf32>, tensor<16x32x3x3xf32>) outs(%f : tensor<1x16x28x28xf32>) -> tensor<1x16x28x28xf32>
  return %c : tensor<1x16x28x28xf32>
}
func.func @wide_odd(%x: tensor<1x16x15x15xf32>, %w: tensor<48x16x3x3xf32>) -> tensor<1x48x13x13xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x48x13x13xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x48x13x13xf32>) -> tensor<1x48x13x13xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x15x15xf32>, tensor<48x16x3x3xf32>) outs(%f : tensor<1x48x13x13xf32>) -> tensor<1x48x13x13xf32>
  return %c : tensor<1x48x13x13xf32>
}
func.func @narrow_odd(%x: tensor<1x16x9x9xf32>, %w: tensor<48x16x3x3xf32>) -> tensor<1x48x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x48x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x48x7x7xf32>) -> tensor<1x48x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x9x9xf32>, tensor<48x16x3x3xf32>) outs(%f : tensor<1x48x7x7xf32>) -> tensor<1x48x7x7xf32>
  return %c : tensor<1x48x7x7xf32>
}
func.func @strided_small(%x: tensor<1x16x29x29xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<1x32x14x14xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x14x14xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x14x14xf32>) -> tensor<1x32x14x14xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x29x29xf32>, tensor<32x16x3x3xf32>) outs(%f : tensor<1x32x14x14xf32>) -> tensor<1x32x14x14xf32>
  return %c : tensor<1x32x14x14xf32>
}
func.func @wide_tall(%x: tensor<1x16x34x34xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<1x32x32x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x32x32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x34x34xf32>, tensor<32x16x3x3xf32>) outs(%f : tensor<1x32x32x32xf32>) -> tensor<1x32x32x32xf32>
  return %c : tensor<1x32x32x32xf32>
}
func.func @wide_tall_batch_relu(%x: tensor<2x16x34x34xf32>, %w: tensor<32x16x3x3xf32>) -> tensor<2x32x32x32xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x32x32x32xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x32x32x32xf32>) -> tensor<2x32x32x32xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<2x16x34x34xf32>, tensor<32x16x3x3xf32>) outs(%f : tensor<2x32x32x32xf32>) -> tensor<2x32x32x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c : tensor<2x32x32x32xf32>) outs(%e : tensor<2x32x32x32xf32>) {
  ^bb0(%a: f32, %o: f32):
    %m = arith.maximumf %a, %z : f32
    linalg.yield %m : f32
  } -> tensor<2x32x32x32xf32>
  return %r : tensor<2x32x32x32xf32>
}
}
