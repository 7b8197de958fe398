// RUN: scope-opt --split-input-file --hal-run-backend-pipelines=phase=tensor %s | FileCheck %s --check-prefix=TENSOR
// RUN: scope-opt --split-input-file --hal-run-backend-pipelines=phase=tensor \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --codegen-inline-scopes --hal-run-backend-pipelines=phase=buffer %s | FileCheck %s --check-prefix=BUFFER
// RUN: scope-opt --split-input-file --hal-run-backend-pipelines="phase=tensor host-backend=llvm-cpu" %s | FileCheck %s --check-prefix=HOST

// The same matmul on both backends: llvm-cpu tiles it and computes each tile
// with a masked vector.contract (its reduction, 16, is too short for the
// packing contraction strategy, see llvm-cpu-apply-strategies.mlir);
// llvm-cpu-loops keeps it whole on tensors and turns it into scalar scf.for
// loops after bufferization.
func.func @vec(%x: tensor<?x16xf32>, %w: tensor<16x32xf32>) -> tensor<?x32xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x32xf32>)
                      outs(%acc : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %mm : tensor<?x32xf32>
}
func.func @loops(%x: tensor<?x16xf32>, %w: tensor<16x32xf32>) -> tensor<?x32xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu-loops">} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x32xf32>)
                      outs(%acc : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %mm : tensor<?x32xf32>
}
// A function placed on no device is compiled by the host backend
// (llvm-cpu-loops unless host-backend says otherwise).
func.func @host(%x: tensor<?x16xf32>, %w: tensor<16x32xf32>) -> tensor<?x32xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %e = tensor.empty(%n) : tensor<?x32xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x32xf32>)
                      outs(%acc : tensor<?x32xf32>) -> tensor<?x32xf32>
  return %mm : tensor<?x32xf32>
}

// TENSOR-LABEL: func.func @vec
//   TENSOR-NOT:   linalg.matmul
//       TENSOR:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c8
//       TENSOR:     scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16
//       TENSOR:       %[[MASK:.+]] = vector.create_mask %{{.+}}, %{{.+}} : vector<8x16xi1>
//       TENSOR:       vector.transfer_read %{{.+}}, %[[MASK]]
//       TENSOR:       vector.mask %{{.+}} { vector.contract
//  TENSOR-SAME:         vector<8x16xf32>, vector<16x16xf32> into vector<8x16xf32>
//       TENSOR:       vector.transfer_write
//       TENSOR:       tensor.insert_slice
// TENSOR-LABEL: func.func @loops
//   TENSOR-NOT:   vector.
//       TENSOR:   linalg.fill
//       TENSOR:   linalg.matmul
// TENSOR-LABEL: func.func @host
//   TENSOR-NOT:   vector.
//       TENSOR:   linalg.matmul

// BUFFER-LABEL: func.func @vec
//   BUFFER-NOT:   linalg.
//       BUFFER:   scf.for
//       BUFFER:     vector.contract
//       BUFFER:     vector.transfer_write
// BUFFER-LABEL: func.func @loops
//   BUFFER-NOT:   vector.
//       BUFFER:   scf.for %[[I:.+]] =
//       BUFFER:     scf.for %[[J:.+]] =
//       BUFFER:       memref.store
//       BUFFER:   scf.for %[[M:.+]] =
//       BUFFER:     scf.for %[[N:.+]] =
//       BUFFER:       scf.for %[[K:.+]] =
//       BUFFER:         memref.load
//       BUFFER:         arith.mulf
//       BUFFER:         arith.addf
//       BUFFER:         memref.store
// BUFFER-LABEL: func.func @host
//   BUFFER-NOT:   vector.
//       BUFFER:   arith.mulf

// HOST-LABEL: func.func @loops
//   HOST-NOT:   vector.
// HOST-LABEL: func.func @host
//       HOST:   vector.contract

// -----

// The module's default device places the functions without their own.
// TENSOR-LABEL: func.func @module_default
//       TENSOR:   vector.transfer_read
//       TENSOR:   vector.transfer_write
module attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  func.func @module_default(%a: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> tensor<8x16xf32> {
    %e = tensor.empty() : tensor<8x16xf32>
    %r = linalg.add ins(%a, %b : tensor<8x16xf32>, tensor<8x16xf32>)
                    outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
    return %r : tensor<8x16xf32>
  }
}
