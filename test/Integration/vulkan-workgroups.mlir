// Hand-distributed code on a Vulkan device (lavapipe in CI): a
// codegen.scope.workgroups in a vulkan scope runs each of its workgroups as
// a workgroup of the device (its grid, linearized, is the dispatch grid),
// the parallel loops of a tile distributed over the workgroup's threads
// with a barrier between them, its temporaries in workgroup memory. Unfused
// (two dispatches: the matmul, then the bias add and the ReLU) and with the
// consumers fused into the scope (codegen-fuse-into-workgroups: one
// dispatch, the tile's matmul and bias sum in workgroup memory), it equals
// @reference on the host, on a batch (37 rows) that leaves a short last row
// of tiles. With the store check (--codegen-check-stores: each workgroup's
// stores counted on the device, the counts downloaded and checked on the
// host) the aligned distribution passes, with the same result, unfused and
// fused (vulkan-workgroups-check-stores.mlir plants misaligned ones).
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a.npy 37 64 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 64 64 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/bias.npy 64 --seed 3
// RUN: scope-run %S/Inputs/vulkan-workgroups.mlir --function=reference --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/reference.txt
// RUN: scope-run %S/Inputs/vulkan-workgroups.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy --dump-dispatches > %t/unfused.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/unfused.txt %t/reference.txt
// RUN: scope-opt --codegen-fuse-into-workgroups %S/Inputs/vulkan-workgroups.mlir -o %t/fused.mlir
// RUN: scope-run %t/fused.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy --dump-dispatches > %t/fused.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/fused.txt %t/reference.txt
// RUN: FileCheck %s --check-prefix=UNFUSED < %t/unfused.txt
// RUN: FileCheck %s --check-prefix=FUSED < %t/fused.txt
// UNFUSED: dispatch #0 @vulkan_executables::@main_dispatch_0 device=#hal.device.target<"vulkan">
// UNFUSED: dispatch #1 @vulkan_executables::@main_dispatch_1 device=#hal.device.target<"vulkan">
// UNFUSED-NOT: @vulkan_executables::@main_dispatch_2
// FUSED: dispatch #0 @vulkan_executables::@main_dispatch_0 device=#hal.device.target<"vulkan">
// FUSED-NOT: @vulkan_executables::@main_dispatch_1
// FUSED: 37x64xf32=

// The store check on the device: it runs, finds every element stored once,
// and the results are the unchecked ones (three downloads: the result, the
// counters, the record table).
// RUN: scope-run %S/Inputs/vulkan-workgroups.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy --codegen-check-stores --print-zones > %t/checked.txt 2> %t/checked-zones.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/checked.txt %t/unfused.txt
// RUN: FileCheck %s --check-prefix=CHECKSTORES < %t/checked-zones.txt
// CHECKSTORES: vulkan: {{[0-9]+}} dispatches, {{[0-9]+}} uploads ({{[0-9]+}} bytes), 3 downloads
// RUN: scope-run %t/fused.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy --codegen-check-stores > %t/fused-checked.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/fused-checked.txt %t/fused.txt
