// A user overrides the strategy of one layer: examples/mlp.mlir with a
// #codegen.strategy on layer 1 (contractions tiled 4x8x8 instead of the
// backend's strategy). The attribute reaches the executable function of the
// layer's dispatch, the llvm-cpu backend's tu scope around the matmul runs
// the override while the layer's elementwise chain keeps the backend's
// strategy, and the outputs stay within tolerance of the unmodified run.

// Three rows of 16 features.
// DEFINE: %{x} = -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375 -0.75 1 -0.125 -1.25 0.5 -0.625 1.125 0 -1.125 0.625 -0.5 1.25 0.125 -1 0.75 -0.375 1.375 0.25 -0.875 0.875 -0.25 -1.375 0.375

// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's|util.annotate \[#hal.device.target<"llvm-cpu">\] {|util.annotate [#hal.device.target<"llvm-cpu">, #codegen.strategy<contraction = "llvm-cpu-tile-and-vectorize{tile-sizes=4,8,8},canonicalize,cse">] {|' \
// RUN:   %scopeir_src_root/examples/mlp.mlir > %t/override.mlir
// RUN: grep -c "codegen.strategy" %t/override.mlir | FileCheck %s --check-prefix=EDITED
// EDITED: {{^}}1{{$}}

// RUN: scope-opt %t/override.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-form-tu-scopes -o /dev/null 2>&1 \
// RUN:   | FileCheck %s
// CHECK: func.func private @llvm_cpu_executables_main_dispatch_{{[0-9]+}}({{.*}}attributes {util.scope_attrs = [#codegen.strategy<contraction = "llvm-cpu-tile-and-vectorize{tile-sizes=4,8,8},canonicalize,cse">, #hal.device.target<"llvm-cpu">]}
// CHECK:   codegen.scope.tu ({{.*}}) -> ({{.*}}) pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=4,8,8},canonicalize,cse" {
// CHECK:     linalg.matmul
// CHECK:   codegen.scope.tu ({{.*}}) -> ({{.*}}) pipeline = "llvm-cpu-tile-and-vectorize{tile-sizes=8,16,16 parallel-tile-sizes=8,16 parallel-min-iterations=32768},canonicalize,cse" {
// CHECK:     linalg.generic

// RUN: scope-run %t/override.mlir --function=main --input="3x16xf32=%{x}" > %t/override.txt
// RUN: scope-run %scopeir_src_root/examples/mlp.mlir --function=main --input="3x16xf32=%{x}" > %t/default.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/override.txt %t/default.txt
