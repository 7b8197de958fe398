// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=sapphirerapids},canonicalize,cse))" %s | FileCheck %s --check-prefix=AVX512
// The pass anchors on any op: on the module it reaches every function alike.
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(llvm-cpu-apply-strategies{cpu=sapphirerapids},canonicalize,cse)" %s | FileCheck %s --check-prefix=AVX512
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=haswell},canonicalize,cse))" %s | FileCheck %s --check-prefix=AVX2
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=x86-64}))" %s | FileCheck %s --check-prefix=SSE
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=sapphirerapids cache-tiles=2,3,64},canonicalize,cse))" %s | FileCheck %s --check-prefix=TILES

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
// dimensions, ops on buffers, static reductions shorter than 64 (packing
// would cost about as much as the multiply-adds), an n-major right-hand
// side (B transposed).
// AVX512-LABEL: func.func @negative_not_taken
//   AVX512-NOT:   vector.
//       AVX512:   linalg.matmul ins({{.+}} : tensor<8x8xi32>, tensor<8x8xi32>)
//       AVX512:   linalg.batch_matmul
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
//       AVX512:   tensor.extract_slice %[[E]][0, 0, 0, 0] [1, 4, 8, 10] [1, 1, 2, 1]
//       AVX512:   arith.maximumf
//       AVX512:   %[[ODD:.+]] = tensor.extract_slice %[[X]][0, 0, 0, 1] [1, 4, 17, 10] [1, 1, 1, 2]
//       AVX512:   %[[O:.+]] = linalg.copy ins(%[[ODD]] : tensor<1x4x17x10xf32>)
//       AVX512:   tensor.extract_slice %[[O]][0, 0, 0, 0] [1, 4, 8, 10] [1, 1, 2, 1]
//       AVX512:   arith.maximumf
//       AVX512:   tensor.extract_slice %[[E]][0, 0, 0, 1] [1, 4, 8, 10] [1, 1, 2, 1]
//   AVX512-NOT:   [1, 1, 2, 2]
//   AVX512-NOT:   linalg.pooling_nchw_max
func.func @pool_stride2(%x: tensor<1x4x17x21xf32>, %init: tensor<1x4x8x10xf32>) -> tensor<1x4x8x10xf32> {
  %k = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%x, %k : tensor<1x4x17x21xf32>, tensor<3x3xf32>) outs(%init : tensor<1x4x8x10xf32>) -> tensor<1x4x8x10xf32>
  return %r : tensor<1x4x8x10xf32>
}
