// RUN: scope-opt --split-input-file --check-lower-to-runtime %s | FileCheck %s

// Scalar expectations: the operand widened to i64 (zero-extended for i1,
// sign-extended otherwise) and the site's address go to the runtime. The
// site holds the op's location and name.
// CHECK-LABEL: module
//   CHECK-DAG:   func.func private @scopeir_check_expect_true(i64, !llvm.ptr){{$}}
//   CHECK-DAG:   func.func private @scopeir_check_expect_false(i64, !llvm.ptr){{$}}
//   CHECK-DAG:   llvm.mlir.global internal constant @[[T:__scopeir_check_site_[0-9]+]]("{{.*}}lower-to-runtime.mlir:20:3\00check.expect_true\00")
//   CHECK-DAG:   llvm.mlir.global internal constant @[[F:__scopeir_check_site_[0-9]+]]("{{.*}}lower-to-runtime.mlir:21:3\00check.expect_false\00")
//       CHECK: func.func @scalars(%[[I:.+]]: i32, %[[B:.+]]: i1)
//       CHECK:   %[[TA:.+]] = llvm.mlir.addressof @[[T]] : !llvm.ptr
//       CHECK:   %[[IW:.+]] = arith.extsi %[[I]] : i32 to i64
//       CHECK:   call @scopeir_check_expect_true(%[[IW]], %[[TA]]) : (i64, !llvm.ptr) -> ()
//       CHECK:   %[[FA:.+]] = llvm.mlir.addressof @[[F]] : !llvm.ptr
//       CHECK:   %[[BW:.+]] = arith.extui %[[B]] : i1 to i64
//       CHECK:   call @scopeir_check_expect_false(%[[BW]], %[[FA]]) : (i64, !llvm.ptr) -> ()
//   CHECK-NOT:   check.
func.func @scalars(%i: i32, %b: i1) {
  check.expect_true(%i) : i32
  check.expect_false(%b) : i1
  return
}

// -----

// Tensor expectations pass read-only buffers in a fully dynamic layout,
// cast to unranked memrefs, to the entry point of their element type, which
// takes them through the C interface.
// CHECK-LABEL: module
//   CHECK-DAG:   func.func private @scopeir_check_expect_eq_i32(memref<*xi32>, memref<*xi32>, !llvm.ptr) attributes {llvm.emit_c_interface}
//       CHECK: func.func @eq(%[[L:.+]]: tensor<?x4xi32>, %[[R:.+]]: tensor<?x4xi32>)
//       CHECK:   %[[S:.+]] = llvm.mlir.addressof
//       CHECK:   %[[LB:.+]] = bufferization.to_buffer %[[L]] read_only : tensor<?x4xi32> to memref<?x4xi32, strided<[?, ?], offset: ?>>
//       CHECK:   %[[LU:.+]] = memref.cast %[[LB]] : memref<?x4xi32, strided<[?, ?], offset: ?>> to memref<*xi32>
//       CHECK:   %[[RB:.+]] = bufferization.to_buffer %[[R]] read_only
//       CHECK:   %[[RU:.+]] = memref.cast %[[RB]]
//       CHECK:   call @scopeir_check_expect_eq_i32(%[[LU]], %[[RU]], %[[S]])
func.func @eq(%l: tensor<?x4xi32>, %r: tensor<?x4xi32>) {
  check.expect_eq(%l, %r) : tensor<?x4xi32>
  return
}

// -----

// The _const forms materialize the constant; almost_eq passes its
// tolerances (here atol given, rtol the default).
// CHECK-LABEL: module
//   CHECK-DAG:   func.func private @scopeir_check_expect_almost_eq_f16(memref<*xf16>, memref<*xf16>, f32, f32, !llvm.ptr) attributes {llvm.emit_c_interface}
//   CHECK-DAG:   llvm.mlir.global internal constant @{{.+}}("{{.*}}:61:3\00check.expect_almost_eq_const\00")
//       CHECK: func.func @almost_eq_const(%[[L:.+]]: tensor<2xf16>)
//   CHECK-DAG:   %[[C:.+]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf16>
//   CHECK-DAG:   %[[ATOL:.+]] = arith.constant 5.000000e-01 : f32
//   CHECK-DAG:   %[[RTOL:.+]] = arith.constant 0.000000e+00 : f32
//   CHECK-DAG:   %[[LB:.+]] = bufferization.to_buffer %[[L]] read_only
//   CHECK-DAG:   %[[CB:.+]] = bufferization.to_buffer %[[C]] read_only
//   CHECK-DAG:   %[[LU:.+]] = memref.cast %[[LB]]
//   CHECK-DAG:   %[[CU:.+]] = memref.cast %[[CB]]
//       CHECK:   call @scopeir_check_expect_almost_eq_f16(%[[LU]], %[[CU]], %[[ATOL]], %[[RTOL]], %{{.+}})
func.func @almost_eq_const(%l: tensor<2xf16>) {
  check.expect_almost_eq_const(%l, dense<[1.0, 2.0]> : tensor<2xf16>, atol 0.5) : tensor<2xf16>
  return
}

// -----

// One declaration per entry point, however many calls (a second one would
// not verify). Rank-0 tensors, index and i1 elements have entry points too.
// CHECK-LABEL: module
//   CHECK-DAG: func.func private @scopeir_check_expect_eq_index(memref<*xindex>, memref<*xindex>, !llvm.ptr)
//   CHECK-DAG: func.func private @scopeir_check_expect_eq_i1(memref<*xi1>, memref<*xi1>, !llvm.ptr)
//       CHECK: func.func @shared
//       CHECK:   bufferization.to_buffer %{{.+}} read_only : tensor<index> to memref<index, strided<[], offset: ?>>
//       CHECK:   call @scopeir_check_expect_eq_index
//       CHECK:   call @scopeir_check_expect_eq_index
//       CHECK:   call @scopeir_check_expect_eq_i1
func.func @shared(%n: tensor<index>, %b: tensor<3xi1>) {
  check.expect_eq(%n, %n) : tensor<index>
  check.expect_eq(%n, %n) : tensor<index>
  check.expect_eq_const(%b, dense<[true, false, true]> : tensor<3xi1>) : tensor<3xi1>
  return
}

// -----

// An unranked tensor needs no cast.
// CHECK-LABEL: func.func @unranked
//       CHECK:   %[[B:.+]] = bufferization.to_buffer %{{.+}} read_only : tensor<*xf64> to memref<*xf64>
//   CHECK-NOT:   memref.cast
//       CHECK:   call @scopeir_check_expect_eq_f64(%[[B]], %[[B2:.+]], %{{.+}})
func.func @unranked(%t: tensor<*xf64>) {
  check.expect_eq(%t, %t) : tensor<*xf64>
  return
}
