// The cases are plane reductions: plane-reduction-lanes=0 keeps them on the
// 8x16x16 tiles of tile-sizes whose cost is weighed here
// (llvm-cpu-plane-reductions.mlir has their tiles by default).
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 plane-reduction-lanes=0" %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 plane-reduction-lanes=0 max-vector-cost=0" %s | FileCheck %s --check-prefix=NOLIMIT

// The shape of differential seed 50524: a 3-D reduction over two dynamic
// dims whose body calls math.log. Its masked 8x16x16 tile has 128 rows
// (under max-vector-rows), but each row computes a log with a C library
// call per lane: cost 128 x (1 + 5 ops + 32 for the log) x 2 (masked) = 9728
// over max-vector-cost (4096). Vectorized, the program became 30,000 lines
// of LLVM dialect and took 4.5 minutes in LLVM; it stays loops now.
// CHECK-LABEL: func.func @log_reduction
//   CHECK-NOT:   vector.transfer_read
//       CHECK:   linalg.generic
//       CHECK:     math.log %{{.+}} : f32
// NOLIMIT-LABEL: func.func @log_reduction
//       NOLIMIT:   vector.transfer_read {{.*}} vector<8x16x16xf32>
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d1)>
func.func @log_reduction(%x: tensor<?x?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.minimumf %in, %in : f32
    %a = math.absf %m : f32
    %one = arith.constant 1.0 : f32
    %p = arith.addf %a, %one : f32
    %l = math.log %p : f32
    %s = arith.addf %l, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// The same reduction without the log (the math ops x86 has vector
// instructions for count as one each): 128 x 4 x 2 = 1024, vectorized.
// CHECK-LABEL: func.func @abs_reduction
//       CHECK:   vector.transfer_read {{.*}} vector<8x16x16xf32>
#in1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out1 = affine_map<(d0, d1, d2) -> (d1)>
func.func @abs_reduction(%x: tensor<?x?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#in1, #out1], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %a = math.absf %in : f32
    %q = math.sqrt %a : f32
    %s = arith.addf %q, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A 2-D exp on masked 8x16 tiles (a softmax's numerator): 8 x (1 + 32 + 1)
// x 2 = 544, vectorized.
// CHECK-LABEL: func.func @exp_rows
//       CHECK:   vector.transfer_read {{.*}} vector<8x16xf32>
//       CHECK:   math.exp %{{.+}} : vector<8x16xf32>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @exp_rows(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%x : tensor<?x?xf32>) {
  ^bb0(%v: f32):
    %e = math.exp %v : f32
    %n = arith.negf %e : f32
    linalg.yield %n : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}
