// RUN: scope-opt --split-input-file --convert-func-to-llvm --finalize-memref-to-llvm --util-lower-optimization-barriers --reconcile-unrealized-casts %s | FileCheck %s

// Every scalar goes through an empty inline assembly block in a 64-bit
// register: integers widened, floats as their bits, index as i64.
// CHECK-LABEL: llvm.func @scalars
//  CHECK-SAME:     (%[[I:.+]]: i32, %[[B:.+]]: i1, %[[H:.+]]: f16, %[[F:.+]]: f32, %[[N:.+]]: i64)
//       CHECK:   %[[IW:.+]] = llvm.zext %[[I]] : i32 to i64
//       CHECK:   %[[IA:.+]] = llvm.inline_asm "", "=r,0" %[[IW]] : (i64) -> i64
//       CHECK:   llvm.trunc %[[IA]] : i64 to i32
//       CHECK:   %[[BW:.+]] = llvm.zext %[[B]] : i1 to i64
//       CHECK:   llvm.inline_asm "", "=r,0" %[[BW]] : (i64) -> i64
//       CHECK:   llvm.trunc %{{.+}} : i64 to i1
//       CHECK:   %[[HB:.+]] = llvm.bitcast %[[H]] : f16 to i16
//       CHECK:   llvm.zext %[[HB]] : i16 to i64
//       CHECK:   llvm.inline_asm "", "=r,0"
//       CHECK:   llvm.bitcast %{{.+}} : i16 to f16
//       CHECK:   llvm.bitcast %[[F]] : f32 to i32
//       CHECK:   llvm.inline_asm "", "=r,0"
//       CHECK:   llvm.bitcast %{{.+}} : i32 to f32
//       CHECK:   llvm.inline_asm "", "=r,0" %[[N]] : (i64) -> i64
//   CHECK-NOT:   util.optimization_barrier
func.func @scalars(%i: i32, %b: i1, %h: f16, %f: f32, %n: index) -> (i32, i1, f16, f32, index) {
  %r:5 = util.optimization_barrier %i, %b, %h, %f, %n : i32, i1, f16, f32, index
  return %r#0, %r#1, %r#2, %r#3, %r#4 : i32, i1, f16, f32, index
}

// -----

// A memref descriptor is hidden field by field: both pointers, the offset,
// every size and every stride, so LLVM neither folds loads from a constant
// global through it nor specializes code on its sizes.
// CHECK-LABEL: llvm.func @descriptor
//   CHECK-COUNT-2:   llvm.inline_asm "", "=r,0" %{{.+}} : (!llvm.ptr) -> !llvm.ptr
//   CHECK-COUNT-5:   llvm.inline_asm "", "=r,0" %{{.+}} : (i64) -> i64
//   CHECK-NOT:   llvm.inline_asm
//       CHECK:   llvm.return
func.func @descriptor(%m: memref<?x4xf32>) -> memref<?x4xf32> {
  %r = util.optimization_barrier %m : memref<?x4xf32>
  return %r : memref<?x4xf32>
}

// -----

// An unranked descriptor: its rank and its pointer.
// CHECK-LABEL: llvm.func @unranked
//       CHECK:   llvm.inline_asm "", "=r,0" %{{.+}} : (i64) -> i64
//       CHECK:   llvm.inline_asm "", "=r,0" %{{.+}} : (!llvm.ptr) -> !llvm.ptr
//   CHECK-NOT:   llvm.inline_asm
func.func @unranked(%m: memref<*xf32>) -> memref<*xf32> {
  %r = util.optimization_barrier %m : memref<*xf32>
  return %r : memref<*xf32>
}
