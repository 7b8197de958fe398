// The llvm-cpu contraction strategy (packing with zero padding, cache and
// register tiles, vector.fma) computes the same matmul as llvm-cpu-loops on
// shapes that are not multiples of any tile, smaller than one register
// tile, exact multiples, and with k = 1; within rtol 1e-5 / atol 1e-5
// (fused multiply-adds and a different summation order).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/dynamic-matmul.mlir > %t/loops.mlir

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a1.npy 37 19 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b1.npy 19 53 --seed 2
// RUN: scope-run %S/Inputs/dynamic-matmul.mlir --input=@%t/a1.npy --input=@%t/b1.npy > %t/vec1.txt
// RUN: scope-run %t/loops.mlir --input=@%t/a1.npy --input=@%t/b1.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec1.txt %t/loops1.txt
// RUN: FileCheck %s --check-prefix=SHAPE1 < %t/vec1.txt
// SHAPE1: 37x53xf32=

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a2.npy 3 5 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b2.npy 5 7 --seed 4
// RUN: scope-run %S/Inputs/dynamic-matmul.mlir --input=@%t/a2.npy --input=@%t/b2.npy > %t/vec2.txt
// RUN: scope-run %t/loops.mlir --input=@%t/a2.npy --input=@%t/b2.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec2.txt %t/loops2.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a3.npy 96 300 --seed 5
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b3.npy 300 128 --seed 6
// RUN: scope-run %S/Inputs/dynamic-matmul.mlir --input=@%t/a3.npy --input=@%t/b3.npy > %t/vec3.txt
// RUN: scope-run %t/loops.mlir --input=@%t/a3.npy --input=@%t/b3.npy > %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec3.txt %t/loops3.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a4.npy 13 1 --seed 7
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b4.npy 1 33 --seed 8
// RUN: scope-run %S/Inputs/dynamic-matmul.mlir --input=@%t/a4.npy --input=@%t/b4.npy > %t/vec4.txt
// RUN: scope-run %t/loops.mlir --input=@%t/a4.npy --input=@%t/b4.npy > %t/loops4.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec4.txt %t/loops4.txt
