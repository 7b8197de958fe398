// The vulkan backend's executable pipeline, pass by pass: kernels outlined,
// upstream's SPIR-V conversions, then vulkan-lower-to-runtime, which embeds
// each binary (validated by spirv-val when the tests have it) and calls the
// runtime of VulkanABI.h.
// RUN: scope-opt %s --pass-pipeline="builtin.module(vulkan-outline-kernels,gpu.module(convert-math-to-spirv),convert-gpu-to-spirv,spirv.module(spirv-lower-abi-attrs,spirv-update-vce),vulkan-lower-to-runtime)" | FileCheck %s

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>

// The binary and the entry point's name are constant globals; the gpu and
// spirv modules are gone.
//   CHECK-NOT: gpu.container_module
//       CHECK: memref.global "private" constant @[[ENTRY:__vulkan_entry_exp_kernels_exp_0]] : memref<6xi8> = dense<[101, 120, 112, 95, 48, 0]>
//       CHECK: memref.global "private" constant @[[BINARY:__vulkan_spirv_exp_kernels]] : memref<[[WORDS:[0-9]+]]xi32> = dense<"0x03022307
//   CHECK-NOT: gpu.module
//   CHECK-NOT: spirv.module

// A launch becomes a table of (address, bytes, flags) per argument and one
// dispatch call; the function's recorded work is flushed when it returns.
// CHECK-LABEL: func.func private @exp
//  CHECK-SAME: (%[[X:.+]]: memref<?xf32>)
//       CHECK: %[[Y:.+]] = memref.alloc
//       CHECK: %[[TABLE:.+]] = memref.alloca() : memref<9xi64>
//       CHECK: %[[XA:.+]] = memref.extract_aligned_pointer_as_index %[[X]]
//       CHECK: %[[XAI:.+]] = arith.index_cast %[[XA]] : index to i64
//       CHECK: %[[READ:.+]] = arith.constant 1 : i64
//       CHECK: memref.store %[[XAI]], %[[TABLE]]
//       CHECK: memref.store %[[READ]], %[[TABLE]]
//       CHECK: memref.extract_aligned_pointer_as_index %[[Y]]
//       CHECK: %[[WRITE:.+]] = arith.constant 2 : i64
//       CHECK: memref.store %[[WRITE]], %[[TABLE]]
//       CHECK: %[[PARAMS:.+]] = arith.constant 4 : i64
//       CHECK: memref.store %[[PARAMS]], %[[TABLE]]
//       CHECK: %[[CODE:.+]] = memref.get_global @[[BINARY]]
//       CHECK: %[[NWORDS:.+]] = arith.constant [[WORDS]] : i64
//       CHECK: %[[NAME:.+]] = memref.get_global @[[ENTRY]]
//       CHECK: %[[N:.+]] = arith.constant 3 : i64
//       CHECK: call @scopeir_vk_dispatch(%{{.+}}, %[[NWORDS]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %[[N]], %{{.+}}) : (i64, i64, i64, i64, i64, i64, i64, i64) -> ()
//  CHECK-NEXT: call @scopeir_vk_flush() : () -> ()
//  CHECK-NEXT: return %[[Y]]
func.func private @exp(%x: memref<?xf32>) -> memref<?xf32> attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %y = memref.alloc(%n) : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %x[%i] : memref<?xf32>
    %e = math.exp %v : f32
    memref.store %e, %y[%i] : memref<?xf32>
    scf.reduce
  }
  return %y : memref<?xf32>
}

// Transfers become an upload and a download of (source, target, bytes);
// host functions get no flush.
// CHECK-LABEL: func.func @main
//  CHECK-SAME: (%[[X:.+]]: memref<?xf32>)
//       CHECK: %[[UP:.+]] = memref.alloc
//       CHECK: %[[XA:.+]] = memref.extract_aligned_pointer_as_index %[[X]]
//       CHECK: %[[XAI:.+]] = arith.index_cast %[[XA]]
//       CHECK: %[[UA:.+]] = memref.extract_aligned_pointer_as_index %[[UP]]
//       CHECK: %[[UAI:.+]] = arith.index_cast %[[UA]]
//       CHECK: %[[FOUR:.+]] = arith.constant 4 : index
//       CHECK: %[[XN:.+]] = memref.dim %[[X]]
//       CHECK: %[[BYTES:.+]] = arith.muli %[[FOUR]], %[[XN]]
//       CHECK: %[[BYTESI:.+]] = arith.index_cast %[[BYTES]]
//       CHECK: call @scopeir_vk_upload(%[[XAI]], %[[UAI]], %[[BYTESI]]) : (i64, i64, i64) -> ()
//       CHECK: %[[R:.+]] = call @exp(%[[UP]])
//       CHECK: call @scopeir_vk_download
//   CHECK-NOT: scopeir_vk_flush
//       CHECK: return
func.func @main(%x: memref<?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %up = memref.alloc(%n) : memref<?xf32>
  flow.buffer.transfer %x, %up : memref<?xf32>, memref<?xf32> from host to #hal.device.target<"vulkan", {target_env = #env}>
  %y = call @exp(%up) : (memref<?xf32>) -> memref<?xf32>
  %down = memref.alloc(%n) : memref<?xf32>
  flow.buffer.transfer %y, %down : memref<?xf32>, memref<?xf32> from #hal.device.target<"vulkan", {target_env = #env}> to host
  return %down : memref<?xf32>
}

// The runtime's entry points, declared once.
// CHECK-DAG: func.func private @scopeir_vk_dispatch(i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-DAG: func.func private @scopeir_vk_upload(i64, i64, i64)
// CHECK-DAG: func.func private @scopeir_vk_download(i64, i64, i64)
// CHECK-DAG: func.func private @scopeir_vk_flush()
