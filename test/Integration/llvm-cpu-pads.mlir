// Pads on llvm-cpu are a vectorized fill and copy: no call of the strided
// runtime copy is left (a pad used to be a scalar fill loop and a
// `memrefCopy` call, 13x slower on a ResNet activation), and the values are
// llvm-cpu-loops' bit for bit, static, dynamic and integer.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/nchw-pads.mlir --function=static --emit-llvm-dialect | FileCheck %s
// CHECK: llvm.func
// CHECK-NOT: memrefCopy
// CHECK-NOT: llvm.intr.memcpy

// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/nchw-pads.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 1 8 13 32 --seed 1
// RUN: scope-run %S/Inputs/nchw-pads.mlir --function=static --input=@%t/x.npy > %t/vec.txt
// RUN: scope-run %t/loops.mlir --function=static --input=@%t/x.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec.txt %t/loops.txt
// RUN: FileCheck %s --check-prefix=STATIC < %t/vec.txt
// STATIC: 1x8x15x34xf32=[{{\[\[}}-inf -inf
// STATIC: 1x8x19x38xf32=[{{\[\[}}0 0 0

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/y.npy 2 3 13 21 --seed 2
// RUN: scope-run %S/Inputs/nchw-pads.mlir --function=dynamic --input=@%t/y.npy > %t/vecd.txt
// RUN: scope-run %t/loops.mlir --function=dynamic --input=@%t/y.npy > %t/loopsd.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vecd.txt %t/loopsd.txt
// RUN: FileCheck %s --check-prefix=DYNAMIC < %t/vecd.txt
// DYNAMIC: 2x3x16x24xf32=

// RUN: scope-run %S/Inputs/nchw-pads.mlir --function=int8 --input="3x40xi8=5" > %t/veci.txt
// RUN: scope-run %t/loops.mlir --function=int8 --input="3x40xi8=5" > %t/loopsi.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/veci.txt %t/loopsi.txt
// RUN: FileCheck %s --check-prefix=INT8 < %t/veci.txt
// INT8: 5x44xi8=[7 7 7
// INT8-SAME: ][7 7 5 5
