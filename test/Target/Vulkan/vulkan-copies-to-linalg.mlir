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

// -----

// Deallocation clones a result the function does not own (an argument it
// returns): the clone becomes a new buffer filled by a linalg.copy, a kernel
// on the device instead of a host copy through the argument's handle.
// CHECK-LABEL: func.func @clone_argument
//  CHECK-SAME: (%[[X:.+]]: memref<2x3xf32>)
//       CHECK: %[[NEW:.+]] = memref.alloc() : memref<2x3xf32>
//       CHECK: linalg.copy ins(%[[X]] : memref<2x3xf32>) outs(%[[NEW]] : memref<2x3xf32>)
//   CHECK-NOT: bufferization.clone
//       CHECK: return %[[NEW]]
func.func @clone_argument(%x: memref<2x3xf32>) -> memref<2x3xf32> {
  %0 = bufferization.clone %x : memref<2x3xf32> to memref<2x3xf32>
  return %0 : memref<2x3xf32>
}

// -----

// A constant the function returns: the kernel reads the global (the runtime
// uploads it as a constant) and writes the new buffer.
// CHECK-LABEL: func.func @clone_constant
//       CHECK: %[[G:.+]] = memref.get_global @cst
//       CHECK: %[[NEW:.+]] = memref.alloc() : memref<4xf32>
//       CHECK: linalg.copy ins(%[[G]] : memref<4xf32>) outs(%[[NEW]] : memref<4xf32>)
//       CHECK: return %[[NEW]]
memref.global "private" constant @cst : memref<4xf32> = dense<1.0>
func.func @clone_constant() -> memref<4xf32> {
  %g = memref.get_global @cst : memref<4xf32>
  %0 = bufferization.clone %g : memref<4xf32> to memref<4xf32>
  return %0 : memref<4xf32>
}

// -----

// Dynamic sizes are the source's; a source with a layout of its own is
// copied into an identity-layout buffer, cast to the clone's type.
// CHECK-LABEL: func.func @clone_dynamic_view
//  CHECK-SAME: (%[[X:.+]]: memref<?x8xf32, strided<[16, 1]>>)
//       CHECK: %[[C0:.+]] = arith.constant 0 : index
//       CHECK: %[[D0:.+]] = memref.dim %[[X]], %[[C0]]
//       CHECK: %[[NEW:.+]] = memref.alloc(%[[D0]]) : memref<?x8xf32>
//       CHECK: linalg.copy ins(%[[X]] : memref<?x8xf32, strided<[16, 1]>>) outs(%[[NEW]] : memref<?x8xf32>)
//       CHECK: %[[CAST:.+]] = memref.cast %[[NEW]] : memref<?x8xf32> to memref<?x8xf32, strided<[?, ?], offset: ?>>
//       CHECK: return %[[CAST]]
func.func @clone_dynamic_view(%x: memref<?x8xf32, strided<[16, 1]>>) -> memref<?x8xf32, strided<[?, ?], offset: ?>> {
  %0 = bufferization.clone %x : memref<?x8xf32, strided<[16, 1]>> to memref<?x8xf32, strided<[?, ?], offset: ?>>
  return %0 : memref<?x8xf32, strided<[?, ?], offset: ?>>
}
