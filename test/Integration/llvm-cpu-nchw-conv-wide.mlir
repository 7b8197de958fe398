// Output rows wider than a 16-lane register over at least 16 input channels
// take the channels-last taps on AVX-512 (every lane of every vector an
// output channel, 7 rows x 32 channels per tile here) and the NCHW taps'
// rows on AVX2. On the host (the channels-last taps on an AVX-512 machine)
// both compute what llvm-cpu-loops computes, within rtol/atol 1e-5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "znver4"}>/' %S/Inputs/nchw-conv-wide.mlir > %t/znver4.mlir
// RUN: scope-opt %t/znver4.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=AVX512
// AVX512-LABEL: func.func private @llvm_cpu_executables_wide_dispatch
// AVX512: vector.fma {{.+}} : vector<32xf32>
// AVX512-NOT: vector.fma {{.+}} : vector<14xf32>
// AVX512-LABEL: func.func private @llvm_cpu_executables_wide_strided_dispatch
// AVX512: vector.fma {{.+}} : vector<16xf32>
// AVX512-NOT: vector.fma {{.+}} : vector<14xf32>
// AVX512: return
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "haswell"}>/' %S/Inputs/nchw-conv-wide.mlir > %t/haswell.mlir
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=AVX2
// AVX2-LABEL: func.func private @llvm_cpu_executables_wide_dispatch
// AVX2: vector.fma {{.+}} : vector<14xf32>

// RUN: sed 's/"llvm-cpu">/"llvm-cpu-loops">/' %S/Inputs/nchw-conv-wide.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x1.npy 1 16 30 30 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w1.npy 32 16 3 3 --seed 2
// RUN: scope-run %S/Inputs/nchw-conv-wide.mlir --function=wide --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1.txt
// RUN: scope-run %t/loops.mlir --function=wide --input=@%t/x1.npy --input=@%t/w1.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec1.txt %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x2.npy 1 32 58 58 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w2.npy 16 32 3 3 --seed 4
// RUN: scope-run %S/Inputs/nchw-conv-wide.mlir --function=wide_strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/vec2.txt
// RUN: scope-run %t/loops.mlir --function=wide_strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec2.txt %t/loops2.txt
