// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=sapphirerapids},canonicalize,cse))" %s | FileCheck %s --check-prefix=AVX512
// The pass anchors on any op: on the module it reaches every function alike.
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=sapphirerapids},canonicalize,cse)" %s | FileCheck %s --check-prefix=AVX512
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=haswell},canonicalize,cse))" %s | FileCheck %s --check-prefix=AVX2
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=x86-64}))" %s | FileCheck %s --check-prefix=SSE
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{small-contraction-rows=0 cpu=sapphirerapids cache-tiles=2,3,64},canonicalize,cse))" %s | FileCheck %s --check-prefix=TILES

// A dynamic matmul: on AVX-512 the operands are packed into 12-row and
// 32-column panels (parallel loops over 16 k steps of one panel), the packed
// op is tiled into cache blocks of 8 x 4 register tiles (a parallel
// scf.forall, the unit of threading) and 256 k steps, then into register
// tiles whose k loop carries 12 rows of vector<32xf32> accumulators updated
// by vector.fma; the result is unpacked in parallel too. AVX2 gets 6 x 16
// tiles, a CPU with 128-bit vectors no strategy.
// AVX512-LABEL: func.func @matmul
//   AVX512-NOT:   linalg.matmul
//       AVX512:   scf.forall {{.+}} -> (tensor<?x?x12xf32>)
//       AVX512:     vector.transfer_read %{{.+}} : tensor<?x?xf32>, vector<12x16xf32>
//       AVX512:   scf.forall {{.+}} -> (tensor<?x?x32xf32>)
//       AVX512:   scf.forall {{.+}} -> (tensor<?x?x12x32xf32>)
//       AVX512:   scf.forall (%[[BM:.+]], %[[BN:.+]]) in ({{.+}}) shared_outs({{.+}}) -> (tensor<?x?x12x32xf32>)
//       AVX512:     affine.apply #{{.+}}(%[[BM]])
//       AVX512:     scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c256
//       AVX512:             %[[ACC:.+]] = vector.transfer_read {{.+}} : tensor<?x?x12x32xf32>, vector<12x32xf32>
//       AVX512:             scf.for {{.+}} iter_args(%{{.+}} = %[[ACC]]) -> (vector<12x32xf32>)
//       AVX512:               vector.transfer_read {{.+}} : tensor<?x?x12xf32>, vector<12xf32>
//       AVX512:               vector.transfer_read {{.+}} : tensor<?x?x32xf32>, vector<32xf32>
// AVX512-COUNT-12:            vector.fma {{.+}} : vector<32xf32>
//   AVX512-NOT:               vector.fma
//       AVX512:               scf.yield {{.+}} : vector<12x32xf32>
//       AVX512:             vector.transfer_write {{.+}} : vector<12x32xf32>, tensor<?x?x12x32xf32>
//       AVX512:   vector.transfer_write {{.+}} : vector<12x32xf32>, tensor<?x?xf32>

// AVX2-LABEL: func.func @matmul
//       AVX2:   scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}) -> (vector<6x16xf32>)
// AVX2-COUNT-6:   vector.fma {{.+}} : vector<16xf32>
//   AVX2-NOT:     vector.fma
//       AVX2:     scf.yield {{.+}} : vector<6x16xf32>

// SSE-LABEL: func.func @matmul
//   SSE-NOT:   vector.
//       SSE:   linalg.matmul

// TILES-DAG: #[[BLOCKM:.+]] = affine_map<(d0) -> (d0 * 2)>
// TILES-DAG: #[[BLOCKN:.+]] = affine_map<(d0) -> (d0 * 3)>
// TILES-LABEL: func.func @matmul
//       TILES:   scf.forall (%[[BM:.+]], %[[BN:.+]]) in ({{.+}}) shared_outs({{.+}}) -> (tensor<?x?x12x32xf32>)
//       TILES:     affine.apply #[[BLOCKM]](%[[BM]])
//       TILES:     affine.apply #[[BLOCKN]](%[[BN]])
//       TILES:     scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c64
func.func @matmul(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>, %c: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>)
                     outs(%c : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// The pipeline runs canonicalize and cse after the pass, as the backend does.
// The accumulator of a fill + matmul is packed from the filled tensor; ops
// that are not contractions (the fill, the bias add) are left alone.
// AVX512-LABEL: func.func @fill_matmul_bias
//       AVX512:   linalg.fill
//       AVX512:   vector.fma
//       AVX512:   linalg.add
func.func @fill_matmul_bias(%a: tensor<64x64xf32>, %b: tensor<64x40xf32>, %bias: tensor<64x40xf32>) -> tensor<64x40xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x40xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x40xf32>) -> tensor<64x40xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x40xf32>)
                      outs(%f : tensor<64x40xf32>) -> tensor<64x40xf32>
  %r = linalg.add ins(%mm, %bias : tensor<64x40xf32>, tensor<64x40xf32>)
                  outs(%e : tensor<64x40xf32>) -> tensor<64x40xf32>
  return %r : tensor<64x40xf32>
}

// -----

// Not taken by the contraction strategy: integer element types, batch
// dimensions (a static batch matmul is split into matmuls, here each too
// small for the strategy), ops on buffers, static reductions shorter than 64
// (packing would cost about as much as the multiply-adds), an n-major
// right-hand side (B transposed).
// AVX512-LABEL: func.func @negative_not_taken
//   AVX512-NOT:   vector.
//       AVX512:   linalg.matmul ins({{.+}} : tensor<8x8xi32>, tensor<8x8xi32>)
//   AVX512-COUNT-2:   linalg.matmul ins({{.+}} : tensor<8x8xf32>, tensor<8x8xf32>)
//       AVX512:   linalg.matmul ins({{.+}} : memref<8x8xf32>, memref<8x8xf32>)
//       AVX512:   linalg.matmul ins({{.+}} : tensor<128x63xf32>, tensor<63x128xf32>)
//       AVX512:   linalg.matmul indexing_maps = {{.+}} ins({{.+}} : tensor<128x128xf32>, tensor<128x128xf32>)
func.func @negative_not_taken(%a: tensor<8x8xi32>, %b: tensor<2x8x8xf32>, %m: memref<8x8xf32>,
                              %s: tensor<128x63xf32>, %t: tensor<63x128xf32>, %u: tensor<128x128xf32>)
    -> (tensor<8x8xi32>, tensor<2x8x8xf32>, tensor<128x128xf32>, tensor<128x128xf32>) {
  %i = linalg.matmul ins(%a, %a : tensor<8x8xi32>, tensor<8x8xi32>)
                     outs(%a : tensor<8x8xi32>) -> tensor<8x8xi32>
  %bm = linalg.batch_matmul ins(%b, %b : tensor<2x8x8xf32>, tensor<2x8x8xf32>)
                            outs(%b : tensor<2x8x8xf32>) -> tensor<2x8x8xf32>
  linalg.matmul ins(%m, %m : memref<8x8xf32>, memref<8x8xf32>) outs(%m : memref<8x8xf32>)
  %short = linalg.matmul ins(%s, %t : tensor<128x63xf32>, tensor<63x128xf32>)
                         outs(%u : tensor<128x128xf32>) -> tensor<128x128xf32>
  %bt = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) -> (m, n)>]
                      ins(%u, %u : tensor<128x128xf32>, tensor<128x128xf32>)
                      outs(%u : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %i, %bm, %short, %bt : tensor<8x8xi32>, tensor<2x8x8xf32>, tensor<128x128xf32>, tensor<128x128xf32>
}

// -----

// Fewer than 32 static rows (a classifier's matrix-vector product at batch
// 1, a batch of 31): packing the right-hand side would cost more than the
// generic tiles reading it in place. 32 rows are packed.
// AVX512-LABEL: func.func @few_rows
//   AVX512-NOT:   vector.
//       AVX512:   linalg.matmul ins({{.+}} : tensor<1x1280xf32>, tensor<1280x1000xf32>)
//       AVX512:   linalg.matmul ins({{.+}} : tensor<31x256xf32>, tensor<256x128xf32>)
//       AVX512:   vector.fma
//       AVX512:   return
//   AVX512-NOT:   linalg.matmul
func.func @few_rows(%x: tensor<1x1280xf32>, %w: tensor<1280x1000xf32>, %y: tensor<1x1000xf32>,
                    %a: tensor<31x256xf32>, %b: tensor<256x128xf32>, %c: tensor<31x128xf32>,
                    %a32: tensor<32x256xf32>, %c32: tensor<32x128xf32>)
    -> (tensor<1x1000xf32>, tensor<31x128xf32>, tensor<32x128xf32>) {
  %r = linalg.matmul ins(%x, %w : tensor<1x1280xf32>, tensor<1280x1000xf32>)
                     outs(%y : tensor<1x1000xf32>) -> tensor<1x1000xf32>
  %s = linalg.matmul ins(%a, %b : tensor<31x256xf32>, tensor<256x128xf32>)
                     outs(%c : tensor<31x128xf32>) -> tensor<31x128xf32>
  %t = linalg.matmul ins(%a32, %b : tensor<32x256xf32>, tensor<256x128xf32>)
                     outs(%c32 : tensor<32x128xf32>) -> tensor<32x128xf32>
  return %r, %s, %t : tensor<1x1000xf32>, tensor<31x128xf32>, tensor<32x128xf32>
}

// -----

// A static NHWC convolution: parallel tiles (unit loops folded away) of 10
// output pixels (the largest divisor of the output width up to 12) by 32
// channels, each accumulated in
// registers over kh, kw and the input channels (the three innermost loops),
// one broadcast input value and one 32-wide filter row per FMA.
// AVX512-LABEL: func.func @conv
//   AVX512-NOT:   linalg.conv_2d_nhwc_hwcf
//       AVX512:   scf.forall (%{{.+}}, %{{.+}}) in (8, 2) shared_outs
//       AVX512:     %[[ACC:.+]] = vector.transfer_read {{.+}} : tensor<1x1x10x32xf32>, vector<10x32xf32>
//       AVX512:     scf.for {{.+}} iter_args(%{{.+}} = %[[ACC]]) -> (vector<10x32xf32>)
//       AVX512:       scf.for {{.+}} -> (vector<10x32xf32>)
//       AVX512:         scf.for {{.+}} -> (vector<10x32xf32>)
//       AVX512:           vector.transfer_read {{.+}} : tensor<3x3x16x64xf32>, vector<32xf32>
// AVX512-COUNT-10:        vector.fma {{.+}} : vector<32xf32>
func.func @conv(%input: tensor<1x10x12x16xf32>, %filter: tensor<3x3x16x64xf32>, %init: tensor<1x8x10x64xf32>) -> tensor<1x8x10x64xf32> {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%input, %filter : tensor<1x10x12x16xf32>, tensor<3x3x16x64xf32>)
      outs(%init : tensor<1x8x10x64xf32>) -> tensor<1x8x10x64xf32>
  return %r : tensor<1x8x10x64xf32>
}

// -----

// Convolutions the strategy does not take: output channels that are not a
// multiple of the vector width, dynamic shapes.
// AVX512-LABEL: func.func @negative_conv
//   AVX512-NOT:   vector.
//       AVX512:   linalg.conv_2d_nhwc_hwcf
//       AVX512:   linalg.conv_2d_nhwc_hwcf
func.func @negative_conv(%input: tensor<1x10x12x16xf32>, %filter: tensor<3x3x16x20xf32>, %init: tensor<1x8x10x20xf32>,
                         %dyn: tensor<?x10x12x16xf32>, %dfilter: tensor<3x3x16x32xf32>, %dinit: tensor<?x8x10x32xf32>)
    -> (tensor<1x8x10x20xf32>, tensor<?x8x10x32xf32>) {
  %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%input, %filter : tensor<1x10x12x16xf32>, tensor<3x3x16x20xf32>)
      outs(%init : tensor<1x8x10x20xf32>) -> tensor<1x8x10x20xf32>
  %d = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%dyn, %dfilter : tensor<?x10x12x16xf32>, tensor<3x3x16x32xf32>)
      outs(%dinit : tensor<?x8x10x32xf32>) -> tensor<?x8x10x32xf32>
  return %r, %d : tensor<1x8x10x20xf32>, tensor<?x8x10x32xf32>
}

// -----

// Other layouts of A and loop orders are taken (the packs normalize them).
// AVX512-LABEL: func.func @transposed_a
//   AVX512-NOT:   linalg.matmul
// AVX512-COUNT-12: vector.fma {{.+}} : vector<32xf32>
func.func @transposed_a(%a: tensor<70x100xf32>, %b: tensor<70x90xf32>, %c: tensor<100x90xf32>) -> tensor<100x90xf32> {
  %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]
       ins(%a, %b : tensor<70x100xf32>, tensor<70x90xf32>) outs(%c : tensor<100x90xf32>) -> tensor<100x90xf32>
  return %r : tensor<100x90xf32>
}

// -----

// A stride-2 NCHW max pooling: the input is split once into its even and
// odd columns (two strided copies), and each of the nine taps reads a
// unit-stride window of one of them (only the row stride is left), so that
// its vectors along the width load consecutive floats.
// AVX512-LABEL: func.func @pool_stride2
//  AVX512-SAME:     (%[[X:.+]]: tensor<1x4x17x21xf32>
//       AVX512:   %[[EVEN:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 4, 17, 11] [1, 1, 1, 2]
//       AVX512:   %[[E:.+]] = linalg.copy ins(%[[EVEN]] : tensor<1x4x17x11xf32>)
//       AVX512:   %[[T0:.+]] = tensor.extract_slice %[[E]][0, 0, 0, 0] [1, 4, 8, 10] [1, 1, 2, 1]
//       AVX512:   %[[ODD:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 1] [1, 4, 17, 10] [1, 1, 1, 2]
//       AVX512:   %[[O:.+]] = linalg.copy ins(%[[ODD]] : tensor<1x4x17x10xf32>)
//       AVX512:   %[[T1:.+]] = tensor.extract_slice %[[O]][0, 0, 0, 0] [1, 4, 8, 10] [1, 1, 2, 1]
//       AVX512:   %[[T2:.+]] = tensor.extract_slice %[[E]][0, 0, 0, 1] [1, 4, 8, 10] [1, 1, 2, 1]
//       AVX512:   linalg.generic {{.+}} ins(%[[T0]], %[[T1]], %[[T2]], {{.+}} : tensor<4x8x10xf32>
//   AVX512-NOT:   [1, 1, 2, 2]
//   AVX512-NOT:   linalg.pooling_nchw_max
func.func @pool_stride2(%x: tensor<1x4x17x21xf32>, %init: tensor<1x4x8x10xf32>) -> tensor<1x4x8x10xf32> {
  %k = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<1x4x17x21xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x8x10xf32>) -> tensor<1x4x8x10xf32>
  return %r : tensor<1x4x8x10xf32>
}

// -----

// A depthwise convolution is one elementwise op over the output: its inputs
// are the nine windows, each followed by the filter's C weights of its tap,
// and its body adds the products into the accumulator in the loops' order
// of taps. The output's zero fill is not read: the first product is added
// to the fill value, and the op writes into the fill's destination.
// AVX512-LABEL: func.func @depthwise_one_op
//  AVX512-SAME:     (%[[X:.+]]: tensor<1x3x10x12xf32>, %[[W:.+]]: tensor<3x3x3xf32>)
//   AVX512-DAG:   %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
//   AVX512-DAG:   %[[DEST:.+]] = tensor.empty() : tensor<1x3x8x10xf32>
//       AVX512:   %[[EMPTY:.+]] = tensor.collapse_shape %[[DEST]] {{\[}}[0, 1], [2], [3]]
//       AVX512:   %[[X0:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 3, 8, 10] [1, 1, 1, 1]
//       AVX512:   %[[W0:.+]] = tensor.extract_slice %[[W]][0, 0, 0] [3, 1, 1] [1, 1, 1]
//       AVX512:   %[[X1:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 1] [1, 3, 8, 10] [1, 1, 1, 1]
//       AVX512:   %[[W1:.+]] = tensor.extract_slice %[[W]][0, 0, 1] [3, 1, 1] [1, 1, 1]
//       AVX512:   %[[X8:.+]] = tensor.extract_slice %[[X]][0, 0, 2, 2] [1, 3, 8, 10] [1, 1, 1, 1]
//       AVX512:   %[[W8:.+]] = tensor.extract_slice %[[W]][0, 2, 2] [3, 1, 1] [1, 1, 1]
//       AVX512:   %[[OUT:.+]] = linalg.generic
//  AVX512-SAME:     iterator_types = ["parallel", "parallel", "parallel"]
//  AVX512-SAME:     ins(%[[X0]], %[[W0]], %[[X1]], %[[W1]], {{.+}}, %[[X8]], %[[W8]] :
//  AVX512-SAME:     outs(%[[EMPTY]] : tensor<3x8x10xf32>)
//  AVX512-NEXT:   ^bb0(%[[A0:[^:]+]]: f32, %[[B0:[^:]+]]: f32, %[[A1:[^:]+]]: f32, %[[B1:[^:]+]]: f32,
//  AVX512-NEXT:     %[[P0:.+]] = arith.mulf %[[A0]], %[[B0]] : f32
//  AVX512-NEXT:     %[[S0:.+]] = arith.addf %[[P0]], %[[ZERO]] : f32
//  AVX512-NEXT:     %[[P1:.+]] = arith.mulf %[[A1]], %[[B1]] : f32
//  AVX512-NEXT:     %[[S1:.+]] = arith.addf %[[S0]], %[[P1]] : f32
// AVX512-COUNT-7:   arith.mulf
//  AVX512-NEXT:     %[[S8:.+]] = arith.addf
//  AVX512-NEXT:     linalg.yield %[[S8]] : f32
//       AVX512:   tensor.expand_shape %[[OUT]]
//   AVX512-NOT:   linalg.generic
//   AVX512-NOT:   linalg.fill
//   AVX512-NOT:   linalg.depthwise_conv_2d_nchw_chw
func.func @depthwise_one_op(%x: tensor<1x3x10x12xf32>, %w: tensor<3x3x3xf32>) -> tensor<1x3x8x10xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x8x10xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x3x8x10xf32>) -> tensor<1x3x8x10xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x10x12xf32>, tensor<3x3x3xf32>) outs(%init : tensor<1x3x8x10xf32>) -> tensor<1x3x8x10xf32>
  return %r : tensor<1x3x8x10xf32>
}

// -----

// An 8x8 window has more taps (64) than one op combines (49, a 7x7
// window): the first 49 taps go into one op, the other 15 into a second
// one that starts from the first one's result. An output that is not a fill
// is read (the sum starts from it).
// AVX512-LABEL: func.func @sum_pool_two_ops
//  AVX512-SAME:     (%[[X:.+]]: tensor<1x2x9x9xf32>, %[[INIT:.+]]: tensor<1x2x2x2xf32>)
//       AVX512:   %[[ACC:.+]] = tensor.collapse_shape %[[INIT]]
//       AVX512:   %[[FIRST:.+]] = linalg.generic
//  AVX512-SAME:     outs(%[[ACC]] : tensor<2x2x2xf32>)
//  AVX512-NEXT:   ^bb0(%[[A0:[^:]+]]: f32, {{.+}}, %[[OUT:[^:]+]]: f32):
//  AVX512-NEXT:     arith.addf %[[OUT]], %[[A0]] : f32
// AVX512-COUNT-48:  arith.addf
//  AVX512-NEXT:     linalg.yield
//       AVX512:   %[[LAST:.+]] = linalg.generic
//  AVX512-SAME:     outs(%[[FIRST]] : tensor<2x2x2xf32>)
// AVX512-COUNT-15:  arith.addf
//  AVX512-NEXT:     linalg.yield
//   AVX512-NOT:   linalg.generic
//       AVX512:   tensor.expand_shape %[[LAST]]
func.func @sum_pool_two_ops(%x: tensor<1x2x9x9xf32>, %init: tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32> {
  %k = tensor.empty() : tensor<8x8xf32>
  %r = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %k : tensor<1x2x9x9xf32>, tensor<8x8xf32>) outs(%init : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  return %r : tensor<1x2x2x2xf32>
}

// -----

// A stride-2 window over an even width (22 columns, windows reading 11 of
// each phase): the input is split into its two column phases by one op
// that reads its rows as 11 pairs of columns and writes phase-major; the
// taps read the phases as slices of its result.
// AVX512-LABEL: func.func @depthwise_pairs
//  AVX512-SAME:     (%[[X:.+]]: tensor<1x3x17x22xf32>
//       AVX512:   %[[ROWS:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 0] [1, 3, 17, 22] [1, 1, 1, 1] : tensor<1x3x17x22xf32> to tensor<3x17x22xf32>
//       AVX512:   %[[PAIRS:.+]] = tensor.expand_shape %[[ROWS]] {{\[}}[0], [1], [2, 3]] output_shape [3, 17, 11, 2]
//       AVX512:   %[[ALL:.+]] = linalg.generic
//  AVX512-SAME:     iterator_types = ["parallel", "parallel", "parallel", "parallel"]
//  AVX512-SAME:     ins(%[[PAIRS]] : tensor<3x17x11x2xf32>) outs(%{{.+}} : tensor<2x3x17x11xf32>)
//       AVX512:   %[[EVEN:.+]] = tensor.extract_slice %[[ALL]][0, 0, 0, 0] [1, 3, 17, 11] [1, 1, 1, 1]
//       AVX512:   %[[ODD:.+]] = tensor.extract_slice %[[ALL]][1, 0, 0, 0] [1, 3, 17, 11] [1, 1, 1, 1]
//       AVX512:   %[[T0:.+]] = tensor.extract_slice %[[EVEN]][0, 0, 0, 0] [1, 3, 8, 10] [1, 1, 2, 1]
//       AVX512:   %[[T1:.+]] = tensor.extract_slice %[[ODD]][0, 0, 0, 0] [1, 3, 8, 10] [1, 1, 2, 1]
//       AVX512:   %[[T2:.+]] = tensor.extract_slice %[[EVEN]][0, 0, 0, 1] [1, 3, 8, 10] [1, 1, 2, 1]
//       AVX512:   linalg.generic
//  AVX512-SAME:     ins(%[[T0]], %{{.+}}, %[[T1]], %{{.+}}, %[[T2]],
//   AVX512-NOT:   linalg.copy
//   AVX512-NOT:   [1, 1, 2, 2]
func.func @depthwise_pairs(%x: tensor<1x3x17x22xf32>, %w: tensor<3x3x3xf32>, %init: tensor<1x3x8x10xf32>) -> tensor<1x3x8x10xf32> {
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %w : tensor<1x3x17x22xf32>, tensor<3x3x3xf32>) outs(%init : tensor<1x3x8x10xf32>) -> tensor<1x3x8x10xf32>
  return %r : tensor<1x3x8x10xf32>
}

// -----

// A static batch matmul (attention at batch 1: one product per head) is a
// matmul per batch on rank-reducing slices, inserted in place, each taken by
// the contraction strategy where it would be (40 rows over 72 here).
// AVX512-LABEL: func.func @batch_matmul_split
//   AVX512-NOT:   linalg.batch_matmul
//       AVX512:   tensor.extract_slice %{{.+}}[0, 0, 0] [1, 40, 24] [1, 1, 1] : tensor<3x40x24xf32> to tensor<40x24xf32>
//       AVX512:   vector.fma
//       AVX512:   tensor.insert_slice %{{.+}} into %{{.+}}[0, 0, 0] [1, 40, 24] [1, 1, 1] : tensor<40x24xf32> into tensor<3x40x24xf32>
//       AVX512:   vector.fma
//       AVX512:   tensor.insert_slice %{{.+}} into %{{.+}}[1, 0, 0] [1, 40, 24] [1, 1, 1] : tensor<40x24xf32> into tensor<3x40x24xf32>
//       AVX512:   vector.fma
//       AVX512:   tensor.insert_slice %{{.+}} into %{{.+}}[2, 0, 0] [1, 40, 24] [1, 1, 1] : tensor<40x24xf32> into tensor<3x40x24xf32>
//   AVX512-NOT:   linalg.batch_matmul
//       AVX512:   return
func.func @batch_matmul_split(%a: tensor<3x40x72xf32>, %b: tensor<3x72x24xf32>,
                              %c: tensor<3x40x24xf32>) -> tensor<3x40x24xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<3x40x72xf32>, tensor<3x72x24xf32>)
                           outs(%c : tensor<3x40x24xf32>) -> tensor<3x40x24xf32>
  return %r : tensor<3x40x24xf32>
}
