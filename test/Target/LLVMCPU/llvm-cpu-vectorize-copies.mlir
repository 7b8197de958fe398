// RUN: scope-opt --split-input-file --llvm-cpu-vectorize-copies %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-vectorize-copies=max-elements=64 %s | FileCheck %s --check-prefix=SMALL

// A static strided block (a tile copied into a padded buffer): one vector
// read and one vector write instead of the runtime's strided copy.
// CHECK-LABEL: func.func @static_block
//       CHECK:   %[[R:.+]] = vector.transfer_read %{{.+}} : memref<1x8x16xf32, strided<[4096, 64, 1], offset: ?>>, vector<1x8x16xf32>
//       CHECK:   vector.transfer_write %[[R]], %{{.+}} : vector<1x8x16xf32>, memref<1x8x16xf32, strided<[4624, 68, 1], offset: ?>>
//   CHECK-NOT:   memref.copy
// 128 elements are over a limit of 64: copied a row of 16 at a time (its
// rows are contiguous, its 8 rows are not).
// SMALL-LABEL: func.func @static_block
//       SMALL:   scf.for {{.+}} to %c8
//       SMALL:     vector.transfer_read {{.+}} vector<16xf32>
//   SMALL-NOT:   memref.copy
//       SMALL:   return
func.func @static_block(%a: memref<4x64x64xf32>, %b: memref<4x68x68xf32>, %i: index, %j: index) {
  %s = memref.subview %a[%i, %j, 0] [1, 8, 16] [1, 1, 1] : memref<4x64x64xf32> to memref<1x8x16xf32, strided<[4096, 64, 1], offset: ?>>
  %d = memref.subview %b[%i, %j, 2] [1, 8, 16] [1, 1, 1] : memref<4x68x68xf32> to memref<1x8x16xf32, strided<[4624, 68, 1], offset: ?>>
  memref.copy %s, %d : memref<1x8x16xf32, strided<[4096, 64, 1], offset: ?>> to memref<1x8x16xf32, strided<[4624, 68, 1], offset: ?>>
  return
}

// -----

// A block copied onto itself through two identical subviews (the in-place
// insert of a tile) does nothing: erased, whatever its shape.
// CHECK-LABEL: func.func @self_copy
//   CHECK-NOT:   memref.copy
//   CHECK-NOT:   vector.transfer
func.func @self_copy(%a: memref<64x64xf32>, %i: index, %n: index) {
  %s = memref.subview %a[%i, 0] [%n, 16] [1, 1] : memref<64x64xf32> to memref<?x16xf32, strided<[64, 1], offset: ?>>
  %d = memref.subview %a[%i, 0] [%n, 16] [1, 1] : memref<64x64xf32> to memref<?x16xf32, strided<[64, 1], offset: ?>>
  memref.copy %s, %d : memref<?x16xf32, strided<[64, 1], offset: ?>> to memref<?x16xf32, strided<[64, 1], offset: ?>>
  return
}

// -----

// Subviews at different offsets are a real copy; dynamic sizes keep it a
// memref.copy, as does a large static one.
// CHECK-LABEL: func.func @left_alone
//       CHECK:   memref.copy %{{.+}}, %{{.+}} : memref<?x16xf32
//       CHECK:   memref.copy %{{.+}}, %{{.+}} : memref<64x64xf32>
//   CHECK-NOT:   vector.transfer
func.func @left_alone(%a: memref<64x64xf32>, %b: memref<64x64xf32>, %i: index, %n: index) {
  %s = memref.subview %a[%i, 0] [%n, 16] [1, 1] : memref<64x64xf32> to memref<?x16xf32, strided<[64, 1], offset: ?>>
  %d = memref.subview %a[%i, 16] [%n, 16] [1, 1] : memref<64x64xf32> to memref<?x16xf32, strided<[64, 1], offset: ?>>
  memref.copy %s, %d : memref<?x16xf32, strided<[64, 1], offset: ?>> to memref<?x16xf32, strided<[64, 1], offset: ?>>
  memref.copy %a, %b : memref<64x64xf32> to memref<64x64xf32>
  return
}

// -----

// i1 elements take a byte each in memory, but the LLVM lowering packs a
// vector of them into bits: the copy stays a memref.copy.
// CHECK-LABEL: func.func @booleans
//       CHECK:   memref.copy
//   CHECK-NOT:   vector.transfer
func.func @booleans(%a: memref<2x3xi1>, %b: memref<2x3xi1>) {
  memref.copy %a, %b : memref<2x3xi1> to memref<2x3xi1>
  return
}

// -----

// Larger copies of rows: the query slice of a fused QKV projection (rows of
// 4x64 contiguous elements, 768 apart) is copied a row at a time, each row
// one vector read and write; a row over the limit is a contiguous copy
// (which the LLVM lowering makes a memcpy). A copy contiguous as a whole, a
// copy along a strided innermost dim and a dynamic one stay.
// CHECK-LABEL: func.func @rows
//       CHECK:   scf.for %[[I:.+]] = %{{.+}} to %c128 step %c1
//       CHECK:     %[[S:.+]] = memref.subview %{{.+}}[%[[I]], 0, 0] [1, 4, 64] [1, 1, 1] : memref<128x4x64xf32, strided<[768, 64, 1], offset: 256>> to memref<4x64xf32, strided<[64, 1], offset: ?>>
//       CHECK:     %[[D:.+]] = memref.subview %{{.+}}[%[[I]], 0, 0] [1, 4, 64] [1, 1, 1] : memref<128x4x64xf32> to memref<4x64xf32, strided<[64, 1], offset: ?>>
//       CHECK:     %[[R:.+]] = vector.transfer_read %[[S]]
//       CHECK:     vector.transfer_write %[[R]], %[[D]]
//   CHECK-NOT:   memref.copy
// SMALL-LABEL: func.func @rows
//       SMALL:   scf.for {{.+}} to %c128
//       SMALL:     memref.copy {{.+}} : memref<4x64xf32, strided<[64, 1], offset: ?>> to memref<4x64xf32, strided<[64, 1], offset: ?>>
//   SMALL-NOT:   vector.transfer_read
func.func @rows(%a: memref<128x4x64xf32, strided<[768, 64, 1], offset: 256>>, %b: memref<128x4x64xf32>) {
  memref.copy %a, %b : memref<128x4x64xf32, strided<[768, 64, 1], offset: 256>> to memref<128x4x64xf32>
  return
}

// CHECK-LABEL: func.func @long_rows
//       CHECK:   scf.for {{.+}} to %c4
//       CHECK:     memref.copy {{.+}} : memref<4096xf32, strided<[1], offset: ?>> to memref<4096xf32, strided<[1], offset: ?>>
//   CHECK-NOT:   vector.transfer_read
func.func @long_rows(%a: memref<4x4096xf32, strided<[8192, 1]>>, %b: memref<4x4096xf32>) {
  memref.copy %a, %b : memref<4x4096xf32, strided<[8192, 1]>> to memref<4x4096xf32>
  return
}

// CHECK-LABEL: func.func @contiguous
//   CHECK-NOT:   scf.for
//       CHECK:   memref.copy
func.func @contiguous(%a: memref<128x256xf32>, %b: memref<128x256xf32, strided<[256, 1], offset: 64>>) {
  memref.copy %a, %b : memref<128x256xf32> to memref<128x256xf32, strided<[256, 1], offset: 64>>
  return
}

// CHECK-LABEL: func.func @columns
//   CHECK-NOT:   scf.for
//       CHECK:   memref.copy
func.func @columns(%a: memref<64x64xf32, strided<[1, 64]>>, %b: memref<64x64xf32>) {
  memref.copy %a, %b : memref<64x64xf32, strided<[1, 64]>> to memref<64x64xf32>
  return
}

// CHECK-LABEL: func.func @dynamic_rows
//   CHECK-NOT:   scf.for
//       CHECK:   memref.copy
func.func @dynamic_rows(%a: memref<?x256xf32, strided<[768, 1]>>, %b: memref<?x256xf32>) {
  memref.copy %a, %b : memref<?x256xf32, strided<[768, 1]>> to memref<?x256xf32>
  return
}
