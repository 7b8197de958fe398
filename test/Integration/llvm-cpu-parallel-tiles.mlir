// The llvm-cpu backend's generic tiles of large ops run on threads: their
// outermost tile loop is an scf.forall (llvm-cpu-tile-and-vectorize's
// parallel-min-iterations), an OpenMP worksharing loop at two threads.
// Each tile computes what it computed on one thread: the values at two
// threads are bit for bit those at one, and those of llvm-cpu-loops within
// rounding (FMAs, another summation order in the matmul).
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=scale_relu --host-backend=llvm-cpu --threads=2 \
// RUN:   --emit-llvm-dialect | FileCheck %s --check-prefix=OMP
// OMP-LABEL: llvm.func @host_executables_scale_relu_dispatch_0
// OMP: omp.parallel
// OMP: omp.wsloop
// OMP-LABEL: llvm.func @host_executables_linear_dispatch_0
// OMP: omp.parallel
// OMP: omp.wsloop
// OMP-LABEL: llvm.func @host_executables_softmax_dispatch_0
// OMP: omp.parallel
// OMP: omp.wsloop

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 1 64 56 56 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/s.npy 64 --seed 2
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=scale_relu --host-backend=llvm-cpu --threads=2 --input=@%t/x.npy --input=@%t/s.npy > %t/two1.txt
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=scale_relu --host-backend=llvm-cpu --threads=1 --input=@%t/x.npy --input=@%t/s.npy > %t/one1.txt
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=scale_relu --host-backend=llvm-cpu-loops --input=@%t/x.npy --input=@%t/s.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/two1.txt %t/one1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/two1.txt %t/loops1.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a.npy 32 128 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 128 512 --seed 4
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/bias.npy 512 --seed 5
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=linear --host-backend=llvm-cpu --threads=2 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/two2.txt
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=linear --host-backend=llvm-cpu --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/one2.txt
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=linear --host-backend=llvm-cpu-loops --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/two2.txt %t/one2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/two2.txt %t/loops2.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/z.npy 128 512 --seed 6
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=softmax --host-backend=llvm-cpu --threads=2 --input=@%t/z.npy > %t/two3.txt
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=softmax --host-backend=llvm-cpu --threads=1 --input=@%t/z.npy > %t/one3.txt
// RUN: scope-run %S/Inputs/parallel-tiles.mlir --function=softmax --host-backend=llvm-cpu-loops --input=@%t/z.npy > %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/two3.txt %t/one3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-6 %t/two3.txt %t/loops3.txt
