// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16" %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 max-vector-cost=0" %s | FileCheck %s --check-prefix=NOLIMIT
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 max-vector-rows=0" %s | FileCheck %s --check-prefix=NOROWS

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

// -----

// A batch matmul with a static K of 3 (test/Integration/check's dynamic
// batch_matmul before it made K dynamic): no operand's 8x16x16 or 8x16x3
// tile has more than 128 rows, but the masked vector.contract unrolls one
// outer product per row of its 8x16x16x3 iteration space over the widest
// innermost dim (16): 384 rows, over max-vector-rows (256). Vectorized, it
// was 52,000 lines of LLVM dialect and 27 s in LLVM; it stays loops.
// CHECK-LABEL: func.func @batch_matmul_small_k
//   CHECK-NOT:   vector.contract
//       CHECK:   linalg.batch_matmul
// NOROWS-LABEL: func.func @batch_matmul_small_k
//       NOROWS:   vector.contract {{.*}} vector<8x16x3xf32>, vector<8x3x16xf32> into vector<8x16x16xf32>
func.func @batch_matmul_small_k(%a: tensor<?x?x3xf32>, %b: tensor<?x3x?xf32>, %c: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x3xf32>, tensor<?x3x?xf32>)
      outs(%c : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// With K = 16 the operands' rows stay 128 and the iteration space has 2048
// rows: the old bound vectorized it into 254,000 lines of LLVM dialect.
// CHECK-LABEL: func.func @batch_matmul_k16
//   CHECK-NOT:   vector.contract
//       CHECK:   linalg.batch_matmul
func.func @batch_matmul_k16(%a: tensor<?x?x16xf32>, %b: tensor<?x16x?xf32>, %c: tensor<?x?x?xf32>) -> tensor<?x?x?xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<?x?x16xf32>, tensor<?x16x?xf32>)
      outs(%c : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  return %r : tensor<?x?x?xf32>
}

// -----

// A small static batch matmul: 2x4x16x8 over 16 is 64 rows, cost
// 64 x 3 = 192: vectorized.
// CHECK-LABEL: func.func @batch_matmul_small
//       CHECK:   vector.contract {{.*}} into vector<2x4x16xf32>
func.func @batch_matmul_small(%a: tensor<2x4x8xf32>, %b: tensor<2x8x16xf32>, %c: tensor<2x4x16xf32>) -> tensor<2x4x16xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<2x4x8xf32>, tensor<2x8x16xf32>)
      outs(%c : tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  return %r : tensor<2x4x16xf32>
}
