// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Malformed util op syntax that fits no other category: unknown ops,
// missing regions, misplaced pieces.

// An op the util dialect does not have.
func.func @unknown_op() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: custom op 'util.scopes' is unknown
  util.scopes {
    util.return
  }
  return
}

// -----

// A scope without a region.
func.func @missing_region() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:13: error: expected '{' to begin a region
  util.scope
  return
}

// -----

// Captures written after the result list.
func.func @captures_after_results(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:37: error: expected '{' to begin a region
  %r = util.scope -> (tensor<4xf32>) (%t as %a: tensor<4xf32>) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// Scope attributes written after the captures.
func.func @attrs_after_captures(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:39: error: expected '{' to begin a region
  util.scope (%t as %a: tensor<4xf32>) [#util.zone<"a">] {
    util.return
  }
  return
}

// -----

// The attribute dictionary without its `attributes` keyword.
func.func @dict_without_keyword() {
  util.scope {
    util.return
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:4: error: expected operation name in quotes
  } {note = 1}
  return
}

// -----

// util.annotate with its result types before the region.
func.func @annotate_types_first() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:21: error: expected '{' to begin a region
  %r = util.annotate : f32 {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  return
}

// -----

// A scope nested in itself through a use of its own result.
func.func @uses_own_result() -> f32 {
  %r = util.scope -> (f32) {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: operand #0 does not dominate this use
    util.return %r : f32
  }
  return %r : f32
}

// -----

// A value defined in a scope's body used after the scope.
func.func @escaping_value() -> f32 {
  util.scope {
    %c = arith.constant 0.0 : f32
    util.return
  }
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:10: error: use of undeclared SSA value name
  return %c : f32
}

// -----

// A branch from a scope's body to a block of the enclosing function.
func.func @branch_out_of_scope() {
  util.scope {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:11: error: reference to an undefined block
    cf.br ^bb1
  }
^bb1:
  return
}

// -----

// Operands on the op name position of the generic form.
func.func @generic_bad_operands(%t: tensor<4xf32>) {
  "util.scope"(%t, %t) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: expected 2 operand types but had 1
  }) : (tensor<4xf32>) -> ()
  return
}
