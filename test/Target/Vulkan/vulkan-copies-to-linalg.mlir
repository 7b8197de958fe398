// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(vulkan-copies-to-linalg))" %s | FileCheck %s

// A copy bufferization made (here into a strided view of the result, as a
// bufferized tensor.pad makes) becomes a linalg.copy of the same buffers,
// which the buffer pipeline then turns into a loop nest like any linalg op.
// CHECK-LABEL: func.func @into_view
//  CHECK-SAME: (%[[X:.+]]: memref<4x7xf32>, %[[Y:.+]]: memref<6x10xf32>)
//       CHECK: %[[VIEW:.+]] = memref.subview %[[Y]][1, 2] [4, 7] [1, 1]
//       CHECK: linalg.copy ins(%[[X]] : memref<4x7xf32>) outs(%[[VIEW]] : memref<4x7xf32, strided<[10, 1], offset: 12>>)
//   CHECK-NOT: memref.copy
func.func @into_view(%x: memref<4x7xf32>, %y: memref<6x10xf32>) {
  %view = memref.subview %y[1, 2] [4, 7] [1, 1] : memref<6x10xf32> to memref<4x7xf32, strided<[10, 1], offset: 12>>
  memref.copy %x, %view : memref<4x7xf32> to memref<4x7xf32, strided<[10, 1], offset: 12>>
  return
}
