// llvm-cpu's strategies on other layouts: a matmul whose A is k-major (the
// packs normalize it; 130 x 70 x 250: the packing strategy takes it) and a
// dilated convolution give llvm-cpu-loops' results
// within rtol 1e-5 / atol 1e-5, and both went through the strategies.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/layouts.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a.npy 70 130 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/b.npy 70 250 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/i.npy 1 17 19 8 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/f.npy 3 3 8 16 --seed 4
// RUN: scope-run %S/Inputs/layouts.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/i.npy --input=@%t/f.npy > %t/vec.txt
// RUN: scope-run %t/loops.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/i.npy --input=@%t/f.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec.txt %t/loops.txt
// RUN: scope-run %S/Inputs/layouts.mlir --input=@%t/a.npy --input=@%t/b.npy --input=@%t/i.npy --input=@%t/f.npy \
// RUN:   --mlir-print-ir-after=hal-run-backend-pipelines --mlir-disable-threading 2>&1 | FileCheck %s
// CHECK-LABEL: func.func private @llvm_cpu_executables_main_dispatch_0
//   CHECK-NOT:   linalg.matmul
//       CHECK:   vector.fma
// CHECK-LABEL: func.func private @llvm_cpu_executables_main_dispatch_1
//   CHECK-NOT:   linalg.conv_2d_nhwc_hwcf
//       CHECK:   vector.fma
