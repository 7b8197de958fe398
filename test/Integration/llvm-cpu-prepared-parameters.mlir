// With --prepare-parameters, the session splits a function whose
// convolution filters are parameters into @<f>$prepare (the filters packed
// as the taps read them) and @<f>$run, calls the first once and the second
// per call; the values are bit for bit those of the unsplit function, and
// within rtol/atol 1e-5 of llvm-cpu-loops.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/prepared-parameters.mlir --function=forward --host-backend=llvm-cpu \
// RUN:   --prepare-parameters --emit-llvm-dialect | FileCheck %s --check-prefix=SPLIT
// SPLIT-DAG: llvm.func @_mlir_ciface_forward$prepare(
// SPLIT-DAG: llvm.func @_mlir_ciface_forward$run(
// SPLIT-DAG: llvm.func @_mlir_ciface_forward(
// RUN: scope-run %S/Inputs/prepared-parameters.mlir --function=forward --host-backend=llvm-cpu \
// RUN:   --emit-llvm-dialect | FileCheck %s --check-prefix=WHOLE
// WHOLE-NOT: $prepare

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 1 8 18 18 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/y.npy 1 32 9 9 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w.npy 16 8 3 3 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 16 --seed 4
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/v.npy 32 32 3 3 --seed 5
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/u.npy 32 32 1 1 --seed 6
// RUN: scope-run %S/Inputs/prepared-parameters.mlir --function=forward --host-backend=llvm-cpu \
// RUN:   --prepare-parameters --input=@%t/x.npy --input=@%t/y.npy --input=@%t/w.npy --input=@%t/b.npy \
// RUN:   --input=@%t/v.npy --input=@%t/u.npy > %t/prepared.txt
// RUN: scope-run %S/Inputs/prepared-parameters.mlir --function=forward --host-backend=llvm-cpu \
// RUN:   --input=@%t/x.npy --input=@%t/y.npy --input=@%t/w.npy --input=@%t/b.npy \
// RUN:   --input=@%t/v.npy --input=@%t/u.npy > %t/whole.txt
// RUN: scope-run %S/Inputs/prepared-parameters.mlir --function=forward --host-backend=llvm-cpu-loops \
// RUN:   --input=@%t/x.npy --input=@%t/y.npy --input=@%t/w.npy --input=@%t/b.npy \
// RUN:   --input=@%t/v.npy --input=@%t/u.npy > %t/loops.txt
// RUN: cmp %t/prepared.txt %t/whole.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/prepared.txt %t/loops.txt
// RUN: FileCheck %s --check-prefix=SHAPES < %t/prepared.txt
// SHAPES: 1x16x16x16xf32=
// SHAPES: 1x32x7x7xf32=
// SHAPES: 1x32x9x9xf32=
// SHAPES: 1x32x7x7xf32=

// Several calls with the same parameters (prepared by the first).
// RUN: scope-run %S/Inputs/prepared-parameters.mlir --function=forward --host-backend=llvm-cpu \
// RUN:   --prepare-parameters --input=@%t/x.npy --input=@%t/y.npy --input=@%t/w.npy --input=@%t/b.npy \
// RUN:   --input=@%t/v.npy --input=@%t/u.npy --benchmark=3 | FileCheck %s --check-prefix=BENCH
// BENCH: BM_forward/real_time {{.+}} 3

// A module split before (scope-opt's output, which carries
// scopeir.prepared_functions) runs as written, with or without the option:
// @forward calls both halves.
// RUN: scope-opt %S/Inputs/prepared-parameters.mlir --llvm-cpu-hoist-filter-packing -o %t/split.mlir
// RUN: scope-run %t/split.mlir --function=forward --host-backend=llvm-cpu \
// RUN:   --input=@%t/x.npy --input=@%t/y.npy --input=@%t/w.npy --input=@%t/b.npy \
// RUN:   --input=@%t/v.npy --input=@%t/u.npy > %t/split.txt
// RUN: scope-run %t/split.mlir --function=forward --host-backend=llvm-cpu --prepare-parameters \
// RUN:   --input=@%t/x.npy --input=@%t/y.npy --input=@%t/w.npy --input=@%t/b.npy \
// RUN:   --input=@%t/v.npy --input=@%t/u.npy > %t/split-prepared.txt
// RUN: cmp %t/split.txt %t/whole.txt
// RUN: cmp %t/split-prepared.txt %t/whole.txt
