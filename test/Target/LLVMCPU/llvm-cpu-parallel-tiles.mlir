// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 parallel-tile-sizes=8,16 parallel-min-iterations=32768" %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 parallel-tile-sizes=8,16" %s | FileCheck %s --check-prefix=SERIAL

// parallel-min-iterations: the outermost tile loop of an op with enough
// iterations is an scf.forall (run on threads after bufferization). An NCHW
// elementwise op (1 x 64 x 56 x 56 = 200,704 points): the unit batch makes
// no loop, the 64 channels (tile 1) are distributed, rows and columns stay
// scf.for loops inside, the 8 columns 16 does not divide still peeled.
// CHECK-LABEL: func.func @nchw_scale
//       CHECK:   scf.forall (%{{.+}}) in (64)
//       CHECK:     scf.for {{.+}} to %c56 step %c8
//       CHECK:       scf.for {{.+}} to %c48 step %c16
//       CHECK:         arith.mulf {{.+}} : vector<1x1x8x16xf32>
//       CHECK:       arith.mulf {{.+}} : vector<1x1x8x8xf32>
//       CHECK:     tensor.parallel_insert_slice
//   CHECK-NOT:   vector.mask
// Without the option no tile loop is parallel.
// SERIAL-LABEL: func.func @nchw_scale
//   SERIAL-NOT:   scf.forall
//       SERIAL:   scf.for {{.+}} to %c64 step %c1
func.func @nchw_scale(%x: tensor<1x64x56x56xf32>, %s: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %e = tensor.empty() : tensor<1x64x56x56xf32>
  %g = linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<1x64x56x56xf32>, tensor<64xf32>) outs(%e : tensor<1x64x56x56xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    linalg.yield %m : f32
  } -> tensor<1x64x56x56xf32>
  return %g : tensor<1x64x56x56xf32>
}

// -----

// A contraction read in place (32 x 128 x 512, 2 million points): its rows
// (tile 8) are distributed, n and k stay loops inside each.
// CHECK-LABEL: func.func @matmul
//       CHECK:   scf.forall (%{{.+}}) = (0) to (32) step (8)
//       CHECK:     scf.for {{.+}} to %c512 step %c16
//       CHECK:       scf.for {{.+}} to %c128 step %c16
//       CHECK:         vector.contract
func.func @matmul(%a: tensor<32x128xf32>, %b: tensor<128x512xf32>, %c: tensor<32x512xf32>) -> tensor<32x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<32x128xf32>, tensor<128x512xf32>) outs(%c : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}

// -----

// Ops that stay serial: fewer points than the option (128 x 128 = 16,384:
// the fork and join would cost more than the op), and an op whose outermost
// tile loop its tile does not divide (65 rows of tile 8: the last tile
// would be dynamic, and only the outermost loop is considered, so that no
// parallel region is entered once per iteration of an outer loop).
// CHECK-LABEL: func.func @small
//   CHECK-NOT:   scf.forall
//       CHECK:   return
// CHECK-LABEL: func.func @uneven_rows
//   CHECK-NOT:   scf.forall
//       CHECK:   return
func.func @small(%a: tensor<128x128xf32>, %b: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %e = tensor.empty() : tensor<128x128xf32>
  %r = linalg.add ins(%a, %b : tensor<128x128xf32>, tensor<128x128xf32>) outs(%e : tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
func.func @uneven_rows(%a: tensor<65x256xf32>, %b: tensor<256x512xf32>, %c: tensor<65x512xf32>) -> tensor<65x512xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<65x256xf32>, tensor<256x512xf32>) outs(%c : tensor<65x512xf32>) -> tensor<65x512xf32>
  return %r : tensor<65x512xf32>
}

// -----

// A row reduction (softmax's max over 512 columns of 128 rows): the rows
// are distributed, each tile reduces its columns in an scf.for.
// CHECK-LABEL: func.func @row_max
//       CHECK:   scf.forall (%{{.+}}) = (0) to (128) step (8)
//       CHECK:     scf.for {{.+}} to %c512 step %c16
func.func @row_max(%x: tensor<128x512xf32>, %init: tensor<128xf32>) -> tensor<128xf32> {
  %r = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
      iterator_types = ["parallel", "reduction"]}
      ins(%x : tensor<128x512xf32>) outs(%init : tensor<128xf32>) {
  ^bb0(%v: f32, %acc: f32):
    %m = arith.maximumf %v, %acc : f32
    linalg.yield %m : f32
  } -> tensor<128xf32>
  return %r : tensor<128xf32>
}
