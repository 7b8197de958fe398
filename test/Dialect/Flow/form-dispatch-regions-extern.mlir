// RUN: scope-opt --split-input-file --flow-form-dispatch-regions %s | FileCheck %s

// Formation does not reach across an extern scope's boundary: the
// decomposition's matmul gets a region inside the scope, while the fill
// that feeds its init and the add that consumes its result stay in regions
// of their own outside it.
// CHECK-LABEL: func.func @extern_barrier
//       CHECK: %[[F:.+]] = flow.dispatch.region -> (tensor<4x4xf32>) {
//       CHECK:   linalg.fill
//   CHECK-NOT:   linalg.matmul
//       CHECK:   flow.return
//       CHECK: %[[M:.+]] = util.scope [#hal.extern<"mm_f32">] ({{.*}}%[[F]] as %[[C:[^:]+]]: tensor<4x4xf32>) -> (tensor<4x4xf32>) {
//       CHECK:   flow.dispatch.region -> (tensor<4x4xf32>) {
//  CHECK-NEXT:     linalg.matmul {{.*}} outs(%[[C]] : tensor<4x4xf32>)
//  CHECK-NEXT:     flow.return
//       CHECK: flow.dispatch.region -> (tensor<4x4xf32>) {
//       CHECK:   linalg.add ins(%[[M]], %[[M]]
func.func @extern_barrier(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m = util.scope [#hal.extern<"mm_f32">] (%x as %a: tensor<4x8xf32>, %w as %b: tensor<8x4xf32>, %f as %c: tensor<4x4xf32>) -> (tensor<4x4xf32>) {
    %r = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %r : tensor<4x4xf32>
  }
  %s = linalg.add ins(%m, %m : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}
