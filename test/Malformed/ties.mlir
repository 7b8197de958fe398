// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Malformed tied results on util.scope.

// A tie names a value that is not an explicit capture.
func.func @tie_not_a_capture(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:49: error: custom op 'util.scope' tied result '%u' does not name an explicit capture
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%u) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// A tie names the block argument rather than the captured value.
func.func @tie_names_block_arg(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:49: error: custom op 'util.scope' tied result '%a' does not name an explicit capture
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%a) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// A tie names a dim operand.
func.func @tie_names_dim(%t: tensor<?xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:53: error: custom op 'util.scope' tied result '%d' does not name an explicit capture
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%d) {
    util.return %a : tensor<?xf32>
  }
  return
}

// -----

// A tie in a scope without captures.
func.func @tie_without_captures(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:23: error: custom op 'util.scope' tied result '%t' does not name an explicit capture
  %r = util.scope -> (%t) {
    util.return %t : tensor<4xf32>
  }
  return
}

// -----

// Two results tied to one capture.
func.func @tied_twice(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:10: error: 'util.scope' op results #0 and #1 are both tied to capture #0
  %r:2 = util.scope (%t as %a: tensor<4xf32>) -> (%t, %t) {
    util.return %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  return
}

// -----

// A tied result takes its capture's dims: writing dims after it is a syntax
// error.
func.func @tie_with_dims(%t: tensor<?xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:55: error: expected ')'
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t{%d}) {
    util.return %a : tensor<?xf32>
  }
  return
}

// -----

// A tied result's return value must have the capture's type.
func.func @tie_returns_other_type(%t: tensor<4xf32>) {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%t) {
    %c = arith.constant dense<0> : tensor<4xi32>
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op operand #0 has type 'tensor<4xi32>' but the scope's result #0 has type 'tensor<4xf32>'
    util.return %c : tensor<4xi32>
  }
  return
}

// -----

// Generic form: a tie index past the captures.
func.func @generic_tie_out_of_range(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: 'util.scope' op result #0 is tied to capture #1 but the scope has 1 captures
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 1>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Generic form: a negative tie index other than -1 (untied).
func.func @generic_tie_negative(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: 'util.scope' op result #0 is tied to capture #-2 but the scope has 1 captures
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: -2>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// Generic form: more tie entries than results.
func.func @generic_tie_count(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects one tied_operands entry per result (0) but has 1
  "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

// Generic form: a tied result whose type differs from its capture's.
func.func @generic_tie_type(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: 'util.scope' op result #0 of type 'tensor<8xf32>' is tied to capture #0 of type 'tensor<4xf32>'; a tied result must have its capture's type
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0>}> ({
  ^bb0(%a: tensor<4xf32>):
    %e = tensor.empty() : tensor<8xf32>
    util.return %e : tensor<8xf32>
  }) : (tensor<4xf32>) -> tensor<8xf32>
  return
}

// -----

// Generic form: tied_operands of the wrong attribute kind.
func.func @generic_tie_attr_kind(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: invalid properties {operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = [0]} for op util.scope: Invalid attribute `tied_operands` in property conversion: [0]
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = [0]}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}
