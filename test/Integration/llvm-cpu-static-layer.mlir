// A static-shape layer (matmul, bias, ReLU) on llvm-cpu copies nothing: the
// accumulator blocks of the packed kernel are updated in place (the whole-
// block insert_slice left by a k loop of one iteration is folded), and the
// empty tensor shared by the fill and the epilogue is split so that neither
// is copied. Both copies used to cost as much as the multiply-adds. The
// values equal llvm-cpu-loops' within rtol/atol 1e-5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/static-layer.mlir --emit-llvm-dialect | FileCheck %s
// CHECK-NOT: memrefCopy
// CHECK-NOT: llvm.intr.memcpy

// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/static-layer.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 100 256 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w.npy 256 64 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 64 --seed 3
// RUN: scope-run %S/Inputs/static-layer.mlir --input=@%t/x.npy --input=@%t/w.npy --input=@%t/b.npy > %t/vec.txt
// RUN: scope-run %t/loops.mlir --input=@%t/x.npy --input=@%t/w.npy --input=@%t/b.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec.txt %t/loops.txt
// RUN: FileCheck %s --check-prefix=SHAPE < %t/vec.txt
// SHAPE: 100x64xf32=
