// RUN: scope-opt --split-input-file --remove-dead-values %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --remove-dead-values --canonicalize %s | scope-opt --split-input-file | FileCheck %s --check-prefix=CANON

// Dead results (a tied one, a dynamically shaped one) and the captures only
// they needed go, with their dims and ties; the live tied result keeps its
// capture, dims and tie.
// CHECK-LABEL: func.func @dead_results_and_captures
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[U:.+]]: tensor<?xf32>, %[[V:.+]]: tensor<?xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index, %[[X:.+]]: i32)
//       CHECK: %[[R:.+]] = util.scope [#util.zone<"z">] (%[[T]] as %[[A:.+]]: tensor<?x4xf32>{%[[D0]]}) -> (%[[T]]) {
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[A]] : tensor<?x4xf32>)
//       CHECK:   util.return %{{.+}} : tensor<?x4xf32>
//       CHECK: return %[[R]]
// CANON-LABEL: func.func @dead_results_and_captures
//       CANON: util.scope [#util.zone<"z">] (%{{.+}} as %{{.+}}: tensor<?x4xf32>{%{{.+}}}) -> (%{{.+}}) {
//   CANON-NOT:   ub.poison
//       CANON:   linalg.fill
//  CANON-NEXT:   util.return
func.func @dead_results_and_captures(%t: tensor<?x4xf32>, %u: tensor<?xf32>, %v: tensor<?xf32>, %d0: index, %d1: index, %x: i32) -> tensor<?x4xf32> {
  %r:4 = util.scope [#util.zone<"z">] (%t as %a: tensor<?x4xf32>{%d0}, %u as %b: tensor<?xf32>{%d1}, %x as %xx: i32, %v as %vv: tensor<?xf32>{%d1})
      -> (%t, tensor<?xf32>{%d1}, i32, %v) {
    %cst = arith.constant 1.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?x4xf32>) -> tensor<?x4xf32>
    %n = arith.negf %b : tensor<?xf32>
    %y = arith.addi %xx, %xx : i32
    %w = arith.negf %vv : tensor<?xf32>
    util.return %f, %n, %y, %w : tensor<?x4xf32>, tensor<?xf32>, i32, tensor<?xf32>
  }
  return %r#0 : tensor<?x4xf32>
}

// -----

// In a loop, with a nested scope: the dead index result and its capture go
// from both scopes.
// CHECK-LABEL: func.func @dead_in_loop_nested
//       CHECK: scf.for %[[I:.+]] = {{.+}} iter_args(%[[ACC:.+]] = %{{.+}})
//       CHECK:   util.scope (%[[ACC]] as %[[A:.+]]: tensor<?xf32>{%{{.+}}}) -> (%[[ACC]]) {
//       CHECK:     util.scope -> (tensor<?xf32>{%{{.+}}}) {
//       CHECK:       arith.negf %[[A]]
// CANON-LABEL: func.func @dead_in_loop_nested
//   CANON-NOT: ub.poison
//   CANON-NOT: arith.addi
//       CANON: util.scope (%{{.+}} as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (%{{.+}}) {
//       CANON:   util.scope -> (tensor<?xf32>{%{{.+}}}) {
func.func @dead_in_loop_nested(%t: tensor<?xf32>, %d: index, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
    %s:2 = util.scope (%acc as %a: tensor<?xf32>{%d}, %i as %ii: index) -> (%acc, index) {
      %in:2 = util.scope (%ii as %k: index) -> (tensor<?xf32>{%d}, index) {
        %g = arith.negf %a : tensor<?xf32>
        %j = arith.addi %k, %k : index
        util.return %g, %j : tensor<?xf32>, index
      }
      util.return %in#0, %in#1 : tensor<?xf32>, index
    }
    scf.yield %s#0 : tensor<?xf32>
  }
  return %l : tensor<?xf32>
}

// -----

// A scope whose results are all dead but whose body writes memory stays.
// CHECK-LABEL: func.func @no_remove_side_effects
//  CHECK-SAME: (%[[X:.+]]: f32, %[[M:.+]]: memref<f32>)
//       CHECK: util.scope
//       CHECK:   memref.store
// CANON-LABEL: func.func @no_remove_side_effects
//       CANON: util.scope (%{{.+}} as %[[XX:.+]]: f32, %{{.+}} as %[[MM:.+]]: memref<f32>) {
//       CANON:   memref.store %[[XX]], %[[MM]][]
func.func @no_remove_side_effects(%x: f32, %m: memref<f32>) {
  %r = util.scope (%x as %xx: f32, %m as %mm: memref<f32>) -> (f32) {
    memref.store %xx, %mm[] : memref<f32>
    util.return %xx : f32
  }
  return
}

// -----

// A multi-block body: the dead result leaves every util.return; the
// captures stay (each is still used).
// CHECK-LABEL: func.func @dead_result_multi_block
//  CHECK-SAME: (%[[C:.+]]: i1, %[[X:.+]]: i32, %[[Y:.+]]: i32)
//       CHECK: %[[R:.+]] = util.scope (%[[C]] as %[[CC:.+]]: i1, %[[X]] as %[[XX:.+]]: i32, %[[Y]] as %[[YY:.+]]: i32) -> (i32) {
//       CHECK:   util.return %[[XX]] : i32
//       CHECK:   %[[N:.+]] = arith.addi %[[XX]], %[[YY]]
//       CHECK:   util.return %[[N]] : i32
//       CHECK: return %[[R]]
// CANON-LABEL: func.func @dead_result_multi_block
//   CANON-NOT: ub.poison
//       CANON: util.scope (%{{.+}} as %{{.+}}: i1, %{{.+}} as %{{.+}}: i32, %{{.+}} as %{{.+}}: i32) -> (i32) {
func.func @dead_result_multi_block(%c: i1, %x: i32, %y: i32) -> i32 {
  %r:2 = util.scope (%c as %cc: i1, %x as %xx: i32, %y as %yy: i32) -> (i32, i32) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return %xx, %yy : i32, i32
  ^bb2:
    %n = arith.addi %xx, %yy : i32
    util.return %n, %yy : i32, i32
  }
  return %r#0 : i32
}
