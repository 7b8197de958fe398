// RUN: scope-opt --split-input-file --hal-apply-kernel-patterns=spec=%scopeir_src_root/examples/kernels/mlp-layer-spec.mlir %s | FileCheck %s
// The same example matched by PDL patterns instead of a transform script
// (examples/kernels/mlp-layer-pdl.mlir): the same scopes, the same checks.
// RUN: scope-opt --split-input-file --hal-apply-kernel-patterns=spec=%scopeir_src_root/examples/kernels/mlp-layer-pdl.mlir %s | FileCheck %s
// RUN: scope-opt --split-input-file --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-matmul.mlir %s | FileCheck %s --check-prefix=MM
// RUN: scope-opt --split-input-file --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-matmul.mlir --canonicalize --hal-outline-extern-scopes %s | FileCheck %s --check-prefix=STATIC

// examples/kernels/mlp-layer-spec.mlir on a layer: fill, matmul and ReLU
// move into the extern scope; the tensors they read from outside (x, w, the
// bias) are its captures, the ReLU's result its result with the batch dim;
// the empty is cloned in and the zero stays an implicit capture.
// CHECK-LABEL: func.func @layer
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8xf32>)
//       CHECK: %[[ZERO:.+]] = arith.constant 0.0
//       CHECK: %[[N:.+]] = tensor.dim %[[X]]
//       CHECK: %[[R:.+]] = util.scope [#hal.extern<"mlp_layer_f32">] (%[[X]] as %[[A:.+]]: tensor<?x4xf32>{%[[N]]}, %[[W]] as %[[AW:.+]]: tensor<4x8xf32>, %[[B]] as %[[AB:.+]]: tensor<8xf32>) -> (tensor<?x8xf32>{%[[N]]}) {
//  CHECK-NEXT:   %[[E:.+]] = tensor.empty(%[[N]])
//  CHECK-NEXT:   %[[F:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]]
//  CHECK-NEXT:   %[[M:.+]] = linalg.matmul ins(%[[A]], %[[AW]] : {{.*}}) outs(%[[F]]
//  CHECK-NEXT:   %[[G:.+]] = linalg.generic {{.*}} ins(%[[M]], %[[AB]] : {{.*}}) outs(%[[E]]
//       CHECK:   util.return %[[G]]
//       CHECK: return %[[R]]
// MM-LABEL: func.func @layer
//       MM: util.scope [#hal.extern<"mm_f32">] (%{{.+}} as %{{.+}}: tensor<?x4xf32>{%{{.+}}}, %{{.+}} as %{{.+}}: tensor<4x8xf32>) -> (tensor<?x8xf32>{%{{.+}}})
//       MM:   linalg.matmul
//       MM:   util.return
//  MM-NEXT: }
//  MM-NEXT: linalg.generic
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

// Without the ReLU the layer is not mlp_layer_f32's DAG: nothing changes.
// CHECK-LABEL: func.func @no_relu
//   CHECK-NOT: util.scope
// MM-LABEL: func.func @no_relu
//       MM: util.scope [#hal.extern<"mm_f32">]
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

// -----

// Matched on dynamic shapes, specialized later: the canonicalizer folds the
// casts of static values into the scope, whose kernel signature becomes
// static before outlining.
// MM-LABEL: func.func @specialized
//       MM: %[[R:.+]] = util.scope [#hal.extern<"mm_f32">] ({{.*}}tensor<?x4xf32>{{.*}}) -> (tensor<?x8xf32>
//       MM: tensor.cast %[[R]] : tensor<?x8xf32> to tensor<2x8xf32>
// STATIC-LABEL: func.func @specialized
//  STATIC-SAME: (%[[X:.+]]: tensor<2x4xf32>, %[[W:.+]]: tensor<4x8xf32>)
//       STATIC: %[[R:.+]] = hal.dispatch.extern "mm_f32"(%[[X]], %[[W]]) : (tensor<2x4xf32>, tensor<4x8xf32>) -> (tensor<2x8xf32>) decomposition @mm_f32_decomposition{{$}}
//  STATIC-NEXT: return %[[R]]
func.func @specialized(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %dx = tensor.cast %x : tensor<2x4xf32> to tensor<?x4xf32>
  %n = tensor.dim %dx, %c0 : tensor<?x4xf32>
  %empty = tensor.empty(%n) : tensor<?x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<?x8xf32>) -> tensor<?x8xf32>
  %mm = linalg.matmul ins(%dx, %w : tensor<?x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<?x8xf32>) -> tensor<?x8xf32>
  %r = tensor.cast %mm : tensor<?x8xf32> to tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}
