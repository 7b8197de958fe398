// Appended to examples/codegen-tu.mlir (scopes inlined) for the reference
// run under mlir-runner: calls @main on the inputs the integration test
// passes to scope-run and prints the result with printMemrefF32.
func.func private @printMemrefF32(tensor<*xf32>)

func.func @run_reference() {
  %a = arith.constant dense<[
    [-0.625, 0.25, -0.25, 0.625, 0.125, -0.375, 0.5, 0.0],
    [-0.5, 0.375, -0.125, -0.625, 0.25, -0.25, 0.625, 0.125],
    [-0.375, 0.5, 0.0, -0.5, 0.375, -0.125, -0.625, 0.25],
    [-0.25, 0.625, 0.125, -0.375, 0.5, 0.0, -0.5, 0.375]
  ]> : tensor<4x8xf32>
  %b = arith.constant dense<[
    [-1.0, 0.25, -0.75, 0.5],
    [-0.5, 0.75, -0.25, 1.0],
    [0.0, -1.0, 0.25, -0.75],
    [0.5, -0.5, 0.75, -0.25],
    [1.0, 0.0, -1.0, 0.25],
    [-0.75, 0.5, -0.5, 0.75],
    [-0.25, 1.0, 0.0, -1.0],
    [0.25, -0.75, 0.5, -0.5]
  ]> : tensor<8x4xf32>
  %out = arith.constant dense<0.0> : tensor<4xf32>
  %r = call @main(%a, %b, %out) : (tensor<4x8xf32>, tensor<8x4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %ru = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  return
}
