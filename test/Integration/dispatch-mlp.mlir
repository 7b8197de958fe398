// End to end at dispatch granularity: examples/mlp.mlir (layer 1 on
// llvm-cpu, layer 2 on llvm-cpu-loops, dynamic batch) compiled by
// `scope-run --dispatch` (dispatch regions formed inside the device scopes,
// outlined per device, linked, each dispatch compiled by its device's
// backend) gives the same outputs as
//  (1) whole-scope granularity (--dispatch=false): bit for bit (.npy, cmp), since
//      each op is compiled by the same backend in the same order;
//  (2) the upstream reference (scopes stripped, mlir-opt's plain-loops
//      pipeline, mlir-runner): within rtol 1e-5 / atol 1e-6, as llvm-cpu
//      contracts layer 1's matmul into fused multiply-adds.
//
// DEFINE: %{x} = -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375

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

// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --dispatch --input="3x16xf32=%{x}" > %t/dispatch.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/dispatch.txt %t/reference.txt
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --dispatch --input="3x16xf32=%{x}" --output=@%t/dispatch.npy
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --dispatch=false --input="3x16xf32=%{x}" --output=@%t/scope.npy
// RUN: cmp %t/dispatch.npy %t/scope.npy

// The scope -> dispatch map: layer 1 (matmul, bias, relu) is one dispatch on
// llvm-cpu; layer 2 starts with the matmul + bias dispatch on
// llvm-cpu-loops, then the softmax's reductions and elementwise steps.
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --dump-dispatches --input="3x16xf32=%{x}" | FileCheck %s
// CHECK:      dispatch #0 @llvm_cpu_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu"> scope=#hal.device.target<"llvm-cpu">
// CHECK-NEXT: dispatch #1 @llvm_cpu_loops_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu-loops"> scope=#hal.device.target<"llvm-cpu-loops">
// CHECK-NOT:  device=#hal.device.target<"llvm-cpu">{{ }}
// CHECK:      3x10xf32=[

// Each dispatch function is compiled by the backend of its device: the
// llvm-cpu one is tiled and vectorized, the llvm-cpu-loops ones are not.
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --dispatch --input="3x16xf32=%{x}" \
// RUN:   --mlir-disable-threading --mlir-print-ir-after=hal-run-backend-pipelines 2>&1 \
// RUN: | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @main
// IR:         call @llvm_cpu_executables_main_dispatch_0(
// IR:         call @llvm_cpu_loops_executables_main_dispatch_1(
// IR-LABEL: func.func private @llvm_cpu_executables_main_dispatch_0
// IR-SAME:    util.scope_attrs = [#hal.device.target<"llvm-cpu">]
// IR:         vector.contract
// IR-LABEL: func.func private @llvm_cpu_loops_executables_main_dispatch_1
// IR-SAME:    util.scope_attrs = [#hal.device.target<"llvm-cpu-loops">]
// IR-NOT:     vector.
// IR:         linalg.matmul
// IR-LABEL: func.func private @llvm_cpu_loops_executables_main_dispatch_2
