// Two independent branches for bench/vulkan-overlap.py: a 256^3 matmul on
// vulkan and a 256x2048x256 matmul on llvm-cpu-loops (about as long on
// lavapipe with one thread), summed on the host (@both); each branch alone
// (@vulkan_only, @cpu_only: the branch added to itself).
#vk = #hal.device.target<"vulkan">
#cpu = #hal.device.target<"llvm-cpu-loops">

func.func @both(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>,
                %u: tensor<256x2048xf32>, %v: tensor<2048x256xf32>) -> tensor<256x256xf32> {
  %g = call @on_vulkan(%x, %w) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %c = call @on_cpu(%u, %v) : (tensor<256x2048xf32>, tensor<2048x256xf32>) -> tensor<256x256xf32>
  %r = call @sum(%g, %c) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

func.func @vulkan_only(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>,
                       %u: tensor<256x2048xf32>, %v: tensor<2048x256xf32>) -> tensor<256x256xf32> {
  %g = call @on_vulkan(%x, %w) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %r = call @sum(%g, %g) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

func.func @cpu_only(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>,
                    %u: tensor<256x2048xf32>, %v: tensor<2048x256xf32>) -> tensor<256x256xf32> {
  %c = call @on_cpu(%u, %v) : (tensor<256x2048xf32>, tensor<2048x256xf32>) -> tensor<256x256xf32>
  %r = call @sum(%c, %c) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  return %r : tensor<256x256xf32>
}

func.func private @on_vulkan(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>) -> tensor<256x256xf32>
    attributes {hal.device = #vk} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%x, %w : tensor<256x256xf32>, tensor<256x256xf32>)
                     outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %m : tensor<256x256xf32>
}

func.func private @on_cpu(%u: tensor<256x2048xf32>, %v: tensor<2048x256xf32>) -> tensor<256x256xf32>
    attributes {hal.device = #cpu} {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<256x256xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  %m = linalg.matmul ins(%u, %v : tensor<256x2048xf32>, tensor<2048x256xf32>)
                     outs(%f : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %m : tensor<256x256xf32>
}

func.func private @sum(%a: tensor<256x256xf32>, %b: tensor<256x256xf32>) -> tensor<256x256xf32> {
  %e = tensor.empty() : tensor<256x256xf32>
  %s = linalg.add ins(%a, %b : tensor<256x256xf32>, tensor<256x256xf32>)
                  outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
  return %s : tensor<256x256xf32>
}
