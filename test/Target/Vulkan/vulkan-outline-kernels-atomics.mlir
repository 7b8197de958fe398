// RUN: scope-opt --split-input-file --vulkan-outline-kernels %s | FileCheck %s

// Atomic updates in kernels and buffers downloaded for host code: what
// codegen-check-stores needs on a device with memory of its own (its
// counters are atomically incremented by the workgroups, then downloaded
// and scanned on the host).

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// An atomic update indexes the 1-D buffer row-major like a load or a store;
// its buffer is read and written (binding flags 3).
// CHECK-LABEL: gpu.func @count_0
//  CHECK-SAME: (%[[C:.+]]: memref<12xi32>)
//       CHECK:   scf.if
//       CHECK:     memref.atomic_rmw addi %{{.+}}, %[[C]][%{{.+}}] : (i32, memref<12xi32>) -> i32
// CHECK-LABEL: func.func @count
//       CHECK: gpu.launch_func @count_kernels::@count_0
//  CHECK-SAME: {vulkan.bindings = array<i32: 3>}
func.func @count(%c: memref<3x4xi32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1 : i32
  scf.parallel (%i, %j) = (%c0, %c0) to (%c3, %c4) step (%c1, %c1) {
    %old = memref.atomic_rmw addi %one, %c[%i, %j] : (i32, memref<3x4xi32>) -> i32
    scf.reduce
  }
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// A workgroup's body outside its parallel loops runs in every thread of the
// workgroup: an atomic update there runs in thread 0 only, so that it counts
// once per workgroup; the one inside the distributed loop is not guarded.
// CHECK-LABEL: gpu.func @per_workgroup_0
//       CHECK:   %[[T:.+]] = gpu.thread_id x
//       CHECK:   %[[FIRST:.+]] = arith.cmpi eq, %[[T]], %{{.+}} : index
//       CHECK:   scf.if %[[FIRST]] {
//  CHECK-NEXT:     memref.atomic_rmw addi
//  CHECK-NEXT:   }
//       CHECK:   scf.for %{{.+}} = %[[T]] to
//       CHECK:     memref.atomic_rmw addi
//       CHECK:   spirv.ControlBarrier
func.func @per_workgroup(%c: memref<4xi32>, %d: memref<4x8xi32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1 : i32
  scf.parallel (%g) = (%c0) to (%c4) step (%c1) {
    %old = memref.atomic_rmw addi %one, %c[%g] : (i32, memref<4xi32>) -> i32
    scf.parallel (%t) = (%c0) to (%c8) step (%c1) {
      %o = memref.atomic_rmw addi %one, %d[%g, %t] : (i32, memref<4x8xi32>) -> i32
      scf.reduce
    }
    scf.reduce
  }
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// A buffer a download fills is host memory: host code reads it, outside any
// loop and in a nest that calls, while the kernel fills the device buffer.
// CHECK-LABEL: gpu.module @downloaded_kernels
//       CHECK: gpu.func @downloaded_0
//   CHECK-NOT: gpu.func
// CHECK-LABEL: func.func @downloaded
//       CHECK: gpu.launch_func @downloaded_kernels::@downloaded_0
//       CHECK: flow.buffer.transfer %{{.+}}, %[[HOST:.+]] : memref<4xi32>, memref<4xi32> from #hal.device.target
//       CHECK: memref.load %[[HOST]]
//       CHECK: scf.for
//       CHECK:   memref.load %[[HOST]]
//       CHECK:   func.call @report
func.func private @report(i32)
func.func @downloaded(%n: i32) -> i32 attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %dev = memref.alloc() : memref<4xi32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %n, %dev[%i] : memref<4xi32>
    scf.reduce
  }
  %host = memref.alloc() : memref<4xi32>
  flow.buffer.transfer %dev, %host : memref<4xi32>, memref<4xi32> from #hal.device.target<"vulkan", {target_env = #env}> to host
  %first = memref.load %host[%c0] : memref<4xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %host[%i] : memref<4xi32>
    func.call @report(%v) : (i32) -> ()
  }
  memref.dealloc %dev : memref<4xi32>
  memref.dealloc %host : memref<4xi32>
  return %first : i32
}
