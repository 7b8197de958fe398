// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --mlir-print-op-generic %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --canonicalize --cse %s | FileCheck %s --check-prefix=CANON

// Each side is `host` or a placement with memory of its own, printed as
// written; both directions round-trip.
// CHECK-LABEL: func.func @both_directions
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>)
//       CHECK: %[[UP:.+]] = flow.tensor.transfer %[[X]] : tensor<?x4xf32> from host to #hal.device.target<"vulkan">
//       CHECK: %[[DOWN:.+]] = flow.tensor.transfer %[[UP]] : tensor<?x4xf32> from #hal.device.target<"vulkan"> to host
//       CHECK: return %[[DOWN]]
func.func @both_directions(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %up = flow.tensor.transfer %x : tensor<?x4xf32> from host to #hal.device.target<"vulkan">
  %down = flow.tensor.transfer %up : tensor<?x4xf32> from #hal.device.target<"vulkan"> to host
  return %down : tensor<?x4xf32>
}

// A round trip gives back the value it started from.
// CANON-LABEL: func.func @both_directions
//  CANON-SAME: (%[[X:.+]]: tensor<?x4xf32>)
//   CANON-NOT: flow.tensor.transfer
//       CANON: return %[[X]]

// -----

// Two devices with memory of their own (two configs of one backend): a
// direct transfer. One hop on the way (A -> B -> C) does not fold.
// CHECK-LABEL: func.func @device_to_device
//       CHECK: flow.tensor.transfer %{{.+}} : tensor<4xf32> from #hal.device.target<"vulkan"> to #hal.device.target<"vulkan", {workgroup_size = 32 : i64}>
// CANON-LABEL: func.func @device_to_device
//       CANON: flow.tensor.transfer
//       CANON: flow.tensor.transfer
func.func @device_to_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = flow.tensor.transfer %x : tensor<4xf32> from host to #hal.device.target<"vulkan">
  %b = flow.tensor.transfer %a : tensor<4xf32> from #hal.device.target<"vulkan"> to #hal.device.target<"vulkan", {workgroup_size = 32}>
  return %b : tensor<4xf32>
}

// -----

// A transfer is pure: CSE merges two transfers of one value to one memory,
// and an unused one goes.
// CANON-LABEL: func.func @merged
//       CANON: %[[T:.+]] = flow.tensor.transfer
//   CANON-NOT: flow.tensor.transfer
//       CANON: return %[[T]], %[[T]]
func.func @merged(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = flow.tensor.transfer %x : tensor<4xf32> from host to #hal.device.target<"vulkan">
  %b = flow.tensor.transfer %x : tensor<4xf32> from host to #hal.device.target<"vulkan">
  %unused = flow.tensor.transfer %x : tensor<4xf32> from host to #hal.device.target<"vulkan", {workgroup_size = 32}>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----

// The buffer form: a copy between two dense buffers.
// CHECK-LABEL: func.func @buffers
//  CHECK-SAME: (%[[A:.+]]: memref<?x4xf32>, %[[B:.+]]: memref<?x4xf32>)
//       CHECK: flow.buffer.transfer %[[A]], %[[B]] : memref<?x4xf32>, memref<?x4xf32> from host to #hal.device.target<"vulkan">
func.func @buffers(%a: memref<?x4xf32>, %b: memref<?x4xf32>) {
  flow.buffer.transfer %a, %b : memref<?x4xf32>, memref<?x4xf32> from host to #hal.device.target<"vulkan">
  return
}
