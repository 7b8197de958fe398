// On a Vulkan device (lavapipe in CI): a check on a value a vulkan scope
// computes, inside that scope. At dispatch granularity the check is host
// code between dispatches and its operand comes down through a transfer;
// at scope granularity the whole scope is one device function, whose call
// of the check runtime would read the bytes of a handle instead of the
// value (it once did, and reported garbage): a located error.
// REQUIRES: vulkan
// RUN: scope-run %s --input="4xf32=1,2,3,4" | FileCheck %s --allow-empty --check-prefix=DISPATCH
// RUN: not scope-run %s --input="4xf32=1,2,3,4" --dispatch=false 2>&1 | FileCheck %s --check-prefix=SCOPE

// DISPATCH-NOT: failed

// SCOPE: vulkan-host-call-in-device-function.mlir:[[@LINE+7]]:5: error: 'func.call' op runs host code (a call) on device memory of #hal.device.target<"vulkan">
// SCOPE-SAME: a device value reaches host code only through a transfer

func.func @main(%x: tensor<4xf32>) {
  util.annotate [#hal.device.target<"vulkan">] {
    %e = tensor.empty() : tensor<4xf32>
    %a = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    check.expect_almost_eq_const(%a, dense<[2.0, 4.0, 6.0, 8.0]> : tensor<4xf32>) : tensor<4xf32>
    util.return
  }
  return
}
