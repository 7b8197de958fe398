// RUN: scope-opt --split-input-file --hal-wrap-device-entry-points %s | FileCheck %s

// The host calls a public function with host buffers: one placed on a
// device with memory of its own runs its body in a scope on that device
// (whose edges flow-insert-transfers crosses), and loses its own placement.
// CHECK-LABEL: func.func @entry
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>) -> tensor<4xf32> {
//       CHECK: %[[R:.+]] = util.annotate [#hal.device.target<"vulkan">] {
//       CHECK:   %[[A:.+]] = arith.addf %[[X]], %[[X]]
//       CHECK:   util.return %[[A]] : tensor<4xf32>
//       CHECK: } : tensor<4xf32>
//       CHECK: return %[[R]] : tensor<4xf32>
func.func @entry(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"vulkan">} {
  %a = arith.addf %x, %x : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

// Placed by the module: the module's device moves onto the functions
// without one of their own, so that a private function stays on the
// device while the public one becomes a host function around a device
// scope; a function with a device of its own keeps it.
// CHECK-LABEL: module {
//       CHECK: func.func private @helper
//  CHECK-SAME: attributes {hal.device = #hal.device.target<"vulkan">}
//       CHECK: func.func private @on_cpu
//  CHECK-SAME: attributes {hal.device = #hal.device.target<"llvm-cpu">}
//       CHECK: func.func @main(%{{.+}}: tensor<4xf32>) -> tensor<4xf32> {
//       CHECK:   util.annotate [#hal.device.target<"vulkan">]
module attributes {hal.device = #hal.device.target<"vulkan">} {
  func.func private @helper(%x: tensor<4xf32>) -> tensor<4xf32> {
    return %x : tensor<4xf32>
  }
  func.func private @on_cpu(%x: tensor<4xf32>) -> tensor<4xf32>
      attributes {hal.device = #hal.device.target<"llvm-cpu">} {
    return %x : tensor<4xf32>
  }
  func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
    %a = arith.mulf %x, %x : tensor<4xf32>
    return %a : tensor<4xf32>
  }
}

// -----

// Left alone: a public function on a device computing in host memory, a
// private function on the device (only its callers reach it), a
// declaration, and a module with no public function on the device keeps
// its placement.
// CHECK-LABEL: module attributes {hal.device = #hal.device.target<"llvm-cpu">}
//       CHECK: func.func @on_cpu(%[[X:.+]]: tensor<4xf32>) -> tensor<4xf32>
//  CHECK-SAME: attributes {hal.device = #hal.device.target<"llvm-cpu-loops">}
//  CHECK-NEXT:   arith.addf %[[X]], %[[X]]
//       CHECK: func.func private @private_on_device
//  CHECK-SAME: attributes {hal.device = #hal.device.target<"vulkan">}
//  CHECK-NEXT:   arith.addf
//       CHECK: func.func private @declared
//   CHECK-NOT: util.annotate
module attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  func.func @on_cpu(%x: tensor<4xf32>) -> tensor<4xf32>
      attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
    %a = arith.addf %x, %x : tensor<4xf32>
    return %a : tensor<4xf32>
  }
  func.func private @private_on_device(%x: tensor<4xf32>) -> tensor<4xf32>
      attributes {hal.device = #hal.device.target<"vulkan">} {
    %a = arith.addf %x, %x : tensor<4xf32>
    return %a : tensor<4xf32>
  }
  func.func private @declared(tensor<4xf32>) -> tensor<4xf32>
      attributes {hal.device = #hal.device.target<"vulkan">}
}

// -----

// A body that only returns its argument has nothing to run on the device:
// the function just becomes a host function.
// CHECK-LABEL: func.func @identity
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>) -> tensor<4xf32> {
//  CHECK-NEXT:   return %[[X]] : tensor<4xf32>
func.func @identity(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"vulkan">} {
  return %x : tensor<4xf32>
}
