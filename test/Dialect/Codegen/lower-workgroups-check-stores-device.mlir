// RUN: scope-opt --split-input-file --codegen-lower-workgroups=check-stores %s | FileCheck %s

// codegen-lower-workgroups{check-stores} in a scope placed on a device with
// memory of its own (vulkan): the counters and the record are device
// buffers the host never reads. The record is a table with a row per
// workgroup (no atomic claim: each workgroup flags its own first
// out-of-bounds store); after the loop both are downloaded by
// flow.buffer.transfer, and the host scans the copies: the first flagged
// row in grid order, then the counters.

// CHECK-LABEL: func.func @count
// CHECK: %[[COUNTER:.*]] = memref.alloc() : memref<12xi32>
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[COUNTER]]
// CHECK: %[[ROWS:.*]] = arith.muli %{{.*}}, %[[C4:.*]] : index
// CHECK: %[[TABLE:.*]] = memref.alloc(%[[ROWS]]) : memref<?x8xi64>
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[ROWS]]
// CHECK:   memref.store %{{.*}}, %[[TABLE]][%[[R]], %{{.*}}] : memref<?x8xi64>
// CHECK: scf.forall (%[[I:.*]]) in (4) {
// CHECK:   scf.if %{{.*}} {
// CHECK-NOT:   memref.atomic_rmw
// CHECK:     %[[ROW:.*]] = arith.addi %{{.*}}, %[[I]] : index
// CHECK:     %[[FLAG:.*]] = memref.load %[[TABLE]][%[[ROW]], %{{.*}}]
// CHECK:     %[[UNSET:.*]] = arith.cmpi eq, %[[FLAG]]
// CHECK:     scf.if %[[UNSET]] {
// CHECK:       memref.store %{{.*}}, %[[TABLE]][%[[ROW]], %{{.*}}]
// CHECK:   } else {
// CHECK:     memref.atomic_rmw addi %{{.*}}, %[[COUNTER]][%{{.*}}] : (i32, memref<12xi32>) -> i32
// CHECK: }
// CHECK: %[[HOSTTABLE:.*]] = memref.alloc(%{{.*}}) : memref<?x8xi64>
// CHECK: flow.buffer.transfer %[[TABLE]], %[[HOSTTABLE]] : memref<?x8xi64>, memref<?x8xi64> from #hal.device.target<"vulkan"> to host
// CHECK: %[[HOSTCOUNTER:.*]] = memref.alloc() : memref<12xi32>
// CHECK: flow.buffer.transfer %[[COUNTER]], %[[HOSTCOUNTER]] : memref<12xi32>, memref<12xi32> from #hal.device.target<"vulkan"> to host
// CHECK: scf.for %[[ROW2:.*]] =
// CHECK:   %[[SET:.*]] = memref.load %[[HOSTTABLE]][%[[ROW2]], %{{.*}}]
// CHECK:   %[[RECORDED:.*]] = arith.cmpi ne, %[[SET]]
// CHECK:   scf.if %[[RECORDED]] {
// CHECK:     vector.print str " outside its extent in dimension #"
// CHECK:     call @exit
// CHECK: scf.for %[[E:.*]] =
// CHECK:   memref.load %[[HOSTCOUNTER]][%[[E]]]
// CHECK:   call @exit
func.func @count(%a: tensor<12xf32>) -> tensor<12xf32> {
  %r = util.scope [#hal.device.target<"vulkan">] -> (tensor<12xf32>) {
    %c4 = arith.constant 4 : index
    %w = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
        -> (tensor<12xf32>) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
      %t = tensor.extract_slice %x[%off] [3] [1] : tensor<12xf32> to tensor<3xf32>
      codegen.store %t into %o[%off] [3] [1] : tensor<3xf32> into tensor<12xf32>
    }
    util.return %w : tensor<12xf32>
  }
  return %r : tensor<12xf32>
}

// -----

// A placement without memory of its own (llvm-cpu) keeps the host form:
// one record, claimed atomically, read where it is.
// CHECK-LABEL: func.func @host_device
// CHECK: %[[RECORD:.*]] = memref.alloc() : memref<8xi64>
// CHECK: memref.atomic_rmw assign %{{.*}}, %[[RECORD]]
// CHECK-NOT: flow.buffer.transfer
// CHECK: memref.load %[[RECORD]]
func.func @host_device(%a: tensor<12xf32>) -> tensor<12xf32> {
  %r = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<12xf32>) {
    %c4 = arith.constant 4 : index
    %w = codegen.scope.workgroups (%i) in (%n = %c4) (%a as %x: tensor<12xf32>)
        -> (tensor<12xf32>) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
      %t = tensor.extract_slice %x[%off] [3] [1] : tensor<12xf32> to tensor<3xf32>
      codegen.store %t into %o[%off] [3] [1] : tensor<3xf32> into tensor<12xf32>
    }
    util.return %w : tensor<12xf32>
  }
  return %r : tensor<12xf32>
}
