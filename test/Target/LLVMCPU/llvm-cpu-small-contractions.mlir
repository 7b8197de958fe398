// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=sapphirerapids}))" %s | FileCheck %s
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=sapphirerapids small-contraction-rows=0}))" %s | FileCheck %s --check-prefix=ALL
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=haswell}))" %s | FileCheck %s --check-prefix=AVX2

// A contraction with fewer than 128 rows whose right-hand side has at most
// 512 KiB (128 x 512 floats: 256 KiB) is left to the generic tiles; with
// small-contraction-rows=0 the packing strategy takes it.
// AVX2-LABEL: func.func @small_rhs
//       AVX2:   linalg.matmul
//   AVX2-NOT:   linalg.pack
// CHECK-LABEL: func.func @small_rhs
//       CHECK:   linalg.matmul
//   CHECK-NOT:   linalg.pack
// ALL-LABEL: func.func @small_rhs
//   ALL-NOT:   linalg.matmul
//       ALL:   vector.fma
func.func @small_rhs(%a: tensor<32x128xf32>, %b: tensor<128x512xf32>, %c: tensor<32x512xf32>) -> tensor<32x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<32x128xf32>, tensor<128x512xf32>) outs(%c : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}

// -----

// A 1 MiB right-hand side (256 x 1024) is packed: read in place it misses
// the cache.
// CHECK-LABEL: func.func @large_rhs
//   CHECK-NOT:   linalg.matmul
//       CHECK:   vector.fma
func.func @large_rhs(%a: tensor<32x256xf32>, %b: tensor<256x1024xf32>, %c: tensor<32x1024xf32>) -> tensor<32x1024xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<32x256xf32>, tensor<256x1024xf32>) outs(%c : tensor<32x1024xf32>) -> tensor<32x1024xf32>
  return %r : tensor<32x1024xf32>
}

// -----

// 128 rows or more: packed, whatever the right-hand side.
// CHECK-LABEL: func.func @many_rows
//   CHECK-NOT:   linalg.matmul
//       CHECK:   vector.fma
func.func @many_rows(%a: tensor<128x128xf32>, %b: tensor<128x512xf32>, %c: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<128x128xf32>, tensor<128x512xf32>) outs(%c : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %r : tensor<128x512xf32>
}

// -----

// Dynamic rows: packed (the rows are not known to be few).
// CHECK-LABEL: func.func @dynamic_rows
//   CHECK-NOT:   linalg.matmul
//       CHECK:   vector.fma
func.func @dynamic_rows(%a: tensor<?x128xf32>, %b: tensor<128x512xf32>, %c: tensor<?x512xf32>) -> tensor<?x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x128xf32>, tensor<128x512xf32>) outs(%c : tensor<?x512xf32>) -> tensor<?x512xf32>
  return %r : tensor<?x512xf32>
}

// -----

// A right-hand side of at most 64 KiB (64 x 128 floats: 32 KiB, one head's
// keys) is left to the generic tiles whatever the static rows, except on
// AVX2 (16 registers), where the packing strategy was faster there too.
// AVX2-LABEL: func.func @tiny_rhs
//   AVX2-NOT:   linalg.matmul
//       AVX2:   vector.fma
// CHECK-LABEL: func.func @tiny_rhs
//       CHECK:   linalg.matmul
//   CHECK-NOT:   linalg.pack
// ALL-LABEL: func.func @tiny_rhs
//   ALL-NOT:   linalg.matmul
//       ALL:   vector.fma
func.func @tiny_rhs(%a: tensor<256x64xf32>, %b: tensor<64x128xf32>, %c: tensor<256x128xf32>) -> tensor<256x128xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<256x64xf32>, tensor<64x128xf32>) outs(%c : tensor<256x128xf32>) -> tensor<256x128xf32>
  return %r : tensor<256x128xf32>
}
