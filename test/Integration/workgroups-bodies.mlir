// Workgroup bodies as people write them, end to end: stores from inside an
// scf.for (row halves), under an scf.if (a result tied to its input), from
// several blocks, and a tied result stored at the top of the body; each
// prints the expected values on both CPU backends, on 1 and 2 threads, with
// and without --codegen-check-stores. The check stays
// exact for nested stores: a row stored twice by a loop, an element no
// branch stores, and a tied element stored twice are each reported.
// RUN: rm -rf %t && mkdir -p %t

// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=row_halves --input=8x4xf32=1 | FileCheck %s --check-prefix=HALVES
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=row_halves --input=8x4xf32=1 --host-backend=llvm-cpu --threads=2 | FileCheck %s --check-prefix=HALVES
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=row_halves --input=8x4xf32=1 --host-backend=llvm-cpu --threads=2 --codegen-check-stores | FileCheck %s --check-prefix=HALVES
// HALVES: 8x4xf32=[1 1 1 1][1 1 1 1][3 3 3 3][3 3 3 3][5 5 5 5][5 5 5 5][7 7 7 7][7 7 7 7]

// The tied result, then the capture it was tied to, unchanged.
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=odd_negated "--input=6xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=TIED
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=odd_negated "--input=6xf32=1 2 3 4 5 6" --host-backend=llvm-cpu --threads=2 | FileCheck %s --check-prefix=TIED
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=odd_negated "--input=6xf32=1 2 3 4 5 6" --threads=2 --codegen-check-stores | FileCheck %s --check-prefix=TIED
// TIED: 6xf32=1 -2 3 -4 5 -6
// TIED-NEXT: 6xf32=1 2 3 4 5 6

// A tied result stored at the top of the body (the loop's shared output is
// the capture), then the capture, unchanged.
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=even_negated "--input=6xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=TIED-TOP
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=even_negated "--input=6xf32=1 2 3 4 5 6" --host-backend=llvm-cpu --threads=2 | FileCheck %s --check-prefix=TIED-TOP
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=even_negated "--input=6xf32=1 2 3 4 5 6" --codegen-check-stores | FileCheck %s --check-prefix=TIED-TOP
// TIED-TOP: 6xf32=-1 2 -3 4 -5 6
// TIED-TOP-NEXT: 6xf32=1 2 3 4 5 6

// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=blocks "--input=6xf32=1 2 3 4 5 6" | FileCheck %s --check-prefix=BLOCKS
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=blocks "--input=6xf32=1 2 3 4 5 6" --host-backend=llvm-cpu --threads=2 | FileCheck %s --check-prefix=BLOCKS
// RUN: scope-run %S/Inputs/workgroups-bodies.mlir --function=blocks "--input=6xf32=1 2 3 4 5 6" --host-backend=llvm-cpu --codegen-check-stores | FileCheck %s --check-prefix=BLOCKS
// BLOCKS: 6xf32=1 -2 3 -4 5 -6

// RUN: not scope-run %S/Inputs/workgroups-bodies.mlir --function=overlapping_halves --input=9x4xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=LOOP-OVERLAP
// RUN: not scope-run %S/Inputs/workgroups-bodies.mlir --function=overlapping_halves --input=9x4xf32=1 --host-backend=llvm-cpu --threads=2 --codegen-check-stores | FileCheck %s --check-prefix=LOOP-OVERLAP
// LOOP-OVERLAP: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}workgroups-bodies.mlir:75:8: element [2, 0] of result #0 is stored 2 times by the workgroups (expected exactly once)

// RUN: not scope-run %S/Inputs/workgroups-bodies.mlir --function=odd_only --input=6xf32=1 --codegen-check-stores | FileCheck %s --check-prefix=IF-GAP
// IF-GAP: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}workgroups-bodies.mlir:93:8: element [0] of result #0 is stored 0 times by the workgroups (expected exactly once)

// RUN: not scope-run %S/Inputs/workgroups-bodies.mlir --function=tied_twice --input=6xf32=1 --host-backend=llvm-cpu --codegen-check-stores | FileCheck %s --check-prefix=TIED-TWICE
// TIED-TWICE: codegen-check-stores: error: codegen.scope.workgroups at {{.*}}workgroups-bodies.mlir:111:8: element [0] of result #0 is stored 2 times by the workgroups (expected at most once: it is tied to capture #0)
