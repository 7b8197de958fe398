// --threads=N runs the parallel outer tiles of llvm-cpu's strategies on N
// OpenMP threads; each output element is computed by one thread in the same
// order whatever N is, so the results are bit for bit those of one thread.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a.npy 77 130 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 130 101 --seed 2
// RUN: scope-run %scopeir_src_root/test/Integration/Inputs/dynamic-matmul.mlir --threads=1 --input=@%t/a.npy --input=@%t/b.npy --output=@%t/one.npy
// RUN: scope-run %scopeir_src_root/test/Integration/Inputs/dynamic-matmul.mlir --threads=2 --input=@%t/a.npy --input=@%t/b.npy --output=@%t/two.npy
// RUN: scope-run %scopeir_src_root/test/Integration/Inputs/dynamic-matmul.mlir --threads=3 --input=@%t/a.npy --input=@%t/b.npy --output=@%t/three.npy
// RUN: cmp %t/one.npy %t/two.npy
// RUN: cmp %t/one.npy %t/three.npy

// With more than one thread the parallel loops become OpenMP worksharing
// loops; with one they stay sequential loops and need no OpenMP runtime.
// RUN: scope-run %scopeir_src_root/test/Integration/Inputs/dynamic-matmul.mlir --threads=2 --emit-llvm-dialect | FileCheck %s --check-prefix=OMP
// OMP: omp.parallel
// OMP: omp.wsloop
// RUN: scope-run %scopeir_src_root/test/Integration/Inputs/dynamic-matmul.mlir --threads=1 --emit-llvm-dialect | FileCheck %s --check-prefix=SEQ
// SEQ-NOT: omp.

// RUN: not scope-run %S/Inputs/add.mlir --threads=0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: scope-run: --threads takes a positive integer, not '0'
// RUN: not scope-run %S/Inputs/add.mlir -threads=two 2>&1 | FileCheck %s --check-prefix=WORD
// WORD: scope-run: --threads takes a positive integer, not 'two'
