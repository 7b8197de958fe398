// The example PDLL pattern, compiled by mlir-pdll, matches the layer as the
// transform script and the PDL IR spec do (apply-kernel-patterns.mlir): the
// PDLL route, with the kernel given as its symbol string.
// REQUIRES: mlir-pdll
// RUN: %mlir_pdll %scopeir_src_root/examples/kernels/mlp-layer.pdll -x mlir -o %t.pdl.mlir
// RUN: scope-opt --split-input-file --hal-apply-kernel-patterns=spec=%t.pdl.mlir %s | FileCheck %s

// CHECK-LABEL: func.func @layer
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
//       CHECK: %[[N:.+]] = tensor.dim %[[X]]
//       CHECK: %[[R:.+]] = util.scope [#hal.extern<"mlp_layer_f32">] (%[[X]] as %[[A:.+]]: tensor<?x4xf32>{%[[N]]}, %[[W]] as %[[AW:.+]]: tensor<4x8xf32>, %[[B]] as %[[AB:.+]]: tensor<8xf32>) -> (tensor<?x8xf32>{%[[N]]}) {
//  CHECK-NEXT:   %[[E:.+]] = tensor.empty(%[[N]])
//  CHECK-NEXT:   %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]]
//  CHECK-NEXT:   %[[M:.+]] = linalg.matmul ins(%[[A]], %[[AW]] : {{.*}}) outs(%[[F]]
//  CHECK-NEXT:   %[[G:.+]] = linalg.generic {{.*}} ins(%[[M]], %[[AB]] : {{.*}}) outs(%[[E]]
//       CHECK:   util.return %[[G]]
//       CHECK: return %[[R]]
func.func @layer(%x: tensor<?x4xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%n) : tensor<?x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x8xf32>) -> tensor<?x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<?x8xf32>) -> tensor<?x8xf32>
  %act = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<?x8xf32>, tensor<8xf32>) outs(%empty : tensor<?x8xf32>) {
  ^bb0(%m: f32, %bv: f32, %out: f32):
    %s = arith.addf %m, %bv : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<?x8xf32>
  return %act : tensor<?x8xf32>
}

// -----

// Without the ReLU's maximumf (ContainsOp fails) nothing changes.
// CHECK-LABEL: func.func @no_relu
//   CHECK-NOT: util.scope
func.func @no_relu(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x8xf32>) -> tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) -> tensor<2x8xf32>
  %add = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm, %b : tensor<2x8xf32>, tensor<8xf32>) outs(%empty : tensor<2x8xf32>) {
  ^bb0(%m: f32, %bv: f32, %out: f32):
    %s = arith.addf %m, %bv : f32
    linalg.yield %s : f32
  } -> tensor<2x8xf32>
  return %add : tensor<2x8xf32>
}
