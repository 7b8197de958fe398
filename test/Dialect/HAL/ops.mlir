// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --mlir-print-op-generic %s | scope-opt --split-input-file | FileCheck %s

// A device scope with a result, dynamic shapes and an implicit capture: the
// attribute is printed in full inside the angle brackets.
// CHECK-LABEL: func.func @device_scope
//       CHECK: %[[R:.+]] = hal.device.scope <#hal.device.target<"llvm-cpu">> {
//       CHECK:   %[[S:.+]] = arith.addf %{{.+}}, %{{.+}} : tensor<?x4xf32>
//       CHECK:   util.return %[[S]] : tensor<?x4xf32>
//       CHECK: } : tensor<?x4xf32>
//       CHECK: return %[[R]]
func.func @device_scope(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = hal.device.scope <#hal.device.target<"llvm-cpu">> {
    %s = arith.addf %x, %x : tensor<?x4xf32>
    util.return %s : tensor<?x4xf32>
  } : tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

// -----

// No results; a configuration dictionary; discardable attributes after the
// region.
// CHECK-LABEL: func.func @no_results_config
//       CHECK: hal.device.scope <#hal.device.target<"llvm-cpu", {tile = 8 : i64}>> {
//  CHECK-NEXT:   util.return
//  CHECK-NEXT: } attributes {note = "x"}
func.func @no_results_config() {
  hal.device.scope <#hal.device.target<"llvm-cpu", {tile = 8 : i64}>> {
    util.return
  } attributes {note = "x"}
  return
}

// -----

// A multi-block body inside scf.for: every exiting block returns.
// CHECK-LABEL: func.func @multi_block_in_loop
//       CHECK: scf.for
//       CHECK:   hal.device.scope <#hal.device.target<"llvm-cpu-loops">> {
//       CHECK:     cf.cond_br
//       CHECK:     util.return %{{.+}} : f32
//       CHECK:     util.return %{{.+}} : f32
//       CHECK:   } : f32
func.func @multi_block_in_loop(%c: i1, %x: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> f32 {
    %v = hal.device.scope <#hal.device.target<"llvm-cpu-loops">> {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      util.return %acc : f32
    ^bb2:
      %s = arith.addf %acc, %x : f32
      util.return %s : f32
    } : f32
    scf.yield %v : f32
  }
  return %r : f32
}

// -----

// A device on a function and a module-level default device; the device
// attribute as a util.scope attribute next to a zone.
// CHECK: module attributes {hal.device = #hal.device.target<"llvm-cpu-loops">}
// CHECK-LABEL: func.func @placed
//  CHECK-SAME: attributes {hal.device = #hal.device.target<"llvm-cpu">}
//       CHECK: util.scope [#hal.device.target<"llvm-cpu-loops">, #util.zone<"z">]
module attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  func.func @placed() attributes {hal.device = #hal.device.target<"llvm-cpu">} {
    util.scope [#hal.device.target<"llvm-cpu-loops">, #util.zone<"z">] {
      util.return
    }
    return
  }
}

// -----

// The verifier does not consult the backend registry: an unregistered
// backend parses.
// CHECK-LABEL: func.func @unregistered_backend
//       CHECK: hal.device.scope <#hal.device.target<"not-linked-in">>
func.func @unregistered_backend() {
  hal.device.scope <#hal.device.target<"not-linked-in">> {
    util.return
  }
  return
}
