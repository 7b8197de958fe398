// RUN: scope-opt --split-input-file --verify-diagnostics --vulkan-outline-kernels %s

// A device without the Int64 capability (a target environment with Shader
// only): i64 arithmetic in a kernel is an error naming the op, the device
// and the capability; the placement is not changed.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @i64_without_int64(%x: memref<4xi32>, %y: memref<4xi32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%i] : memref<4xi32>
    // expected-error @+1 {{'arith.extsi' op uses 'i64' on #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}>, which lacks the Int64 capability}}
    %w = arith.extsi %v : i32 to i64
    %s = arith.addi %w, %w : i64
    %t = arith.trunci %s : i64 to i32
    memref.store %t, %y[%i] : memref<4xi32>
    scf.reduce
  }
  return
}

// -----

// f16 buffers need the 16-bit storage feature.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @f16_storage(%x: memref<4xf16>, %y: memref<4xf16>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    // expected-error @+1 {{'memref.load' op uses 'memref<?xf16>' on #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader, Float16], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}>, which lacks the StorageBuffer16BitAccess capability}}
    %v = memref.load %x[%i] : memref<4xf16>
    memref.store %v, %y[%i] : memref<4xf16>
    scf.reduce
  }
  return
}

// -----

// A type no device feature gives.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @bf16(%x: memref<4xf32>, %y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%i] : memref<4xf32>
    // expected-error @+1 {{'arith.truncf' op uses 'bf16' on #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}>, which the vulkan backend does not support}}
    %b = arith.truncf %v : f32 to bf16
    %w = arith.extf %b : bf16 to f32
    memref.store %w, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// Host code reading device memory: the value would need a transfer.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @host_read(%x: memref<4xf32>) -> f32 attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'memref.load' op reads device memory in host code: a value on #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}> reaches the host only through a transfer}}
  %v = memref.load %x[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// Kernels bind dense row-major buffers only.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @strided(%x: memref<4xf32, strided<[2]>>, %y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.parallel' op uses the buffer 'memref<4xf32, strided<[2]>>', which is not a dense row-major buffer, on #hal.device.target}}
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%i] : memref<4xf32, strided<[2]>>
    memref.store %v, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// Inside a kernel, buffers are loaded, stored and sized, nothing else.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @view_in_kernel(%x: memref<4x4xf32>, %y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    // expected-error @+1 {{'memref.subview' op uses a buffer inside a kernel in a way the vulkan backend does not compile (only loads, stores and sizes) for #hal.device.target}}
    %row = memref.subview %x[%i, 0] [1, 4] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    %v = memref.load %row[%c0] : memref<4xf32, strided<[1], offset: ?>>
    memref.store %v, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// A linalg op the buffer pipeline did not lower is an error, not a silent
// run on the host.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @leftover_linalg(%x: memref<4xf32>, %y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  // expected-error @+1 {{'linalg.copy' op is left in a function placed on #hal.device.target}}
  linalg.copy ins(%x : memref<4xf32>) outs(%y : memref<4xf32>)
  return
}

// -----

// A loop returning values to host code cannot be a kernel.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @loop_result(%x: memref<4xf32>) -> f32 attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  // expected-error @+1 {{'scf.for' op returns values to host code; it cannot run on #hal.device.target}}
  %s = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %x[%i] : memref<4xf32>
    %a = arith.addf %acc, %v : f32
    scf.yield %a : f32
  }
  return %s : f32
}

// -----

// A bad config is reported at the function it places.
// expected-error @+1 {{unknown vulkan device config key 'tile' (known: target_env, workgroup_size)}}
func.func @bad_config(%x: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {tile = 4}>} {
  return
}

// -----

// A math op with no SPIR-V lowering (and none of the rewrites the pass
// applies first).
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @no_lowering(%x: memref<4xf32>, %n: i32) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%i] : memref<4xf32>
    // expected-error @+1 {{'math.fpowi' op has no SPIR-V lowering for #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}> (vulkan lowers the math ops of the GLSL set)}}
    %p = math.fpowi %v, %n : f32, i32
    memref.store %p, %x[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// A tile's temporary needs a size bound: workgroup memory is static.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @unbounded_tile(%x: memref<?xf32>, %n: index) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%t) = (%c0) to (%c1) step (%c1) {
    // expected-error @+1 {{'memref.alloc' op allocates a tile buffer whose dim #0 has no constant upper bound: workgroup memory needs one}}
    %tmp = memref.alloc(%n) : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %v = memref.load %x[%i] : memref<?xf32>
      memref.store %v, %tmp[%i] : memref<?xf32>
      scf.reduce
    }
    memref.dealloc %tmp : memref<?xf32>
    scf.reduce
  }
  return
}

// -----

// Host code (a call) on a buffer the function takes: a device value.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func private @report(f32)
func.func @host_code_on_device_memory(%x: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'scf.for' op runs host code (a call or a print) on device memory of #hal.device.target}}
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %x[%i] : memref<4xf32>
    func.call @report(%v) : (f32) -> ()
  }
  return
}

// -----

// A call outside any loop on a buffer the function takes (a check's report
// on a device value at scope granularity) is host code on device memory
// too: the host would read the bytes of a handle, not the value.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func private @report_buffer(memref<*xf32>)
func.func @host_call_on_device_memory(%x: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %u = memref.cast %x : memref<4xf32> to memref<*xf32>
  // expected-error @+1 {{'func.call' op runs host code (a call) on device memory of #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}>: a device value reaches host code only through a transfer (with dispatch formation, host ops in a device scope get one)}}
  func.call @report_buffer(%u) : (memref<*xf32>) -> ()
  return
}

// -----

// Every thread of a workgroup runs its body outside the parallel loops: an
// atomic update there runs in one thread only, so no other thread could
// have its old value.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @atomic_value_in_workgroup(%c: memref<4xi32>, %d: memref<4x8xi32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i32
  scf.parallel (%g) = (%c0) to (%c4) step (%c1) {
    // expected-error @+1 {{'memref.atomic_rmw' op uses the old value of an atomic update in a workgroup's body outside its parallel loops, which every thread of the workgroup runs}}
    %old = memref.atomic_rmw addi %one, %c[%g] : (i32, memref<4xi32>) -> i32
    scf.parallel (%t) = (%c0) to (%c8) step (%c1) {
      memref.store %old, %d[%g, %t] : memref<4x8xi32>
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

// An index is 64 bits in host memory and 32 in a kernel: a buffer of them
// would be read with the wrong layout (and, binding it, sized wrongly).
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
func.func @index_buffer(%x: memref<4xindex>, %y: memref<4xindex>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    // expected-error @+1 {{'memref.load' op uses 'memref<?xindex>' on #hal.device.target<"vulkan", {target_env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>}>, which the vulkan backend does not support}}
    %v = memref.load %x[%i] : memref<4xindex>
    memref.store %v, %y[%i] : memref<4xindex>
    scf.reduce
  }
  return
}
