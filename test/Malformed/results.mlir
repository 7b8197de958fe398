// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Wrong result counts and result lists on scope ops.

// More results bound than util.scope declares.
func.func @scope_bind_too_many() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: operation defines 1 results but was provided 2 to bind
  %r:2 = util.scope -> (f32) {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  return
}

// -----

// A result bound from a scope that declares none.
func.func @scope_bind_without_results() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: cannot name an operation with no results
  %r = util.scope {
    util.return
  }
  return
}

// -----

// More results bound than util.annotate declares.
func.func @annotate_bind_too_many() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: operation defines 1 results but was provided 2 to bind
  %r:2 = util.annotate {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  } : f32
  return
}

// -----

// A result list without parentheses.
func.func @results_unparenthesized() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:21: error: expected '('
  %r = util.scope -> f32 {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  return
}

// -----

// An arrow without a result list.
func.func @arrow_without_results() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:16: error: expected '('
  util.scope -> {
    util.return
  }
  return
}

// -----

// A result of a type that does not exist.
func.func @unknown_result_type() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:23: error: expected non-function type
  %r = util.scope -> (f33) {
    util.return
  }
  return
}

// -----

// Generic form: results the region never returns.
func.func @generic_results_not_returned() {
  %r = "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op returns 0 values but its scope 'util.scope' has 1 results
    util.return
  }) : () -> f32
  return
}

// -----

// Using the second result of a one-result scope.
func.func @use_missing_result() -> f32 {
  %r = util.scope -> (f32) {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:10: error: reference to invalid result number
  return %r#1 : f32
}
