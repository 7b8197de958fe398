// RUN: scope-opt --split-input-file --verify-diagnostics %s --pass-pipeline="builtin.module(vulkan-outline-kernels,convert-gpu-to-spirv,spirv.module(spirv-lower-abi-attrs,spirv-update-vce),vulkan-lower-to-runtime{validator=%S/Inputs/reject-spirv.sh})"

// A binary the validator rejects is an error at the kernels' location,
// with the validator's messages.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
// expected-error @+1 {{the SPIR-V binary of these kernels fails}}
func.func @rejected(%x: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%i] : memref<4xf32>
    memref.store %v, %x[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// A launch that vulkan-outline-kernels did not make has no binding flags.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
module attributes {gpu.container_module} {
  gpu.module @k [#env] {
    gpu.func @k(%x: memref<4xf32>) kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      gpu.return
    }
  }
  func.func @unflagged(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'gpu.launch_func' op has no 'vulkan.bindings' flags for its 1 arguments (vulkan-outline-kernels sets them)}}
    gpu.launch_func @k::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}
