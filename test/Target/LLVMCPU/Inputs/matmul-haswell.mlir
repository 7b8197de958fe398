// A static matmul the AVX2 contraction strategy takes (llvm-cpu-broadcast-loads.mlir).
module attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu = "haswell"}>} {
func.func @main(%a: tensor<192x256xf32>, %b: tensor<256x1024xf32>) -> tensor<192x1024xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<192x1024xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<192x1024xf32>) -> tensor<192x1024xf32>
  %m = linalg.matmul ins(%a, %b : tensor<192x256xf32>, tensor<256x1024xf32>) outs(%f : tensor<192x1024xf32>) -> tensor<192x1024xf32>
  return %m : tensor<192x1024xf32>
}
}
