// RUN: scope-opt --split-input-file --llvm-cpu-broadcast-loads --canonicalize %s | FileCheck %s
// RUN: scope-opt %S/Inputs/matmul-haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu" \
// RUN:   | FileCheck %s --check-prefix=KERNEL

// In llvm-cpu's pipeline, the AVX2 contraction kernel loads each of the 6
// elements of a row of its packed left-hand side on its own (the row was a
// vector<6xf32> load).
// KERNEL-NOT: llvm.load {{.+}} -> vector<6xf32>
// KERNEL-COUNT-6: llvm.load {{.+}} : !llvm.ptr -> f32
// KERNEL-NOT: llvm.load {{.+}} -> vector<6xf32>

// The outer products of a contraction's register tile splat each element
// of a row of the packed left-hand side: each becomes a scalar load of its
// element (a vbroadcastss from memory), at the row's index plus its
// position, and the vector read goes.
// CHECK-LABEL: func.func @splats
//  CHECK-SAME:     (%[[A:[^:]+]]: memref<4x6xf32>, %[[I:[^:]+]]: index, %[[B:[^:]+]]: vector<16xf32>
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C5:.+]] = arith.constant 5 : index
//   CHECK-NOT:   vector.transfer_read
//   CHECK-DAG:   %[[E0:.+]] = memref.load %[[A]][%[[I]], %[[C1]]] : memref<4x6xf32>
//   CHECK-DAG:   %[[E5:.+]] = memref.load %[[A]][%[[I]], %[[C5]]] : memref<4x6xf32>
//   CHECK-NOT:   vector.transfer_read
//       CHECK:   %[[S0:.+]] = vector.broadcast %[[E0]] : f32 to vector<16xf32>
//       CHECK:   vector.fma %[[S0]], %[[B]]
//       CHECK:   %[[S5:.+]] = vector.broadcast %[[E5]] : f32 to vector<16xf32>
//       CHECK:   vector.fma %[[S5]], %[[B]]
func.func @splats(%a: memref<4x6xf32>, %i: index, %b: vector<16xf32>, %acc: vector<16xf32>) -> vector<16xf32> {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %row = vector.transfer_read %a[%i, %c0], %pad {in_bounds = [true]} : memref<4x6xf32>, vector<6xf32>
  %e0 = vector.extract %row[1] : f32 from vector<6xf32>
  %s0 = vector.broadcast %e0 : f32 to vector<16xf32>
  %r0 = vector.fma %s0, %b, %acc : vector<16xf32>
  %e5 = vector.extract %row[5] : f32 from vector<6xf32>
  %s5 = vector.broadcast %e5 : f32 to vector<16xf32>
  %r5 = vector.fma %s5, %b, %r0 : vector<16xf32>
  return %r5 : vector<16xf32>
}

// -----

// Left as they are: a read that may be out of bounds, a masked one, a read
// of a tensor and a read along a non-innermost dim. An element also used
// otherwise than splatted is loaded on its own for its splat, and its read
// stays for the other use.
// CHECK-LABEL: func.func @kept
//       CHECK:   vector.transfer_read %{{.+}} : memref<?xf32>, vector<6xf32>
//       CHECK:   vector.transfer_read %{{.+}}, %{{.+}} {in_bounds = [true]} : memref<6xf32>, vector<6xf32>
//       CHECK:   vector.transfer_read %{{.+}} {in_bounds = [true]} : tensor<6xf32>, vector<6xf32>
//       CHECK:   %[[L:.+]] = memref.load %{{.+}}[%{{.+}}] : memref<6xf32>
//       CHECK:   %[[U:.+]] = vector.transfer_read %{{.+}} {in_bounds = [true]} : memref<6xf32>, vector<6xf32>
//       CHECK:   %[[X:.+]] = vector.extract %[[U]][2]
//       CHECK:   %[[S:.+]] = vector.broadcast %[[L]]
//       CHECK:   vector.transfer_read %{{.+}} {in_bounds = [true], permutation_map = {{.+}}} : memref<6x6xf32>, vector<6xf32>
//   CHECK-NOT:   memref.load
//       CHECK:   return %{{.+}}, %{{.+}}, %{{.+}}, %[[S]], %[[X]],
func.func @kept(%a: memref<?xf32>, %m: memref<6xf32>, %mask: vector<6xi1>, %t: tensor<6xf32>, %u: memref<6xf32>, %p: memref<6x6xf32>)
    -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, f32, vector<8xf32>) {
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %r1 = vector.transfer_read %a[%c0], %pad : memref<?xf32>, vector<6xf32>
  %e1 = vector.extract %r1[0] : f32 from vector<6xf32>
  %s1 = vector.broadcast %e1 : f32 to vector<8xf32>
  %r2 = vector.transfer_read %m[%c0], %pad, %mask {in_bounds = [true]} : memref<6xf32>, vector<6xf32>
  %e2 = vector.extract %r2[0] : f32 from vector<6xf32>
  %s2 = vector.broadcast %e2 : f32 to vector<8xf32>
  %r3 = vector.transfer_read %t[%c0], %pad {in_bounds = [true]} : tensor<6xf32>, vector<6xf32>
  %e3 = vector.extract %r3[0] : f32 from vector<6xf32>
  %s3 = vector.broadcast %e3 : f32 to vector<8xf32>
  %r4 = vector.transfer_read %u[%c0], %pad {in_bounds = [true]} : memref<6xf32>, vector<6xf32>
  %e4 = vector.extract %r4[2] : f32 from vector<6xf32>
  %s4 = vector.broadcast %e4 : f32 to vector<8xf32>
  %r5 = vector.transfer_read %p[%c0, %c0], %pad {in_bounds = [true], permutation_map = affine_map<(d0, d1) -> (d0)>} : memref<6x6xf32>, vector<6xf32>
  %e5 = vector.extract %r5[1] : f32 from vector<6xf32>
  %s5 = vector.broadcast %e5 : f32 to vector<8xf32>
  return %s1, %s2, %s3, %s4, %e4, %s5 : vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>, f32, vector<8xf32>
}
