// End to end: examples/mlp.mlir with layer 1 (matmul, bias, ReLU) replaced,
// through the spec examples/kernels/mlp-layer-spec.mlir, by the C kernel
// mlp_layer_f32 of the example kernel libraries. Each run's outputs are
// compared with the upstream reference (the scopes stripped, lowered by
// mlir-opt with plain loops and run by mlir-runner, as in mlp.mlir) and
// with the unreplaced run.
// DEFINE: %{x} = -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375
// DEFINE: %{spec} = --kernel-spec=%scopeir_src_root/examples/kernels/mlp-layer-spec.mlir
// DEFINE: %{libs} = %scopeir_obj_root/lib

// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %scopeir_src_root/examples/mlp.mlir %S/Inputs/mlp-reference-driver.mlir > %t/combined.mlir
// RUN: scope-opt --util-strip-scopes %t/combined.mlir -o %t/reference.mlir
// RUN: mlir-opt %t/reference.mlir \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-deallocation-pipeline --convert-bufferization-to-memref --convert-linalg-to-loops \
// RUN:   --convert-scf-to-cf --expand-strided-metadata --lower-affine --convert-math-to-llvm \
// RUN:   --finalize-memref-to-llvm --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm \
// RUN:   --reconcile-unrealized-casts \
// RUN: | mlir-runner -e run_reference -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN:   > %t/reference.txt
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" > %t/unreplaced.txt

// The OpenBLAS kernel: layer 1 is one extern call, its dispatches are gone
// from the host program, and so is the decomposition (no call runs it
// without --check-kernels: it is not compiled).
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_openblas%shlibext --require-kernels \
// RUN:   > %t/openblas.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/openblas.txt %t/reference.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/openblas.txt %t/unreplaced.txt
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_openblas%shlibext --dump-dispatches \
// RUN: | FileCheck %s --check-prefix=DUMP
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" --dump-dispatches \
// RUN: | FileCheck %s --check-prefix=UNREPLACED
// DUMP-NOT: @main_dispatch{{.*}}device=#hal.device.target<"llvm-cpu">
// DUMP-NOT: decomposition
// DUMP: extern #0 "mlp_layer_f32" scope=#hal.device.target<"llvm-cpu">
// DUMP-NEXT: 3x10xf32=
// UNREPLACED: @llvm_cpu_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu">
// UNREPLACED-NOT: extern #

// The same at scope granularity (layer 1's device scope one function,
// holding the kernel call) and on two threads, checked.
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_openblas%shlibext --check-kernels --dispatch=false \
// RUN:   > %t/scope-granularity.txt 2> %t/scope-granularity.err
// RUN: FileCheck %s --check-prefix=CHECKED < %t/scope-granularity.err
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/scope-granularity.txt %t/reference.txt
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_openblas%shlibext --check-kernels --threads=2 \
// RUN:   > %t/threads.txt 2> %t/threads.err
// RUN: FileCheck %s --check-prefix=CHECKED < %t/threads.err
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/threads.txt %t/reference.txt

// The scalar reference kernel, checked against the decomposition.
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_reference%shlibext --check-kernels \
// RUN:   > %t/scalar.txt 2> %t/scalar.err
// RUN: FileCheck %s --check-prefix=CHECKED < %t/scalar.err
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%{libs}/libscopeir_kernels_reference%shlibext --check-kernels \
// RUN:   --dump-dispatches 2>/dev/null | FileCheck %s --check-prefix=CHECKED-DUMP
// CHECKED-DUMP: @llvm_cpu_executables::@mlp_layer_f32_decomposition_dispatch_0 device=#hal.device.target<"llvm-cpu">
// CHECKED-DUMP: extern #0 "mlp_layer_f32" decomposition=@mlp_layer_f32_decomposition scope=#hal.device.target<"llvm-cpu">
// CHECKED: kernel check (rtol 1.000000e-04, atol 1.000000e-05):
// CHECKED-NEXT: mlp_layer_f32: 1 call, max abs diff {{.*}}, ok
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/scalar.txt %t/reference.txt

// No library: one warning, the decomposition runs, the outputs are the
// unreplaced run's bit for bit (the same code, compiled by the same backend).
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   > %t/fallback.txt 2> %t/fallback.err
// RUN: FileCheck %s --check-prefix=FALLBACK < %t/fallback.err
// FALLBACK: scope-run: warning: no kernel library provides kernel 'mlp_layer_f32'; running its decomposition instead
// FALLBACK-NOT: warning
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/fallback.txt %t/unreplaced.txt
// A library without the symbol is the same as none.
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --input="3x16xf32=%{x}" %{spec} \
// RUN:   --kernel-library=%mlir_lib_dir/libmlir_c_runner_utils%shlibext > %t/other.txt 2> %t/other.err
// RUN: FileCheck %s --check-prefix=FALLBACK < %t/other.err
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/other.txt %t/unreplaced.txt
