// RUN: scope-opt --split-input-file --codegen-lower-workgroups=check-stores %s | FileCheck %s

// codegen-lower-workgroups{check-stores}: every result is written into a
// buffer; each store, where and whenever the workgroup runs it, first checks
// its bounds (the first workgroup out of bounds fills an i64 record), then
// copies its tile and adds one, atomically, to an i32 counter per stored
// element. After the loop: the record, then the first element not stored
// exactly once; a failure prints a message and calls exit(1).

// CHECK-LABEL: func.func private @exit(i32)
// CHECK-LABEL: func.func @count
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<12xf32>
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[COUNTER:.*]] = memref.alloc() : memref<12xi32>
// CHECK: scf.for
// CHECK:   memref.store %[[ZERO]], %[[COUNTER]]
// CHECK: %[[RECORD:.*]] = memref.alloc() : memref<8xi64>
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   %[[OFF:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK:   %[[TILE:.*]] = tensor.extract_slice
// CHECK:   %[[DIM:.*]] = memref.dim %[[BUF]]
// CHECK:   arith.cmpi sge, %{{.*}}, %[[DIM]] : index
// CHECK:   scf.if %{{.*}} {
// CHECK:     %[[PREV:.*]] = memref.atomic_rmw assign %{{.*}}, %[[RECORD]][%{{.*}}] : (i64, memref<8xi64>) -> i64
// CHECK:     %[[FIRST:.*]] = arith.cmpi eq, %[[PREV]]
// CHECK:     scf.if %[[FIRST]] {
// CHECK:       memref.store %{{.*}}, %[[RECORD]]
// CHECK:   } else {
// CHECK:     %[[VIEW:.*]] = memref.subview %[[BUF]][%[[OFF]]] [3] [1]
// CHECK:     bufferization.materialize_in_destination %[[TILE]] in writable %[[VIEW]]
// CHECK:     scf.for
// CHECK:       memref.atomic_rmw addi %{{.*}}, %[[COUNTER]][%{{.*}}] : (i32, memref<12xi32>) -> i32
// CHECK: }
// CHECK: %[[CLAIM:.*]] = memref.load %[[RECORD]]
// CHECK: %[[RECORDED:.*]] = arith.cmpi ne, %[[CLAIM]]
// CHECK: scf.if %[[RECORDED]] {
// CHECK:   vector.print str "codegen-check-stores: error: codegen.scope.workgroups at {{.*}}lower-workgroups-check-stores.mlir:{{[0-9]+}}:{{[0-9]+}}: "
// CHECK:   vector.print str " stores result #"
// CHECK:   vector.print str " outside its extent in dimension #"
// CHECK:   call @exit
// CHECK: scf.for %[[E:.*]] =
// CHECK:   %[[N:.*]] = memref.load %[[COUNTER]][%[[E]]]
// CHECK:   %[[WRONG:.*]] = arith.cmpi ne, %[[N]], %{{.*}} : i32
// CHECK:   scf.if %[[WRONG]] {
// CHECK:     vector.print str " times by the workgroups (expected exactly once)"
// CHECK:     call @exit
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[BUF]] restrict writable
// CHECK: return %[[R]]
func.func @count(%a: tensor<12xf32>) -> tensor<12xf32> {
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

// An offset computed by a call (it may have side effects) and a store in a
// loop: the check counts what the workgroup runs, so neither is a problem.
// CHECK-LABEL: func.func @nested_impure
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   scf.for %[[H:.*]] =
// CHECK:     %[[OFF:.*]] = func.call @offset_of
// CHECK:     scf.if %{{.*}} {
// CHECK:     } else {
// CHECK:       memref.subview %{{.*}}[%[[OFF]]] [1] [1]
// CHECK:       bufferization.materialize_in_destination
// CHECK:       memref.atomic_rmw addi
// CHECK:     }
// CHECK:   }
// CHECK: }
func.func @nested_impure(%a: tensor<12xf32>) -> tensor<12xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
      -> (tensor<12xf32>) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    scf.for %h = %c0 to %c3 step %c1 {
      %k = affine.apply affine_map<(d0, d1) -> (d0 * 3 + d1)>(%i, %h)
      %off = func.call @offset_of(%k) : (index) -> index
      %t = tensor.extract_slice %x[%off] [1] [1] : tensor<12xf32> to tensor<1xf32>
      codegen.store %t into %o[%off] [1] [1] : tensor<1xf32> into tensor<12xf32>
    }
  }
  return %r : tensor<12xf32>
}

// -----

// A tied result: its buffer starts as a copy of the capture, and an element
// may be stored at most once.
// CHECK-LABEL: func.func @tied
// CHECK-SAME: (%[[A:.*]]: tensor<12xf32>)
// CHECK: %[[BUF:.*]] = memref.alloc() {alignment = 64 : i64} : memref<12xf32>
// CHECK: bufferization.materialize_in_destination %[[A]] in writable %[[BUF]]
// CHECK: scf.forall
// CHECK: scf.for
// CHECK:   %[[N:.*]] = memref.load %{{.*}}[%{{.*}}] : memref<12xi32>
// CHECK:   %[[WRONG:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
// CHECK:   scf.if %[[WRONG]] {
// CHECK:     vector.print str " times by the workgroups (expected at most once: it is tied to capture #0)"
// CHECK: bufferization.to_tensor %[[BUF]] restrict writable
func.func @tied(%a: tensor<12xf32>) -> tensor<12xf32> {
  %c4 = arith.constant 4 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
      -> (%a) as (%o) {
    %t = tensor.extract_slice %x[%i] [1] [1] : tensor<12xf32> to tensor<1xf32>
    codegen.store %t into %o[%i] [1] [1] : tensor<1xf32> into tensor<12xf32>
  }
  return %r : tensor<12xf32>
}
