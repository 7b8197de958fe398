// RUN: scope-opt --split-input-file --canonicalize="test-convergence" %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --inline %s | scope-opt --split-input-file | FileCheck %s --check-prefix=INLINE

// A captured constant is used implicitly and its capture goes; the constant
// stays above the scope (it is not sunk into the body).
// CHECK-LABEL: func.func @constant_capture
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
//       CHECK: %[[C:.+]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
//       CHECK: util.scope (%[[X]] as %[[A:.+]]: tensor<4xf32>) -> (tensor<4xf32>) {
//  CHECK-NEXT:   %[[S:.+]] = arith.mulf %[[A]], %[[C]] : tensor<4xf32>
//  CHECK-NEXT:   util.return %[[S]]
func.func @constant_capture(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %r = util.scope (%c as %k: tensor<4xf32>, %x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %s = arith.mulf %a, %k : tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A tied constant capture stays: its result is declared the in-place update
// of it.
// CHECK-LABEL: func.func @no_constant_capture_tied
//       CHECK: %[[C:.+]] = arith.constant
//       CHECK: util.scope (%[[C]] as %[[K:.+]]: tensor<4xf32>) -> (%[[C]]) {
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[K]] : tensor<4xf32>)
func.func @no_constant_capture_tied(%f: f32) -> tensor<4xf32> {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %r = util.scope (%c as %k: tensor<4xf32>) -> (%c) {
    %s = linalg.fill ins(%f : f32) outs(%k : tensor<4xf32>) -> tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// An unused capture goes with its dims; the tie of a later capture shifts
// down to its new index.
// CHECK-LABEL: func.func @unused_capture_shifts_tie
//  CHECK-SAME: (%[[U:.+]]: tensor<?xf32>, %[[T:.+]]: tensor<?x4xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope (%[[T]] as %[[A:.+]]: tensor<?x4xf32>{%[[D1]]}) -> (%[[T]]) {
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[A]] : tensor<?x4xf32>)
//       CHECK: return %[[R]]
func.func @unused_capture_shifts_tie(%u: tensor<?xf32>, %t: tensor<?x4xf32>, %d0: index, %d1: index) -> tensor<?x4xf32> {
  %r = util.scope (%u as %unused: tensor<?xf32>{%d0}, %t as %a: tensor<?x4xf32>{%d1}) -> (%t) {
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?x4xf32>) -> tensor<?x4xf32>
    util.return %f : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A capture whose block argument is unused stays while a used result is tied
// to it: the tie names the storage the result reuses.
// CHECK-LABEL: func.func @no_unused_capture_tied
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[T]] as %{{.+}}: tensor<?x4xf32>{%[[D]]}) -> (%[[T]]) {
//       CHECK:   tensor.empty(%[[D]])
func.func @no_unused_capture_tied(%t: tensor<?x4xf32>, %d: index) -> tensor<?x4xf32> {
  %r = util.scope (%t as %a: tensor<?x4xf32>{%d}) -> (%t) {
    %e = tensor.empty(%d) : tensor<?x4xf32>
    util.return %e : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// Captures of one value (as CSE leaves them) merge into one.
// CHECK-LABEL: func.func @duplicate_captures
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[X]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[D]]}) {
//  CHECK-NEXT:   arith.addf %[[A]], %[[A]]
func.func @duplicate_captures(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%x as %a: tensor<?xf32>{%d}, %x as %b: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %s = arith.addf %a, %b : tensor<?xf32>
    util.return %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Of two captures of one value the tied one is kept, wherever it is; when
// both are tied, the later one's result is untied and takes its dims.
// CHECK-LABEL: func.func @duplicate_tied_captures
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope (%[[X]] as %[[A:.+]]: tensor<?xf32>{%[[D0]]}) -> (%[[X]]) {
//       CHECK:   arith.addf %[[A]], %[[A]]
//       CHECK: %[[S:.+]]:2 = util.scope (%[[X]] as %[[B:.+]]: tensor<?xf32>{%[[D1]]}) -> (%[[X]], tensor<?xf32>{%[[D1]]}) {
//       CHECK:   %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[B]] : tensor<?xf32>)
//       CHECK:   %[[N:.+]] = arith.negf %[[B]]
//       CHECK:   util.return %[[F]], %[[N]] : tensor<?xf32>, tensor<?xf32>
//       CHECK: %[[G:.+]] = util.scope (%[[X]] as %[[C:.+]]: tensor<?xf32>{%[[D0]]}) -> (%[[X]]) {
//       CHECK:   arith.mulf %[[C]], %[[C]]
//       CHECK: return %[[R]], %[[S]]#0, %[[S]]#1, %[[G]]
func.func @duplicate_tied_captures(%x: tensor<?xf32>, %d0: index, %d1: index) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %r = util.scope (%x as %a: tensor<?xf32>{%d0}, %x as %b: tensor<?xf32>{%d0}) -> (%x) {
    %s = arith.addf %a, %b : tensor<?xf32>
    util.return %s : tensor<?xf32>
  }
  %q:2 = util.scope (%x as %a: tensor<?xf32>{%d1}, %x as %b: tensor<?xf32>{%d1}) -> (%x, %x) {
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    %n = arith.negf %b : tensor<?xf32>
    util.return %f, %n : tensor<?xf32>, tensor<?xf32>
  }
  // The generic form ties the later capture.
  %g = "util.scope"(%x, %x, %d0, %d0) <{operandSegmentSizes = array<i32: 2, 2, 0>, tied_operands = array<i64: 1>}> ({
  ^bb0(%a: tensor<?xf32>, %b: tensor<?xf32>):
    %m = arith.mulf %a, %b : tensor<?xf32>
    util.return %m : tensor<?xf32>
  }) : (tensor<?xf32>, tensor<?xf32>, index, index) -> tensor<?xf32>
  return %r, %q#0, %q#1, %g : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// An unused result goes with its dims and its tie; the capture it was tied to
// is then unused and goes too, with its dims. The kept result keeps its dims.
// CHECK-LABEL: func.func @unused_results
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[X:.+]]: tensor<?xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index, %[[D2:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope (%[[X]] as %[[B:.+]]: tensor<?xf32>{%[[D1]]}) -> (tensor<?xf32>{%[[D1]]}) {
//  CHECK-NEXT:   %[[N:.+]] = arith.negf %[[B]]
//  CHECK-NEXT:   util.return %[[N]] : tensor<?xf32>
//  CHECK-NEXT: }
//       CHECK: return %[[R]]
func.func @unused_results(%t: tensor<?x4xf32>, %x: tensor<?xf32>, %d0: index, %d1: index, %d2: index) -> tensor<?xf32> {
  %r:3 = util.scope (%t as %a: tensor<?x4xf32>{%d0}, %x as %b: tensor<?xf32>{%d1})
      -> (%t, tensor<?x?xf32>{%d2, %d2}, tensor<?xf32>{%d1}) {
    %e = tensor.empty(%d2, %d2) : tensor<?x?xf32>
    %n = arith.negf %b : tensor<?xf32>
    util.return %a, %e, %n : tensor<?x4xf32>, tensor<?x?xf32>, tensor<?xf32>
  }
  return %r#2 : tensor<?xf32>
}

// -----

// Dropping an earlier untied result shifts neither the dims nor the tie of
// the kept ones.
// CHECK-LABEL: func.func @unused_result_keeps_ties
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//       CHECK: %[[R:.+]]:2 = util.scope (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D0]]}) -> (%[[T]], tensor<?x?xf32>{%[[D1]], %[[D0]]}) {
//       CHECK:   util.return %{{.+}}, %{{.+}} : tensor<?xf32>, tensor<?x?xf32>
//       CHECK: return %[[R]]#0, %[[R]]#1
func.func @unused_result_keeps_ties(%t: tensor<?xf32>, %d0: index, %d1: index) -> (tensor<?xf32>, tensor<?x?xf32>) {
  %r:3 = util.scope (%t as %a: tensor<?xf32>{%d0}) -> (tensor<?xf32>{%d1}, %t, tensor<?x?xf32>{%d1, %d0}) {
    %e0 = tensor.empty(%d1) : tensor<?xf32>
    %n = arith.negf %a : tensor<?xf32>
    %e1 = tensor.empty(%d1, %d0) : tensor<?x?xf32>
    util.return %e0, %n, %e1 : tensor<?xf32>, tensor<?xf32>, tensor<?x?xf32>
  }
  return %r#1, %r#2 : tensor<?xf32>, tensor<?x?xf32>
}

// -----

// A result that returns a value defined above, or a capture's block argument,
// is that value: its uses take it directly and the result goes.
// CHECK-LABEL: func.func @pass_through_results
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>, %[[Z:.+]]: tensor<4xf32>)
//       CHECK: %[[R:.+]] = util.scope (%[[X]] as %[[A:.+]]: tensor<4xf32>) -> (tensor<4xf32>) {
//  CHECK-NEXT:   %[[S:.+]] = arith.addf %[[A]], %[[A]]
//  CHECK-NEXT:   util.return %[[S]] : tensor<4xf32>
//  CHECK-NEXT: }
//       CHECK: return %[[R]], %[[Y]], %[[Z]]
func.func @pass_through_results(%x: tensor<4xf32>, %y: tensor<4xf32>, %z: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:3 = util.scope (%x as %a: tensor<4xf32>, %y as %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %s = arith.addf %a, %a : tensor<4xf32>
    util.return %s, %b, %z : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// A multi-block body that returns the same capture from every exit: the
// result is the capture; the body itself (it branches) stays.
// CHECK-LABEL: func.func @pass_through_multi_block
//  CHECK-SAME: (%[[C:.+]]: i1, %[[X:.+]]: f32, %[[M:.+]]: memref<f32>)
//       CHECK: util.scope (%[[C]] as %[[CC:.+]]: i1, %[[X]] as %[[XX:.+]]: f32, %[[M]] as %[[MM:.+]]: memref<f32>) {
//       CHECK:   cf.cond_br %[[CC]], ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   memref.store %[[XX]], %[[MM]][]
//       CHECK:   util.return
//       CHECK: ^bb2:
//       CHECK:   util.return
//       CHECK: return %[[X]]
func.func @pass_through_multi_block(%c: i1, %x: f32, %m: memref<f32>) -> f32 {
  %r = util.scope (%c as %cc: i1, %x as %xx: f32, %m as %mm: memref<f32>) -> (f32) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    memref.store %xx, %mm[] : memref<f32>
    util.return %xx : f32
  ^bb2:
    util.return %xx : f32
  }
  return %r : f32
}

// -----

// A multi-block body whose exits return different values keeps its result.
// CHECK-LABEL: func.func @no_pass_through_multi_block
//       CHECK: %[[R:.+]] = util.scope (%{{.+}} as %[[CC:.+]]: i1, %{{.+}} as %[[XX:.+]]: f32) -> (f32) {
//       CHECK:   cf.cond_br %[[CC]], ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   util.return %[[XX]] : f32
//       CHECK: ^bb2:
//       CHECK:   %[[N:.+]] = arith.negf %[[XX]]
//       CHECK:   util.return %[[N]] : f32
//       CHECK: return %[[R]]
func.func @no_pass_through_multi_block(%c: i1, %x: f32) -> f32 {
  %r = util.scope (%c as %cc: i1, %x as %xx: f32) -> (f32) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return %xx : f32
  ^bb2:
    %n = arith.negf %xx : f32
    util.return %n : f32
  }
  return %r : f32
}

// -----

// Two results that every exit returns the same value for are one result.
// CHECK-LABEL: func.func @duplicate_results
//  CHECK-SAME: (%[[C:.+]]: i1, %[[X:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: %[[R:.+]]:2 = util.scope (%[[C]] as %[[CC:.+]]: i1, %[[X]] as %[[XX:.+]]: tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[D]]}, tensor<?xf32>{%[[D]]}) {
//       CHECK:   util.return %{{.+}}, %{{.+}} : tensor<?xf32>, tensor<?xf32>
//       CHECK:   util.return %{{.+}}, %{{.+}} : tensor<?xf32>, tensor<?xf32>
//       CHECK: return %[[R]]#0, %[[R]]#1, %[[R]]#0
func.func @duplicate_results(%c: i1, %x: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>, tensor<?xf32>) {
  %r:3 = util.scope (%c as %cc: i1, %x as %xx: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}, tensor<?xf32>{%d}, tensor<?xf32>{%d}) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    %n = arith.negf %xx : tensor<?xf32>
    %a = arith.addf %xx, %xx : tensor<?xf32>
    util.return %n, %a, %n : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  ^bb2:
    %m = arith.mulf %xx, %xx : tensor<?xf32>
    util.return %m, %xx, %m : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<?xf32>, tensor<?xf32>, tensor<?xf32>
}

// -----

// A duplicate that is tied to a capture goes with its tie; the capture, now
// unused, goes too.
// CHECK-LABEL: func.func @duplicate_tied_result
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope -> (tensor<?xf32>{%[[D]]}) {
//       CHECK:   %[[E:.+]] = tensor.empty(%[[D]])
//       CHECK:   util.return %[[E]] : tensor<?xf32>
//       CHECK: return %[[R]], %[[R]]
func.func @duplicate_tied_result(%t: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r:2 = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}, %t) {
    %e = tensor.empty(%d) : tensor<?xf32>
    util.return %e, %e : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// A body holding nothing but util.return folds away, attributes and all; the
// results become the returned values, mapped through the captures.
// CHECK-LABEL: func.func @return_only
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[Y:.+]]: f32, %[[D:.+]]: index)
//   CHECK-NOT: util.scope
//       CHECK: return %[[Y]], %[[X]]
func.func @return_only(%x: tensor<?xf32>, %y: f32, %d: index) -> (f32, tensor<?xf32>) {
  %r:2 = util.scope [#util.zone<"empty">] (%x as %a: tensor<?xf32>{%d}) -> (f32, %x) {
    util.return %y, %a : f32, tensor<?xf32>
  }
  return %r#0, %r#1 : f32, tensor<?xf32>
}

// -----

// Scopes without results whose bodies have no side effects (pure ops, a
// nested scope, a loop holding a scope) are erased.
// CHECK-LABEL: func.func @dead_scopes
//   CHECK-NOT: util.scope
//       CHECK: return
func.func @dead_scopes(%x: tensor<4xf32>) {
  util.scope [#util.zone<"log">] {
    util.return
  }
  %r = util.scope (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %s = arith.addf %a, %a : tensor<4xf32>
    %n = util.scope [#util.zone<"inner">] -> (tensor<4xf32>) {
      %m = arith.mulf %s, %s : tensor<4xf32>
      util.return %m : tensor<4xf32>
    }
    util.return %n : tensor<4xf32>
  }
  // A loop holding a scope: upstream sees unknown effects; we look through.
  util.scope [#util.zone<"loop">] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %l = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %x) -> tensor<4xf32> {
      %q = util.scope (%acc as %b: tensor<4xf32>) -> (%acc) {
        %m = arith.mulf %b, %b : tensor<4xf32>
        util.return %m : tensor<4xf32>
      }
      scf.yield %q : tensor<4xf32>
    }
    util.return
  }
  return
}

// -----

// A scope whose results are unused but whose body writes memory stays (its
// result goes), and so do scopes holding a side effect in a nested scope,
// also inside a loop.
// CHECK-LABEL: func.func @no_dead_scope_side_effects
//  CHECK-SAME: (%[[X:.+]]: f32, %[[M:.+]]: memref<f32>)
//       CHECK: util.scope (%[[X]] as %[[A:.+]]: f32, %[[M]] as %[[MM:.+]]: memref<f32>) {
//       CHECK:   memref.store %[[A]], %[[MM]][]
//       CHECK:   util.return
//       CHECK: util.scope [#util.zone<"outer">] {
//       CHECK:   util.scope [#util.zone<"inner">] {
//       CHECK:     memref.store %[[X]], %[[M]][]
//       CHECK: util.scope [#util.zone<"loop">] {
//       CHECK:   scf.for
//       CHECK:     util.scope {
//       CHECK:       memref.store %[[X]], %[[M]][]
func.func @no_dead_scope_side_effects(%x: f32, %m: memref<f32>) {
  %r = util.scope (%x as %a: f32, %m as %mm: memref<f32>) -> (f32) {
    memref.store %a, %mm[] : memref<f32>
    %n = arith.negf %a : f32
    util.return %n : f32
  }
  util.scope [#util.zone<"outer">] {
    util.scope [#util.zone<"inner">] {
      memref.store %x, %m[] : memref<f32>
      util.return
    }
    util.return
  }
  util.scope [#util.zone<"loop">] {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      util.scope {
        memref.store %x, %m[] : memref<f32>
        util.return
      }
    }
    util.return
  }
  return
}

// -----

// tensor.dim of a new result, of a tied result (the capture's dims) and of a
// captured block argument folds to the dim the scope carries.
// CHECK-LABEL: func.func @dim_of_scope_values
//  CHECK-SAME: (%[[T:.+]]: tensor<?x?xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//       CHECK: %[[R:.+]]:2 = util.scope (%[[T]] as %[[A:.+]]: tensor<?x?xf32>{%[[D0]], %[[D1]]}) -> (%[[T]], tensor<4x?xf32>{%[[D1]]}) {
//   CHECK-NOT:   tensor.dim
//       CHECK:   tensor.empty(%[[D1]]) : tensor<4x?xf32>
//   CHECK-NOT: tensor.dim
//       CHECK: return %[[R]]#0, %[[R]]#1, %[[D1]], %[[D1]], %[[D0]]
func.func @dim_of_scope_values(%t: tensor<?x?xf32>, %d0: index, %d1: index) -> (tensor<?x?xf32>, tensor<4x?xf32>, index, index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = util.scope (%t as %a: tensor<?x?xf32>{%d0, %d1}) -> (%t, tensor<4x?xf32>{%d1}) {
    %in = tensor.dim %a, %c1 : tensor<?x?xf32>
    %cst = arith.constant 0.0 : f32
    %f = linalg.fill ins(%cst : f32) outs(%a : tensor<?x?xf32>) -> tensor<?x?xf32>
    %g = tensor.empty(%in) : tensor<4x?xf32>
    util.return %f, %g : tensor<?x?xf32>, tensor<4x?xf32>
  }
  %x = tensor.dim %r#1, %c1 : tensor<4x?xf32>
  %y = tensor.dim %r#0, %c1 : tensor<?x?xf32>
  %z = tensor.dim %r#0, %c0 : tensor<?x?xf32>
  return %r#0, %r#1, %x, %y, %z : tensor<?x?xf32>, tensor<4x?xf32>, index, index, index
}

// -----

// tensor.dim of a static dimension or with a non-constant index is left to
// tensor's own folders.
// CHECK-LABEL: func.func @no_dim_fold_dynamic_index
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[D:.+]]: index, %[[I:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope
//       CHECK: %[[X:.+]] = tensor.dim %[[R]], %[[I]]
//       CHECK: return %[[X]], %{{.+}}
func.func @no_dim_fold_dynamic_index(%t: tensor<?x4xf32>, %d: index, %i: index) -> (index, index) {
  %c1 = arith.constant 1 : index
  %r = util.scope (%t as %a: tensor<?x4xf32>{%d}) -> (tensor<?x4xf32>{%d}) {
    %n = arith.negf %a : tensor<?x4xf32>
    util.return %n : tensor<?x4xf32>
  }
  %x = tensor.dim %r, %i : tensor<?x4xf32>
  %y = tensor.dim %r, %c1 : tensor<?x4xf32>
  return %x, %y : index, index
}

// -----

// Scopes that compute something survive --canonicalize: nested scopes, a
// scope in an scf.for body, a multi-block body; the ops inside are still
// canonicalized (the addi of zero goes).
// CHECK-LABEL: func.func @no_inline_nonempty
//       CHECK: scf.for
//       CHECK:   util.scope [#util.zone<"step">] (%{{.+}} as %[[ACC:.+]]: tensor<?xf32>{%[[D:.+]]}) -> (%{{.+}}) {
//       CHECK:     util.scope [#util.zone<"inner">] -> (tensor<?xf32>{%[[D]]}) {
//       CHECK:       linalg.generic
//       CHECK:     util.return
//       CHECK: util.scope -> (i32) {
//       CHECK:   cf.cond_br
//   CHECK-NOT: arith.addi
//       CHECK:   util.return
//       CHECK:   util.return
func.func @no_inline_nonempty(%t: tensor<?xf32>, %d: index, %n: index, %c: i1, %v: i32) -> (tensor<?xf32>, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
    %s = util.scope [#util.zone<"step">] (%acc as %a: tensor<?xf32>{%d}) -> (%acc) {
      %in = util.scope [#util.zone<"inner">] -> (tensor<?xf32>{%d}) {
        %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
            ins(%a : tensor<?xf32>) outs(%a : tensor<?xf32>) {
        ^bb0(%x: f32, %o: f32):
          %y = arith.addf %x, %x : f32
          linalg.yield %y : f32
        } -> tensor<?xf32>
        util.return %g : tensor<?xf32>
      }
      util.return %in : tensor<?xf32>
    }
    scf.yield %s : tensor<?xf32>
  }
  %m = util.scope -> (i32) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = arith.addi %v, %z : i32
    %b = arith.muli %a, %a : i32
    util.return %b : i32
  ^bb2:
    %e = arith.subi %v, %v : i32
    %f = arith.xori %e, %v : i32
    util.return %f : i32
  }
  return %l, %m : tensor<?xf32>, i32
}

// -----

// --inline: a callee with scopes (ties, dims, attributes, nested) is inlined
// with its scopes intact.
// INLINE-LABEL: func.func @inline_caller
//  INLINE-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//   INLINE-NOT: call
//       INLINE: %[[R:.+]] = util.scope [#util.zone<"callee">] (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[T]]) {
//       INLINE:   util.scope [#util.zone<"nested">] -> (tensor<?xf32>{%[[D]]}) {
//       INLINE:     arith.negf %[[A]]
//       INLINE: return %[[R]]
// CHECK-LABEL: func.func @inline_caller
//       CHECK: call @inline_callee
func.func private @inline_callee(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope [#util.zone<"callee">] (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    %n = util.scope [#util.zone<"nested">] -> (tensor<?xf32>{%d}) {
      %x = arith.negf %a : tensor<?xf32>
      util.return %x : tensor<?xf32>
    }
    util.return %n : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
func.func @inline_caller(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = call @inline_callee(%t, %d) : (tensor<?xf32>, index) -> tensor<?xf32>
  return %r : tensor<?xf32>
}
