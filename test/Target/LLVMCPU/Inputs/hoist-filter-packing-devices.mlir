// Two functions, one without a device and one placed on llvm-cpu
// (llvm-cpu-hoist-filter-packing.mlir runs it with another host backend).
func.func @unplaced(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %a : tensor<1x16x16x16xf32>
}
func.func @placed(%x: tensor<1x16x18x18xf32>, %w: tensor<16x16x3x3xf32> {scopeir.param = "w"})
    -> tensor<1x16x16x16xf32> attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x16x16x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  %a = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x18x18xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x16x16xf32>) -> tensor<1x16x16x16xf32>
  return %a : tensor<1x16x16x16xf32>
}
