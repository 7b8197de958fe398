// On AVX2, with --prepare-parameters, a 3x3 layer whose filter is a
// parameter of more than 512 KiB and whose output has at least 32 pixels
// is a matmul over its input's im2col copy whose right-hand side, the
// filter, @forward$prepare packs once into the contraction strategy's
// panels (F / 16 x C x KH x KW x 16): the call's matmul reads them without
// packing. So is a linear layer's transposed weight (@linear: bias and ReLU
// after it). Values within rtol/atol 1e-4 of llvm-cpu-loops, prepared or not
// (sums of 1152 and 576 products in another order).
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "haswell"}>/' %S/Inputs/im2col-panels.mlir > %t/haswell.mlir
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu prepare-parameters=1" \
// RUN:   --mlir-print-ir-after=llvm-cpu-hoist-filter-packing 2>&1 >/dev/null | FileCheck %s
// CHECK: scopeir.prepared_functions = {forward = (tensor<128x128x3x3xf32>, tensor<256x64x3x3xf32>) -> (tensor<8x128x3x3x16xf32>, tensor<16x64x3x3x16xf32>)
// After the strategies no pack or unpack is left: the packs of the panels'
// unpacks are folded away, all others tiled and vectorized.
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu prepare-parameters=1" \
// RUN:   --mlir-print-ir-after=llvm-cpu-apply-strategies 2>&1 >/dev/null | FileCheck %s --check-prefix=APPLY
// APPLY-NOT: linalg.pack
// APPLY-NOT: linalg.unpack
// APPLY-DAG: linalg.generic {{.+}} outs(%{{.+}} : tensor<7x7x128x3x3xf32>)
// APPLY-DAG: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d2, d0 * 2 + d3, d1 * 2 + d4)>, {{.+}} outs(%{{.+}} : tensor<7x7x64x3x3xf32>)
// APPLY-NOT: linalg.pack
// APPLY-NOT: linalg.unpack

// RUN: sed 's/"llvm-cpu">/"llvm-cpu-loops">/' %S/Inputs/im2col-panels.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x.npy 1 128 9 9 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/y.npy 1 64 15 15 --seed 2
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w.npy 128 128 3 3 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/v.npy 256 64 3 3 --seed 4
// RUN: scope-run %t/loops.mlir --function=forward --input=@%t/x.npy --input=@%t/y.npy \
// RUN:   --input=@%t/w.npy --input=@%t/v.npy > %t/loops.txt
// RUN: scope-run %t/haswell.mlir --function=forward --prepare-parameters --input=@%t/x.npy --input=@%t/y.npy \
// RUN:   --input=@%t/w.npy --input=@%t/v.npy > %t/prepared.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/prepared.txt %t/loops.txt
// RUN: scope-run %t/haswell.mlir --function=forward --input=@%t/x.npy --input=@%t/y.npy \
// RUN:   --input=@%t/w.npy --input=@%t/v.npy > %t/whole.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/whole.txt %t/loops.txt

// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu prepare-parameters=1" \
// RUN:   --mlir-print-ir-after=llvm-cpu-hoist-filter-packing 2>&1 >/dev/null | FileCheck %s --check-prefix=LINEAR
// LINEAR: scopeir.prepared_functions = {{{.*}}linear = (tensor<1024x256xf32>, tensor<1024xf32>) -> tensor<64x256x16xf32>
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/lx.npy 128 256 --seed 5
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/lw.npy 1024 256 --seed 6
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/lb.npy 1024 --seed 7
// RUN: scope-run %t/loops.mlir --function=linear --input=@%t/lx.npy --input=@%t/lw.npy --input=@%t/lb.npy > %t/lloops.txt
// RUN: scope-run %t/haswell.mlir --function=linear --prepare-parameters --input=@%t/lx.npy --input=@%t/lw.npy \
// RUN:   --input=@%t/lb.npy > %t/lprepared.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/lprepared.txt %t/lloops.txt
