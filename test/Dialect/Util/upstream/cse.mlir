// RUN: scope-opt --split-input-file --cse %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --cse --canonicalize %s | scope-opt --split-input-file | FileCheck %s --check-prefix=CANON

// CSE works inside a scope body as it would without the scope.
// CHECK-LABEL: func.func @cse_inside_body
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[T]] as %[[A:.+]]: tensor<?x4xf32>{%[[D]]}) -> (%[[T]]) {
//       CHECK:   %[[X:.+]] = arith.addf %[[A]], %[[A]]
//   CHECK-NOT:   arith.addf
//       CHECK:   arith.mulf %[[X]], %[[X]]
func.func @cse_inside_body(%t: tensor<?x4xf32>, %d: index) -> tensor<?x4xf32> {
  %r = util.scope (%t as %a: tensor<?x4xf32>{%d}) -> (%t) {
    %x = arith.addf %a, %a : tensor<?x4xf32>
    %y = arith.addf %a, %a : tensor<?x4xf32>
    %m = arith.mulf %x, %y : tensor<?x4xf32>
    util.return %m : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// An op in a scope equal to one above it is replaced by the one above (used
// implicitly): the scope boundary does not hide it from CSE. Nested scopes
// in a loop body too.
// CHECK-LABEL: func.func @cse_across_boundary
//  CHECK-SAME: (%[[X:.+]]: i32, %[[Y:.+]]: i32, %[[N:.+]]: index)
//       CHECK: %[[S:.+]] = arith.addi %[[X]], %[[Y]]
//       CHECK: scf.for
//       CHECK:   util.scope [#util.zone<"outer">] -> (i32) {
//       CHECK:     util.scope [#util.zone<"inner">] -> (i32) {
//   CHECK-NOT:       arith.addi
//       CHECK:       %[[M:.+]] = arith.muli %[[S]], %[[S]]
//       CHECK:       util.return %[[M]]
func.func @cse_across_boundary(%x: i32, %y: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = arith.addi %x, %y : i32
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s) -> i32 {
    %r = util.scope [#util.zone<"outer">] -> (i32) {
      %q = util.scope [#util.zone<"inner">] -> (i32) {
        %t = arith.addi %x, %y : i32
        %m = arith.muli %t, %s : i32
        util.return %m : i32
      }
      util.return %q : i32
    }
    scf.yield %r : i32
  }
  return %l : i32
}

// -----

// Two equal scopes are not merged: util.scope declares no memory effects and
// is not speculatable, so CSE leaves it alone (the trait choice of
// docs/util.md; it keeps --cse linear on many equal capture-free scopes).
// CHECK-LABEL: func.func @no_cse_equal_scopes
//       CHECK: %[[A:.+]] = util.scope [#util.zone<"z">] (%{{.+}} as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (tensor<?xf32>{%{{.+}}}) {
//       CHECK: %[[B:.+]] = util.scope [#util.zone<"z">] (%{{.+}} as %{{.+}}: tensor<?xf32>{%{{.+}}}) -> (tensor<?xf32>{%{{.+}}}) {
//       CHECK: return %[[A]], %[[B]]
func.func @no_cse_equal_scopes(%t: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %a = util.scope [#util.zone<"z">] (%t as %x: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %n = arith.negf %x : tensor<?xf32>
    util.return %n : tensor<?xf32>
  }
  %b = util.scope [#util.zone<"z">] (%t as %x: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %n = arith.negf %x : tensor<?xf32>
    util.return %n : tensor<?xf32>
  }
  return %a, %b : tensor<?xf32>, tensor<?xf32>
}

// -----

// Equal capture-free scopes without results are not merged either.
// CHECK-LABEL: func.func @no_cse_equal_empty_scopes
//       CHECK: util.scope [#util.zone<"log">] {
//       CHECK: util.scope [#util.zone<"log">] {
func.func @no_cse_equal_empty_scopes() {
  util.scope [#util.zone<"log">] {
    util.return
  }
  util.scope [#util.zone<"log">] {
    util.return
  }
  return
}

// -----

// CSE merging two captured values leaves a scope that captures one value
// twice, tied and with dims: valid; the canonicalizer then merges the
// captures (keeping the tied one).
// CHECK-LABEL: func.func @cse_makes_duplicate_captures
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: %[[E:.+]] = tensor.empty(%[[D]])
//   CHECK-NOT: tensor.empty
//       CHECK: util.scope (%[[E]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}, %[[E]] as %[[B:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[E]]) {
//       CHECK:   linalg.generic {{.+}} ins(%[[B]] : tensor<?xf32>) outs(%[[A]] : tensor<?xf32>)
// CANON-LABEL: func.func @cse_makes_duplicate_captures
//       CANON: %[[E:.+]] = tensor.empty(%[[D:.+]])
//       CANON: util.scope (%[[E]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[E]]) {
//       CANON:   linalg.generic {{.+}} ins(%[[A]] : tensor<?xf32>) outs(%[[A]] : tensor<?xf32>)
func.func @cse_makes_duplicate_captures(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %e0 = tensor.empty(%d) : tensor<?xf32>
  %e1 = tensor.empty(%d) : tensor<?xf32>
  %r = util.scope (%e0 as %a: tensor<?xf32>{%d}, %e1 as %b: tensor<?xf32>{%d}) -> (%e0) {
    %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        ins(%b : tensor<?xf32>) outs(%a : tensor<?xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    util.return %g : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
