// RUN: scope-opt --split-input-file --loop-invariant-code-motion %s | scope-opt --split-input-file | FileCheck %s

// An invariant op inside a scope in a loop stays in the scope: LICM moves
// only direct children of the loop body, and the scope is not hoisted (it is
// not speculatable: the trait choice of docs/util.md). An invariant op
// next to the scope is hoisted as usual.
// CHECK-LABEL: func.func @no_hoist_scope
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index, %[[N:.+]]: index, %[[X:.+]]: i32)
//       CHECK: %[[OUT:.+]] = arith.muli %[[X]], %[[X]]
//       CHECK: scf.for
//       CHECK:   util.scope [#util.zone<"step">] (%{{.+}} as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%{{.+}}, i32) {
//       CHECK:     %[[IN:.+]] = arith.addi %[[X]], %[[X]]
//       CHECK:     arith.negf %[[A]]
//       CHECK:     util.return
func.func @no_hoist_scope(%t: tensor<?xf32>, %d: index, %n: index, %x: i32) -> (tensor<?xf32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %l:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t, %s = %z) -> (tensor<?xf32>, i32) {
    %out = arith.muli %x, %x : i32
    %r:2 = util.scope [#util.zone<"step">] (%acc as %a: tensor<?xf32>{%d}) -> (%acc, i32) {
      %in = arith.addi %x, %x : i32
      %g = arith.negf %a : tensor<?xf32>
      util.return %g, %in : tensor<?xf32>, i32
    }
    %sum = arith.addi %r#1, %out : i32
    scf.yield %r#0, %sum : tensor<?xf32>, i32
  }
  return %l#0, %l#1 : tensor<?xf32>, i32
}

// -----

// A fully loop-invariant scope (all its operands defined outside the loop,
// a pure body) is not hoisted either: util.scope is not speculatable.
// CHECK-LABEL: func.func @no_hoist_invariant_scope
//       CHECK: scf.for
//       CHECK:   util.scope [#util.zone<"inv">] (%{{.+}} as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (tensor<?xf32>{%{{.+}}}) {
//       CHECK:     arith.mulf
//       CHECK:   arith.addf
func.func @no_hoist_invariant_scope(%t: tensor<?xf32>, %d: index, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
    %r = util.scope [#util.zone<"inv">] (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
      %m = arith.mulf %a, %a : tensor<?xf32>
      util.return %m : tensor<?xf32>
    }
    %s = arith.addf %acc, %r : tensor<?xf32>
    scf.yield %s : tensor<?xf32>
  }
  return %l : tensor<?xf32>
}

// -----

// A loop inside a scope is optimized as without the scope: its invariant op
// moves out of the loop, and stays inside the scope.
// CHECK-LABEL: func.func @loop_inside_scope
//  CHECK-SAME: (%[[X:.+]]: i32, %[[N:.+]]: index)
//       CHECK: util.scope (%[[X]] as %[[A:.+]]: i32, %[[N]] as %[[NN:.+]]: index) -> (i32) {
//       CHECK:   %[[M:.+]] = arith.muli %[[A]], %[[A]]
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %[[NN]]
//       CHECK:     arith.addi %{{.+}}, %[[M]]
func.func @loop_inside_scope(%x: i32, %n: index) -> i32 {
  %r = util.scope (%x as %a: i32, %n as %nn: index) -> (i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = scf.for %i = %c0 to %nn step %c1 iter_args(%acc = %a) -> i32 {
      %m = arith.muli %a, %a : i32
      %s = arith.addi %acc, %m : i32
      scf.yield %s : i32
    }
    util.return %l : i32
  }
  return %r : i32
}
