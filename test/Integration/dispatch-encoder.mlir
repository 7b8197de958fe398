// End to end at dispatch granularity on a larger model with a dynamic batch:
// examples/encoder.mlir (a residual block on llvm-cpu split into zones, a
// head on llvm-cpu-loops with a nested llvm-cpu scope, a host epilogue),
// run on a batch of 5 rows and a batch of 1 row. `scope-run --dispatch`
// gives the same outputs as
//  (1) whole-scope granularity: bit for bit (.npy, cmp);
//  (2) the upstream reference (scopes stripped, mlir-opt's plain-loops
//      pipeline, mlir-runner): within rtol 1e-5 / atol 1e-6 (llvm-cpu
//      contracts into fused multiply-adds).
//
// DEFINE: %{x5} = 0.5 -1 0.25 0 1 -0.5 0.75 -0.25 1 0 -1 0.5 0.25 -0.75 0 1 -0.125 0.375 -0.625 0.875 -1.25 1.5 -0.375 0.125 0.625 -0.875 1.125 -1.375 0.25 -0.5 0.75 -1 1.5 0.25 -0.25 0.5 -0.75 1 -1.25 0
// DEFINE: %{x1} = 2 -1.5 1 -0.5 0 0.5 -1 1.5

// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %scopeir_src_root/examples/encoder.mlir %S/Inputs/encoder-reference-driver.mlir > %t/combined.mlir
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

// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dispatch --input="5x8xf32=%{x5}" > %t/dispatch.txt
// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dispatch --input="1x8xf32=%{x1}" >> %t/dispatch.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/dispatch.txt %t/reference.txt
// RUN: FileCheck %s --check-prefix=SHAPES < %t/dispatch.txt
// SHAPES: 5x4xf32=
// SHAPES: 1x4xf32=

// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dispatch --input="5x8xf32=%{x5}" --output=@%t/dispatch5.npy
// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dispatch=false --input="5x8xf32=%{x5}" --output=@%t/scope5.npy
// RUN: cmp %t/dispatch5.npy %t/scope5.npy
// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dispatch --input="1x8xf32=%{x1}" --output=@%t/dispatch1.npy
// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dispatch=false --input="1x8xf32=%{x1}" --output=@%t/scope1.npy
// RUN: cmp %t/dispatch1.npy %t/scope1.npy

// The scope -> dispatch map: layer 1 alone; layer 2 fused with the residual
// add across the stripped zone boundary (named by their common path); the
// head's matmul + bias on llvm-cpu-loops; the nested norm scope's reduction
// and subtraction on llvm-cpu (innermost device wins); the host epilogue.
// RUN: scope-run %scopeir_src_root/examples/encoder.mlir --dump-dispatches --input="1x8xf32=%{x1}" | FileCheck %s
// CHECK:      dispatch #0 @llvm_cpu_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu"> scope=encoder/layer1
// CHECK-NEXT: dispatch #1 @llvm_cpu_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu"> scope=encoder
// CHECK-NEXT: dispatch #2 @llvm_cpu_loops_executables::@main_dispatch_2 device=#hal.device.target<"llvm-cpu-loops"> scope=head
// CHECK-NEXT: dispatch #3 @llvm_cpu_executables::@main_dispatch_3 device=#hal.device.target<"llvm-cpu"> scope=head/norm
// CHECK-NEXT: dispatch #4 @llvm_cpu_executables::@main_dispatch_4 device=#hal.device.target<"llvm-cpu"> scope=head/norm
// CHECK-NEXT: dispatch #5 @host_executables::@main_dispatch_5 device=host scope=-
// CHECK-NEXT: 1x4xf32=
