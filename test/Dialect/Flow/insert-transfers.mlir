// RUN: scope-opt --split-input-file --flow-insert-transfers %s | FileCheck %s

// Executables on a device with memory of its own (vulkan) and on one
// computing in host memory (llvm-cpu), shared by the cases below.
module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}
module @llvm_cpu_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu">]} {
  func.func @mul(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.mulf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// Host -> vulkan -> llvm-cpu: the argument moves up before the vulkan
// dispatch, its result down before the CPU dispatch; nothing moves into
// or out of the executables.
// CHECK-LABEL: func.func @two_edges
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
//       CHECK: %[[UP:.+]] = flow.tensor.transfer %[[X]] : tensor<4xf32> from host to #hal.device.target<"vulkan">
//       CHECK: %[[V:.+]] = flow.dispatch @vulkan_executables::@add(%[[UP]])
//       CHECK: %[[DOWN:.+]] = flow.tensor.transfer %[[V]] : tensor<4xf32> from #hal.device.target<"vulkan"> to host
//       CHECK: %[[C:.+]] = flow.dispatch @llvm_cpu_executables::@mul(%[[DOWN]])
//       CHECK: return %[[C]]
// CHECK-LABEL: module @vulkan_executables
//   CHECK-NOT: flow.tensor.transfer
func.func @two_edges(%x: tensor<4xf32>) -> tensor<4xf32> {
  %v = flow.dispatch @vulkan_executables::@add(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %c = flow.dispatch @llvm_cpu_executables::@mul(%v) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %c : tensor<4xf32>
}

// -----

module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// Consecutive dispatches on the device keep their values there: one
// transfer up, one down (for the return), none between.
// CHECK-LABEL: func.func @resident
//       CHECK: flow.tensor.transfer %{{.+}} from host to #hal.device.target<"vulkan">
//       CHECK: %[[A:.+]] = flow.dispatch @vulkan_executables::@add
//       CHECK: %[[B:.+]] = flow.dispatch @vulkan_executables::@add(%[[A]])
//       CHECK: %[[C:.+]] = flow.dispatch @vulkan_executables::@add(%[[B]])
//       CHECK: %[[D:.+]] = flow.tensor.transfer %[[C]] : tensor<4xf32> from #hal.device.target<"vulkan"> to host
//       CHECK: return %[[D]]
func.func @resident(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = flow.dispatch @vulkan_executables::@add(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %b = flow.dispatch @vulkan_executables::@add(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
  %c = flow.dispatch @vulkan_executables::@add(%b) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %c : tensor<4xf32>
}

// -----

module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// A value several consumers need on the device moves once; its size needs
// no transfer; the value goes down only where the host first reads it,
// after host work that does not need it.
// CHECK-LABEL: func.func @once_and_late
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>)
//       CHECK: %[[UP:.+]] = flow.tensor.transfer %[[X]]
//   CHECK-NOT: flow.tensor.transfer
//       CHECK: %[[A:.+]] = flow.dispatch @vulkan_executables::@add(%[[UP]])
//       CHECK: flow.dispatch @vulkan_executables::@add(%[[UP]])
//       CHECK: tensor.dim %[[A]]
//       CHECK: %[[H:.+]] = arith.mulf %[[Y]], %[[Y]]
//       CHECK: %[[DOWN:.+]] = flow.tensor.transfer %[[A]] : tensor<4xf32> from #hal.device.target<"vulkan"> to host
//       CHECK: arith.addf %[[DOWN]], %[[H]]
func.func @once_and_late(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, index) {
  %c0 = arith.constant 0 : index
  %a = flow.dispatch @vulkan_executables::@add(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %b = flow.dispatch @vulkan_executables::@add(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %n = tensor.dim %a, %c0 : tensor<4xf32>
  %h = arith.mulf %y, %y : tensor<4xf32>
  %s = arith.addf %a, %h : tensor<4xf32>
  return %s, %b, %n : tensor<4xf32>, tensor<4xf32>, index
}

// -----

module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add2(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %b : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// A loop-invariant value moves once, before the loop; the loop-carried one
// lives on the host (the loop's block arguments), so it moves up and down
// in every iteration.
// CHECK-LABEL: func.func @loop
//  CHECK-SAME: (%[[W:.+]]: tensor<4xf32>, %[[X:.+]]: tensor<4xf32>
//       CHECK: %[[WUP:.+]] = flow.tensor.transfer %[[W]] : tensor<4xf32> from host to #hal.device.target<"vulkan">
//       CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[X]])
//       CHECK:   %[[AUP:.+]] = flow.tensor.transfer %[[ACC]] : tensor<4xf32> from host to #hal.device.target<"vulkan">
//       CHECK:   %[[R:.+]] = flow.dispatch @vulkan_executables::@add2(%[[WUP]], %[[AUP]])
//       CHECK:   %[[DOWN:.+]] = flow.tensor.transfer %[[R]] : tensor<4xf32> from #hal.device.target<"vulkan"> to host
//       CHECK:   scf.yield %[[DOWN]]
func.func @loop(%w: tensor<4xf32>, %x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (tensor<4xf32>) {
    %y = flow.dispatch @vulkan_executables::@add2(%w, %acc) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>)
    scf.yield %y : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// Values flow through device scopes: two scopes exchange a value on the
// device without a host round trip; a value two scopes capture moves once,
// before the first, and is used inside them implicitly.
// CHECK-LABEL: func.func @through_scopes
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
//       CHECK: %[[UP:.+]] = flow.tensor.transfer %[[X]] : tensor<4xf32> from host to #hal.device.target<"vulkan">
//       CHECK: %[[S1:.+]] = util.scope [#hal.device.target<"vulkan">] (%[[X]] as %{{.+}}: tensor<4xf32>)
//       CHECK:   flow.dispatch @vulkan_executables::@add(%[[UP]])
//       CHECK: %[[S2:[^:]+]]:2 = util.scope [#hal.device.target<"vulkan">] (%[[S1]] as %[[ARG:.+]]: tensor<4xf32>, %[[X]] as %{{.+}}: tensor<4xf32>)
//   CHECK-NOT:   flow.tensor.transfer
//       CHECK:   flow.dispatch @vulkan_executables::@add(%[[ARG]])
//       CHECK:   flow.dispatch @vulkan_executables::@add(%[[UP]])
//       CHECK: %[[DOWN:.+]] = flow.tensor.transfer %[[S2]]#1 : tensor<4xf32> from #hal.device.target<"vulkan"> to host
//       CHECK: return %[[DOWN]]
func.func @through_scopes(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s1 = util.scope [#hal.device.target<"vulkan">] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %r = flow.dispatch @vulkan_executables::@add(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
    util.return %r : tensor<4xf32>
  }
  %s2:2 = util.scope [#hal.device.target<"vulkan">] (%s1 as %b: tensor<4xf32>, %x as %c: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %r = flow.dispatch @vulkan_executables::@add(%b) : (tensor<4xf32>) -> (tensor<4xf32>)
    %q = flow.dispatch @vulkan_executables::@add(%c) : (tensor<4xf32>) -> (tensor<4xf32>)
    util.return %r, %q : tensor<4xf32>, tensor<4xf32>
  }
  return %s2#1 : tensor<4xf32>
}

// -----

module @llvm_cpu_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"llvm-cpu">]} {
  func.func @mul(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.mulf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// Devices computing in host memory never get a transfer.
// CHECK-LABEL: func.func @negative_host_memory_only
//   CHECK-NOT: flow.tensor.transfer
func.func @negative_host_memory_only(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = flow.dispatch @llvm_cpu_executables::@mul(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %b = arith.addf %a, %a : tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// Scope granularity: a call of a function placed on the device is a
// dispatch; the function's body runs on the device and is left alone.
// CHECK-LABEL: func.func private @layer
//   CHECK-NOT: flow.tensor.transfer
//       CHECK: return
// CHECK-LABEL: func.func @calls
//       CHECK: %[[UP:.+]] = flow.tensor.transfer %{{.+}} from host to #hal.device.target<"vulkan">
//       CHECK: %[[R:.+]] = call @layer(%[[UP]])
//       CHECK: flow.tensor.transfer %[[R]] : tensor<4xf32> from #hal.device.target<"vulkan"> to host
func.func private @layer(%a: tensor<4xf32>) -> tensor<4xf32> attributes {hal.device = #hal.device.target<"vulkan">} {
  %r = arith.addf %a, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @calls(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = call @layer(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

module @vulkan_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan">]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}
module @vulkan_2_executables attributes {flow.executables, util.scope_attrs = [#hal.device.target<"vulkan", {workgroup_size = 32}>]} {
  func.func @add(%a: tensor<4xf32>) -> tensor<4xf32> {
    %r = arith.addf %a, %a : tensor<4xf32>
    return %r : tensor<4xf32>
  }
}

// Between two devices with memories of their own, a value moves directly.
// CHECK-LABEL: func.func @device_to_device
//       CHECK: %[[A:.+]] = flow.dispatch @vulkan_executables::@add
//       CHECK: %[[T:.+]] = flow.tensor.transfer %[[A]] : tensor<4xf32> from #hal.device.target<"vulkan"> to #hal.device.target<"vulkan", {workgroup_size = 32 : i64}>
//       CHECK: flow.dispatch @vulkan_2_executables::@add(%[[T]])
func.func @device_to_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = flow.dispatch @vulkan_executables::@add(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %b = flow.dispatch @vulkan_2_executables::@add(%a) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %b : tensor<4xf32>
}
