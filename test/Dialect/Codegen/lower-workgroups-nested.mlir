// RUN: scope-opt --split-input-file --codegen-lower-workgroups %s | FileCheck %s

// codegen-lower-workgroups on bodies whose stores do not all run once per
// workgroup at its end: a result stored from a loop, an `if` or another
// block is written into a buffer (a tied one starts as a copy of its
// capture), which the scope's result reads after the loop.

// A store in an scf.for: a copy into a subview of the buffer, in the loop.
// CHECK-LABEL: func.func @store_in_for
// CHECK-SAME: (%[[A:.*]]: tensor<16xf32>)
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<16xf32>
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   scf.for %[[H:.*]] =
// CHECK:     %[[OFF:.*]] = affine.apply #{{.*}}(%[[I]], %[[H]])
// CHECK:     %[[S:.*]] = tensor.extract_slice %[[A]][%[[OFF]]] [2] [1]
// CHECK:     %[[V:.*]] = memref.subview %[[BUF]][%[[OFF]]] [2] [1]
// CHECK:     bufferization.materialize_in_destination %[[S]] in writable %[[V]]
// CHECK:   }
// CHECK-NOT: scf.forall.in_parallel
// CHECK: }
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[BUF]] restrict writable
// CHECK-NOT: codegen.
// CHECK: return %[[R]]
func.func @store_in_for(%a: tensor<16xf32>) -> tensor<16xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<16xf32>)
      -> (tensor<16xf32>) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %h = %c0 to %c2 step %c1 {
      %off = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 * 2)>(%i, %h)
      %s = tensor.extract_slice %x[%off] [2] [1] : tensor<16xf32> to tensor<2xf32>
      codegen.store %s into %o[%off] [2] [1] : tensor<2xf32> into tensor<16xf32>
    }
  }
  return %r : tensor<16xf32>
}

// -----

// A tied result whose stores all run once at the end: the capture is the
// loop's shared output (bufferization writes it in place where it can).
// CHECK-LABEL: func.func @tied_top
// CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<4xf32>)
// CHECK: %[[R:.*]] = scf.forall (%[[I:.*]]) in (4) shared_outs(%[[O:.*]] = %[[A]]) -> (tensor<8xf32>) {
// CHECK:   %[[S:.*]] = tensor.extract_slice %[[B]][%[[I]]] [1] [1]
// CHECK:   scf.forall.in_parallel {
// CHECK:     tensor.parallel_insert_slice %[[S]] into %[[O]][%[[I]]] [1] [1]
// CHECK: return %[[R]]
func.func @tied_top(%a: tensor<8xf32>, %b: tensor<4xf32>) -> tensor<8xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<8xf32>, %b as %y: tensor<4xf32>)
      -> (%a) as (%o) {
    %s = tensor.extract_slice %y[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// A tied result stored under an scf.if: its buffer starts as a copy of the
// capture (the elements no workgroup stores).
// CHECK-LABEL: func.func @tied_if
// CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[B:.*]]: tensor<4xf32>, %[[C:.*]]: i1)
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
// CHECK: bufferization.materialize_in_destination %[[A]] in writable %[[BUF]]
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   scf.if %[[C]] {
// CHECK:     %[[V:.*]] = memref.subview %[[BUF]][%[[I]]] [1] [1]
// CHECK:     bufferization.materialize_in_destination %{{.*}} in writable %[[V]]
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[BUF]] restrict writable
// CHECK: return %[[R]]
func.func @tied_if(%a: tensor<8xf32>, %b: tensor<4xf32>, %c: i1) -> tensor<8xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<8xf32>, %b as %y: tensor<4xf32>, %c as %cond: i1)
      -> (%a) as (%o) {
    scf.if %cond {
      %s = tensor.extract_slice %y[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
      codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// A body of several blocks: an scf.execute_region in the loop, each
// codegen.yield a branch to one block that yields.
// CHECK-LABEL: func.func @blocks
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %[[C:.*]]: i1)
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   scf.execute_region {
// CHECK:     cf.cond_br %[[C]], ^[[BB1:.*]], ^[[BB2:.*]]
// CHECK:   ^[[BB1]]:
// CHECK:     memref.subview %[[BUF]][%[[I]]] [1] [1]
// CHECK:     bufferization.materialize_in_destination
// CHECK:     cf.br ^[[EXIT:.*]]
// CHECK:   ^[[BB2]]:
// CHECK:     arith.negf
// CHECK:     memref.subview %[[BUF]][%[[I]]] [1] [1]
// CHECK:     bufferization.materialize_in_destination
// CHECK:     cf.br ^[[EXIT]]
// CHECK:   ^[[EXIT]]:
// CHECK-NEXT: scf.yield
// CHECK-NOT: codegen.yield
// CHECK: bufferization.to_tensor %[[BUF]] restrict writable
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
    %e = arith.negf %s : tensor<1xf32>
    codegen.store %e into %o[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    codegen.yield
  }
  return %r : tensor<4xf32>
}
