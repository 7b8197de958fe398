// Output rows wider than a vector register over at least as many input
// channels as it has lanes take the channels-last taps (every lane of every
// vector an output channel): 7 rows x 32 channels per tile on AVX-512, 4
// rows x 16 channels on AVX2 (whose NCHW taps' rows of 14 lanes, two
// registers each, spilled: a 64-channel 56x56 layer took 53 ms, now 3.7),
// 6 x 16 there over an H x W x C input, with the columns no tile of 6
// rows covers split off.
// On the host both compute what llvm-cpu-loops computes, within rtol/atol
// 1e-5.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "znver4"}>/' %S/Inputs/nchw-conv-wide.mlir > %t/znver4.mlir
// RUN: scope-opt %t/znver4.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=AVX512
// AVX512-LABEL: func.func private @llvm_cpu_executables_wide_dispatch
// AVX512: vector.fma {{.+}} : vector<32xf32>
// AVX512-NOT: vector.fma {{.+}} : vector<14xf32>
// AVX512-LABEL: func.func private @llvm_cpu_executables_wide_strided_dispatch
// AVX512: vector.fma {{.+}} : vector<16xf32>
// AVX512-NOT: vector.fma {{.+}} : vector<14xf32>
// AVX512: return
// 13 pixels fit one register: the NCHW taps' rows.
// AVX512-LABEL: func.func private @llvm_cpu_executables_wide_odd_dispatch
// AVX512: vector.fma {{.+}} : vector<13xf32>
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "haswell"}>/' %S/Inputs/nchw-conv-wide.mlir > %t/haswell.mlir
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=AVX2
// AVX2-LABEL: func.func private @llvm_cpu_executables_wide_dispatch
// AVX2-NOT: vector.fma {{.+}} : vector<14xf32>
// AVX2: return
// AVX2-LABEL: func.func private @llvm_cpu_executables_wide_odd_dispatch
// AVX2-NOT: vector.fma {{.+}} : vector<13xf32>
// AVX2: return
// A 7-wide output (49 pixels, too few for the im2col matmul) takes the
// channels-last taps; its 48 channels are 6 vectors, of which a tile takes a
// power of two (2): rows of 6 registers (vector<48xf32>) ran ten times
// slower.
// AVX2-LABEL: func.func private @llvm_cpu_executables_narrow_odd_dispatch
// AVX2: vector.fma {{.+}} : vector<16xf32>
// AVX2-NOT: vector<48xf32>
// AVX2-NOT: vector.fma {{.+}} : vector<7xf32>
// AVX2: return

// On AVX2 an input of planes of at least 1024 floats (wide_tall's 34x34)
// is transposed once to H x W x C, and each tap reads a strided window of
// it; wide's 30x30 planes are read as they are.
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=llvm-cpu-apply-strategies \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=HWC
// On AVX2, wide's and wide_odd's outputs (784 and 169 pixels) from such
// NCHW inputs are transposed matmuls over their inputs' im2col copies
// (C x KH x KW rows of pixels) into the F x pixels output, no transpose,
// run by the contraction strategy (its packs' loops, the last one the
// unpack into the output); so is wide_strided's from 58x58 planes,
// strided along both dims.
// HWC: IR Dump After {{.+}}llvm-cpu-apply-strategies
// HWC-NOT: tensor<30x30x16xf32>
// HWC: %[[COL:.+]] = linalg.generic {{.+}} outs(%{{.+}} : tensor<16x3x3x28x28xf32>)
// HWC: %[[LHS:.+]] = tensor.collapse_shape %[[COL]] {{.+}} into tensor<144x784xf32>
// HWC: scf.forall {{.+}} -> (tensor<131x144x6xf32>)
// HWC: scf.forall {{.+}} -> (tensor<32x784xf32>)
// HWC-NOT: linalg.transpose
// HWC: IR Dump After {{.+}}llvm-cpu-apply-strategies
// HWC-NOT: tensor<58x58x32xf32>
// HWC: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 * 2 + d1, d4 * 2 + d2)>, {{.+}} outs(%{{.+}} : tensor<32x3x3x28x28xf32>)
// HWC: tensor.collapse_shape {{.+}} into tensor<288x784xf32>
// HWC: scf.forall {{.+}} -> (tensor<16x784xf32>)
// HWC: IR Dump After {{.+}}llvm-cpu-apply-strategies
// HWC: linalg.generic {{.+}} outs(%{{.+}} : tensor<16x3x3x13x13xf32>)
// HWC: tensor.collapse_shape {{.+}} into tensor<144x169xf32>
// HWC: scf.forall {{.+}} -> (tensor<48x169xf32>)
// HWC: IR Dump After {{.+}}llvm-cpu-apply-strategies
// HWC-NOT: tensor<144x49xf32>
// HWC: IR Dump After {{.+}}llvm-cpu-apply-strategies
// HWC: linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d3 * 2 + d1, d4 * 2 + d2)>, {{.+}} outs(%{{.+}} : tensor<16x3x3x14x14xf32>)
// HWC: tensor.collapse_shape {{.+}} into tensor<144x196xf32>
// HWC: scf.forall {{.+}} -> (tensor<32x196xf32>)
// HWC: IR Dump After {{.+}}llvm-cpu-apply-strategies
// HWC-NOT: linalg.fill {{.+}} -> tensor<32x32x32xf32>
// HWC: %[[T:.+]] = linalg.transpose ins(%{{.+}} : tensor<16x34x34xf32>) outs(%{{.+}} : tensor<34x34x16xf32>) permutation = [1, 2, 0]
// HWC: tensor.extract_slice %[[T]][0, 0, 0] [32, 32, 16] [1, 1, 1] : tensor<34x34x16xf32> to tensor<32x32x16xf32>
// HWC: tensor.extract_slice %[[T]][2, 2, 0] [32, 32, 16] [1, 1, 1] : tensor<34x34x16xf32> to tensor<32x32x16xf32>
// The taps run in one loop over the 32 output rows, with the fill of the
// row's accumulator (32 pixels by 32 channels) and its transpose back into
// the F x OH x OW output: no tensor of the whole channels-last accumulator.
// No divisor of 32 is a tile of 6 rows: each tap is split into 30 columns
// of 6 x 16 tiles and 2 of one 2 x 32 tile.
// HWC-NOT: linalg.fill
// HWC: %[[EMPTY:.+]] = tensor.empty() : tensor<32x32x32xf32>
// HWC: scf.forall (%[[ROW:.+]]) in (32) shared_outs(%[[OUT:.+]] = %[[EMPTY]]) -> (tensor<32x32x32xf32>)
// HWC: linalg.fill {{.+}} -> tensor<1x32x32xf32>
// HWC: -> (tensor<1x30x32xf32>)
// HWC: vector<6x16xf32>
// HWC: -> (tensor<1x2x32xf32>)
// HWC: vector<2x32xf32>
// HWC-COUNT-8: -> (tensor<1x2x32xf32>)
// HWC-NOT: linalg.transpose ins(%{{.+}} : tensor<32x32x32xf32>)
// HWC: %[[ROWT:.+]] = linalg.transpose ins(%{{.+}} : tensor<1x32x32xf32>) outs(%{{.+}} : tensor<32x1x32xf32>) permutation = [2, 0, 1]
// HWC: scf.forall.in_parallel
// HWC-NEXT: tensor.parallel_insert_slice %[[ROWT]] into %[[OUT]][0, %[[ROW]], 0] [32, 1, 32]

// RUN: sed 's/"llvm-cpu">/"llvm-cpu-loops">/' %S/Inputs/nchw-conv-wide.mlir > %t/loops.mlir
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x1.npy 1 16 30 30 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w1.npy 32 16 3 3 --seed 2
// RUN: scope-run %S/Inputs/nchw-conv-wide.mlir --function=wide --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1.txt
// RUN: scope-run %t/loops.mlir --function=wide --input=@%t/x1.npy --input=@%t/w1.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec1.txt %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x2.npy 1 32 58 58 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w2.npy 16 32 3 3 --seed 4
// RUN: scope-run %S/Inputs/nchw-conv-wide.mlir --function=wide_strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/vec2.txt
// RUN: scope-run %t/loops.mlir --function=wide_strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec2.txt %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x3.npy 1 16 15 15 --seed 5
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w3.npy 48 16 3 3 --seed 6
// RUN: scope-run %S/Inputs/nchw-conv-wide.mlir --function=wide_odd --input=@%t/x3.npy --input=@%t/w3.npy > %t/vec3.txt
// RUN: scope-run %t/loops.mlir --function=wide_odd --input=@%t/x3.npy --input=@%t/w3.npy > %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec3.txt %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x4.npy 1 16 9 9 --seed 7
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w4.npy 48 16 3 3 --seed 8
// RUN: scope-run %S/Inputs/nchw-conv-wide.mlir --function=narrow_odd --input=@%t/x4.npy --input=@%t/w4.npy > %t/vec4.txt
// RUN: scope-run %t/loops.mlir --function=narrow_odd --input=@%t/x4.npy --input=@%t/w4.npy > %t/loops4.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec4.txt %t/loops4.txt
// The AVX2 tiles (the H x W x C input, the im2col matmuls, 7-wide rows)
// compute the same on any x86-64 host with AVX2.
// RUN: scope-run %t/haswell.mlir --function=wide --input=@%t/x1.npy --input=@%t/w1.npy > %t/hsw1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw1.txt %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x5.npy 1 16 29 29 --seed 9
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w5.npy 32 16 3 3 --seed 10
// RUN: scope-run %t/haswell.mlir --function=strided_small --input=@%t/x5.npy --input=@%t/w5.npy > %t/hsw5.txt
// RUN: scope-run %t/loops.mlir --function=strided_small --input=@%t/x5.npy --input=@%t/w5.npy > %t/loops5.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw5.txt %t/loops5.txt
// RUN: scope-run %t/haswell.mlir --function=narrow_odd --input=@%t/x4.npy --input=@%t/w4.npy > %t/hsw4.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw4.txt %t/loops4.txt
// RUN: scope-run %t/haswell.mlir --function=wide_strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/hsw2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw2.txt %t/loops2.txt
// RUN: scope-run %t/haswell.mlir --function=wide_odd --input=@%t/x3.npy --input=@%t/w3.npy > %t/hsw3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw3.txt %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x6.npy 1 16 34 34 --seed 11
// RUN: scope-run %t/haswell.mlir --function=wide_tall --input=@%t/x6.npy --input=@%t/w1.npy > %t/hsw6.txt
// RUN: scope-run %t/loops.mlir --function=wide_tall --input=@%t/x6.npy --input=@%t/w1.npy > %t/loops6.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw6.txt %t/loops6.txt
// Over two images the loop over the output rows runs inside the loop over
// the images, which computes the ReLU on each image's output in place; one
// and two threads.
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x7.npy 2 16 34 34 --seed 12
// RUN: scope-run %t/haswell.mlir --function=wide_tall_batch_relu --input=@%t/x7.npy --input=@%t/w1.npy > %t/hsw7.txt
// RUN: scope-run %t/haswell.mlir --function=wide_tall_batch_relu --threads=2 --input=@%t/x7.npy --input=@%t/w1.npy > %t/hsw7t2.txt
// RUN: scope-run %t/loops.mlir --function=wide_tall_batch_relu --input=@%t/x7.npy --input=@%t/w1.npy > %t/loops7.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw7.txt %t/loops7.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/hsw7t2.txt %t/hsw7.txt
