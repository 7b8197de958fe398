// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s

// Every expectation round-trips in IREE's syntax.
// CHECK-LABEL: func.func @expectations
//       CHECK:   check.expect_true(%{{.+}}) : i32
//       CHECK:   check.expect_false(%{{.+}}) : i1
//       CHECK:   check.expect_eq(%{{.+}}, %{{.+}}) : tensor<?x4xi32>
//       CHECK:   check.expect_eq_const(%{{.+}}, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
//       CHECK:   check.expect_almost_eq(%{{.+}}, %{{.+}}) : tensor<2xf32>
//       CHECK:   check.expect_almost_eq_const(%{{.+}}, dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>) : tensor<2xf32>
func.func @expectations(%i: i32, %b: i1, %d: tensor<?x4xi32>, %s: tensor<2xi32>, %f: tensor<2xf32>) {
  check.expect_true(%i) : i32
  check.expect_false(%b) : i1
  check.expect_eq(%d, %d) : tensor<?x4xi32>
  check.expect_eq_const(%s, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
  check.expect_almost_eq(%f, %f) : tensor<2xf32>
  check.expect_almost_eq_const(%f, dense<[1.0, 2.0]> : tensor<2xf32>) : tensor<2xf32>
  return
}

// -----

// Tolerances other than IREE's defaults (atol 1.0e-4, rtol 0.0) are printed,
// the defaults are not.
// CHECK-LABEL: func.func @tolerances
//       CHECK:   check.expect_almost_eq(%{{.+}}, %{{.+}}, atol 0.00999999977, rtol 1.000000e-03) : tensor<2xf16>
//       CHECK:   check.expect_almost_eq(%{{.+}}, %{{.+}}, rtol 5.000000e-01) : tensor<2xf16>
//       CHECK:   check.expect_almost_eq(%{{.+}}, %{{.+}}) : tensor<2xf16>
//       CHECK:   check.expect_almost_eq_const(%{{.+}}, dense<1.000000e+00> : tensor<2xbf16>, atol 1.000000e+00) : tensor<2xbf16>
func.func @tolerances(%h: tensor<2xf16>, %b: tensor<2xbf16>) {
  check.expect_almost_eq(%h, %h, atol 1.0e-2, rtol 1.0e-3) : tensor<2xf16>
  check.expect_almost_eq(%h, %h, rtol 0.5) : tensor<2xf16>
  check.expect_almost_eq(%h, %h, atol 1.0e-4, rtol 0.0) : tensor<2xf16>
  check.expect_almost_eq_const(%b, dense<1.0> : tensor<2xbf16>, atol 1.0) : tensor<2xbf16>
  return
}

// -----

// Expectations are never erased, merged or hoisted.
// RUN: scope-opt --split-input-file --canonicalize --cse %s | FileCheck %s --check-prefix=CANON
// CANON-LABEL: func.func @expectations
//   CANON-COUNT-2:   check.expect_eq(%{{.+}}, %{{.+}}) : tensor<4xi32>
func.func @expectations(%t: tensor<4xi32>) {
  check.expect_eq(%t, %t) : tensor<4xi32>
  check.expect_eq(%t, %t) : tensor<4xi32>
  return
}
