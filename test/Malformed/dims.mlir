// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Malformed dynamic-dimension lists on util.scope captures and results.

// Too few dims for a capture with two dynamic dimensions.
func.func @capture_dims_too_few(%t: tensor<?x?xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 2 dynamic dims for its captures (one per dynamic dimension) but has 1
  util.scope (%t as %a: tensor<?x?xf32>{%d}) {
    util.return
  }
  return
}

// -----

// Too many dims for a capture with one dynamic dimension.
func.func @capture_dims_too_many(%t: tensor<?x4xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 1 dynamic dims for its captures (one per dynamic dimension) but has 2
  util.scope (%t as %a: tensor<?x4xf32>{%d, %d}) {
    util.return
  }
  return
}

// -----

// A static capture takes no dims.
func.func @static_capture_with_dims(%t: tensor<4xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 0 dynamic dims for its captures (one per dynamic dimension) but has 1
  util.scope (%t as %a: tensor<4xf32>{%d}) {
    util.return
  }
  return
}

// -----

// An unranked capture has no dims to list.
func.func @unranked_capture_with_dims(%t: tensor<*xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 0 dynamic dims for its captures (one per dynamic dimension) but has 1
  util.scope (%t as %a: tensor<*xf32>{%d}) {
    util.return
  }
  return
}

// -----

// Dims are split between two captures in the wrong proportion: counted in
// total, so the sum is what is wrong.
func.func @dims_spread_wrong(%t: tensor<?x?xf32>, %u: tensor<?xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 3 dynamic dims for its captures (one per dynamic dimension) but has 2
  util.scope (%t as %a: tensor<?x?xf32>{%d}, %u as %b: tensor<?xf32>{%d}) {
    util.return
  }
  return
}

// -----

// A dynamically shaped new result without its dims.
func.func @result_dims_missing(%d: index) -> tensor<?x?xf32> {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: 'util.scope' op expects 2 dynamic dims for its untied results (one per dynamic dimension) but has 0
  %r = util.scope -> (tensor<?x?xf32>) {
    %e = tensor.empty(%d, %d) : tensor<?x?xf32>
    util.return %e : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// A static new result with dims.
func.func @static_result_with_dims(%d: index) -> tensor<4xf32> {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:8: error: 'util.scope' op expects 0 dynamic dims for its untied results (one per dynamic dimension) but has 1
  %r = util.scope -> (tensor<4xf32>{%d}) {
    %e = tensor.empty() : tensor<4xf32>
    util.return %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A dim that is not an index.
func.func @dim_not_index(%t: tensor<?xf32>, %d: i64) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:39: error: use of value '%d' expects different type than prior uses: 'index' vs 'i64'
  util.scope (%t as %a: tensor<?xf32>{%d}) {
    util.return
  }
  return
}

// -----

// A dim that is not defined anywhere.
func.func @dim_undefined(%t: tensor<?xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:39: error: use of undeclared SSA value name
  util.scope (%t as %a: tensor<?xf32>{%nope}) {
    util.return
  }
  return
}

// -----

// A result dim defined inside the scope's own body: dims are values from
// above.
func.func @result_dim_from_body(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:67: error: use of undeclared SSA value name
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%inner}) {
    %inner = arith.constant 4 : index
    %e = tensor.empty(%inner) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// An empty-looking dims list is not a place for a non-operand.
func.func @dims_not_values(%t: tensor<?xf32>) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:39: error: expected '}'
  util.scope (%t as %a: tensor<?xf32>{4}) {
    util.return
  }
  return
}

// -----

// Generic form: the dims segment is longer than the captures need.
func.func @generic_dims_count(%t: tensor<?xf32>, %d: index) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 1 dynamic dims for its captures (one per dynamic dimension) but has 2
  "util.scope"(%t, %d, %d) <{operandSegmentSizes = array<i32: 1, 2, 0>}> ({
  ^bb0(%a: tensor<?xf32>):
    util.return
  }) : (tensor<?xf32>, index, index) -> ()
  return
}

// -----

// Generic form: a dims operand that is not an index.
func.func @generic_dim_type(%t: tensor<?xf32>, %d: i32) {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.scope' op operand #1 must be variadic of index, but got 'i32'
  "util.scope"(%t, %d) <{operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%a: tensor<?xf32>):
    util.return
  }) : (tensor<?xf32>, i32) -> ()
  return
}
