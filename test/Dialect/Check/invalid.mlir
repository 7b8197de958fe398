// RUN: scope-opt --split-input-file --verify-diagnostics %s

// The expected constant has the checked type.
func.func @eq_const_type(%t: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_eq_const' op expected value has type 'tensor<3xi32>' but the checked value has type 'tensor<2xi32>'}}
  check.expect_eq_const(%t, dense<[1, 2, 3]> : tensor<3xi32>) : tensor<2xi32>
  return
}

// -----

// A constant cannot have dynamic dims: the checked value cannot either.
func.func @eq_const_dynamic(%t: tensor<?xi32>) {
  // expected-error @+1 {{'check.expect_eq_const' op expected value has type 'tensor<2xi32>' but the checked value has type 'tensor<?xi32>'}}
  check.expect_eq_const(%t, dense<[1, 2]> : tensor<2xi32>) : tensor<?xi32>
  return
}

// -----

// The same for almost_eq_const.
func.func @almost_eq_const_type(%t: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op expected value has type 'tensor<2xf64>' but the checked value has type 'tensor<2xf32>'}}
  check.expect_almost_eq_const(%t, dense<1.0> : tensor<2xf64>) : tensor<2xf32>
  return
}

// -----

// Tensor expectations check tensors.
func.func @eq_not_tensor(%x: i32) {
  // expected-error @+1 {{'check.expect_eq' op operand #0 must be tensor of any type values, but got 'i32'}}
  "check.expect_eq"(%x, %x) : (i32, i32) -> ()
  return
}

// -----

// expect_eq compares two values of one type (the generic form can say
// otherwise).
func.func @eq_types(%a: tensor<2xi32>, %b: tensor<2xi64>) {
  // expected-error @+1 {{'check.expect_eq' op failed to verify that all of {lhs, rhs} have same type}}
  "check.expect_eq"(%a, %b) : (tensor<2xi32>, tensor<2xi64>) -> ()
  return
}

// -----

// Tolerances apply to floats only.
func.func @almost_eq_ints(%t: tensor<2xi32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op operand #0 must be tensor of floating-point values, but got 'tensor<2xi32>'}}
  check.expect_almost_eq(%t, %t) : tensor<2xi32>
  return
}

// -----

// A negative tolerance accepts nothing.
func.func @negative_atol(%t: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq' op expects a finite, non-negative atol, got -1.000000e+00}}
  check.expect_almost_eq(%t, %t, atol -1.0) : tensor<2xf32>
  return
}

// -----

// Nor does a NaN one.
func.func @nan_rtol(%t: tensor<2xf32>) {
  // expected-error @+1 {{'check.expect_almost_eq_const' op expects a finite, non-negative rtol, got nan}}
  "check.expect_almost_eq_const"(%t) <{value = dense<1.0> : tensor<2xf32>, rtol = 0x7FC00000 : f32}> : (tensor<2xf32>) -> ()
  return
}

// -----

// expect_true checks an integer.
func.func @true_float(%x: f32) {
  // expected-error @+1 {{'check.expect_true' op operand #0 must be signless integer, but got 'f32'}}
  "check.expect_true"(%x) : (f32) -> ()
  return
}

// -----

// Of at most 64 bits (the runtime's argument).
func.func @true_wide(%x: i128) {
  // expected-error @+1 {{'check.expect_true' op expects an integer of at most 64 bits, got 'i128'}}
  check.expect_true(%x) : i128
  return
}

// -----

// The same for expect_false.
func.func @false_wide(%x: i65) {
  // expected-error @+1 {{'check.expect_false' op expects an integer of at most 64 bits, got 'i65'}}
  check.expect_false(%x) : i65
  return
}

// -----

// Tolerances are named atol and rtol.
func.func @tolerance_keyword(%t: tensor<2xf32>) {
  // expected-error @+1 {{expected 'atol' or 'rtol'}}
  check.expect_almost_eq(%t, %t, tol 1.0) : tensor<2xf32>
  return
}

// -----

// In IREE's order, each once.
func.func @tolerance_order(%t: tensor<2xf32>) {
  // expected-error @+1 {{expected 'atol' before 'rtol', each at most once}}
  check.expect_almost_eq(%t, %t, rtol 1.0, atol 1.0) : tensor<2xf32>
  return
}
