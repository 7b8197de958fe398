// A 3x3 layer on a 7x7 output over a filter of 576 KiB, a parameter, and
// one at stride 2 from a 15x15 input (llvm-cpu-im2col-panels.mlir).
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
}
