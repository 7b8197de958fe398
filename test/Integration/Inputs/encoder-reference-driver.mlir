// Appended to examples/encoder.mlir for the reference run under mlir-runner:
// calls @main on the two batches (5 rows, then 1 row) the integration test
// passes to scope-run and prints each result with printMemrefF32.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @run_reference() {
  %x5 = arith.constant dense<[
    [0.5, -1.0, 0.25, 0.0, 1.0, -0.5, 0.75, -0.25],
    [1.0, 0.0, -1.0, 0.5, 0.25, -0.75, 0.0, 1.0],
    [-0.125, 0.375, -0.625, 0.875, -1.25, 1.5, -0.375, 0.125],
    [0.625, -0.875, 1.125, -1.375, 0.25, -0.5, 0.75, -1.0],
    [1.5, 0.25, -0.25, 0.5, -0.75, 1.0, -1.25, 0.0]
  ]> : tensor<5x8xf32>
  %d5 = tensor.cast %x5 : tensor<5x8xf32> to tensor<?x8xf32>
  %y5 = call @main(%d5) : (tensor<?x8xf32>) -> tensor<?x4xf32>
  %u5 = tensor.cast %y5 : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u5) : (tensor<*xf32>) -> ()
  %x1 = arith.constant dense<[[2.0, -1.5, 1.0, -0.5, 0.0, 0.5, -1.0, 1.5]]> : tensor<1x8xf32>
  %d1 = tensor.cast %x1 : tensor<1x8xf32> to tensor<?x8xf32>
  %y1 = call @main(%d1) : (tensor<?x8xf32>) -> tensor<?x4xf32>
  %u1 = tensor.cast %y1 : tensor<?x4xf32> to tensor<*xf32>
  call @printMemrefF32(%u1) : (tensor<*xf32>) -> ()
  return
}
