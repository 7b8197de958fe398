// Appended to examples/mlp.mlir for the reference run under mlir-runner: calls
// @main on the batch the integration test passes to scope-run and prints the
// result with printMemrefF32.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @run_reference() {
  %x = arith.constant dense<[
    [-1.375, 0.375, -0.75, 1.0, -0.125, -1.25, 0.5, -0.625, 1.125, 0.0, -1.125, 0.625, -0.5, 1.25, 0.125, -1.0],
    [0.75, -0.375, 1.375, 0.25, -0.875, 0.875, -0.25, -1.375, 0.375, -0.75, 1.0, -0.125, -1.25, 0.5, -0.625, 1.125],
    [0.0, -1.125, 0.625, -0.5, 1.25, 0.125, -1.0, 0.75, -0.375, 1.375, 0.25, -0.875, 0.875, -0.25, -1.375, 0.375]
  ]> : tensor<3x16xf32>
  %xd = tensor.cast %x : tensor<3x16xf32> to tensor<?x16xf32>
  %y = call @main(%xd) : (tensor<?x16xf32>) -> tensor<?x10xf32>
  %yu = tensor.cast %y : tensor<?x10xf32> to tensor<*xf32>
  call @printMemrefF32(%yu) : (tensor<*xf32>) -> ()
  return
}
