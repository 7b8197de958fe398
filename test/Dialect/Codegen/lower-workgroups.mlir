// RUN: scope-opt --split-input-file --codegen-lower-workgroups %s | FileCheck %s

// codegen-lower-workgroups: an scf.forall over the grid, one
// tensor.parallel_insert_slice per store, captures replaced by the captured
// values, counts by the count operands.

// CHECK-LABEL: func.func @grid_2d
// CHECK-SAME: (%[[A:.*]]: tensor<?x64xf32>, %[[M:.*]]: index, %[[N:.*]]: index)
// CHECK: %[[E:.*]] = tensor.empty(%[[M]]) : tensor<?x64xf32>
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]], %[[J:.*]]) in (2, %[[N]]) shared_outs(%[[O:.*]] = %[[E]]) -> (tensor<?x64xf32>) {
// CHECK:   %[[OI:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:   %[[OJ:.*]] = affine.apply #{{.*}}(%[[J]])
// CHECK:   %[[T:.*]] = tensor.extract_slice %[[A]][%[[OI]], %[[OJ]]] [32, 32] [1, 1]
// CHECK:   %[[X:.*]] = math.exp %[[T]]
// CHECK:   %[[W:.*]] = arith.muli %[[N]], %[[OJ]] : index
// CHECK:   scf.forall.in_parallel {
// CHECK:     tensor.parallel_insert_slice %[[X]] into %[[O]][%[[OI]], %[[OJ]]] [32, 32] [1, 1] : tensor<32x32xf32> into tensor<?x64xf32>
// CHECK:   }
// CHECK: }
// CHECK-NOT: codegen.
// CHECK: return %[[R]]
func.func @grid_2d(%a: tensor<?x64xf32>, %m: index, %n: index) -> tensor<?x64xf32> {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i, %j) in (%ni = %c2, %nj = %n)
      (%a as %x: tensor<?x64xf32>{%m}) -> (tensor<?x64xf32>{%m}) as (%out) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %t = tensor.extract_slice %x[%oi, %oj] [32, 32] [1, 1]
        : tensor<?x64xf32> to tensor<32x32xf32>
    // A store before other ops of the body: it still writes the tile.
    %e = math.exp %t : tensor<32x32xf32>
    codegen.store %e into %out[%oi, %oj] [32, 32] [1, 1]
        : tensor<32x32xf32> into tensor<?x64xf32>
    %unused = arith.muli %nj, %oj : index
  }
  return %r : tensor<?x64xf32>
}

// -----

// Two results and two stores into one of them: three parallel inserts in
// store order.
// CHECK-LABEL: func.func @two_results
// CHECK: %{{.*}}:2 = scf.forall (%[[I:.*]]) in (4) shared_outs(%[[P:.*]] = %{{.*}}, %[[Q:.*]] = %{{.*}}) -> (tensor<8xf32>, tensor<4xi32>) {
// CHECK:   scf.forall.in_parallel {
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[P]][%[[I]]] [1] [1]
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[Q]][%[[I]]] [1] [1]
// CHECK-NEXT: tensor.parallel_insert_slice %{{.*}} into %[[P]][%{{.*}}] [1] [1]
// CHECK-NEXT: }
func.func @two_results(%f: tensor<1xf32>, %g: tensor<1xi32>) -> (tensor<8xf32>, tensor<4xi32>) {
  %c4 = arith.constant 4 : index
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c4)
      (%f as %x: tensor<1xf32>, %g as %y: tensor<1xi32>)
      -> (tensor<8xf32>, tensor<4xi32>) as (%p, %q) {
    codegen.store %x into %p[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    codegen.store %y into %q[%i] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %k = arith.addi %i, %n : index
    codegen.store %x into %p[%k] [1] [1] : tensor<1xf32> into tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<4xi32>
}
