// The tap strategy for NCHW convolutions (llvm-cpu-apply-strategies: one
// contraction per filter tap over a strided window of the input, the filter
// packed as KH x KW planes of C x F, vector.fma along the output width)
// computes what llvm-cpu-loops computes, within rtol/atol 1e-5 (fused
// multiply-adds, another summation order): stride 1, stride and dilation 2,
// a 1x1 convolution accumulating into an initialized output.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "znver4"}>/' %S/Inputs/nchw-conv.mlir > %t/znver4.mlir
// RUN: sed 's/"llvm-cpu">/"llvm-cpu", {cpu = "haswell"}>/' %S/Inputs/nchw-conv.mlir > %t/haswell.mlir
// RUN: scope-run %t/znver4.mlir --function=conv3x3 --emit-llvm-dialect \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s --check-prefix=TAPS
// Nine taps, each with its accumulator tile in registers across c: rows of
// 9 lanes of a 16-lane register on AVX-512, 3 of 8 on AVX2 (the largest
// divisor of the width that fits one register).
// TAPS-COUNT-9: vector.fma {{.+}} : vector<9xf32>
// TAPS-NOT: linalg.conv_2d_nchw_fchw

// RUN: sed 's/"llvm-cpu"/"llvm-cpu-loops"/' %S/Inputs/nchw-conv.mlir > %t/loops.mlir

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x1.npy 1 5 11 11 --seed 1
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w1.npy 12 5 3 3 --seed 2
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=conv3x3 --input=@%t/x1.npy --input=@%t/w1.npy > %t/vec1.txt
// RUN: scope-run %t/loops.mlir --function=conv3x3 --input=@%t/x1.npy --input=@%t/w1.npy > %t/loops1.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec1.txt %t/loops1.txt
// RUN: FileCheck %s --check-prefix=SHAPE1 < %t/vec1.txt
// SHAPE1: 1x12x9x9xf32=

// A 7x7 stride-2 stem over 3 channels is folded into a 7x1 convolution over
// 21: its input's 7 column windows (one per filter column, from the column
// phases) copied into 3 x 7 channels, its filter's columns into the
// reduction, 7 taps of 21 channels instead of 49 of 3.
// RUN: scope-opt %t/znver4.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=llvm-cpu-apply-strategies \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=FOLD
// FOLD: IR Dump After {{.+}}llvm-cpu-apply-strategies
// FOLD: IR Dump After {{.+}}llvm-cpu-apply-strategies
// FOLD: IR Dump After {{.+}}llvm-cpu-apply-strategies
// FOLD-COUNT-7: tensor.insert_slice %{{.+}} into %{{.+}} [3, 1, 21, 9] [1, 1, 1, 1] : tensor<3x21x9xf32> into tensor<3x7x21x9xf32>
// FOLD: tensor.collapse_shape %{{.+}} {{\[}}[0, 1], [2], [3]] : tensor<3x7x21x9xf32> into tensor<21x21x9xf32>
// FOLD: tensor<7x21x16xf32>
// FOLD-NOT: tensor<49x3x16xf32>
// FOLD: IR Dump After {{.+}}llvm-cpu-apply-strategies
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x14.npy 1 3 21 23 --seed 32
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w14.npy 16 3 7 7 --seed 33
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=stem --input=@%t/x14.npy --input=@%t/w14.npy > %t/vec14.txt
// RUN: scope-run %t/loops.mlir --function=stem --input=@%t/x14.npy --input=@%t/w14.npy > %t/loops14.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec14.txt %t/loops14.txt
// RUN: scope-run %t/haswell.mlir --function=stem --input=@%t/x14.npy --input=@%t/w14.npy > %t/hsw14.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/hsw14.txt %t/loops14.txt

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x2.npy 1 3 20 23 --seed 3
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w2.npy 16 3 3 3 --seed 4
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/vec2.txt
// RUN: scope-run %t/loops.mlir --function=strided --input=@%t/x2.npy --input=@%t/w2.npy > %t/loops2.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec2.txt %t/loops2.txt

// A 7-wide output fills at most half a 16-lane vector register (AVX-512):
// each tap accumulates into a 7 x 7 x F (channels-last) tile of 7 rows of
// two 16-wide vectors of output channels, one broadcast input value per
// row, transposed back at the end.
// RUN: scope-opt %t/znver4.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=NARROW-AVX512
// NARROW-AVX512-LABEL: func.func private @llvm_cpu_executables_narrow_dispatch
// NARROW-AVX512-COUNT-63: vector.fma {{.+}} : vector<32xf32>
// NARROW-AVX512-NOT: vector.fma {{.+}} : vector<7xf32>
// NARROW-AVX512: return
// A 7-wide 1x1 layer with 64 input channels is the matmul it is: the
// contraction strategy's packed kernel (12 x 32 tiles on AVX-512).
// NARROW-AVX512-LABEL: func.func private @llvm_cpu_executables_pointwise_narrow_dispatch
// NARROW-AVX512-COUNT-12: vector.fma {{.+}} : vector<32xf32>
// NARROW-AVX512: vector<12x32xf32>
// NARROW-AVX512-NOT: linalg.conv_2d_nchw_fchw
// NARROW-AVX512: return
// So is a strided one (ResNet's downsampling shortcuts), on a copy of the
// input's pixels it reads (here 7 of 13 columns, 7 of 14 rows).
// NARROW-AVX512-LABEL: func.func private @llvm_cpu_executables_pointwise_strided_dispatch
// NARROW-AVX512: vector<12x32xf32>
// NARROW-AVX512-NOT: vector.fma {{.+}} : vector<7xf32>
// NARROW-AVX512-NOT: linalg.conv_2d_nchw_fchw
// NARROW-AVX512: return
// RUN: scope-opt %t/haswell.mlir --scopeir-compile-to-llvm --mlir-print-ir-after=codegen-run-scope-pipelines \
// RUN:   2>&1 >/dev/null | FileCheck %s --check-prefix=NARROW-AVX2
// On AVX2 the taps' rows of conv3x3's 9-wide output are 3 lanes (9 spans
// two registers), 6 of its 12 channels (8 of the 16 registers at most).
// NARROW-AVX2-LABEL: func.func private @llvm_cpu_executables_conv3x3_dispatch
// NARROW-AVX2-COUNT-6: vector.fma {{.+}} : vector<3xf32>
// NARROW-AVX2-NOT: vector<9xf32>
// With 16 registers (AVX2) the channels-last taps take the 7-wide layer
// too (7 rows x 16 channels: the NCHW taps' 8 rows of 7 lanes load a filter
// value per FMA), and every 1x1 layer is a matmul (6 x 16 tiles).
// NARROW-AVX2-LABEL: func.func private @llvm_cpu_executables_narrow_dispatch
// NARROW-AVX2: vector.fma {{.+}} : vector<16xf32>
// NARROW-AVX2-NOT: vector.fma {{.+}} : vector<7xf32>
// NARROW-AVX2-LABEL: func.func private @llvm_cpu_executables_pointwise_narrow_dispatch
// NARROW-AVX2: vector<6x16xf32>
// NARROW-AVX2-NOT: vector.fma {{.+}} : vector<7xf32>
// NARROW-AVX2: return
// NARROW-AVX2-LABEL: func.func private @llvm_cpu_executables_pointwise_strided_dispatch
// NARROW-AVX2: vector<6x16xf32>
// NARROW-AVX2-NOT: vector.fma {{.+}} : vector<7xf32>
// NARROW-AVX2: return
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x13.npy 1 64 14 13 --seed 30
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w13.npy 96 64 1 1 --seed 31
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=pointwise_strided --input=@%t/x13.npy --input=@%t/w13.npy > %t/vec13.txt
// RUN: scope-run %t/loops.mlir --function=pointwise_strided --input=@%t/x13.npy --input=@%t/w13.npy > %t/loops13.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec13.txt %t/loops13.txt
// RUN: FileCheck %s --check-prefix=SHAPE13 < %t/vec13.txt
// SHAPE13: 1x96x7x7xf32=
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x9.npy 1 64 7 7 --seed 20
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w9.npy 96 64 1 1 --seed 21
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=pointwise_narrow --input=@%t/x9.npy --input=@%t/w9.npy > %t/vec9.txt
// RUN: scope-run %t/loops.mlir --function=pointwise_narrow --input=@%t/x9.npy --input=@%t/w9.npy > %t/loops9.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec9.txt %t/loops9.txt
// RUN: FileCheck %s --check-prefix=SHAPE9 < %t/vec9.txt
// SHAPE9: 1x96x7x7xf32=
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x8.npy 1 16 9 9 --seed 18
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w8.npy 32 16 3 3 --seed 19
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=narrow --input=@%t/x8.npy --input=@%t/w8.npy > %t/vec8.txt
// RUN: scope-run %t/loops.mlir --function=narrow --input=@%t/x8.npy --input=@%t/w8.npy > %t/loops8.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec8.txt %t/loops8.txt
// RUN: FileCheck %s --check-prefix=SHAPE8 < %t/vec8.txt
// SHAPE8: 1x32x7x7xf32=

// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x3.npy 1 24 7 32 --seed 5
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w3.npy 20 24 1 1 --seed 6
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a3.npy 1 20 7 32 --seed 7
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=pointwise --input=@%t/x3.npy --input=@%t/w3.npy --input=@%t/a3.npy > %t/vec3.txt
// RUN: scope-run %t/loops.mlir --function=pointwise --input=@%t/x3.npy --input=@%t/w3.npy --input=@%t/a3.npy > %t/loops3.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=1e-5 --atol=1e-5 %t/vec3.txt %t/loops3.txt

// A depthwise convolution becomes one elementwise op over the taps'
// windows, vectorized along the output width by the tiles of all-parallel
// ops; each tap's multiply and add round as the loops' do, in the same
// order: bit for bit. Each tile of the output is written once (and not
// read: the zero fill is folded in), its nine products added in registers.
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=depthwise --emit-llvm-dialect \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s --check-prefix=DEPTHWISE
// DEPTHWISE-COUNT-9: arith.mulf {{.+}} : vector<1x8x10xf32>
// DEPTHWISE-NOT: linalg.depthwise_conv_2d_nchw_chw
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=depthwise --emit-llvm-dialect \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s --check-prefix=DW-TILE
// DW-TILE-LABEL: func.func private @llvm_cpu_executables_depthwise_dispatch
// The 9 output rows are a full tile of 8 and a peeled tile of 1, both
// static (no masks).
// DW-TILE-COUNT-9: vector.transfer_read {{.+}} : tensor<1x8x10xf32>, vector<1x8x10xf32>
// DW-TILE-NOT: vector.transfer_read {{.+}} vector<1x8x10xf32>
// DW-TILE-COUNT-9: arith.mulf {{.+}} : vector<1x8x10xf32>
// DW-TILE-NOT: vector.transfer_{{read|write}} {{.+}} vector<1x8x10xf32>
// DW-TILE: vector.transfer_write {{.+}} : vector<1x8x10xf32>, tensor<1x8x10xf32>
// DW-TILE-NOT: vector.transfer_{{read|write}} {{.+}} vector<1x8x10xf32>
// DW-TILE-COUNT-9: vector.transfer_read {{.+}} : tensor<1x1x10xf32>, vector<1x1x10xf32>
// DW-TILE-COUNT-9: arith.mulf {{.+}} : vector<1x1x10xf32>
// DW-TILE: vector.transfer_write {{.+}} : vector<1x1x10xf32>, tensor<1x1x10xf32>
// DW-TILE-NOT: vector.mask
// DW-TILE: return
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x4.npy 1 6 19 21 --seed 8
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w4.npy 6 3 3 --seed 9
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=depthwise --input=@%t/x4.npy --input=@%t/w4.npy > %t/vec4.txt
// RUN: scope-run %t/loops.mlir --function=depthwise --input=@%t/x4.npy --input=@%t/w4.npy > %t/loops4.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec4.txt %t/loops4.txt
// RUN: FileCheck %s --check-prefix=SHAPE4 < %t/vec4.txt
// SHAPE4: 1x6x9x10xf32=
// A 5x5 stride-2 window (both column phases, 25 taps in one op):
// EfficientNet's and MobileNetV3's larger depthwise layers.
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x10.npy 1 5 23 27 --seed 22
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w10.npy 5 5 5 --seed 23
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=depthwise5x5 --input=@%t/x10.npy --input=@%t/w10.npy > %t/vec10.txt
// RUN: scope-run %t/loops.mlir --function=depthwise5x5 --input=@%t/x10.npy --input=@%t/w10.npy > %t/loops10.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec10.txt %t/loops10.txt
// RUN: FileCheck %s --check-prefix=SHAPE10 < %t/vec10.txt
// SHAPE10: 1x5x10x12xf32=
// Stride 2 and dilation 2 over an even width: every tap reads the even
// columns, split off with the odd ones in one op (rows read as pairs).
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x12.npy 1 4 20 26 --seed 26
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/w12.npy 4 3 3 --seed 27
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=depthwise_dilated --input=@%t/x12.npy --input=@%t/w12.npy > %t/vec12.txt
// RUN: scope-run %t/loops.mlir --function=depthwise_dilated --input=@%t/x12.npy --input=@%t/w12.npy > %t/loops12.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec12.txt %t/loops12.txt
// RUN: FileCheck %s --check-prefix=SHAPE12 < %t/vec12.txt
// SHAPE12: 1x4x8x11xf32=

// Max and sum pooling become one elementwise op over the windows too (max of
// the accumulator and each strided window; their sum), vectorized the same
// way: bit for bit equal to the loops (max is exact, the sums add in the
// loops' order). The first tap's max with the -inf fill folds away.
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=max_pool --emit-llvm-dialect \
// RUN:   --mlir-print-ir-after=codegen-run-scope-pipelines 2>&1 >/dev/null | FileCheck %s --check-prefix=POOL
// POOL-COUNT-8: arith.maximumf {{.+}} : vector<1x8x9xf32>
// POOL-NOT: arith.maximumf
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x5.npy 1 4 17 20 --seed 10
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=max_pool --input=@%t/x5.npy > %t/vec5.txt
// RUN: scope-run %t/loops.mlir --function=max_pool --input=@%t/x5.npy > %t/loops5.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec5.txt %t/loops5.txt
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=sum_pool --input=@%t/x5.npy > %t/vec6.txt
// RUN: scope-run %t/loops.mlir --function=sum_pool --input=@%t/x5.npy > %t/loops6.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec6.txt %t/loops6.txt
// RUN: FileCheck %s --check-prefix=SHAPE6 < %t/vec6.txt
// SHAPE6: 1x4x15x18xf32=
// An 8x8 window (64 taps: two chained ops of 49 and 15) summed into an
// initialized output.
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/x11.npy 1 3 12 21 --seed 24
// RUN: %python %scopeir_src_root/utils/make-npy.py %t/a11.npy 1 3 5 14 --seed 25
// RUN: scope-run %S/Inputs/nchw-conv.mlir --function=sum_pool8x8 --input=@%t/x11.npy --input=@%t/a11.npy > %t/vec11.txt
// RUN: scope-run %t/loops.mlir --function=sum_pool8x8 --input=@%t/x11.npy --input=@%t/a11.npy > %t/loops11.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --exact %t/vec11.txt %t/loops11.txt
// RUN: FileCheck %s --check-prefix=SHAPE11 < %t/vec11.txt
// SHAPE11: 1x3x5x14xf32=
