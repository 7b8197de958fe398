// RUN: scope-opt --split-input-file --canonicalize %s | FileCheck %s

// An unused result goes away with its dims and its flow.return operand.
// CHECK-LABEL: func.func @drop_unused_result
//  CHECK-SAME: (%[[A:.+]]: tensor<?xf32>, %[[N:.+]]: index, %[[M:.+]]: index)
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?xf32>{%[[M]]}) {
//       CHECK:   %[[E:.+]] = tensor.empty(%[[M]])
//       CHECK:   flow.return %[[E]] : tensor<?xf32>
//       CHECK: } attributes {scope_path = ["layer"]}
//       CHECK: return %[[R]]
func.func @drop_unused_result(%a: tensor<?xf32>, %n: index, %m: index) -> tensor<?xf32> {
  %r:2 = flow.dispatch.region -> (tensor<?xf32>{%n}, tensor<?xf32>{%m}) {
    %x = tensor.empty(%n) : tensor<?xf32>
    %y = tensor.empty(%m) : tensor<?xf32>
    flow.return %x, %y : tensor<?xf32>, tensor<?xf32>
  } attributes {scope_path = ["layer"]}
  return %r#1 : tensor<?xf32>
}

// -----

// A region whose results are all unused and whose body has no side effects
// is erased.
// CHECK-LABEL: func.func @erase_dead_region
//   CHECK-NOT: flow.dispatch.region
func.func @erase_dead_region(%a: tensor<4xf32>) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    flow.return %e : tensor<4xf32>
  }
  return
}

// -----

// A region with a side effect stays, even without results.
// CHECK-LABEL: func.func @no_erase_effects
//       CHECK: flow.dispatch.region {
//       CHECK:   memref.store
func.func @no_erase_effects(%m: memref<4xf32>, %v: f32) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    %c0 = arith.constant 0 : index
    memref.store %v, %m[%c0] : memref<4xf32>
    %e = tensor.empty() : tensor<4xf32>
    flow.return %e : tensor<4xf32>
  }
  return
}

// -----

// Used results are kept: nothing changes.
// CHECK-LABEL: func.func @no_change
//       CHECK: %[[R:.+]]:2 = flow.dispatch.region -> (tensor<4xf32>, tensor<8xf32>)
//       CHECK: return %[[R]]#0, %[[R]]#1
func.func @no_change() -> (tensor<4xf32>, tensor<8xf32>) {
  %r:2 = flow.dispatch.region -> (tensor<4xf32>, tensor<8xf32>) {
    %x = tensor.empty() : tensor<4xf32>
    %y = tensor.empty() : tensor<8xf32>
    flow.return %x, %y : tensor<4xf32>, tensor<8xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<8xf32>
}
