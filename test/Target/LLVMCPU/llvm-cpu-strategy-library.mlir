// RUN: scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=sapphirerapids strategy-library=%S/Inputs/custom-strategy-library.mlir}))" %s | FileCheck %s

// strategy-library=FILE replaces the built-in strategies: the root is handed
// to the library's sequence of the same name, here a plain 4 x 4 x 4 tiling.
// CHECK-LABEL: func.func @matmul
//       CHECK:   scf.for {{.+}} step %c4
//       CHECK:     scf.for {{.+}} step %c4
//       CHECK:       scf.for {{.+}} step %c4
//       CHECK:         linalg.matmul ins({{.+}} : tensor<4x4xf32>, tensor<4x4xf32>)
//   CHECK-NOT:   linalg.pack
func.func @matmul(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %a : tensor<64x64xf32>, tensor<64x64xf32>)
                     outs(%a : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
