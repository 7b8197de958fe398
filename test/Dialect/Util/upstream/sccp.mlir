// RUN: scope-opt --split-input-file --sccp %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --sccp --canonicalize %s | scope-opt --split-input-file | FileCheck %s --check-prefix=CANON

// Constants flow through explicit captures into the body (the captures are
// the entry successor operands of RegionBranchOpInterface) and out through
// the results; the scope, its captures, dims and ties stay as they were.
// CHECK-LABEL: func.func @constants_through_captures
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//   CHECK-DAG: %[[C6:.+]] = arith.constant 6 : i32
//   CHECK-DAG: %[[C2:.+]] = arith.constant 2 : i32
//       CHECK: %[[R:.+]]:2 = util.scope [#util.zone<"z">] (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}, %[[C2]] as %{{.+}}: i32) -> (%[[T]], i32) {
//       CHECK:   util.return %[[A]], %[[C6]] : tensor<?xf32>, i32
//       CHECK: return %[[R]]#0, %[[C6]]
// Then the canonicalizer folds the scope, whose body now only returns.
// CANON-LABEL: func.func @constants_through_captures
//  CANON-SAME: (%[[T:.+]]: tensor<?xf32>, %{{.+}}: index)
//   CANON-NOT: util.scope
//       CANON: return %[[T]], %{{.+}}
func.func @constants_through_captures(%t: tensor<?xf32>, %d: index) -> (tensor<?xf32>, i32) {
  %c2 = arith.constant 2 : i32
  %r:2 = util.scope [#util.zone<"z">] (%t as %a: tensor<?xf32>{%d}, %c2 as %k: i32) -> (%t, i32) {
    %c3 = arith.constant 3 : i32
    %m = arith.muli %k, %c3 : i32
    util.return %a, %m : tensor<?xf32>, i32
  }
  return %r#0, %r#1 : tensor<?xf32>, i32
}

// -----

// Through nested scopes and a multi-block body, and into a branch that is
// then known taken.
// CHECK-LABEL: func.func @nested_and_branches
//   CHECK-DAG: %[[C8:.+]] = arith.constant 8 : i32
//       CHECK: util.scope
//       CHECK:   util.scope
//       CHECK:     util.return %[[C8]] : i32
//       CHECK: return %[[C8]]
func.func @nested_and_branches(%x: i32) -> i32 {
  %c4 = arith.constant 4 : i32
  %true = arith.constant true
  %r = util.scope (%c4 as %a: i32, %true as %c: i1) -> (i32) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %in = util.scope (%a as %b: i32) -> (i32) {
      %s = arith.addi %b, %b : i32
      util.return %s : i32
    }
    util.return %in : i32
  ^bb2:
    util.return %x : i32
  }
  return %r : i32
}

// -----

// A capture that is not constant keeps the body as it is.
// CHECK-LABEL: func.func @no_constant
//       CHECK: %[[R:.+]] = util.scope (%{{.+}} as %[[A:.+]]: i32) -> (i32) {
//       CHECK:   %[[S:.+]] = arith.addi %[[A]], %[[A]]
//       CHECK:   util.return %[[S]]
//       CHECK: return %[[R]]
func.func @no_constant(%x: i32) -> i32 {
  %r = util.scope (%x as %a: i32) -> (i32) {
    %s = arith.addi %a, %a : i32
    util.return %s : i32
  }
  return %r : i32
}
