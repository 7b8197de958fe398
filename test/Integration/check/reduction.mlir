// Reductions checked at run time: linalg.reduce (sums, min and max over
// either dim, floats and integers), an argmax written as a linalg.generic
// with two results, and softmax, each with static and dynamic shapes. The
// float inputs are small integers, so every sum is exact in any order;
// expected values from NumPy.

// RUN: scope-check %s --device=llvm-cpu | FileCheck %s
// RUN: scope-check %s --device=llvm-cpu-loops | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=1 \
// RUN:   | scope-check - --device=llvm-cpu | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=2 \
// RUN:   | scope-check - --device=llvm-cpu-loops | FileCheck %s

// CHECK: PASS reduce
// CHECK-NEXT: PASS reduce_dynamic
// CHECK-NEXT: PASS argmax
// CHECK-NEXT: PASS argmax_dynamic
// CHECK-NEXT: PASS softmax
// CHECK-NEXT: PASS softmax_dynamic
// CHECK-NEXT: 6 passed, 0 failed

// Row sums and column maxima of f32, row sums and minima of i32.
func.func @reduce() {
  %a = util.unfoldable_constant dense<[[8.0, 2.0, 3.0, 8.0, 1.0], [5.0, 6.0, -5.0, -8.0, -4.0], [-4.0, 7.0, 8.0, -9.0, 0.0]]> : tensor<3x5xf32>
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %e3 = tensor.empty() : tensor<3xf32>
  %f3 = linalg.fill ins(%z : f32) outs(%e3 : tensor<3xf32>) -> tensor<3xf32>
  %s = linalg.reduce ins(%a : tensor<3x5xf32>) outs(%f3 : tensor<3xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  check.expect_almost_eq_const(%s, dense<[22.0, -6.0, 2.0]> : tensor<3xf32>, atol 0.0) : tensor<3xf32>
  %e5 = tensor.empty() : tensor<5xf32>
  %f5 = linalg.fill ins(%ninf : f32) outs(%e5 : tensor<5xf32>) -> tensor<5xf32>
  %m = linalg.reduce ins(%a : tensor<3x5xf32>) outs(%f5 : tensor<5xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %r = arith.maximumf %x, %acc : f32
      linalg.yield %r : f32
    }
  check.expect_almost_eq_const(%m, dense<[8.0, 7.0, 8.0, 8.0, 1.0]> : tensor<5xf32>, atol 0.0) : tensor<5xf32>
  %i = util.unfoldable_constant dense<[[32, -37, 29, -39, -4, 31, -20], [-16, -23, 21, -25, 49, -6, -3]]> : tensor<2x7xi32>
  %zi = arith.constant 0 : i32
  %imax = arith.constant 2147483647 : i32
  %ei = tensor.empty() : tensor<2xi32>
  %fz = linalg.fill ins(%zi : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
  %fm = linalg.fill ins(%imax : i32) outs(%ei : tensor<2xi32>) -> tensor<2xi32>
  %is, %im = linalg.reduce ins(%i, %i : tensor<2x7xi32>, tensor<2x7xi32>) outs(%fz, %fm : tensor<2xi32>, tensor<2xi32>) dimensions = [1]
    (%x: i32, %y: i32, %sacc: i32, %macc: i32) {
      %r = arith.addi %x, %sacc : i32
      %n = arith.minsi %y, %macc : i32
      linalg.yield %r, %n : i32, i32
    }
  check.expect_eq_const(%is, dense<[-8, -3]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_eq_const(%im, dense<[-39, -25]> : tensor<2xi32>) : tensor<2xi32>
  return
}

// Column sums of a tensor with both dims unknown: the accumulator's size is
// a run-time dim of the input.
func.func @reduce_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[0.0, 2.0, 1.0], [0.0, 9.0, 6.0], [6.0, 4.0, 2.0], [-3.0, 9.0, -1.0]]> : tensor<4x3xf32> -> tensor<?x?xf32>
  %c1 = arith.constant 1 : index
  %n = tensor.dim %a, %c1 : tensor<?x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
  %s = linalg.reduce ins(%a : tensor<?x?xf32>) outs(%f : tensor<?xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %r = arith.addf %x, %acc : f32
      linalg.yield %r : f32
    }
  %x = flow.tensor.dynamic_constant dense<[3.0, 24.0, 8.0]> : tensor<3xf32> -> tensor<?xf32>
  check.expect_almost_eq(%s, %x, atol 0.0) : tensor<?xf32>
  return
}

// The maximum of each row and the first index where it occurs (row 0 has
// it twice): a reduction with two results whose body reads the index.
func.func @argmax() {
  %a = util.unfoldable_constant dense<[[8.0, 2.0, 3.0, 8.0, 1.0], [5.0, 6.0, -5.0, -8.0, -4.0], [-4.0, 7.0, 8.0, -9.0, 0.0]]> : tensor<3x5xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zi = arith.constant 0 : i32
  %ev = tensor.empty() : tensor<3xf32>
  %ei = tensor.empty() : tensor<3xi32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<3xf32>) -> tensor<3xf32>
  %fi = linalg.fill ins(%zi : i32) outs(%ei : tensor<3xi32>) -> tensor<3xi32>
  %v, %i = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                           iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<3x5xf32>) outs(%fv, %fi : tensor<3xf32>, tensor<3xi32>) {
  ^bb0(%x: f32, %best: f32, %at: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %x, %best : f32
    %nb = arith.select %gt, %x, %best : f32
    %na = arith.select %gt, %ji, %at : i32
    linalg.yield %nb, %na : f32, i32
  } -> (tensor<3xf32>, tensor<3xi32>)
  check.expect_almost_eq_const(%v, dense<[8.0, 6.0, 8.0]> : tensor<3xf32>, atol 0.0) : tensor<3xf32>
  check.expect_eq_const(%i, dense<[0, 1, 2]> : tensor<3xi32>) : tensor<3xi32>
  return
}

// The same on a tensor with both dims unknown.
func.func @argmax_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[0.0, 2.0, 1.0], [0.0, 9.0, 6.0], [6.0, 4.0, 2.0], [-3.0, 9.0, -1.0]]> : tensor<4x3xf32> -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %n = tensor.dim %a, %c0 : tensor<?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zi = arith.constant 0 : i32
  %ev = tensor.empty(%n) : tensor<?xf32>
  %ei = tensor.empty(%n) : tensor<?xi32>
  %fv = linalg.fill ins(%ninf : f32) outs(%ev : tensor<?xf32>) -> tensor<?xf32>
  %fi = linalg.fill ins(%zi : i32) outs(%ei : tensor<?xi32>) -> tensor<?xi32>
  %v, %i = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>],
                           iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<?x?xf32>) outs(%fv, %fi : tensor<?xf32>, tensor<?xi32>) {
  ^bb0(%x: f32, %best: f32, %at: i32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %gt = arith.cmpf ogt, %x, %best : f32
    %nb = arith.select %gt, %x, %best : f32
    %na = arith.select %gt, %ji, %at : i32
    linalg.yield %nb, %na : f32, i32
  } -> (tensor<?xf32>, tensor<?xi32>)
  %xi = flow.tensor.dynamic_constant dense<[1, 1, 0, 1]> : tensor<4xi32> -> tensor<?xi32>
  check.expect_eq(%i, %xi) : tensor<?xi32>
  %xv = flow.tensor.dynamic_constant dense<[2.0, 9.0, 6.0, 9.0]> : tensor<4xf32> -> tensor<?xf32>
  check.expect_almost_eq(%v, %xv, atol 0.0) : tensor<?xf32>
  return
}

// Softmax over the last dim; the results are rounded, so compared with a
// relative tolerance.
func.func @softmax() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, 0.5, -1.0, 2.0]]> : tensor<2x4xf32>
  %e = tensor.empty() : tensor<2x4xf32>
  %s = linalg.softmax dimension(1) ins(%a : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
  check.expect_almost_eq_const(%s, dense<[[0.032058604, 0.087144315, 0.23688282, 0.6439142], [0.14914645, 0.14914645, 0.03327907, 0.668428]]> : tensor<2x4xf32>, atol 0.0, rtol 1.0e-5) : tensor<2x4xf32>
  return
}

// The same with both dims unknown.
func.func @softmax_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1.0, 2.0, 3.0, 4.0], [0.5, 0.5, -1.0, 2.0]]> : tensor<2x4xf32> -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %s = linalg.softmax dimension(1) ins(%a : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %x = flow.tensor.dynamic_constant dense<[[0.032058604, 0.087144315, 0.23688282, 0.6439142], [0.14914645, 0.14914645, 0.03327907, 0.668428]]> : tensor<2x4xf32> -> tensor<?x?xf32>
  check.expect_almost_eq(%s, %x, atol 0.0, rtol 1.0e-5) : tensor<?x?xf32>
  return
}
