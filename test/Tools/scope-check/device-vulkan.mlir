// --device=vulkan: a backend with memory of its own takes each test's body
// (a scope placed on it, as the host calls the test function with host
// buffers): its dispatches run on the device, the values the checks read
// come down through transfers, a scope of the test's own keeps its device,
// and a wrong value still fails its test.
// REQUIRES: vulkan
// RUN: not scope-check %s --device=vulkan --dump-dispatches | FileCheck %s

// CHECK:      dispatch #0 @vulkan_executables::@add_dispatch_0 device=#hal.device.target<"vulkan"> scope=#hal.device.target<"vulkan">
// CHECK-NEXT: transfer #0 tensor<2x2xf32> from host to #hal.device.target<"vulkan">
// CHECK-NEXT: transfer #1 tensor<2x2xf32> from #hal.device.target<"vulkan"> to host
// CHECK-NEXT: PASS add
// CHECK:      dispatch #0 @llvm_cpu_loops_executables::@nested_dispatch_0 device=#hal.device.target<"llvm-cpu-loops"> scope=#hal.device.target<"vulkan">/#hal.device.target<"llvm-cpu-loops">
// CHECK-NEXT: PASS nested
// CHECK:      dispatch #0 @vulkan_executables::@wrong_dispatch_0 device=#hal.device.target<"vulkan">
// CHECK:      FAIL wrong
// CHECK-NEXT: 2 passed, 1 failed

func.func @add() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %s = linalg.add ins(%a, %a : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const(%s, dense<[[2.0, 4.0], [6.0, 8.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

func.func @nested() {
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
    %e = tensor.empty() : tensor<4xi32>
    %m = linalg.mul ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    util.return %m : tensor<4xi32>
  } : tensor<4xi32>
  check.expect_eq_const(%r, dense<[1, 4, 9, 16]> : tensor<4xi32>) : tensor<4xi32>
  return
}

// 16 expected as 17: the device's result reaches the check.
func.func @wrong() {
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %e = tensor.empty() : tensor<4xi32>
  %m = linalg.mul ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
  check.expect_eq_const(%m, dense<[1, 4, 9, 17]> : tensor<4xi32>) : tensor<4xi32>
  return
}
