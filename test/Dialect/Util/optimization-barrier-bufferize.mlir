// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries" %s | FileCheck %s

// A barrier bufferizes to a barrier on the buffer of its operand: a
// constant's global, read in place.
// CHECK-LABEL: func.func @read_constant
//       CHECK:   %[[G:.+]] = memref.get_global @{{.+}} : memref<4xf32>
//       CHECK:   %[[B:.+]] = util.optimization_barrier %[[G]] : memref<4xf32>
//       CHECK:   linalg.add ins(%[[B]], %[[B]] : memref<4xf32>, memref<4xf32>)
func.func @read_constant() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %b = util.optimization_barrier %c : tensor<4xf32>
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%b, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The result is the operand's buffer: an in-place write into it would
// write the constant's global, which may not be written, so bufferization
// copies first, as it would without the barrier.
// CHECK-LABEL: func.func @write_constant
//       CHECK:   %[[G:.+]] = memref.get_global @{{.+}} : memref<4xf32>
//       CHECK:   %[[B:.+]] = util.optimization_barrier %[[G]] : memref<4xf32>
//       CHECK:   %[[A:.+]] = memref.alloc() {{.*}}: memref<4xf32>
//       CHECK:   memref.copy %[[B]], %[[A]]
//       CHECK:   memref.store %{{.+}}, %[[A]][%{{.+}}] : memref<4xf32>
func.func @write_constant() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %b = util.optimization_barrier %c : tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %i = arith.constant 1 : index
  %r = tensor.insert %z into %b[%i] : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Scalars pass through; tensor operands become their buffers.
// CHECK-LABEL: func.func @mixed
//  CHECK-SAME:     (%[[T:.+]]: memref<{{.+}}>, %[[I:.+]]: i32)
//       CHECK:   util.optimization_barrier %[[T]], %[[I]] : memref<{{.+}}>, i32
func.func @mixed(%t: tensor<4xf32>, %i: i32) -> (tensor<4xf32>, i32) {
  %b:2 = util.optimization_barrier %t, %i : tensor<4xf32>, i32
  return %b#0, %b#1 : tensor<4xf32>, i32
}
