// scope-run --codegen-check-stores: a workgroup distribution that does not
// align with its result (an overlap, a gap, a store past the end of a
// dynamically shaped result) stops the run with status 1 and a message
// naming the scope and the first bad element or workgroup; an aligned one
// runs and prints the same result as without the check, on both CPU
// backends and on 1 and 2 threads.
// RUN: rm -rf %t && mkdir -p %t

// RUN: not scope-run %S/Inputs/workgroups-misaligned.mlir --function=overlap --input=12xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=OVERLAP
// OVERLAP: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}workgroups-misaligned.mlir:7:8: element [3] of result #0 is stored 2 times by the workgroups (expected exactly once)
// OVERLAP-NOT: 10xf32

// RUN: not scope-run %S/Inputs/workgroups-misaligned.mlir --function=gap --input=4x5xf32=1 --host-backend=llvm-cpu --threads=2 --codegen-check-stores | FileCheck %s --check-prefix=GAP
// GAP: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}workgroups-misaligned.mlir:19:8: element [0, 4] of result #0 is stored 0 times by the workgroups (expected exactly once)

// RUN: not scope-run %S/Inputs/workgroups-misaligned.mlir --function=out_of_bounds --input=10xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=BOUNDS
// BOUNDS: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}workgroups-misaligned.mlir:35:8: workgroup [2] stores result #0 outside its extent in dimension #0 (offset 8, size 4, stride 1, extent 10)

// Without the check the overlap is silent: the run succeeds.
// RUN: scope-run %S/Inputs/workgroups-misaligned.mlir --function=overlap --input=12xf32=1 | FileCheck %s --check-prefix=SILENT
// SILENT: 10xf32=1 1 1 1 1 1 1 1 1 1

// RUN: scope-run %S/Inputs/workgroups-misaligned.mlir --function=aligned --input=12xf32=0 > %t/plain.txt
// RUN: scope-run %S/Inputs/workgroups-misaligned.mlir --function=aligned --input=12xf32=0 --codegen-check-stores > %t/loops1.txt
// RUN: scope-run %S/Inputs/workgroups-misaligned.mlir --function=aligned --input=12xf32=0 --codegen-check-stores --threads=2 > %t/loops2.txt
// RUN: scope-run %S/Inputs/workgroups-misaligned.mlir --function=aligned --input=12xf32=0 --codegen-check-stores --host-backend=llvm-cpu > %t/cpu1.txt
// RUN: scope-run %S/Inputs/workgroups-misaligned.mlir --function=aligned --input=12xf32=0 --codegen-check-stores --host-backend=llvm-cpu --threads=2 > %t/cpu2.txt
// RUN: FileCheck %s --check-prefix=ALIGNED < %t/plain.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/plain.txt %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/plain.txt %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/plain.txt %t/cpu1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/plain.txt %t/cpu2.txt
// ALIGNED: 12xf32=1 1 1 1 1 1 1 1 1 1 1 1
