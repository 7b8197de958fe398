// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=sapphirerapids},canonicalize,cse))" %s | FileCheck %s

// The config of the function's llvm-cpu device overrides the pass options:
// an AVX2 CPU gets the 6x16 register tile although the pass was told
// sapphirerapids; cache_tiles sets the cache block.
// CHECK-DAG: #[[M:.+]] = affine_map<(d0) -> (d0 * 2)>
// CHECK-DAG: #[[N:.+]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-LABEL: func.func @haswell
//       CHECK:   scf.forall {{.+}} -> (tensor<?x?x6x16xf32>)
//       CHECK:   iter_args(%{{.+}} = %{{.+}}) -> (vector<6x16xf32>)
func.func @haswell(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu = "haswell"}>} {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// CHECK-LABEL: func.func @cache_tiles
//       CHECK:   scf.forall (%[[BM:.+]], %[[BN:.+]]) in ({{.+}}) shared_outs({{.+}}) -> (tensor<?x?x12x32xf32>)
//       CHECK:     affine.apply #[[M]](%[[BM]])
//       CHECK:     affine.apply #[[N]](%[[BN]])
//       CHECK:     scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c64
func.func @cache_tiles(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu", {cache_tiles = [2, 3, 64]}>} {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
// A CPU with 128-bit vectors (features removed) gets no strategy.
// CHECK-LABEL: func.func @no_avx
//       CHECK:   linalg.matmul
func.func @no_avx(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32>
    attributes {hal.device = #hal.device.target<"llvm-cpu", {cpu = "x86-64", cpu_features = "-avx,+sse4.2"}>} {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
