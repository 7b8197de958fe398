// A failing expectation reports its location, how many elements differ,
// the first ones with their indices and both values, and marks the test
// failed; the test goes on, so its later expectations report too. The
// report format is checked element type by element type.
// RUN: not scope-check %s 2>&1 | FileCheck %s

// CHECK: report.mlir:[[@LINE+5]]:3: error: check.expect_eq_const failed: 2 of 6 elements differ (shape [2, 3])
// CHECK-NEXT:   at [0, 2]: lhs 3, rhs 4
// CHECK-NEXT:   at [1, 0]: lhs 4, rhs -4
func.func @ints() {
  %a = util.unfoldable_constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
  check.expect_eq_const(%a, dense<[[1, 2, 4], [-4, 5, 6]]> : tensor<2x3xi32>) : tensor<2x3xi32>
  // The function goes on: the next expectation reports too.
  %t = util.unfoldable_constant 0 : i32
  check.expect_true(%t) : i32
  return
}
// CHECK-NEXT: report.mlir:[[@LINE-3]]:3: error: check.expect_true failed: expected 0 to be nonzero
// CHECK-NEXT: FAIL ints

// CHECK-NEXT: report.mlir:[[@LINE+4]]:3: error: check.expect_almost_eq_const failed: 1 of 3 elements differ by more than atol 0.01 + rtol 0 * |rhs| (shape [3])
// CHECK-NEXT:   at [1]: lhs 2, rhs 2.0999999
func.func @floats() {
  %a = util.unfoldable_constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  check.expect_almost_eq_const(%a, dense<[1.005, 2.1, 3.0]> : tensor<3xf32>, atol 1.0e-2) : tensor<3xf32>
  return
}
// CHECK-NEXT: FAIL floats

// The dims of dynamically shaped values are compared at run time.
// CHECK-NEXT: report.mlir:[[@LINE+7]]:3: error: check.expect_eq failed: shapes differ: lhs [2, 2], rhs [4, 1]
func.func @shapes() {
  %a = flow.tensor.dynamic_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi8> -> tensor<?x?xi8>
  %b = flow.tensor.dynamic_constant dense<[[1, 2, 3, 4]]> : tensor<1x4xi8> -> tensor<?x?xi8>
  %c = tensor.collapse_shape %b [[0, 1]] : tensor<?x?xi8> into tensor<?xi8>
  %e = tensor.expand_shape %c [[0, 1]] output_shape [4, 1] : tensor<?xi8> into tensor<?x1xi8>
  %d = tensor.cast %e : tensor<?x1xi8> to tensor<?x?xi8>
  check.expect_eq(%a, %d) : tensor<?x?xi8>
  return
}
// CHECK-NEXT: FAIL shapes

// Booleans, halves and the report's element limit (10 shown).
// CHECK-NEXT: report.mlir:[[@LINE+8]]:3: error: check.expect_eq_const failed: 1 of 2 elements differ (shape [2])
// CHECK-NEXT:   at [1]: lhs false, rhs true
// CHECK-NEXT: report.mlir:[[@LINE+8]]:3: error: check.expect_almost_eq_const failed: 12 of 12 elements differ by more than atol 0.0001 + rtol 0 * |rhs| (shape [12])
// CHECK-NEXT:   at [0]: lhs 1, rhs 0
// CHECK-COUNT-9: at [{{[0-9]+}}]: lhs 1, rhs 0
// CHECK-NEXT:   ... and 2 more
func.func @formats() {
  %b = util.unfoldable_constant dense<[true, false]> : tensor<2xi1>
  check.expect_eq_const(%b, dense<[true, true]> : tensor<2xi1>) : tensor<2xi1>
  %h = util.unfoldable_constant dense<1.0> : tensor<12xf16>
  check.expect_almost_eq_const(%h, dense<0.0> : tensor<12xf16>) : tensor<12xf16>
  return
}
// CHECK-NEXT: FAIL formats

// CHECK-NEXT: PASS passes
func.func @passes() {
  %a = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xbf16>
  check.expect_almost_eq_const(%a, dense<[1.0, 2.0]> : tensor<2xbf16>) : tensor<2xbf16>
  return
}

// CHECK-NEXT: 1 passed, 4 failed
