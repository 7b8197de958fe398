// RUN: scope-opt --test-util-insert-scopes="seed=1 density=1" %s | FileCheck %s
// RUN: scope-opt --test-util-insert-scopes="seed=2 density=1" %s | FileCheck %s
// RUN: scope-opt --test-util-insert-scopes="seed=3 density=1" %s | FileCheck %s

// tosa.reshape's verifier wants its shape operand defined by a
// tosa.const_shape: a scope around the tosa.const_shape but not the
// reshape would make the reshape invalid, so such a scope is undone (found
// by IREE's tests/e2e/tosa_ops/reshape.mlir with random scopes). Every seed
// gives valid IR, the reshape's shape the const_shape's result.
// CHECK-LABEL: func.func @reshape
//       CHECK:   %[[SHAPE:.+]] = tosa.const_shape {values = dense<2> : tensor<2xindex>} : () -> !tosa.shape<2>
//       CHECK:   tosa.reshape %{{.+}}, %[[SHAPE]]
func.func @reshape(%t: tensor<4xi32>) -> tensor<2x2xi32> {
  %a = arith.addi %t, %t : tensor<4xi32>
  %shape = tosa.const_shape {values = dense<2> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %a, %shape : (tensor<4xi32>, !tosa.shape<2>) -> tensor<2x2xi32>
  %b = arith.addi %r, %r : tensor<2x2xi32>
  return %b : tensor<2x2xi32>
}
