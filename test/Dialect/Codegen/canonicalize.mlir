// RUN: scope-opt --split-input-file --canonicalize %s | FileCheck %s

// codegen.scope.tu canonicalizes as a closure: a captured constant is cloned
// into the isolated body, unused captures go, the strategy stays.
// CHECK-LABEL: func.func @constants_and_unused
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>, %{{.*}}: tensor<4xf32>)
// CHECK: %[[R:.*]]:2 = codegen.scope.tu (%[[A]] as %[[X:.*]]: tensor<4xf32>) -> (tensor<4xf32>, index) pipeline = "cse" {
// CHECK-NEXT:   %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:   %[[S:.*]] = arith.addf %[[X]], %[[X]]
// CHECK-NEXT:   codegen.yield %[[S]], %[[C1]]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @constants_and_unused(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, index) {
  %c1 = arith.constant 1 : index
  %r, %s = codegen.scope.tu (%a as %x: tensor<4xf32>, %b as %y: tensor<4xf32>, %c1 as %k: index)
      -> (tensor<4xf32>, index) pipeline = "cse" {
    %0 = arith.addf %x, %x : tensor<4xf32>
    codegen.yield %0, %k : tensor<4xf32>, index
  }
  return %r, %s : tensor<4xf32>, index
}

// -----

// A scope whose results are unused and whose body has no effects is dead; one
// that only returns its captures folds to them.
// CHECK-LABEL: func.func @dead_and_forwarding
// CHECK-SAME: (%[[A:.*]]: tensor<4xf32>)
// CHECK-NOT: codegen.scope.tu
// CHECK: return %[[A]]
func.func @dead_and_forwarding(%a: tensor<4xf32>) -> tensor<4xf32> {
  %t = codegen.scope.tu (%a as %x: tensor<4xf32>) -> (tensor<4xf32>) pipeline = "cse" {
    %0 = arith.addf %x, %x : tensor<4xf32>
    codegen.yield %0 : tensor<4xf32>
  }
  %u = codegen.scope.tu (%a as %x: tensor<4xf32>) -> (tensor<4xf32>) {
    codegen.yield %x : tensor<4xf32>
  }
  return %u : tensor<4xf32>
}
