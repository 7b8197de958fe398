// End to end on a Vulkan device (lavapipe in CI): examples/mlp.mlir with
// layer 1 (matmul, bias, ReLU) on vulkan and layer 2 on llvm-cpu-loops, and
// with both layers on vulkan (the softmax's reductions and exp on the device
// too), at dispatch and at scope granularity, equals the program with its
// scopes stripped, lowered by upstream mlir-opt and run by mlir-runner
// (the reference of Integration/mlp.mlir). Tolerance rtol 1e-5 / atol 1e-6:
// the device's exp is not libm's.
// REQUIRES: vulkan
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

// RUN: sed -e 's/"llvm-cpu">/"vulkan">/' %scopeir_src_root/examples/mlp.mlir > %t/one.mlir
// RUN: sed -e 's/"llvm-cpu-loops">/"vulkan">/' %t/one.mlir > %t/both.mlir
// RUN: scope-run %t/one.mlir --input="3x16xf32=%{x}" > %t/one.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/one.txt %t/reference.txt
// RUN: scope-run %t/both.mlir --input="3x16xf32=%{x}" > %t/both.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/both.txt %t/reference.txt
// RUN: scope-run %t/both.mlir --input="3x16xf32=%{x}" --dispatch=false > %t/both-scopes.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/both-scopes.txt %t/reference.txt
// RUN: FileCheck %s < %t/both.txt
// CHECK: 3x10xf32=[{{([-0-9.e]+ ){9}[-0-9.e]+}}][{{([-0-9.e]+ ){9}[-0-9.e]+}}][{{([-0-9.e]+ ){9}[-0-9.e]+}}]

// The dispatches layer 1 forms on vulkan.
// RUN: scope-run %t/one.mlir --input="3x16xf32=%{x}" --dump-dispatches | FileCheck %s --check-prefix=DUMP
// DUMP: dispatch #0 @vulkan_executables::@main_dispatch_0 device=#hal.device.target<"vulkan">
// DUMP: dispatch #1 @llvm_cpu_loops_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu-loops">
// DUMP: transfer #0 tensor<?x16xf32> from host to #hal.device.target<"vulkan"> scope=-
// DUMP-NEXT: transfer #1 tensor<?x32xf32> from #hal.device.target<"vulkan"> to host scope=-

// The transfers in the zone table: one call per direction.
// RUN: scope-run %t/one.mlir --input="3x16xf32=%{x}" --print-zones 2>&1 >/dev/null | FileCheck %s --check-prefix=ZONES
// ZONES: (transfer host->vulkan) 1
// ZONES: (transfer vulkan->host) 1
