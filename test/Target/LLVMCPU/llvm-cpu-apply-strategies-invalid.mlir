// Bad options and libraries are diagnostics with exit code 1, never crashes.

// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=not-a-cpu}))" %s 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: error: llvm-cpu-apply-strategies: unknown CPU 'not-a-cpu' for

// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=haswell cpu-features=+nofeature}))" %s 2>&1 | FileCheck %s --check-prefix=FEATURE
// FEATURE: error: llvm-cpu-apply-strategies: unknown CPU feature 'nofeature' for

// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu-features=+avx2}))" %s 2>&1 | FileCheck %s --check-prefix=NOCPU
// NOCPU: error: llvm-cpu-apply-strategies: cpu-features needs cpu

// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cache-tiles=1,2}))" %s 2>&1 | FileCheck %s --check-prefix=TILES
// TILES: error: llvm-cpu-apply-strategies: cache-tiles takes 3 positive values (m tiles, n tiles, k steps)

// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{strategy-library=%t.missing}))" %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: llvm-cpu-apply-strategies: cannot open strategy library '{{.+}}.missing'

// A library without the strategy the root needs: an error at the root.
// RUN: %expect_exit 1 scope-opt --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=sapphirerapids strategy-library=%S/Inputs/empty-strategy-library.mlir}))" %s 2>&1 | FileCheck %s --check-prefix=NOSEQ
// NOSEQ: llvm-cpu-apply-strategies-invalid.mlir:[[# @LINE + 2]]:8: error: llvm-cpu-apply-strategies: the strategy library has no named sequence @llvm_cpu_contraction_12x32
func.func @matmul(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %a : tensor<64x64xf32>, tensor<64x64xf32>)
                     outs(%a : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
