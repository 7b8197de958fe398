// End to end on a Vulkan device (lavapipe in CI): examples/encoder.mlir with
// its residual block (zones encoder, encoder/layer1, encoder/layer2) and the
// norm nested in the CPU head placed on vulkan, on a batch of 5 rows and one
// of 1 row, equals the upstream reference (the program with its scopes
// stripped, mlir-opt's plain-loops pipeline, mlir-runner) within rtol 1e-5 /
// atol 1e-6. Values cross four edges: the input up, the block's output
// down, the head's logits up to the norm and its result down.
// REQUIRES: vulkan
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

// RUN: sed -e 's/#hal.device.target<"llvm-cpu">, #util.zone<"encoder">/#hal.device.target<"vulkan">, #util.zone<"encoder">/' \
// RUN:     -e 's/#hal.device.target<"llvm-cpu">, #util.zone<"norm">/#hal.device.target<"vulkan">, #util.zone<"norm">/' \
// RUN:     %scopeir_src_root/examples/encoder.mlir > %t/encoder.mlir
// RUN: scope-run %t/encoder.mlir --input="5x8xf32=%{x5}" --dump-dispatches > %t/vulkan.txt
// RUN: scope-run %t/encoder.mlir --input="1x8xf32=%{x1}" >> %t/vulkan.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/vulkan.txt %t/reference.txt
// RUN: FileCheck %s < %t/vulkan.txt
// CHECK: dispatch #0 @vulkan_executables::@main_dispatch_0 device=#hal.device.target<"vulkan"> scope=encoder/layer1
// CHECK: @vulkan_executables::{{.+}} scope=head/norm
// CHECK: transfer #0 tensor<?x8xf32> from host to #hal.device.target<"vulkan">
// CHECK-NEXT: transfer #1 tensor<?x16xf32> from #hal.device.target<"vulkan"> to host
// CHECK-NEXT: transfer #2 tensor<?x4xf32> from host to #hal.device.target<"vulkan">
// CHECK-NEXT: transfer #3 tensor<?x4xf32> from #hal.device.target<"vulkan"> to host
// CHECK-NOT: transfer #
// CHECK: 5x4xf32=
// CHECK: 1x4xf32=
