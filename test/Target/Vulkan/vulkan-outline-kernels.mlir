// RUN: scope-opt --split-input-file --vulkan-outline-kernels %s | FileCheck %s

// The cases compile for a target environment of their config (no device is
// queried): SPIR-V 1.3, Shader only, at most 128 threads per workgroup.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// A parallel nest is distributed over a grid of 64-thread workgroups: the
// kernel linearizes its global index, stops past the trip count,
// delinearizes into the induction variables and indexes 1-D buffers
// row-major; the scalars it uses (the host's f32, the dynamic size, the
// trip count) travel in the parameter buffer. The host flattens the
// buffers, fills the parameters, computes the grid and launches.
// CHECK-LABEL: gpu.module @scale_kernels
//  CHECK-SAME: [#spirv.target_env<
//       CHECK: gpu.func @scale_0(%[[X:.+]]: memref<?xf32>, %[[Y:.+]]: memref<?xf32>, %[[P:.+]]: memref<4xi32>) kernel
//  CHECK-SAME: spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [64, 1, 1]>
//       CHECK:   %[[SW:.+]] = memref.load %[[P]][%{{.+}}] : memref<4xi32>
//       CHECK:   %[[S:.+]] = arith.bitcast %[[SW]] : i32 to f32
//       CHECK:   %[[GX:.+]] = gpu.block_id x
//       CHECK:   %[[GY:.+]] = gpu.block_id y
//       CHECK:   %[[NX:.+]] = gpu.grid_dim x
//       CHECK:   %[[T:.+]] = gpu.thread_id x
//       CHECK:   %[[ROW:.+]] = arith.muli %[[GY]], %[[NX]]
//       CHECK:   %[[GROUP:.+]] = arith.addi %[[ROW]], %[[GX]]
//       CHECK:   %[[BASE:.+]] = arith.muli %[[GROUP]], %{{.+}}
//       CHECK:   %[[G:.+]] = arith.addi %[[BASE]], %[[T]]
//       CHECK:   %[[IN:.+]] = arith.cmpi ult, %[[G]], %{{.+}}
//       CHECK:   scf.if %[[IN]] {
//       CHECK:     arith.remui %[[G]]
//       CHECK:     arith.divui %[[G]]
//       CHECK:     %[[V:.+]] = memref.load %[[X]][%{{.+}}] : memref<?xf32>
//       CHECK:     %[[M:.+]] = arith.mulf %[[V]], %[[S]] : f32
//       CHECK:     memref.store %[[M]], %[[Y]][%{{.+}}] : memref<?xf32>
//       CHECK:   gpu.return
// CHECK-LABEL: func.func @scale
//  CHECK-SAME: (%[[HX:.+]]: memref<?x4xf32>, %[[HS:.+]]: f32)
//       CHECK: %[[HY:.+]] = memref.alloc
//       CHECK: %[[GROUPS:.+]] = arith.minui %{{.+}}, %{{.+}} : index
//       CHECK: %[[FX:.+]] = memref.collapse_shape %[[HX]] {{\[\[}}0, 1]] : memref<?x4xf32> into memref<?xf32>
//       CHECK: %[[FY:.+]] = memref.collapse_shape %[[HY]] {{\[\[}}0, 1]] : memref<?x4xf32> into memref<?xf32>
//       CHECK: %[[PARAMS:.+]] = memref.alloca() : memref<4xi32>
//       CHECK: %[[HSW:.+]] = arith.bitcast %[[HS]] : f32 to i32
//       CHECK: memref.store %[[HSW]], %[[PARAMS]]
//       CHECK: gpu.launch_func @scale_kernels::@scale_0 blocks in (%[[GROUPS]], %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}}) args(%[[FX]] : memref<?xf32>, %[[FY]] : memref<?xf32>, %[[PARAMS]] : memref<4xi32>) {vulkan.bindings = array<i32: 1, 2, 4>}
//   CHECK-NOT: scf.parallel
//       CHECK: return %[[HY]]
func.func @scale(%x: memref<?x4xf32>, %s: f32) -> memref<?x4xf32> attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %x, %c0 : memref<?x4xf32>
  %y = memref.alloc(%n) : memref<?x4xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c4) step (%c1, %c1) {
    %v = memref.load %x[%i, %j] : memref<?x4xf32>
    %m = arith.mulf %v, %s : f32
    memref.store %m, %y[%i, %j] : memref<?x4xf32>
    scf.reduce
  }
  return %y : memref<?x4xf32>
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// A nest that is not parallel at its top (a reduction outermost) runs in
// one invocation of a one-thread workgroup; a parallel loop inside it
// becomes a sequential one. Static buffers stay static.
// CHECK-LABEL: gpu.func @serial_0
//  CHECK-SAME: (%[[X:.+]]: memref<32xf32>, %[[Y:.+]]: memref<8xf32>) kernel
//  CHECK-SAME: workgroup_size = [1, 1, 1]
//   CHECK-NOT: gpu.block_id
//       CHECK: scf.for %[[K:.+]] = 
//       CHECK:   scf.for %[[J:.+]] =
//   CHECK-NOT:   scf.parallel
//       CHECK:     memref.load %[[X]]
// CHECK-LABEL: func.func @serial
//       CHECK: gpu.launch_func @serial_kernels::@serial_0 blocks in (%[[ONE:[^,]+]], %[[ONE]], %[[ONE]])
//  CHECK-SAME: {vulkan.bindings = array<i32: 1, 3>}
func.func @serial(%x: memref<4x8xf32>, %y: memref<8xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %k = %c0 to %c4 step %c1 {
    scf.parallel (%j) = (%c0) to (%c8) step (%c1) {
      %v = memref.load %x[%k, %j] : memref<4x8xf32>
      %a = memref.load %y[%j] : memref<8xf32>
      %s = arith.addf %v, %a : f32
      memref.store %s, %y[%j] : memref<8xf32>
      scf.reduce
    }
  }
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// A store outside any loop (a linalg op on 0-d buffers) runs, with what it
// stores, in a one-iteration loop of a one-invocation kernel; 0-d buffers
// are bound as 1-element ones. Nothing reads device memory on the host.
// CHECK-LABEL: gpu.func @scalar_0
//  CHECK-SAME: (%[[X:.+]]: memref<1xf32>, %[[Y:.+]]: memref<1xf32>)
//       CHECK: scf.for
//       CHECK:   %[[V:.+]] = memref.load %[[X]]
//       CHECK:   %[[S:.+]] = arith.addf %[[V]], %[[V]]
//       CHECK:   memref.store %[[S]], %[[Y]]
// CHECK-LABEL: func.func @scalar
//  CHECK-SAME: (%[[HX:.+]]: memref<f32>, %[[HY:.+]]: memref<f32>)
//   CHECK-NOT: memref.load
//       CHECK: %[[FX:.+]] = memref.expand_shape %[[HX]] [] output_shape [1] : memref<f32> into memref<1xf32>
//       CHECK: gpu.launch_func @scalar_kernels::@scalar_0
//  CHECK-SAME: {vulkan.bindings = array<i32: 1, 2>}
func.func @scalar(%x: memref<f32>, %y: memref<f32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %v = memref.load %x[] : memref<f32>
  %s = arith.addf %v, %v : f32
  memref.store %s, %y[] : memref<f32>
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>
memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// A constant global the kernel reads is bound as a constant (uploaded once
// by the runtime: flags 9 = constant | read); the config's workgroup size
// (256) is cut to the device's 128 threads. Without host scalars the
// kernel has no parameter buffer.
// CHECK-LABEL: gpu.func @constant_0
//  CHECK-SAME: (%{{.+}}: memref<4xf32>, %{{.+}}: memref<4xf32>) kernel
//  CHECK-SAME: workgroup_size = [128, 1, 1]
// CHECK-LABEL: func.func @constant
//       CHECK: %[[W:.+]] = memref.get_global @w
//       CHECK: gpu.launch_func @constant_kernels::@constant_0
//  CHECK-SAME: args(%[[W]] : memref<4xf32>, %{{.+}} : memref<4xf32>) {vulkan.bindings = array<i32: 9, 2>}
func.func @constant(%y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env, workgroup_size = 256}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @w : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %w[%i] : memref<4xf32>
    memref.store %v, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
memref.global "private" constant @w : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// A constant behind an optimization barrier (IREE's tests hide constants
// from folding so) is still the constant global's buffer: bound as a
// constant (9), not as a device value no transfer filled.
// CHECK-LABEL: func.func @constant_behind_barrier
//       CHECK: %[[W:.+]] = memref.get_global @w
//       CHECK: %[[B:.+]] = util.optimization_barrier %[[W]]
//       CHECK: gpu.launch_func @constant_behind_barrier_kernels::@constant_behind_barrier_0
//  CHECK-SAME: args(%[[B]] : memref<4xf32>, %{{.+}} : memref<4xf32>) {vulkan.bindings = array<i32: 9, 2>}
func.func @constant_behind_barrier(%y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %w = memref.get_global @w : memref<4xf32>
  %b = util.optimization_barrier %w : memref<4xf32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %b[%i] : memref<4xf32>
    memref.store %v, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// Functions placed elsewhere are not touched; with no vulkan function the
// module gets no gpu.container_module.
// CHECK-LABEL: module {
//   CHECK-NOT: gpu.module
// CHECK-LABEL: func.func @negative_host
//       CHECK: scf.parallel
func.func @negative_host(%y: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %z, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>

// A parallel nest holding parallel loops of its own (the grid of a
// codegen.scope.workgroups, a tile inside) runs one outer iteration per
// workgroup: the grid is the outer trip count, each inner parallel loop is
// strided over the workgroup's threads and followed by a barrier (its
// stores are the next loop's loads), and the tile's temporary is a buffer
// of workgroup memory (memory space 3) as large as its dims can get.
// CHECK-LABEL: gpu.func @tiles_0
//       CHECK:   %[[TILE:.+]] = memref.alloc() : memref<32xf32, 3>
//       CHECK:   %[[GX:.+]] = gpu.block_id x
//       CHECK:   %[[T:.+]] = gpu.thread_id x
//       CHECK:   scf.if
//       CHECK:     scf.for %{{.+}} = %[[T]] to %{{.+}} step %{{.+}} {
//       CHECK:       memref.store %{{.+}}, %[[TILE]]
//       CHECK:     spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
//       CHECK:     scf.for %{{.+}} = %[[T]] to %{{.+}} step %{{.+}} {
//       CHECK:       memref.load %[[TILE]]
//       CHECK:     spirv.ControlBarrier
//   CHECK-NOT:   memref.dealloc
// CHECK-LABEL: func.func @tiles
//       CHECK: gpu.launch_func @tiles_kernels::@tiles_0 blocks in (%[[N:[^,]+]], %{{.+}}, %{{.+}}) threads in (%{{.+}}, %{{.+}}, %{{.+}})
func.func @tiles(%x: memref<?x8xf32>, %y: memref<?x8xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %x, %c0 : memref<?x8xf32>
  %tiles = arith.divui %n, %c4 : index
  scf.parallel (%t) = (%c0) to (%tiles) step (%c1) {
    %rows = arith.minsi %n, %c4 : index
    %tmp = memref.alloc(%rows) : memref<?x8xf32>
    %base = arith.muli %t, %c4 : index
    scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %c8) step (%c1, %c1) {
      %r = arith.addi %base, %i : index
      %v = memref.load %x[%r, %j] : memref<?x8xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %tmp[%i, %j] : memref<?x8xf32>
      scf.reduce
    }
    scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %c8) step (%c1, %c1) {
      %r = arith.addi %base, %i : index
      %v = memref.load %tmp[%i, %j] : memref<?x8xf32>
      memref.store %v, %y[%r, %j] : memref<?x8xf32>
      scf.reduce
    }
    memref.dealloc %tmp : memref<?x8xf32>
    scf.reduce
  }
  return
}

// -----

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<max_compute_workgroup_invocations = 128, max_compute_workgroup_size = [128, 128, 64]>>
func.func private @report(index)

// A nest that calls host code (the replay of codegen-check-stores counting
// and reporting) stays on the host with the buffer it uses, and so does the
// fill of that buffer; the kernel is the nest on device memory only.
// CHECK-LABEL: gpu.module @checked_kernels
//       CHECK: gpu.func @checked_0
//   CHECK-NOT: gpu.func
// CHECK-LABEL: func.func @checked
//       CHECK: %[[COUNTS:.+]] = memref.alloc() : memref<4xi32>
//       CHECK: scf.parallel
//       CHECK:   memref.store %{{.+}}, %[[COUNTS]]
//       CHECK: scf.for
//       CHECK:   memref.load %[[COUNTS]]
//       CHECK:   func.call @report
//       CHECK: gpu.launch_func @checked_kernels::@checked_0
func.func @checked(%y: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1.0 : f32
  %counts = memref.alloc() : memref<4xi32>
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %zero, %counts[%i] : memref<4xi32>
    scf.reduce
  }
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %counts[%i] : memref<4xi32>
    %k = arith.index_cast %v : i32 to index
    func.call @report(%k) : (index) -> ()
  }
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    memref.store %one, %y[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// A download into a buffer the function returns, which no loop nest reads:
// host memory, but no host code runs on it, so nothing is reported and no
// kernel is outlined (the check of host nests' buffers dereferenced the
// end of the nest list and crashed).
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
// CHECK-LABEL: func.func @download_returned
// CHECK-NOT: gpu.launch_func
// CHECK: %[[DOWN:.+]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: flow.buffer.transfer %{{.+}}, %[[DOWN]] {{.+}} to host
// CHECK-NEXT: return %[[DOWN]]
func.func @download_returned(%x: memref<4xf32>) -> memref<4xf32> attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %down = memref.alloc() : memref<4xf32>
  flow.buffer.transfer %x, %down : memref<4xf32>, memref<4xf32> from #hal.device.target<"vulkan", {target_env = #env}> to host
  return %down : memref<4xf32>
}
