// RUN: scope-opt --split-input-file --verify-diagnostics %s

// The value is a number or elements: a string is not a constant of a type.
func.func @string() {
  // expected-error @+1 {{'util.unfoldable_constant' op expects an integer, float or elements attribute, got "text"}}
  %c = util.unfoldable_constant "text"
  return
}

// -----

// An attribute without a type has no result type to give.
func.func @untyped() {
  // expected-error @+1 {{invalid kind of attribute specified}}
  %c = util.unfoldable_constant [1, 2]
  return
}

// -----

// In the generic form the result type must be the value's.
func.func @type_mismatch() {
  // expected-error @+1 {{'util.unfoldable_constant' op value has type 'i32' but the result has type 'i64'}}
  %c = "util.unfoldable_constant"() <{value = 3 : i32}> : () -> i64
  return
}


// -----

// The barrier's results have its operands' types.
func.func @barrier_types(%x: i32) {
  // expected-error @+1 {{'util.optimization_barrier' op failed to verify that all of {operands, results} have same type}}
  %b = "util.optimization_barrier"(%x) : (i32) -> i64
  return
}

// -----

// A barrier without operands is rejected (in the custom form the next
// line's results would read as its operands).
func.func @barrier_no_operands() {
  // expected-error @+1 {{'util.optimization_barrier' op expects at least one operand}}
  "util.optimization_barrier"() : () -> ()
  return
}
