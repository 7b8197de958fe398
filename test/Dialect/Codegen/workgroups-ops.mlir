// RUN: scope-opt --split-input-file %s | FileCheck %s
// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file %s --mlir-print-op-generic | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// Custom and generic forms of codegen.scope.workgroups and codegen.store
// round-trip.

// A 2-d grid with a dynamic count, a dynamically shaped capture and result,
// dynamic and static store offsets.
// CHECK-LABEL: func.func @grid_2d
// CHECK: %[[R:.*]] = codegen.scope.workgroups (%[[I:.*]], %[[J:.*]]) in (%[[NI:.*]] = %{{.*}}, %[[NJ:.*]] = %[[N:.*]]) (%{{.*}} as %[[X:.*]]: tensor<?x64xf32>{%[[M:.*]]}) -> (tensor<?x64xf32>{%[[M]]}) as (%[[OUT:.*]]) {
// CHECK:   %[[OFF:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:   %[[T:.*]] = tensor.extract_slice %[[X]][%[[OFF]], %{{.*}}] [32, 32] [1, 1]
// CHECK:   codegen.store %[[T]] into %[[OUT]][%[[OFF]], %{{.*}}] [32, 32] [1, 1] : tensor<32x32xf32> into tensor<?x64xf32>
// CHECK-NOT: codegen.yield
// CHECK: }
// CHECK: return %[[R]]
// GENERIC-LABEL: sym_name = "grid_2d"
// GENERIC: "codegen.scope.workgroups"(%arg0, %arg1, %arg1, %{{.*}}, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 2>}>
// GENERIC: ^bb0(%{{.*}}: tensor<?x64xf32>, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: tensor<?x64xf32>):
// GENERIC: "codegen.store"
// GENERIC-SAME: static_offsets = array<i64: -9223372036854775808, -9223372036854775808>, static_sizes = array<i64: 32, 32>, static_strides = array<i64: 1, 1>
// GENERIC: "codegen.yield"() : () -> ()
func.func @grid_2d(%a: tensor<?x64xf32>, %m: index, %n: index) -> tensor<?x64xf32> {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i, %j) in (%ni = %c2, %nj = %n)
      (%a as %x: tensor<?x64xf32>{%m}) -> (tensor<?x64xf32>{%m}) as (%out) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %t = tensor.extract_slice %x[%oi, %oj] [32, 32] [1, 1]
        : tensor<?x64xf32> to tensor<32x32xf32>
    codegen.store %t into %out[%oi, %oj] [32, 32] [1, 1]
        : tensor<32x32xf32> into tensor<?x64xf32>
  }
  return %r : tensor<?x64xf32>
}

// -----

// Two results, a 1-d grid, no captures, counts used in the body, a dynamic
// size and a static stride.
// CHECK-LABEL: func.func @two_results
// CHECK: %{{.*}}:2 = codegen.scope.workgroups (%[[I:.*]]) in (%[[NI:.*]] = %{{.*}}) -> (tensor<8xf32>, tensor<?xi32>{%{{.*}}}) as (%[[A:.*]], %[[B:.*]]) {
// CHECK:   codegen.store %{{.*}} into %[[A]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<8xf32>
// CHECK:   codegen.store %{{.*}} into %[[B]][%[[I]]] [%[[NI]]] [2] : tensor<?xi32> into tensor<?xi32>
func.func @two_results(%n: index) -> (tensor<8xf32>, tensor<?xi32>) {
  %c8 = arith.constant 8 : index
  %r:2 = codegen.scope.workgroups (%i) in (%ni = %c8) -> (tensor<8xf32>, tensor<?xi32>{%n}) as (%a, %b) {
    %f = tensor.empty() : tensor<1xf32>
    %g = tensor.empty(%ni) : tensor<?xi32>
    codegen.store %f into %a[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    codegen.store %g into %b[%i] [%ni] [2] : tensor<?xi32> into tensor<?xi32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<?xi32>
}

// -----

// A 3-d grid.
// CHECK-LABEL: func.func @grid_3d
// CHECK: codegen.scope.workgroups (%{{.*}}, %{{.*}}, %[[K:.*]]) in (%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<4xf32>) as (%[[O:.*]]) {
func.func @grid_3d(%t: tensor<1xf32>) -> tensor<4xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i, %j, %k) in (%ni = %c1, %nj = %c1, %nk = %c4)
      (%t as %x: tensor<1xf32>) -> (tensor<4xf32>) as (%o) {
    codegen.store %x into %o[%k] [1] [1] : tensor<1xf32> into tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Stores nested in control flow: once per iteration of a loop over the
// tile's row halves, and under an scf.if; a store in a nested scf.forall.
// CHECK-LABEL: func.func @nested_stores
// CHECK: codegen.scope.workgroups (%[[I:.*]]) in (%{{.*}} = %{{.*}}) (%{{.*}} as %[[X:.*]]: tensor<16xf32>, %{{.*}} as %[[C:.*]]: i1) -> (tensor<16xf32>, tensor<4xf32>) as (%[[O:.*]], %[[P:.*]]) {
// CHECK:   scf.for %[[H:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:     codegen.store %{{.*}} into %[[O]][%{{.*}}] [2] [1] : tensor<2xf32> into tensor<16xf32>
// CHECK:   }
// CHECK:   scf.if %[[C]] {
// CHECK:     codegen.store %{{.*}} into %[[P]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<4xf32>
// CHECK:   } else {
// CHECK:     scf.forall (%{{.*}}) in (1) {
// CHECK:       codegen.store %{{.*}} into %[[P]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<4xf32>
// CHECK-NOT: codegen.yield
// GENERIC-LABEL: sym_name = "nested_stores"
// GENERIC: "scf.for"
// GENERIC: "codegen.store"
func.func @nested_stores(%t: tensor<16xf32>, %c: i1) -> (tensor<16xf32>, tensor<4xf32>) {
  %c4 = arith.constant 4 : index
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c4) (%t as %x: tensor<16xf32>, %c as %cond: i1)
      -> (tensor<16xf32>, tensor<4xf32>) as (%o, %p) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %base = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    scf.for %h = %c0 to %c2 step %c1 {
      %off = affine.apply affine_map<(d0, d1) -> (d0 + d1 * 2)>(%base, %h)
      %s = tensor.extract_slice %x[%off] [2] [1] : tensor<16xf32> to tensor<2xf32>
      codegen.store %s into %o[%off] [2] [1] : tensor<2xf32> into tensor<16xf32>
    }
    %one = tensor.extract_slice %x[%base] [1] [1] : tensor<16xf32> to tensor<1xf32>
    scf.if %cond {
      codegen.store %one into %p[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    } else {
      scf.forall (%k) in (1) {
        codegen.store %one into %p[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
      }
    }
  }
  return %r#0, %r#1 : tensor<16xf32>, tensor<4xf32>
}

// -----

// A result tied to a capture: it carries no dims of its own (the capture's
// are its), and a tied result no workgroup stores is valid (it is the
// capture).
// CHECK-LABEL: func.func @tied
// CHECK: %{{.*}}:2 = codegen.scope.workgroups (%[[I:.*]]) in (%{{.*}} = %{{.*}}) (%[[T:.*]] as %[[X:.*]]: tensor<?xf32>{%[[D:.*]]}, %[[U:.*]] as %{{.*}}: tensor<4xf32>) -> (%[[T]], %[[U]]) as (%[[O:.*]], %{{.*}}) {
// CHECK:   codegen.store %{{.*}} into %[[O]][%[[I]]] [1] [1] : tensor<1xf32> into tensor<?xf32>
// GENERIC-LABEL: sym_name = "tied"
// GENERIC: "codegen.scope.workgroups"
// GENERIC-SAME: operandSegmentSizes = array<i32: 2, 1, 0, 1>, tied_operands = array<i64: 0, 1>
func.func @tied(%t: tensor<?xf32>, %u: tensor<4xf32>, %d: index) -> (tensor<?xf32>, tensor<4xf32>) {
  %c2 = arith.constant 2 : index
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c2) (%t as %x: tensor<?xf32>{%d}, %u as %y: tensor<4xf32>)
      -> (%t, %u) as (%o, %q) {
    %s = tensor.extract_slice %x[%i] [1] [1] : tensor<?xf32> to tensor<1xf32>
    codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<4xf32>
}

// -----

// A body of several blocks: the terminators are printed, each exit a
// codegen.yield.
// CHECK-LABEL: func.func @blocks
// CHECK: codegen.scope.workgroups (%[[I:.*]]) in (%{{.*}} = %{{.*}}) (%{{.*}} as %[[X:.*]]: tensor<4xf32>, %{{.*}} as %[[C:.*]]: i1) -> (tensor<4xf32>) as (%[[O:.*]]) {
// CHECK:   cf.cond_br %[[C]], ^[[BB1:.*]], ^[[BB2:.*]]
// CHECK: ^[[BB1]]:
// CHECK:   codegen.store %{{.*}} into %[[O]][%[[I]]] [1] [1]
// CHECK:   codegen.yield
// CHECK: ^[[BB2]]:
// CHECK:   codegen.store %{{.*}} into %[[O]][%[[I]]] [1] [1]
// CHECK:   codegen.yield
// CHECK: }
func.func @blocks(%t: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%t as %x: tensor<4xf32>, %c as %cond: i1)
      -> (tensor<4xf32>) as (%o) {
    %s = tensor.extract_slice %x[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    cf.cond_br %cond, ^bb1, ^bb2
  ^bb1:
    codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    codegen.yield
  ^bb2:
    %e = tensor.empty() : tensor<1xf32>
    codegen.store %e into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    codegen.yield
  }
  return %r : tensor<4xf32>
}
