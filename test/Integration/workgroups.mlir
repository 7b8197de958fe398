// examples/workgroups.mlir end to end: a hand-distributed matmul (512x512
// output tiles, dynamic M = 40, so the one row of tiles is 40 rows high;
// and M = 520 on llvm-cpu, two rows of tiles, the second 8 rows high)
// followed by a bias add and a ReLU, (a) as written, (b) after
// codegen-fuse-into-workgroups, (c) as a plain linalg.matmul (@reference),
// on both CPU backends and on 1 and 2 threads. Outputs of (a), (b) and (c)
// agree within rtol 1e-5 / atol 1e-5 (the backends may sum in another order
// and use FMAs); each program gives the same bits on 1 and 2 threads.
// The fused program has one dispatch where the unfused one has two.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a.npy 40 1024 --seed 11
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 1024 1024 --seed 12
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/bias.npy 1024 --seed 13
// RUN: scope-opt --codegen-fuse-into-workgroups %scopeir_src_root/examples/workgroups.mlir -o %t/fused.mlir
// RUN: FileCheck %s --check-prefix=FUSED-IR < %t/fused.mlir

// Dispatches of @main (the dump lists every function's).
// RUN: scope-run %scopeir_src_root/examples/workgroups.mlir --dump-dispatches --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy | grep -c '@main_dispatch' | FileCheck %s --check-prefix=UNFUSED-COUNT
// RUN: scope-run %t/fused.mlir --dump-dispatches --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy | grep -c '@main_dispatch' | FileCheck %s --check-prefix=FUSED-COUNT
// UNFUSED-COUNT: {{^}}2{{$}}
// FUSED-COUNT: {{^}}1{{$}}

// llvm-cpu-loops: (a) unfused, (b) fused, (c) reference on 1 thread; (b) on 2.
// RUN: scope-run %scopeir_src_root/examples/workgroups.mlir --function=main --host-backend=llvm-cpu-loops --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-loops-a1.txt
// RUN: scope-run %t/fused.mlir --function=main --host-backend=llvm-cpu-loops --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-loops-b1.txt
// RUN: scope-run %scopeir_src_root/examples/workgroups.mlir --function=reference --host-backend=llvm-cpu-loops --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-loops-c1.txt
// RUN: scope-run %t/fused.mlir --function=main --host-backend=llvm-cpu-loops --threads=2 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-loops-b2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/llvm-cpu-loops-a1.txt %t/llvm-cpu-loops-c1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/llvm-cpu-loops-b1.txt %t/llvm-cpu-loops-c1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/llvm-cpu-loops-b1.txt %t/llvm-cpu-loops-b2.txt
// llvm-cpu: (a) unfused, (b) fused, (c) reference on 1 thread; (b) on 2.
// RUN: scope-run %scopeir_src_root/examples/workgroups.mlir --function=main --host-backend=llvm-cpu --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-a1.txt
// RUN: scope-run %t/fused.mlir --function=main --host-backend=llvm-cpu --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-b1.txt
// RUN: scope-run %scopeir_src_root/examples/workgroups.mlir --function=reference --host-backend=llvm-cpu --threads=1 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-c1.txt
// RUN: scope-run %t/fused.mlir --function=main --host-backend=llvm-cpu --threads=2 --input=@%t/a.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-b2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/llvm-cpu-a1.txt %t/llvm-cpu-c1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/llvm-cpu-b1.txt %t/llvm-cpu-c1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/llvm-cpu-b1.txt %t/llvm-cpu-b2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/llvm-cpu-b1.txt %t/llvm-cpu-loops-b1.txt
// RUN: FileCheck %s --check-prefix=SHAPE < %t/llvm-cpu-b2.txt
// SHAPE: 40x1024xf32=

// M = 520: two rows of tiles, the second 8 rows high (llvm-cpu only: the
// loops backend would take seconds).
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a520.npy 520 1024 --seed 14
// RUN: scope-run %t/fused.mlir --function=main --host-backend=llvm-cpu --threads=2 --input=@%t/a520.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-b520.txt
// RUN: scope-run %scopeir_src_root/examples/workgroups.mlir --function=reference --host-backend=llvm-cpu --threads=1 --input=@%t/a520.npy --input=@%t/b.npy --input=@%t/bias.npy > %t/llvm-cpu-c520.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/llvm-cpu-b520.txt %t/llvm-cpu-c520.txt
// RUN: FileCheck %s --check-prefix=SHAPE520 < %t/llvm-cpu-b520.txt
// SHAPE520: 520x1024xf32=

// FUSED-IR-LABEL: func.func @main
// FUSED-IR: codegen.scope.workgroups
// FUSED-IR:   linalg.matmul
// FUSED-IR:   linalg.generic
// FUSED-IR:     arith.addf
// FUSED-IR:   linalg.generic
// FUSED-IR:     arith.maximumf
// FUSED-IR:   codegen.store
// FUSED-IR-NOT: codegen.store
// FUSED-IR: }
// FUSED-IR-NOT: linalg.generic
// FUSED-IR: return
// FUSED-IR-LABEL: func.func @reference
