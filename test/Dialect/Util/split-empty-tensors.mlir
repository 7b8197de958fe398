// RUN: scope-opt --split-input-file --util-split-empty-tensors %s | FileCheck %s
// RUN: scope-opt --split-input-file --util-split-empty-tensors --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s | FileCheck %s --check-prefix=BUF
// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries allow-return-allocs-from-loops" %s | FileCheck %s --check-prefix=NOSPLIT

// One empty tensor initialises the matmul's fill and the epilogue's output
// (what CSE leaves of a layer): each use gets its own tensor.empty, the
// first use in program order the original.
// CHECK-LABEL: func.func @layer
//       CHECK:   %[[E0:.+]] = tensor.empty() : tensor<8x16xf32>
//       CHECK:   %[[E1:.+]] = tensor.empty() : tensor<8x16xf32>
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[E0]] : tensor<8x16xf32>)
//       CHECK:   linalg.generic {{.+}} outs(%[[E1]] : tensor<8x16xf32>)
func.func @layer(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8x16xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x16xf32>) -> tensor<8x16xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>)
                      outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%mm : tensor<8x16xf32>) outs(%e : tensor<8x16xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.maximumf %x, %zero : f32
    linalg.yield %m : f32
  } -> tensor<8x16xf32>
  return %r : tensor<8x16xf32>
}

// -----

// The same layer as llvm-cpu's tu scopes have it: the epilogue's scope ties
// its result to the captured empty tensor that the matmul's scope also
// writes in place. Without the split, bufferization copies the empty
// tensor's undefined contents into a second buffer (NOSPLIT); with it, each
// scope writes its own allocation and nothing is copied.
// CHECK-LABEL: func.func @tied_scopes
//       CHECK:   %[[E0:.+]] = tensor.empty() : tensor<8x16xf32>
//       CHECK:   %[[E1:.+]] = tensor.empty() : tensor<8x16xf32>
//       CHECK:   codegen.scope.tu (%[[E0]] as
//       CHECK:   codegen.scope.tu ({{.+}}, %[[E1]] as %{{.+}}: tensor<8x16xf32>) -> (%[[E1]])
// BUF-LABEL: func.func @tied_scopes
//   BUF-NOT:   memref.copy
//       BUF:   return
// NOSPLIT-LABEL: func.func @tied_scopes
//       NOSPLIT:   memref.copy
func.func @tied_scopes(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %e = tensor.empty() : tensor<8x16xf32>
  %mm = codegen.scope.tu (%e as %init: tensor<8x16xf32>, %a as %x: tensor<8x4xf32>,
                          %b as %y: tensor<4x16xf32>) -> (tensor<8x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
    %m = linalg.matmul ins(%x, %y : tensor<8x4xf32>, tensor<4x16xf32>)
                       outs(%acc : tensor<8x16xf32>) -> tensor<8x16xf32>
    codegen.yield %m : tensor<8x16xf32>
  }
  %r = codegen.scope.tu (%mm as %in: tensor<8x16xf32>, %e as %out: tensor<8x16xf32>) -> (%e) {
    %zero = arith.constant 0.0 : f32
    %g = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%in : tensor<8x16xf32>) outs(%out : tensor<8x16xf32>) {
    ^bb0(%x: f32, %o: f32):
      %m = arith.maximumf %x, %zero : f32
      linalg.yield %m : f32
    } -> tensor<8x16xf32>
    codegen.yield %g : tensor<8x16xf32>
  }
  return %r : tensor<8x16xf32>
}

// -----

// A dynamically shaped empty tensor used twice, once inside a region: the
// clone takes the same size operand and sits where the original is, so it
// dominates the use in the loop.
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME: (%[[N:[^:]+]]: index
//       CHECK:   %[[E0:.+]] = tensor.empty(%[[N]]) : tensor<?xf32>
//       CHECK:   %[[E1:.+]] = tensor.empty(%[[N]]) : tensor<?xf32>
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[E0]] : tensor<?xf32>)
//       CHECK:   scf.for
//       CHECK:     linalg.fill ins(%{{.+}} : f32) outs(%[[E1]] : tensor<?xf32>)
func.func @dynamic(%n: index, %lb: index, %ub: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %r = scf.for %i = %lb to %ub step %c1 iter_args(%t = %a) -> (tensor<?xf32>) {
    %b = linalg.fill ins(%two : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    scf.yield %b : tensor<?xf32>
  }
  return %a, %r : tensor<?xf32>, tensor<?xf32>
}

// -----

// An empty tensor with one use is left alone.
// CHECK-LABEL: func.func @single_use
//       CHECK:   tensor.empty
//   CHECK-NOT:   tensor.empty
func.func @single_use() -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%one : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}
