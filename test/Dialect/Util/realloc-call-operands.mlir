// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" --util-realloc-call-operands %s | FileCheck %s

// A slice of rows of a larger buffer passed to an identity-layout parameter:
// bufferization casts the strided subview to the identity layout, which is
// wrong for it (its row stride is the source's, not 10). The cast becomes a
// copy into a dense buffer.
// CHECK-LABEL: func.func @strided_operand
//  CHECK-SAME: (%[[T:.+]]: memref<?x?x1xf32>)
//       CHECK:   %[[SV:.+]] = memref.subview %[[T]][0, 0, 0] [2, 10, 1] [1, 1, 1]
//       CHECK:   %[[CAST:.+]] = memref.cast %[[SV]] : {{.*}} to memref<2x?x1xf32, strided<[?, 1, 1]>>
//       CHECK:   %[[D:.+]] = memref.dim %[[CAST]], %{{.+}}
//       CHECK:   %[[A:.+]] = memref.alloc(%[[D]]) {alignment = 64 : i64} : memref<2x?x1xf32>
//       CHECK:   memref.copy %[[CAST]], %[[A]]
//       CHECK:   call @read_row(%[[A]])
//   CHECK-NOT:   memref.cast {{.*}} to memref<2x?x1xf32>{{$}}
func.func private @read_row(%a: tensor<2x?x1xf32>) -> tensor<1xf32> {
  %s = tensor.cast %a : tensor<2x?x1xf32> to tensor<2x10x1xf32>
  %e = tensor.extract_slice %s[1, 2, 0] [1, 1, 1] [1, 1, 1] : tensor<2x10x1xf32> to tensor<1xf32>
  return %e : tensor<1xf32>
}
func.func @strided_operand(%t: tensor<?x?x1xf32>) -> tensor<1xf32> {
  %s = tensor.extract_slice %t[0, 0, 0] [2, 10, 1] [1, 1, 1] : tensor<?x?x1xf32> to tensor<2x10x1xf32>
  %c = tensor.cast %s : tensor<2x10x1xf32> to tensor<2x?x1xf32>
  %r = func.call @read_row(%c) : (tensor<2x?x1xf32>) -> tensor<1xf32>
  return %r : tensor<1xf32>
}

// -----

// A dense slice (whole rows of a static buffer) is passed as it is: a cast
// of a layout known to be dense needs no copy.
// CHECK-LABEL: func.func @dense_operand
//   CHECK-NOT:   memref.alloc
//   CHECK-NOT:   memref.copy
//       CHECK:   call @sum
func.func private @sum(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  return %a : tensor<2x4xf32>
}
func.func @dense_operand(%t: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %r = func.call @sum(%t) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %r : tensor<2x4xf32>
}
