// RUN: scope-opt --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16" %s | FileCheck %s
// RUN: scope-opt --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 max-vector-rows=0 max-vector-cost=0" %s | FileCheck %s --check-prefix=NOLIMIT
// RUN: scope-opt --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 max-vector-rows=2000 max-vector-cost=0" %s | FileCheck %s --check-prefix=NOLIMIT

// A full reduction of a 7x?x?x3 tensor tiled 8,16,16 would be one masked
// vector<7x16x16x3xf32>: 1792 rows of three elements, each a 1-D transfer
// and reduction once lowered (found by scope-gen, seed 1968: minutes in
// LLVM for one op). Over max-vector-rows (256 by default) the tile stays a
// linalg op, which the backend turns into loops.
// CHECK-LABEL: func.func @wide_reduction
//   CHECK-NOT:   vector.transfer_read
//       CHECK:   linalg.reduce
//   CHECK-NOT:   vector.transfer_read
// NOLIMIT-LABEL: func.func @wide_reduction
//       NOLIMIT:   vector.transfer_read {{.*}} : tensor<7x?x?x3xf32>, vector<7x16x16x3xf32>
//   NOLIMIT-NOT:   linalg.reduce
func.func @wide_reduction(%x: tensor<7x?x?x3xf32>) -> tensor<f32> {
  %cst = arith.constant -4.000000e+00 : f32
  %e = tensor.empty() : tensor<f32>
  %init = linalg.fill ins(%cst : f32) outs(%e : tensor<f32>) -> tensor<f32>
  %r = linalg.reduce ins(%x : tensor<7x?x?x3xf32>) outs(%init : tensor<f32>) dimensions = [0, 1, 2, 3]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<f32>
}

// A 2-D tile of 8x16 rows is well under the limit: vectorized.
// CHECK-LABEL: func.func @narrow_elementwise
//       CHECK:   vector.transfer_read {{.*}} vector<8x16xf32>
//   CHECK-NOT:   linalg.generic
func.func @narrow_elementwise(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %x, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %x, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %n = math.exp %in : f32
    linalg.yield %n : f32
  } -> tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}
