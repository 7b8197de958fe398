// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --mlir-print-op-generic %s | scope-opt --split-input-file | FileCheck %s

// The README's example: scope attributes, a tied result, captured dims and a
// new dynamically shaped result.
// CHECK-LABEL: func.func @tied_and_dims
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[BIAS:.+]]: tensor<4xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//       CHECK: %[[R:.+]]:2 = util.scope [#util.zone<"encoder">] (%[[T]] as %[[A:.+]]: tensor<?x4xf32>{%[[D0]]}, %[[BIAS]] as %[[B:.+]]: tensor<4xf32>) -> (%[[T]], tensor<?xf32>{%[[D1]]}) {
//       CHECK:   %[[E:.+]] = tensor.empty(%[[D1]]) : tensor<?xf32>
//       CHECK:   util.return %[[A]], %[[E]] : tensor<?x4xf32>, tensor<?xf32>
//       CHECK: }
//       CHECK: return %[[R]]#0, %[[R]]#1
func.func @tied_and_dims(%t: tensor<?x4xf32>, %bias: tensor<4xf32>, %d0: index, %d1: index) -> (tensor<?x4xf32>, tensor<?xf32>) {
  %r:2 = util.scope [#util.zone<"encoder">]
      (%t as %a: tensor<?x4xf32>{%d0}, %bias as %b: tensor<4xf32>) -> (%t, tensor<?xf32>{%d1}) {
    %e = tensor.empty(%d1) : tensor<?xf32>
    util.return %a, %e : tensor<?x4xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?x4xf32>, tensor<?xf32>
}

// -----

// No captures, no results, no attributes: nothing but the region is printed.
// CHECK-LABEL: func.func @bare
//       CHECK: util.scope {
//  CHECK-NEXT:   util.return
//  CHECK-NEXT: }
//       CHECK: util.scope [#util.zone<"log">] {
func.func @bare() {
  util.scope {
    util.return
  }
  util.scope [#util.zone<"log">] {
    util.return
  }
  return
}

// -----

// Implicit captures only, with results: the result list is parenthesized.
// CHECK-LABEL: func.func @implicit
//       CHECK: util.scope -> (tensor<4xf32>) {
//       CHECK:   arith.addf %{{.+}}, %{{.+}} : tensor<4xf32>
func.func @implicit(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope -> (tensor<4xf32>) {
    %s = arith.addf %x, %x : tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Several dynamic dims per capture and per result, and a capture whose
// dims are listed in order.
// CHECK-LABEL: func.func @many_dims
//       CHECK: util.scope (%{{.+}} as %{{.+}}: tensor<?x?xf32>{%[[A:.+]], %[[B:.+]]}) -> (tensor<?x8x?xf32>{%[[B]], %[[A]]})
func.func @many_dims(%t: tensor<?x?xf32>, %a: index, %b: index) -> tensor<?x8x?xf32> {
  %r = util.scope (%t as %arg: tensor<?x?xf32>{%a, %b}) -> (tensor<?x8x?xf32>{%b, %a}) {
    %e = tensor.empty(%b, %a) : tensor<?x8x?xf32>
    util.return %e : tensor<?x8x?xf32>
  }
  return %r : tensor<?x8x?xf32>
}

// -----

// A multi-block body: every exiting block ends in util.return.
// CHECK-LABEL: func.func @multi_block
//       CHECK: util.scope (%{{.+}} as %[[C:.+]]: i1, %{{.+}} as %[[X:.+]]: f32) -> (f32) {
//       CHECK:   cf.cond_br %[[C]], ^bb1, ^bb2
//       CHECK: ^bb1:
//       CHECK:   util.return %[[X]] : f32
//       CHECK: ^bb2:
//       CHECK:   util.return %{{.+}} : f32
func.func @multi_block(%c: i1, %x: f32) -> f32 {
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

// Nested scopes, one tying a result to a capture of the outer body.
// CHECK-LABEL: func.func @nested
//       CHECK: util.scope [#util.zone<"outer">] (%{{.+}} as %[[O:.+]]: tensor<8xf32>) -> (%{{.+}}) {
//       CHECK:   util.scope [#util.zone<"inner">] (%[[O]] as %[[I:.+]]: tensor<8xf32>) -> (%[[O]]) {
//       CHECK:     util.return %[[I]] : tensor<8xf32>
func.func @nested(%t: tensor<8xf32>) -> tensor<8xf32> {
  %r = util.scope [#util.zone<"outer">] (%t as %o: tensor<8xf32>) -> (%t) {
    %i = util.scope [#util.zone<"inner">] (%o as %in: tensor<8xf32>) -> (%o) {
      util.return %in : tensor<8xf32>
    }
    util.return %i : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// Scopes inside scf.for and scf.if bodies.
// CHECK-LABEL: func.func @in_scf
//       CHECK: scf.for
//       CHECK:   util.scope (%{{.+}} as %{{.+}}: tensor<4xf32>) -> (%{{.+}})
//       CHECK: scf.if
//       CHECK:   util.scope [#util.zone<"then">] -> (tensor<4xf32>)
func.func @in_scf(%t: tensor<4xf32>, %n: index, %c: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    %s = util.scope (%acc as %a: tensor<4xf32>) -> (%acc) {
      %d = arith.addf %a, %a : tensor<4xf32>
      util.return %d : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  }
  %r = scf.if %c -> tensor<4xf32> {
    %s = util.scope [#util.zone<"then">] -> (tensor<4xf32>) {
      util.return %l : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  } else {
    scf.yield %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Other attributes print after the region; util.annotate with and without
// results.
// CHECK-LABEL: func.func @annotate_and_attributes
//       CHECK: util.scope {
//       CHECK: } attributes {note = "kept"}
//       CHECK: %{{.+}} = util.annotate [#util.zone<"ffn">] {
//       CHECK:   util.return %{{.+}} : tensor<4x8xf32>
//       CHECK: } : tensor<4x8xf32>
//       CHECK: util.annotate {
//       CHECK:   util.return
//       CHECK: } attributes {note = 2 : i64}
func.func @annotate_and_attributes() -> tensor<4x8xf32> {
  util.scope {
    util.return
  } attributes {note = "kept"}
  %y = util.annotate [#util.zone<"ffn">] {
    %v = tensor.empty() : tensor<4x8xf32>
    util.return %v : tensor<4x8xf32>
  } : tensor<4x8xf32>
  util.annotate {
    util.return
  } attributes {note = 2}
  return %y : tensor<4x8xf32>
}

// -----

// Non-tensor captures (memrefs with dynamic dims, scalars) are allowed.
// CHECK-LABEL: func.func @memref_capture
//       CHECK: util.scope (%{{.+}} as %{{.+}}: memref<?xf32>{%{{.+}}}, %{{.+}} as %{{.+}}: f32)
func.func @memref_capture(%m: memref<?xf32>, %d: index, %v: f32) {
  util.scope (%m as %mm: memref<?xf32>{%d}, %v as %vv: f32) {
    %c0 = arith.constant 0 : index
    memref.store %vv, %mm[%c0] : memref<?xf32>
    util.return
  }
  return
}

// -----

// A value captured twice (as CSE can leave it) is valid; a tie naming it
// refers to its first capture not yet tied, so ties round-trip.
// CHECK-LABEL: func.func @duplicate_capture
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: util.scope (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}, %[[T]] as %[[B:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[T]], %[[T]]) {
//       CHECK:   util.return %[[A]], %[[B]]
func.func @duplicate_capture(%t: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r:2 = util.scope (%t as %a: tensor<?xf32>{%d}, %t as %b: tensor<?xf32>{%d}) -> (%t, %t) {
    util.return %a, %b : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}
