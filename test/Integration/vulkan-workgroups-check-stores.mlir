// scope-run --codegen-check-stores in vulkan scopes: the counts are taken on
// the device and checked on the host after a download, exactly as on the
// host. Each workgroup computes its tile in a parallel loop its threads
// share, so the rest of its body runs in every thread: the counts must
// still be one per store, not one per thread. A distribution that does not
// align (an overlap, a gap, a store past the end of a dynamically shaped
// result) stops the run with status 1 and the message the CPU backends
// give (workgroups-check-stores.mlir); an aligned one prints the same
// result as without the check.
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t

// RUN: not scope-run %S/Inputs/vulkan-workgroups-misaligned.mlir --function=overlap --input=12xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}vulkan-workgroups-misaligned.mlir:13:12: element [3] of result #0 is stored 2 times by the workgroups (expected exactly once)
// OVERLAP-NOT: 10xf32

// RUN: not scope-run %S/Inputs/vulkan-workgroups-misaligned.mlir --function=gap --input=4x5xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=GAP
// GAP: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}vulkan-workgroups-misaligned.mlir:35:12: element [0, 4] of result #0 is stored 0 times by the workgroups (expected exactly once)

// Workgroups 2 and 3 are out of bounds; the first in grid order is reported.
// RUN: not scope-run %S/Inputs/vulkan-workgroups-misaligned.mlir --function=out_of_bounds --input=10xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}vulkan-workgroups-misaligned.mlir:62:12: workgroup [2] stores result #0 outside its extent in dimension #0 (offset 8, size 4, stride 1, extent 10)

// Without the check the overlap is silent.
// RUN: scope-run %S/Inputs/vulkan-workgroups-misaligned.mlir --function=overlap --input=12xf32=1 | FileCheck %s --check-prefix=SILENT
// SILENT: 10xf32=-1 -1 -1 -1 -1 -1 -1 -1 -1 -1

// RUN: scope-run %S/Inputs/vulkan-workgroups-misaligned.mlir --function=aligned --input="12xf32=1 2 3 4 5 6 7 8 9 10 11 12" > %t/plain.txt
// RUN: scope-run %S/Inputs/vulkan-workgroups-misaligned.mlir --function=aligned --input="12xf32=1 2 3 4 5 6 7 8 9 10 11 12" --codegen-check-stores > %t/checked.txt
// RUN: FileCheck %s --check-prefix=ALIGNED < %t/plain.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/plain.txt %t/checked.txt
// ALIGNED: 12xf32=-1 -2 -3 -4 -5 -6 -7 -8 -9 -10 -11 -12
