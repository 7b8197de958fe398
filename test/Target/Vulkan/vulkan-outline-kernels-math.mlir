// RUN: scope-opt --vulkan-outline-kernels %s | FileCheck %s

// Math ops SPIR-V's GLSL set lacks are rewritten before the nest becomes a
// kernel: erf by a polynomial approximation (exp and fma are in the set),
// trunc through floor, exp2 through exp; the others are kept.
#env = #spirv.target_env<#spirv.vce<v1.3, [Shader], [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan, #spirv.resource_limits<>>
// CHECK-LABEL: gpu.func @math_0
//   CHECK-NOT: math.erf
//   CHECK-NOT: math.trunc
//   CHECK-NOT: math.exp2
//       CHECK: math.tanh
//       CHECK: math.floor
//       CHECK: math.copysign
//       CHECK: math.exp
//       CHECK: gpu.return
func.func @math(%x: memref<4xf32>) attributes {hal.device = #hal.device.target<"vulkan", {target_env = #env}>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %x[%i] : memref<4xf32>
    %a = math.erf %v : f32
    %b = math.tanh %a : f32
    %c = math.trunc %b : f32
    %d = math.exp2 %c : f32
    memref.store %d, %x[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
