// The whole compile pipeline with a scope on a vulkan device whose config
// gives the target environment (no device needed): the host module reaches
// the LLVM dialect with the SPIR-V binary embedded (spirv-val checks it when
// the tests have spirv-tools) and calls of the Vulkan runtime for the
// transfers and the dispatch, at dispatch and at scope granularity.
// RUN: scope-opt --scopeir-compile-to-llvm %s | FileCheck %s
// RUN: scope-opt --scopeir-compile-to-llvm=dispatch=false %s | FileCheck %s

#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>

//   CHECK-NOT: gpu.module
//   CHECK-NOT: spirv.module
//       CHECK: llvm.mlir.global private constant @__vulkan_spirv_{{.+}}(dense<"0x03022307
// CHECK-LABEL: llvm.func @main
//       CHECK: llvm.call @scopeir_vk_upload
//       CHECK: llvm.call @{{.+}}(
//       CHECK: llvm.call @scopeir_vk_download
// CHECK-LABEL: llvm.func @{{.+}}(
//       CHECK: llvm.call @scopeir_vk_dispatch
//       CHECK: llvm.call @scopeir_vk_flush
func.func @main(%x: tensor<?x4xf32>, %y: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %r = util.annotate [#hal.device.target<"vulkan", {target_env = #env}>] {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
        ins(%x, %y : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %t = math.exp %m : f32
      linalg.yield %t : f32
    } -> tensor<?x4xf32>
    util.return %s : tensor<?x4xf32>
  } : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}
