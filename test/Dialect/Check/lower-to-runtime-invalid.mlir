// RUN: scope-opt --split-input-file --check-lower-to-runtime --verify-diagnostics %s

// The runtime has no entry point for an element type scope-run does not
// support (the compile pipeline reports such types earlier, in
// hal-verify-element-types).
func.func @sub_byte(%t: tensor<4xi4>) {
  // expected-error @+1 {{'check.expect_eq' op element type 'i4' is not supported by the check runtime (supported: i1, i8, i16, i32, i64, index, f16, bf16, f32, f64)}}
  check.expect_eq(%t, %t) : tensor<4xi4>
  return
}

// -----

// Nor for an 8-bit float in almost_eq.
func.func @f8(%t: tensor<4xf8E4M3FN>) {
  // expected-error @+1 {{'check.expect_almost_eq' op element type 'f8E4M3FN' is not supported by the check runtime (supported: i1, i8, i16, i32, i64, index, f16, bf16, f32, f64; floats only for almost_eq)}}
  check.expect_almost_eq(%t, %t) : tensor<4xf8E4M3FN>
  return
}

// -----

// A symbol of the module that has an entry point's name but is not its
// declaration is not called by mistake.
func.func @scopeir_check_expect_true(%x: i64) {
  return
}

func.func @taken(%x: i32) {
  // expected-error @+1 {{'check.expect_true' op cannot be lowered: the module already has a symbol @scopeir_check_expect_true that is not the check runtime's entry point}}
  check.expect_true(%x) : i32
  return
}
