// RUN: scope-opt --split-input-file --inline %s | scope-opt --split-input-file | FileCheck %s

// A callee with scopes (attributes, ties, dims, a nested scope, a scope in an
// scf.for) is inlined with its scopes intact; the callee's arguments become
// the captures.
// CHECK-LABEL: func.func @caller
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index, %[[N:.+]]: index)
//   CHECK-NOT: call
//       CHECK: %[[R:.+]] = util.scope [#util.zone<"callee">] (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[T]]) {
//       CHECK:   util.scope [#util.zone<"nested">] -> (tensor<?xf32>{%[[D]]}) {
//       CHECK:     arith.negf %[[A]]
//       CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[R]])
//       CHECK:   util.scope [#util.zone<"step">] (%[[ACC]] as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (%[[ACC]]) {
func.func private @callee(%t: tensor<?xf32>, %d: index, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = util.scope [#util.zone<"callee">] (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    %in = util.scope [#util.zone<"nested">] -> (tensor<?xf32>{%d}) {
      %x = arith.negf %a : tensor<?xf32>
      util.return %x : tensor<?xf32>
    }
    util.return %in : tensor<?xf32>
  }
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> tensor<?xf32> {
    %s = util.scope [#util.zone<"step">] (%acc as %b: tensor<?xf32>{%d}) -> (%acc) {
      %m = arith.mulf %b, %b : tensor<?xf32>
      util.return %m : tensor<?xf32>
    }
    scf.yield %s : tensor<?xf32>
  }
  return %l : tensor<?xf32>
}
func.func @caller(%t: tensor<?xf32>, %d: index, %n: index) -> tensor<?xf32> {
  %r = call @callee(%t, %d, %n) : (tensor<?xf32>, index, index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A call inside a scope body is inlined into the body (a multi-block callee
// becomes a multi-block scope body).
// CHECK-LABEL: func.func @call_in_scope
//  CHECK-SAME: (%[[X:.+]]: f32, %[[C:.+]]: i1)
//   CHECK-NOT: call
//       CHECK: util.scope [#util.zone<"z">] (%[[X]] as %[[A:.+]]: f32) -> (f32) {
//       CHECK:   cf.cond_br %[[C]]
//       CHECK:   arith.negf %[[A]]
//       CHECK:   util.return
func.func private @branchy(%x: f32, %c: i1) -> f32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %n = arith.negf %x : f32
  return %n : f32
^bb2:
  return %x : f32
}
func.func @call_in_scope(%x: f32, %c: i1) -> f32 {
  %r = util.scope [#util.zone<"z">] (%x as %a: f32) -> (f32) {
    %v = func.call @branchy(%a, %c) : (f32, i1) -> f32
    util.return %v : f32
  }
  return %r : f32
}
