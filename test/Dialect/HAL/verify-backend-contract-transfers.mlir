// Buffer transfers between memories are left by the buffer pipelines for
// the executable pipeline of the device that has the memory: the buffer
// phase's contract (allow-transfers) accepts them, the final one does not.
// RUN: scope-opt --pass-pipeline="builtin.module(func.func(hal-verify-backend-contract{backend=llvm-cpu-loops allow-transfers=true}))" %s | FileCheck %s
// RUN: not scope-opt --pass-pipeline="builtin.module(func.func(hal-verify-backend-contract{backend=vulkan}))" %s 2>&1 | FileCheck %s --check-prefix=FINAL

// CHECK-LABEL: func.func @upload
//       CHECK: flow.buffer.transfer
// FINAL: error: 'flow.buffer.transfer' is left in function 'upload' by backend 'vulkan'
func.func @upload(%a: memref<4xf32>, %b: memref<4xf32>) {
  flow.buffer.transfer %a, %b : memref<4xf32>, memref<4xf32> from host to #hal.device.target<"vulkan">
  return
}
