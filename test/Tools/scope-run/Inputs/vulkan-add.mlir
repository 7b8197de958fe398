// An elementwise sum in a vulkan scope (vulkan-device.mlir).
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %e = tensor.empty() : tensor<4xf32>
    %s = linalg.add ins(%x, %y : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %s : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}
