// llvm-cpu's direct convolution strategy (register tiles of output pixels x
// channels, accumulated over the filter window and input channels) computes
// the same convolutions as llvm-cpu-loops, stride 1 and 2, batch 2: within
// rtol 1e-5 / atol 1e-5 (fused multiply-adds, another summation order).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/conv2d.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/input.npy 2 10 12 16 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/filter.npy 3 3 16 64 --seed 2
// RUN: scope-run %S/Inputs/conv2d.mlir --input=@%t/input.npy --input=@%t/filter.npy > %t/vec.txt
// RUN: scope-run %t/loops.mlir --input=@%t/input.npy --input=@%t/filter.npy > %t/loops.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec.txt %t/loops.txt
// RUN: FileCheck %s < %t/vec.txt
// CHECK: 2x8x10x64xf32=
// CHECK: 2x4x5x64xf32=

// The strategy did run (no convolution is left for the generic steps).
// RUN: scope-run %S/Inputs/conv2d.mlir --input=@%t/input.npy --input=@%t/filter.npy \
// RUN:   --mlir-print-ir-after=hal-run-backend-pipelines --mlir-disable-threading 2>&1 | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func private @llvm_cpu_executables_main_dispatch_0
//   IR-NOT:   linalg.conv_2d_nhwc_hwcf
//       IR:   vector.fma
