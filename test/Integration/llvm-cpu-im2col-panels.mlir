// On AVX2, with --prepare-parameters, a 3x3 layer whose filter is a
// parameter of more than 512 KiB and whose output has at least 32 pixels
// is a matmul over its input's im2col copy whose right-hand side, the
// filter, @forward$prepare packs once into the contraction strategy's
// panels (F / 16 x C x KH x KW x 16): the call's matmul reads them without
// packing. So is a linear layer's transposed weight (@linear: bias and ReLU
// after it), and the filter of a 1x1 layer of more than 512 KiB on an
// output of 32 to 256 pixels (@pointwise), whose input is the transposed
// matmul's left-hand side in place (at stride 2, its subsampled copy;
// over a larger input, @topleft, a copy of the pixels it reads). Values
// within rtol/atol 1e-4 of llvm-cpu-loops, prepared or not (sums of 1152
// and 576 products in another order).
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
// APPLY-DAG: linalg.generic {{.+}} outs(%{{.+}} : tensor<128x3x3x7x7xf32>)
// APPLY-DAG: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 * 2 + d1, d4 * 2 + d2)>, {{.+}} outs(%{{.+}} : tensor<64x3x3x7x7xf32>)
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

// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu prepare-parameters=1" \
// RUN:   --mlir-print-ir-after=llvm-cpu-hoist-filter-packing 2>&1 >/dev/null | FileCheck %s --check-prefix=POINTWISE
// POINTWISE: scopeir.prepared_functions = {{{.*}}pointwise = (tensor<1024x256x1x1xf32>, tensor<1024xf32>, tensor<1024x512x1x1xf32>) -> (tensor<64x256x1x1x16xf32>, tensor<64x512x1x1x16xf32>)
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu prepare-parameters=1" \
// RUN:   --mlir-print-ir-after=llvm-cpu-apply-strategies 2>&1 >/dev/null | FileCheck %s --check-prefix=POINTWISE-APPLY
// POINTWISE-APPLY: codegen.scope.tu ({{.+}} as %[[OUT:.+]]: tensor<1x1024x7x7xf32>, {{.+}} as %{{.+}}: tensor<64x256x1x1x16xf32>, {{.+}} as %[[X:.+]]: tensor<1x256x7x7xf32>)
// POINTWISE-APPLY-NOT: linalg.generic
// POINTWISE-APPLY: tensor.collapse_shape %[[X]] {{\[\[}}0, 1], [2, 3]] : tensor<1x256x7x7xf32> into tensor<256x49xf32>
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/px.npy 1 256 7 7 --seed 8
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/py.npy 1 512 13 13 --seed 9
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/pr.npy 1 1024 7 7 --seed 10
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/pw.npy 1024 256 1 1 --seed 11
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/pb.npy 1024 --seed 12
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/pv.npy 1024 512 1 1 --seed 13
// RUN: scope-run %t/loops.mlir --function=pointwise --input=@%t/px.npy --input=@%t/py.npy --input=@%t/pr.npy \
// RUN:   --input=@%t/pw.npy --input=@%t/pb.npy --input=@%t/pv.npy > %t/ploops.txt
// RUN: scope-run %t/haswell.mlir --function=pointwise --prepare-parameters --input=@%t/px.npy --input=@%t/py.npy \
// RUN:   --input=@%t/pr.npy --input=@%t/pw.npy --input=@%t/pb.npy --input=@%t/pv.npy > %t/pprepared.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/pprepared.txt %t/ploops.txt
// RUN: scope-run %t/haswell.mlir --function=pointwise --input=@%t/px.npy --input=@%t/py.npy --input=@%t/pr.npy \
// RUN:   --input=@%t/pw.npy --input=@%t/pb.npy --input=@%t/pv.npy > %t/pwhole.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/pwhole.txt %t/ploops.txt

// @topleft: a 1x1 stride-1 layer over an input larger than its output copies
// the pixels it reads (the panels' im2col copy; the plain matmul's slice)
// instead of taking the whole input as the matmul's operand.
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm="host-backend=llvm-cpu prepare-parameters=1" \
// RUN:   --mlir-print-ir-after=llvm-cpu-apply-strategies 2>&1 >/dev/null | FileCheck %s --check-prefix=CORNER
// CORNER: codegen.scope.tu ({{.+}} as %{{.+}}: tensor<64x512x1x1x16xf32>, {{.+}} as %[[Y:.+]]: tensor<1x512x13x13xf32>) -> (tensor<1x1024x7x7xf32>)
// CORNER: %[[C:.+]] = tensor.collapse_shape %[[Y]] {{\[\[}}0, 1], [2], [3]] : tensor<1x512x13x13xf32> into tensor<512x13x13xf32>
// CORNER: linalg.generic {{.+}} ins(%[[C]] : tensor<512x13x13xf32>) outs(%{{.+}} : tensor<512x1x1x7x7xf32>)
// CORNER: codegen.scope.tu ({{.+}} as %[[Y2:.+]]: tensor<1x512x13x13xf32>, {{.+}} as %{{.+}}: tensor<64x512x1x1xf32>) -> (tensor<1x64x7x7xf32>)
// CORNER: tensor.extract_slice %[[Y2]][0, 0, 0, 0] [1, 512, 7, 7] [1, 1, 1, 1] : tensor<1x512x13x13xf32> to tensor<1x512x7x7xf32>
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/cu.npy 64 512 1 1 --seed 14
// RUN: scope-run %t/loops.mlir --function=topleft --input=@%t/py.npy --input=@%t/pv.npy --input=@%t/cu.npy > %t/cloops.txt
// RUN: scope-run %t/haswell.mlir --function=topleft --prepare-parameters --input=@%t/py.npy --input=@%t/pv.npy \
// RUN:   --input=@%t/cu.npy > %t/cprepared.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/cprepared.txt %t/cloops.txt
// RUN: scope-run %t/haswell.mlir --function=topleft --input=@%t/py.npy --input=@%t/pv.npy --input=@%t/cu.npy > %t/cwhole.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-4 --atol=1e-4 %t/cwhole.txt %t/cloops.txt
