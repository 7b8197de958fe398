// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Malformed explicit captures on util.scope.

// Two captures bound to one block-argument name.
func.func @duplicate_argument(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:46: error: region entry argument '%a' is already in use
  util.scope (%t as %a: tensor<4xf32>, %u as %a: tensor<4xf32>) {
    util.return
  }
  return
}

// -----

// A block argument shadowing a value from above (scopes are not isolated,
// so names from above stay visible).
func.func @argument_shadows(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:21: error: region entry argument '%t' is already in use
  util.scope (%t as %t: tensor<4xf32>) {
    util.return
  }
  return
}

// -----

// A capture whose written type differs from the value's.
func.func @capture_type_mismatch(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:15: error: use of value '%t' expects different type than prior uses: 'tensor<8xf32>' vs 'tensor<4xf32>'
  util.scope (%t as %a: tensor<8xf32>) {
    util.return
  }
  return
}

// -----

// A capture of an undefined value.
func.func @capture_undefined() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:15: error: use of undeclared SSA value name
  util.scope (%nope as %a: f32) {
    util.return
  }
  return
}

// -----

// A capture without `as`.
func.func @capture_missing_as(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:17: error: custom op 'util.scope' expected 'as'
  util.scope (%t: tensor<4xf32>) {
    util.return
  }
  return
}

// -----

// A capture without a type.
func.func @capture_missing_type(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:23: error: expected ':'
  util.scope (%t as %a) {
    util.return
  }
  return
}

// -----

// A trailing comma in the capture list.
func.func @capture_trailing_comma(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:39: error: expected SSA operand
  util.scope (%t as %a: tensor<4xf32>,) {
    util.return
  }
  return
}

// -----

// Generic form: fewer entry-block arguments than captures.
func.func @generic_missing_block_arg(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects one entry block argument per capture (2) but the body has 1
  "util.scope"(%t, %u) <{operandSegmentSizes = array<i32: 2, 0, 0>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return
  }) : (tensor<4xf32>, tensor<4xf32>) -> ()
  return
}

// -----

// Generic form: a block argument whose type differs from its capture's.
func.func @generic_block_arg_type(%t: tensor<4xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op capture #0 has type 'tensor<4xf32>' but its block argument has type 'tensor<4xi8>'
  "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%a: tensor<4xi8>):
    util.return
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

// util.annotate has no explicit captures: its body takes no arguments.
func.func @annotate_block_arg(%x: f32) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.annotate' op takes no explicit captures: its entry block must have no arguments
  "util.annotate"() ({
  ^bb0(%a: f32):
    util.return
  }) : () -> ()
  return
}

// -----

// util.annotate has no capture syntax.
func.func @annotate_capture_syntax(%x: f32) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:16: error: expected '{' to begin a region
  util.annotate (%x as %a: f32) {
    util.return
  }
  return
}
