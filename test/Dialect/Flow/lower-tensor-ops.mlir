// RUN: scope-opt --split-input-file --flow-lower-tensor-ops %s | FileCheck %s
// RUN: scope-opt --split-input-file --flow-lower-tensor-ops --canonicalize --cse %s | FileCheck %s --check-prefix=CANON

// A dynamic constant becomes the constant, a cast to the dynamic type and
// a barrier on the cast.
// CHECK-LABEL: func.func @dynamic_constant
//       CHECK:   %[[C:.+]] = arith.constant dense<{{\[}}[1, 2], [3, 4]]> : tensor<2x2xi32>
//       CHECK:   %[[CAST:.+]] = tensor.cast %[[C]] : tensor<2x2xi32> to tensor<?x?xi32>
//       CHECK:   %[[B:.+]] = util.optimization_barrier %[[CAST]] : tensor<?x?xi32>
//       CHECK:   return %[[B]]
func.func @dynamic_constant() -> tensor<?x?xi32> {
  %c = flow.tensor.dynamic_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32> -> tensor<?x?xi32>
  return %c : tensor<?x?xi32>
}

// -----

// The dims stay hidden: canonicalization cannot fold a tensor.dim of the
// constant to 2, nor make the consumer static again.
// CANON-LABEL: func.func @dims_hidden
//       CANON:   %[[B:.+]] = util.optimization_barrier %{{.+}} : tensor<?xf32>
//       CANON:   %[[D:.+]] = tensor.dim %[[B]], %{{.+}} : tensor<?xf32>
//       CANON:   tensor.empty(%[[D]]) : tensor<?xf32>
//       CANON:   linalg.negf ins(%[[B]] : tensor<?xf32>)
func.func @dims_hidden() -> tensor<?xf32> {
  %c = flow.tensor.dynamic_constant dense<[1.0, 2.0]> : tensor<2xf32> -> tensor<?xf32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %c, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %n = linalg.negf ins(%c : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  return %n : tensor<?xf32>
}

// -----

// A dynamic constant of a static type needs no cast.
// CHECK-LABEL: func.func @static_constant
//       CHECK:   %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<2xf32>
//  CHECK-NEXT:   util.optimization_barrier %[[C]] : tensor<2xf32>
func.func @static_constant() -> tensor<2xf32> {
  %c = flow.tensor.dynamic_constant dense<1.0> : tensor<2xf32> -> tensor<2xf32>
  return %c : tensor<2xf32>
}

// -----

// tie_shape is its operand.
// CHECK-LABEL: func.func @tie_shape
//  CHECK-SAME:     (%[[X:.+]]: tensor<?xi32>, %{{.+}}: index)
//  CHECK-NEXT:   return %[[X]]
func.func @tie_shape(%x: tensor<?xi32>, %n: index) -> tensor<?xi32> {
  %t = flow.tensor.tie_shape %x : tensor<?xi32>{%n}
  return %t : tensor<?xi32>
}

// -----

// A bitcast between element types of one width is an elementwise bitcast,
// cast to the result type where its static dims differ.
// CHECK-LABEL: func.func @bitcast
//  CHECK-SAME:     (%[[X:.+]]: tensor<?x4xi32>, %{{.+}}: index)
//       CHECK:   %[[B:.+]] = arith.bitcast %[[X]] : tensor<?x4xi32> to tensor<?x4xf32>
//       CHECK:   %[[C:.+]] = tensor.cast %[[B]] : tensor<?x4xf32> to tensor<2x4xf32>
//       CHECK:   return %[[C]]
func.func @bitcast(%x: tensor<?x4xi32>, %n: index) -> tensor<2x4xf32> {
  %b = flow.tensor.bitcast %x : tensor<?x4xi32>{%n} -> tensor<2x4xf32>
  return %b : tensor<2x4xf32>
}

// -----

// A bitcast to the same type is nothing.
// CHECK-LABEL: func.func @bitcast_identity
//  CHECK-SAME:     (%[[X:.+]]: tensor<4xi32>)
//  CHECK-NEXT:   return %[[X]]
func.func @bitcast_identity(%x: tensor<4xi32>) -> tensor<4xi32> {
  %b = flow.tensor.bitcast %x : tensor<4xi32> -> tensor<4xi32>
  return %b : tensor<4xi32>
}
