// End to end on a Vulkan device (lavapipe in CI): a constant behind a
// util.optimization_barrier inside a vulkan scope, at scope granularity
// (the whole scope one device function): the kernel binds the constant
// global as a constant the runtime uploads. It once bound it as a device
// value no transfer had filled, and the run failed. At dispatch
// granularity the barrier is host code between dispatches and its result
// moves up through a transfer.
// REQUIRES: vulkan
// RUN: scope-run %s --input="4xf32=1,2,3,4" --dispatch=false | FileCheck %s
// RUN: scope-run %s --input="4xf32=1,2,3,4" | FileCheck %s

// r = x + [1, 2, 3, 4].
// CHECK: 4xf32=2 4 6 8

func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %b = util.optimization_barrier %c : tensor<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    %a = linalg.add ins(%x, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %a : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}
