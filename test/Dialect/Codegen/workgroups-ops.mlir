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
