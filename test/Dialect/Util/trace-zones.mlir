// RUN: scope-opt --split-input-file --util-trace-zones %s | FileCheck %s
// RUN: scope-opt --split-input-file --util-trace-zones --util-strip-scopes=kind=zone %s | FileCheck %s --check-prefix=STRIPPED

// Every zone gets a begin at the start of its body and an end before its
// exit, both with its scope path; the scopes stay. Scopes that carry no zone
// get no marker.
// CHECK-LABEL: func.func @nested
//       CHECK: util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"outer">] {
//  CHECK-NEXT:   util.trace.begin "zone" "outer" args {scope = ["outer"]}
//  CHECK-NEXT:   arith.negf
//  CHECK-NEXT:   util.annotate [#util.zone<"inner">] {
//  CHECK-NEXT:     util.trace.begin "zone" "inner" args {scope = ["outer", "inner"]}
//  CHECK-NEXT:     arith.mulf
//  CHECK-NEXT:     util.trace.end "zone" "inner" args {scope = ["outer", "inner"]}
//  CHECK-NEXT:     util.return
//       CHECK:   util.trace.end "zone" "outer" args {scope = ["outer"]}
//  CHECK-NEXT:   util.return
//   CHECK-NOT: util.trace
// Stripped, the markers stay around the inlined bodies, nested; the scope
// with a device and a zone keeps its device.
// STRIPPED-LABEL: func.func @nested
//  STRIPPED-NEXT:   util.annotate [#hal.device.target<"llvm-cpu">] {
//  STRIPPED-NEXT:     util.trace.begin "zone" "outer"
//  STRIPPED-NEXT:     arith.negf
//  STRIPPED-NEXT:     util.trace.begin "zone" "inner"
//  STRIPPED-NEXT:     arith.mulf
//  STRIPPED-NEXT:     util.trace.end "zone" "inner"
//  STRIPPED-NEXT:     util.trace.end "zone" "outer"
//  STRIPPED-NEXT:     util.return
func.func @nested(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"outer">] {
    %n = arith.negf %x : tensor<4xf32>
    %m = util.annotate [#util.zone<"inner">] {
      %p = arith.mulf %n, %n : tensor<4xf32>
      util.return %p : tensor<4xf32>
    } : tensor<4xf32>
    util.return %m : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A zone with several exits is closed before each of them; a zone in a loop
// body is marked inside the body (one slice per iteration).
// CHECK-LABEL: func.func @exits_and_loops
//       CHECK: util.annotate [#util.zone<"pick">] {
//  CHECK-NEXT:   util.trace.begin "zone" "pick"
//  CHECK-NEXT:   cf.cond_br
//       CHECK: ^bb1:
//  CHECK-NEXT:   util.trace.end "zone" "pick"
//  CHECK-NEXT:   util.return %{{.+}}
//       CHECK: ^bb2:
//  CHECK-NEXT:   arith.negf
//  CHECK-NEXT:   util.trace.end "zone" "pick"
//  CHECK-NEXT:   util.return %{{.+}}
//       CHECK: scf.for
//  CHECK-NEXT:   util.annotate [#util.zone<"step">] {
//  CHECK-NEXT:     util.trace.begin "zone" "step" args {scope = ["step"]}
//  CHECK-NEXT:     arith.addf
//  CHECK-NEXT:     util.trace.end "zone" "step"
func.func @exits_and_loops(%x: tensor<4xf32>, %c: i1, %n: index) -> tensor<4xf32> {
  %r = util.annotate [#util.zone<"pick">] {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    util.return %x : tensor<4xf32>
  ^bb2:
    %y = arith.negf %x : tensor<4xf32>
    util.return %y : tensor<4xf32>
  } : tensor<4xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> tensor<4xf32> {
    %s = util.annotate [#util.zone<"step">] {
      %d = arith.addf %acc, %acc : tensor<4xf32>
      util.return %d : tensor<4xf32>
    } : tensor<4xf32>
    scf.yield %s : tensor<4xf32>
  }
  return %l : tensor<4xf32>
}

// -----

// Without zones nothing changes.
// CHECK-LABEL: func.func @no_zones
//   CHECK-NOT: util.trace
//       CHECK: return
func.func @no_zones(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %n = arith.negf %x : tensor<4xf32>
    util.return %n : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}
