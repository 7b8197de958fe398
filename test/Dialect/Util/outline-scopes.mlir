// RUN: scope-opt --split-input-file --util-outline-scopes=bufferization-safe=false %s | FileCheck %s
// RUN: scope-opt --split-input-file --util-outline-scopes="kind=zone bufferization-safe=false" %s | FileCheck %s --check-prefix=ZONE
// Idempotence: a second run changes nothing.
// RUN: scope-opt --split-input-file --util-outline-scopes=bufferization-safe=false %s > %t.once
// RUN: scope-opt --split-input-file --util-outline-scopes=bufferization-safe=false %t.once > %t.twice
// RUN: diff %t.once %t.twice

// Explicit captures come first, then implicit ones (a dim used by the body);
// the tie becomes `util.tied` on the callee's result; the zone names the
// callee and moves to it as `util.scope_attrs`; the result dims stay above.
// CHECK-LABEL: func.func @tied_and_dims
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[BIAS:.+]]: tensor<4xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//       CHECK: %[[R:.+]]:2 = call @encoder(%[[T]], %[[BIAS]], %[[D1]]) : (tensor<?x4xf32>, tensor<4xf32>, index) -> (tensor<?x4xf32>, tensor<?xf32>)
//       CHECK: return %[[R]]#0, %[[R]]#1
//       CHECK: func.func private @encoder
//  CHECK-SAME: (%[[A:.+]]: tensor<?x4xf32>, %[[B:.+]]: tensor<4xf32>, %[[D:.+]]: index)
//  CHECK-SAME: -> (tensor<?x4xf32> {util.tied = 0 : i64}, tensor<?xf32>)
//  CHECK-SAME: attributes {util.scope_attrs = [#util.zone<"encoder">]}
//       CHECK:   %[[CST:.+]] = arith.constant 0.000000e+00 : f32
//       CHECK:   %[[E:.+]] = tensor.empty(%[[D]]) : tensor<?xf32>
//       CHECK:   %[[F:.+]] = linalg.fill ins(%[[CST]] : f32) outs(%[[E]] : tensor<?xf32>)
//       CHECK:   %[[G:.+]] = linalg.generic
//  CHECK-SAME:     ins(%[[B]] : tensor<4xf32>) outs(%[[A]] : tensor<?x4xf32>)
//       CHECK:   return %[[G]], %[[F]] : tensor<?x4xf32>, tensor<?xf32>
//   ZONE-LABEL: func.func @tied_and_dims
//         ZONE: call @encoder
#bcast = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @tied_and_dims(%t: tensor<?x4xf32>, %bias: tensor<4xf32>, %d0: index, %d1: index) -> (tensor<?x4xf32>, tensor<?xf32>) {
  %cst = arith.constant 0.0 : f32
  %r:2 = util.scope [#util.zone<"encoder">]
      (%t as %a: tensor<?x4xf32>{%d0}, %bias as %b: tensor<4xf32>) -> (%t, tensor<?xf32>{%d1}) {
    %e = tensor.empty(%d1) : tensor<?xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    %g = linalg.generic {indexing_maps = [#bcast, #id], iterator_types = ["parallel", "parallel"]}
        ins(%b : tensor<4xf32>) outs(%a : tensor<?x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %s = arith.addf %in, %out : f32
      linalg.yield %s : f32
    } -> tensor<?x4xf32>
    util.return %g, %f : tensor<?x4xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?x4xf32>, tensor<?xf32>
}

// -----

// Unnamed scopes are numbered per enclosing function; a scope without
// results or captures becomes a call without either.
// CHECK-LABEL: func.func @unnamed
//       CHECK:   call @unnamed_scope_0(%{{.+}}) : (tensor<?xf32>) -> tensor<?xf32>
//       CHECK:   call @unnamed_scope_1() : () -> ()
//       CHECK: func.func private @unnamed_scope_0(%{{.+}}: tensor<?xf32>) -> tensor<?xf32> {
//       CHECK:   math.exp
//       CHECK: func.func private @unnamed_scope_1() {
//  CHECK-NEXT:   return
//   ZONE-LABEL: func.func @unnamed
//         ZONE:   util.scope (
//         ZONE:   util.scope {
//     ZONE-NOT: func.func private
func.func @unnamed(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%x as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %e = math.exp %a : tensor<?xf32>
    util.return %e : tensor<?xf32>
  }
  util.scope {
    util.return
  }
  return %r : tensor<?xf32>
}

// -----

// Callees are named and placed in the order of their scopes; the unnamed
// inner scope is named after the enclosing function. Every callee keeps the
// zones of the scopes around its body, innermost first, so that lookups from
// its body are unchanged.
// CHECK-LABEL: func.func @nested
//       CHECK:   call @encoder(%{{.+}}, %{{.+}})
//       CHECK: func.func private @encoder(%{{.+}}: tensor<8x?xf32>, %[[D:.+]]: index)
//  CHECK-SAME:     attributes {util.scope_attrs = [#util.zone<"encoder">]}
//       CHECK:   call @ffn(%{{.+}}) : (tensor<8x?xf32>) -> tensor<8x?xf32>
//       CHECK:   call @nested_scope_0(%[[D]])
//       CHECK: func.func private @ffn(%{{.+}}: tensor<8x?xf32>) -> (tensor<8x?xf32> {util.tied = 0 : i64})
//  CHECK-SAME:     attributes {util.scope_attrs = [#util.zone<"ffn">, #util.zone<"encoder">]}
//       CHECK:   math.tanh
//       CHECK: func.func private @nested_scope_0(%{{.+}}: index) -> tensor<8x?xf32>
//  CHECK-SAME:     attributes {util.scope_attrs = [#util.zone<"encoder">]}
//       CHECK:   tensor.empty
// With kind=zone the unnamed inner scope stays where it is.
//   ZONE-LABEL: func.func private @encoder
//         ZONE:   call @ffn
//         ZONE:   util.scope -> (tensor<8x?xf32>{%{{.+}}})
func.func @nested(%x: tensor<8x?xf32>, %d: index) -> (tensor<8x?xf32>, tensor<8x?xf32>) {
  %r:2 = util.scope [#util.zone<"encoder">] (%x as %a: tensor<8x?xf32>{%d}) -> (tensor<8x?xf32>{%d}, tensor<8x?xf32>{%d}) {
    %i = util.scope [#util.zone<"ffn">] (%a as %b: tensor<8x?xf32>{%d}) -> (%a) {
      %t = math.tanh %b : tensor<8x?xf32>
      util.return %t : tensor<8x?xf32>
    }
    %j = util.scope -> (tensor<8x?xf32>{%d}) {
      %e = tensor.empty(%d) : tensor<8x?xf32>
      util.return %e : tensor<8x?xf32>
    }
    util.return %i, %j : tensor<8x?xf32>, tensor<8x?xf32>
  }
  return %r#0, %r#1 : tensor<8x?xf32>, tensor<8x?xf32>
}

// -----

// Inner scopes are outlined before outer ones: a dim only the inner scope op
// used (as its result dim) is not passed to the outer callee.
// CHECK-LABEL: func.func @nested_result_dims
//       CHECK:   call @outer(%{{.+}}) : (tensor<?xf32>) -> tensor<?xf32>
//       CHECK: func.func private @outer(%[[X:.+]]: tensor<?xf32>) -> tensor<?xf32>
//       CHECK:   call @inner(%[[X]]) : (tensor<?xf32>) -> tensor<?xf32>
func.func @nested_result_dims(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope [#util.zone<"outer">] -> (tensor<?xf32>{%d}) {
    %i = util.scope [#util.zone<"inner">] -> (tensor<?xf32>{%d}) {
      %t = math.tanh %x : tensor<?xf32>
      util.return %t : tensor<?xf32>
    }
    util.return %i : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// An unnamed outer scope around a zone: the zone names the inner callee, the
// outer one has no attributes to carry.
// CHECK-LABEL: func.func @unnamed_outer
//       CHECK:   call @unnamed_outer_scope_0
//       CHECK: func.func private @unnamed_outer_scope_0(
//   CHECK-NOT:     util.scope_attrs
//  CHECK-SAME:     {
//       CHECK:   call @inner
//       CHECK: func.func private @inner(
//  CHECK-SAME:     attributes {util.scope_attrs = [#util.zone<"inner">]}
func.func @unnamed_outer(%x: f32) -> f32 {
  %r = util.scope -> (f32) {
    %s = util.scope [#util.zone<"inner">] -> (f32) {
      %y = arith.mulf %x, %x : f32
      util.return %y : f32
    }
    util.return %s : f32
  }
  return %r : f32
}

// -----

// Scopes nested in scf.for and scf.if: the induction variable and the
// condition's operands become arguments; the call stays in the loop.
// CHECK-LABEL: func.func @in_loop
//       CHECK:   scf.for %[[IV:.+]] = {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}) -> (tensor<?xf32>)
//       CHECK:     %[[C:.+]] = func.call @in_loop_scope_0(%[[ACC]], %[[IV]])
//       CHECK:     scf.if
//       CHECK:       func.call @in_loop_scope_1(%[[C]])
//       CHECK: func.func private @in_loop_scope_0(%[[A:.+]]: tensor<?xf32>, %[[I:.+]]: index) -> (tensor<?xf32> {util.tied = 0 : i64})
//       CHECK:   %[[C0:.+]] = arith.constant 0 : index
//       CHECK:   %[[N:.+]] = arith.index_cast %[[I]]
//       CHECK:   %[[F:.+]] = arith.sitofp %[[N]]
//       CHECK:   tensor.insert %[[F]] into %[[A]][%[[C0]]]
//       CHECK: func.func private @in_loop_scope_1(%{{.+}}: tensor<?xf32>) -> tensor<?xf32>
//       CHECK:   math.absf
func.func @in_loop(%init: tensor<?xf32>, %n: index, %d: index, %flag: i1) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
    %s = util.scope (%acc as %a: tensor<?xf32>{%d}) -> (%acc) {
      %f = arith.index_cast %i : index to i64
      %ff = arith.sitofp %f : i64 to f32
      %u = tensor.insert %ff into %a[%c0] : tensor<?xf32>
      util.return %u : tensor<?xf32>
    }
    %v = scf.if %flag -> (tensor<?xf32>) {
      %w = util.scope (%s as %b: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
        %abs = math.absf %b : tensor<?xf32>
        util.return %abs : tensor<?xf32>
      }
      scf.yield %w : tensor<?xf32>
    } else {
      scf.yield %s : tensor<?xf32>
    }
    scf.yield %v : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A multi-block body: each util.return becomes a func.return.
// CHECK-LABEL: func.func @multi_block
//       CHECK:   call @multi_block_scope_0(%{{.+}}, %{{.+}}) : (i1, f32) -> f32
//       CHECK: func.func private @multi_block_scope_0(%[[C:.+]]: i1, %[[X:.+]]: f32) -> f32
//       CHECK:   cf.cond_br %[[C]], ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   return %[[X]] : f32
//       CHECK: ^bb2:
//       CHECK:   %[[N:.+]] = arith.negf %[[X]] : f32
//       CHECK:   return %[[N]] : f32
func.func @multi_block(%c: i1, %x: f32) -> f32 {
  %r = util.scope (%c as %cc: i1) -> (f32) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return %x : f32
  ^bb2:
    %n = arith.negf %x : f32
    util.return %n : f32
  }
  return %r : f32
}

// -----

// The zone name is taken: the symbol table appends a suffix. An implicit use
// of an explicitly captured value reuses its argument; a constant is cloned
// into the callee rather than passed.
// CHECK-LABEL: func.func @clash
//       CHECK:   call @attention_0(%{{.+}}) : (tensor<4xf32>) -> tensor<4xf32>
//       CHECK: func.func private @attention_0(%[[A:.+]]: tensor<4xf32>) -> tensor<4xf32>
//       CHECK:   %[[CST:.+]] = arith.constant dense<2.000000e+00> : tensor<4xf32>
//       CHECK:   %[[M:.+]] = arith.mulf %[[A]], %[[A]]
//       CHECK:   arith.addf %[[M]], %[[CST]]
//       CHECK: func.func @attention()
func.func @clash(%x: tensor<4xf32>) -> tensor<4xf32> {
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %r = util.scope [#util.zone<"attention">] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %m = arith.mulf %a, %x : tensor<4xf32>
    %s = arith.addf %m, %two : tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @attention() {
  return
}

// -----

// The enclosing function's scope attributes are carried along after the
// scope's own; discardable attributes of the scope op move to the call.
// CHECK-LABEL: func.func @function_attrs
//       CHECK:   call @layer() {note = "kept"} : () -> ()
//       CHECK: func.func private @layer()
//  CHECK-SAME:     attributes {util.scope_attrs = [#util.zone<"layer">, #util.zone<"model">]}
func.func @function_attrs() attributes {util.scope_attrs = [#util.zone<"model">]} {
  util.scope [#util.zone<"layer">] {
    util.return
  } attributes {note = "kept"}
  return
}

// -----

// Annotation-like scope ops are left to util-lower-annotations.
// CHECK-LABEL: func.func @no_annotate
//       CHECK:   util.annotate
//   CHECK-NOT: func.func private
func.func @no_annotate(%x: f32) -> f32 {
  %r = util.annotate [#util.zone<"a">] {
    util.return %x : f32
  } : f32
  return %r : f32
}

// -----

// A scope directly in a symbol table has no function to be called from; it
// stays.
// CHECK-LABEL: module
//       CHECK:   util.scope {
//   CHECK-NOT: func.func
util.scope {
  util.return
}

// -----

// The callee goes into the nearest symbol table, here a nested module; the
// module's own scope attributes still apply there, so they are not copied.
// CHECK-LABEL: module @inner attributes {util.scope_attrs = [#util.zone<"mod">]}
//       CHECK:   func.func @k
//       CHECK:     call @ffn
//       CHECK:   func.func private @ffn
//  CHECK-SAME:       attributes {util.scope_attrs = [#util.zone<"ffn">]}
module {
  module @inner attributes {util.scope_attrs = [#util.zone<"mod">]} {
    func.func @k(%x: f32) -> f32 {
      %r = util.scope [#util.zone<"ffn">] -> (f32) {
        %y = arith.mulf %x, %x : f32
        util.return %y : f32
      }
      return %r : f32
    }
  }
}

// -----

// Values from above shared by several scopes (an argument, a constant, an
// explicit capture also used implicitly): each callee gets its own argument
// or clone, in nested regions of the body too, while the uses outside the
// scopes and in the other scopes keep the original value.
// CHECK-LABEL: func.func @shared_from_above
//  CHECK-SAME: (%[[X:.+]]: i32, %[[N:.+]]: index)
//       CHECK:   %[[C:.+]] = arith.constant 7 : i32
//       CHECK:   %[[R0:.+]] = call @shared_from_above_scope_0(%[[X]], %[[N]])
//       CHECK:   %[[R1:.+]] = call @shared_from_above_scope_1(%[[X]], %[[R0]])
//       CHECK:   %[[S:.+]] = arith.addi %[[X]], %[[C]] : i32
//       CHECK:   return %[[R1]], %[[S]]
//       CHECK: func.func private @shared_from_above_scope_0(%[[A:.+]]: i32, %[[M:.+]]: index) -> i32
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[K:.+]] = arith.constant 7 : i32
//       CHECK:   %[[L:.+]] = scf.for %{{.+}} = %[[C0]] to %[[M]] step %[[C1]] iter_args(%[[ACC:.+]] = %[[A]]) -> (i32)
//       CHECK:     %[[T:.+]] = arith.addi %[[ACC]], %[[K]] : i32
//       CHECK:     %[[U:.+]] = arith.muli %[[T]], %[[A]] : i32
//       CHECK:     scf.yield %[[U]]
//       CHECK:   return %[[L]] : i32
//       CHECK: func.func private @shared_from_above_scope_1(%[[B:.+]]: i32, %[[P:.+]]: i32) -> i32
//       CHECK:   %[[K1:.+]] = arith.constant 7 : i32
//       CHECK:   %[[V:.+]] = arith.xori %[[B]], %[[K1]] : i32
//       CHECK:   %[[W:.+]] = arith.addi %[[V]], %[[P]] : i32
//       CHECK:   %[[Y:.+]] = arith.muli %[[W]], %[[B]] : i32
//       CHECK:   return %[[Y]] : i32
func.func @shared_from_above(%x: i32, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c = arith.constant 7 : i32
  %r0 = util.scope -> (i32) {
    %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (i32) {
      %t = arith.addi %acc, %c : i32
      %u = arith.muli %t, %x : i32
      scf.yield %u : i32
    }
    util.return %l : i32
  }
  %r1 = util.scope (%x as %b: i32) -> (i32) {
    %v = arith.xori %b, %c : i32
    %w = arith.addi %v, %r0 : i32
    %y = arith.muli %w, %x : i32
    util.return %y : i32
  }
  %s = arith.addi %x, %c : i32
  return %r1, %s : i32, i32
}
