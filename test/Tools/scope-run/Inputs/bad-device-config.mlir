// Devices with configs their backends reject (scope-run/device-config.mlir).
func.func @bad(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu", {tiles = [1, 2, 3]}>] {
    %s = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %s : tensor<4xf32>
  } : tensor<4xf32>
  %l = util.annotate [#hal.device.target<"llvm-cpu-loops", {cpu = "haswell"}>] {
    %s = linalg.add ins(%r, %r : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %s : tensor<4xf32>
  } : tensor<4xf32>
  return %l : tensor<4xf32>
}
