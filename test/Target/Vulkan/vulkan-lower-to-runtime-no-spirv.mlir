// RUN: scope-opt --verify-diagnostics --vulkan-lower-to-runtime %s

// A launch whose kernels were not converted to SPIR-V (no
// convert-gpu-to-spirv before the pass).
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%x: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func @no_spirv(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{no spirv.module for the kernels of 'k' (run convert-gpu-to-spirv first)}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>) {vulkan.bindings = array<i32: 1>}
    return
  }
}
