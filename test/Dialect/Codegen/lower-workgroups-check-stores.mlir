// RUN: scope-opt --split-input-file --codegen-lower-workgroups=check-stores --verify-diagnostics %s | FileCheck %s

// codegen-lower-workgroups{check-stores}: before the scf.forall, a
// sequential replay of the grid counts each stored element in an i32 tensor
// (the offsets' ops cloned), checks each store's bounds, then scans the
// counters for the first element not stored exactly once; a failure prints
// a message and calls exit(1).

// CHECK-LABEL: func.func private @exit(i32)
// CHECK-LABEL: func.func @replay
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<12xi32>
// CHECK: %[[COUNTERS:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%[[EMPTY]] : tensor<12xi32>)
// CHECK: %[[COUNTED:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[C:.*]] = %[[COUNTERS]]) -> (tensor<12xi32>) {
// CHECK:   %[[OFF:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:   scf.if
// CHECK:     vector.print str "codegen-check-stores: error: codegen.scope.workgroups at {{.*}}lower-workgroups-check-stores.mlir:{{[0-9]+}}:{{[0-9]+}}: "
// CHECK:     vector.print str " stores result #0 outside its extent in dimension #0 (offset "
// CHECK:     call @exit
// CHECK:   %[[TILE:.*]] = tensor.extract_slice %[[C]][%[[OFF]]] [3] [1]
// CHECK:   %[[INC:.*]] = linalg.generic {{.*}} outs(%[[TILE]] : tensor<3xi32>)
// CHECK:     arith.addi
// CHECK:   %[[NEXT:.*]] = tensor.insert_slice %[[INC]] into %[[C]][%[[OFF]]] [3] [1]
// CHECK:   scf.yield %[[NEXT]]
// CHECK: scf.for %[[E:.*]] =
// CHECK:   %[[N:.*]] = tensor.extract %[[COUNTED]][%[[E]]]
// CHECK:   %[[BAD:.*]] = arith.cmpi ne, %[[N]], %{{.*}} : i32
// CHECK:   scf.if %[[BAD]] {
// CHECK:     vector.print str " times by the workgroups (expected exactly once)"
// CHECK:     call @exit
// CHECK: scf.forall
func.func @replay(%a: tensor<12xf32>) -> tensor<12xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
      -> (tensor<12xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
    %t = tensor.extract_slice %x[%off] [3] [1] : tensor<12xf32> to tensor<3xf32>
    codegen.store %t into %o[%off] [3] [1] : tensor<3xf32> into tensor<12xf32>
  }
  return %r : tensor<12xf32>
}

// -----

func.func private @offset_of(index) -> index

// An offset computed by a call (it may have side effects): the replay
// cannot run it.
func.func @negative_impure_offset(%a: tensor<12xf32>) -> tensor<12xf32> {
  %c4 = arith.constant 4 : index
  // expected-note @+1 {{in this codegen.scope.workgroups}}
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
      -> (tensor<12xf32>) as (%o) {
    // expected-error @+1 {{'func.call' op has side effects, so codegen-check-stores cannot replay it: the offsets, sizes or strides of a codegen.store depend on it}}
    %off = func.call @offset_of(%i) : (index) -> index
    %t = tensor.extract_slice %x[%off] [3] [1] : tensor<12xf32> to tensor<3xf32>
    codegen.store %t into %o[%off] [3] [1] : tensor<3xf32> into tensor<12xf32>
  }
  return %r : tensor<12xf32>
}
