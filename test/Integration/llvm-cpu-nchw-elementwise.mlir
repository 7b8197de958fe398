// An NCHW batch norm + ReLU on llvm-cpu is vectorized along W in 8 x 16
// tiles of its two innermost dims (partial tiles masked: 13 x 21 is no
// multiple), static and dynamic, and equals llvm-cpu-loops bit for bit
// (no contraction: multiplies and adds round alike).
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/nchw-affine-relu.mlir --function=static --emit-llvm-dialect \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s
// CHECK-DAG: vector<1x1x8x16xf32>
// CHECK-DAG: vector<1x1x8x16xi1>

// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/nchw-affine-relu.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 1 8 13 21 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/s.npy 8 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 8 --seed 3
// RUN: scope-run %S/Inputs/nchw-affine-relu.mlir --function=static --input=@%t/x.npy --input=@%t/s.npy --input=@%t/b.npy > %t/vec.txt
// RUN: scope-run %t/loops.mlir --function=static --input=@%t/x.npy --input=@%t/s.npy --input=@%t/b.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec.txt %t/loops.txt
// RUN: scope-run %S/Inputs/nchw-affine-relu.mlir --function=dynamic --input=@%t/x.npy --input=@%t/s.npy --input=@%t/b.npy > %t/vecd.txt
// RUN: scope-run %t/loops.mlir --function=dynamic --input=@%t/x.npy --input=@%t/s.npy --input=@%t/b.npy > %t/loopsd.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vecd.txt %t/loopsd.txt
// RUN: FileCheck %s --check-prefix=SHAPE < %t/vecd.txt
// SHAPE: 1x8x13x21xf32=
