// RUN: scope-opt --split-input-file --hal-wrap-cross-device-calls %s | FileCheck %s
// RUN: scope-opt --split-input-file --hal-wrap-cross-device-calls --inline %s | FileCheck %s --check-prefix=INLINE

// A callee on another device than its caller: the call is wrapped in a
// scope carrying the callee's device, and inlining puts the callee's body
// inside it.
func.func private @on_vec(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %s = arith.addf %x, %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
// CHECK-LABEL: func.func @different
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
//       CHECK: %[[R:.+]] = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<4xf32>) {
//       CHECK:   %[[C:.+]] = func.call @on_vec(%[[X]]) : (tensor<4xf32>) -> tensor<4xf32>
//       CHECK:   util.return %[[C]] : tensor<4xf32>
//       CHECK: }
//       CHECK: return %[[R]]
// INLINE-LABEL: func.func @different
//       INLINE: %[[R:.+]] = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<4xf32>) {
//       INLINE:   %[[S:.+]] = arith.addf
//       INLINE:   util.return %[[S]] : tensor<4xf32>
//       INLINE: return %[[R]]
func.func @different(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  %r = func.call @on_vec(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Equal devices: a plain call, plainly inlined.
func.func private @on_loops(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  %s = arith.addf %x, %x : tensor<4xf32>
  return %s : tensor<4xf32>
}
// CHECK-LABEL: func.func @no_wrap_equal
//   CHECK-NOT: util.scope
//       CHECK: call @on_loops
// INLINE-LABEL: func.func @no_wrap_equal
//   INLINE-NOT: util.scope
//       INLINE: arith.addf
func.func @no_wrap_equal(%x: tensor<4xf32>) -> tensor<4xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  %r = func.call @on_loops(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A callee without a device of its own runs wherever it is called (here it
// inherits the module default): not wrapped.
module attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  func.func private @anywhere(%x: f32) -> f32 {
    %s = arith.mulf %x, %x : f32
    return %s : f32
  }
  // CHECK-LABEL: func.func @no_wrap_absent
  //   CHECK-NOT: util.scope
  //       CHECK: call @anywhere
  func.func @no_wrap_absent(%x: f32) -> f32
      attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
    %r = func.call @anywhere(%x) : (f32) -> f32
    return %r : f32
  }
}

// -----

// The call site's placement is the innermost one: a call inside a scope
// already on the callee's device is not wrapped, one inside a scope on
// another device is, even though the function itself matches.
func.func private @on_vec(%x: f32) -> f32
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  return %x : f32
}
// CHECK-LABEL: func.func @nested
//       CHECK: util.scope [#hal.device.target<"llvm-cpu">] -> (f32) {
//  CHECK-NEXT:   func.call @on_vec
//       CHECK: util.scope [#hal.device.target<"llvm-cpu-loops">] -> (f32) {
//  CHECK-NEXT:   %[[I:.+]] = util.scope [#hal.device.target<"llvm-cpu">] -> (f32) {
//  CHECK-NEXT:     func.call @on_vec
func.func @nested(%x: f32) -> (f32, f32)
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %a = util.scope [#hal.device.target<"llvm-cpu">] -> (f32) {
    %c = func.call @on_vec(%x) : (f32) -> f32
    util.return %c : f32
  }
  %b = util.scope [#hal.device.target<"llvm-cpu-loops">] -> (f32) {
    %c = func.call @on_vec(%x) : (f32) -> f32
    util.return %c : f32
  }
  return %a, %b : f32, f32
}

// -----

// A dynamically shaped result: its dims are unknown above the call, so the
// wrapper is the annotation form, which util-lower-annotations completes
// after inlining.
func.func private @dyn(%x: tensor<?xf32>) -> tensor<?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %s = arith.addf %x, %x : tensor<?xf32>
  return %s : tensor<?xf32>
}
// CHECK-LABEL: func.func @dynamic_result
//       CHECK: %[[R:.+]] = util.annotate [#hal.device.target<"llvm-cpu">] {
//       CHECK:   %[[C:.+]] = func.call @dyn
//       CHECK:   util.return %[[C]] : tensor<?xf32>
//       CHECK: } : tensor<?xf32>
func.func @dynamic_result(%x: tensor<?xf32>) -> tensor<?xf32> {
  %r = func.call @dyn(%x) : (tensor<?xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A result whose size the callee computes from data (it picks between two
// sizes on a value it reads from a tensor): no dim is known before the
// call, so no scope can hold the inlined body. The call is left alone and
// marked no_inline: it runs the callee compiled for its own device.
// (Reduced from differential seed 458: the annotation around the inlined
// body failed "cannot compute dynamic dimension #0 above the scope".)
func.func private @data_dependent(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.5 : f32
  %e = tensor.empty() : tensor<4xf32>
  %s = linalg.mul ins(%y, %y : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %v = tensor.extract %s[%c0] : tensor<4xf32>
  %cond = arith.cmpf une, %v, %cst : f32
  %r = scf.if %cond -> (tensor<?xf32>) {
    %c = tensor.cast %s : tensor<4xf32> to tensor<?xf32>
    scf.yield %c : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @data_dependent_result
//   CHECK-NOT:   util.annotate
//       CHECK:   call @data_dependent({{.*}}) {no_inline}
//   CHECK-NOT:   util.annotate
// INLINE-LABEL: func.func @data_dependent_result
//       INLINE:   call @data_dependent
func.func @data_dependent_result(%x: tensor<?xf32>, %y: tensor<4xf32>) -> tensor<?xf32> {
  %r = func.call @data_dependent(%x, %y) : (tensor<?xf32>, tensor<4xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The same shape of callee whose branch condition is an argument: the
// select of the two sizes is computable before the call, so the call is
// wrapped (and inlined) as usual.
func.func private @arg_dependent(%x: tensor<?xf32>, %y: tensor<4xf32>, %cond: i1) -> tensor<?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %r = scf.if %cond -> (tensor<?xf32>) {
    %c = tensor.cast %y : tensor<4xf32> to tensor<?xf32>
    scf.yield %c : tensor<?xf32>
  } else {
    scf.yield %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
// CHECK-LABEL: func.func @arg_dependent_result
//       CHECK:   util.annotate [#hal.device.target<"llvm-cpu">]
//       CHECK:     func.call @arg_dependent
//   CHECK-NOT:     no_inline
// INLINE-LABEL: func.func @arg_dependent_result
//   INLINE-NOT:   call
//       INLINE:   util.annotate
//       INLINE:     scf.if
func.func @arg_dependent_result(%x: tensor<?xf32>, %y: tensor<4xf32>, %cond: i1) -> tensor<?xf32> {
  %r = func.call @arg_dependent(%x, %y, %cond) : (tensor<?xf32>, tensor<4xf32>, i1) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
