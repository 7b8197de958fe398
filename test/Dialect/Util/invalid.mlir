// RUN: scope-opt --split-input-file --verify-diagnostics %s

// The entry block must have one argument per capture.
func.func @capture_count(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op expects one entry block argument per capture (1) but the body has 0}}
  "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
    util.return
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

// A capture's block argument has the capture's type.
func.func @capture_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op capture #0 has type 'tensor<4xf32>' but its block argument has type 'tensor<4xi32>'}}
  "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%a: tensor<4xi32>):
    util.return
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

// One dim per dynamic dimension of each capture.
func.func @capture_dims(%t: tensor<?x?xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 2 dynamic dims for its captures (one per dynamic dimension) but has 1}}
  util.scope (%t as %a: tensor<?x?xf32>{%d}) {
    util.return
  }
  return
}

// -----

// A static capture takes no dims.
func.func @static_capture_dims(%t: tensor<4xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 0 dynamic dims for its captures (one per dynamic dimension) but has 1}}
  util.scope (%t as %a: tensor<4xf32>{%d}) {
    util.return
  }
  return
}

// -----

// One dim per dynamic dimension of each untied result.
func.func @result_dims(%d: index) -> tensor<?xf32> {
  // expected-error @+1 {{'util.scope' op expects 1 dynamic dims for its untied results (one per dynamic dimension) but has 0}}
  %r = util.scope -> (tensor<?xf32>) {
    %e = tensor.empty(%d) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A tied result must name an explicit capture.
func.func @tie_not_captured(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error @+1 {{tied result '%u' does not name an explicit capture}}
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%u) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// A tie index must be in range.
func.func @tie_out_of_range(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op result #0 is tied to capture #3 but the scope has 1 captures}}
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 3>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// The tie array has one entry per result.
func.func @tie_count(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op expects one tied_operands entry per result (1) but has 2}}
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0, -1>}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// At most one result per capture.
func.func @tie_twice(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op results #0 and #1 are both tied to capture #0}}
  %r:2 = util.scope (%t as %a: tensor<4xf32>) -> (%t, %t) {
    util.return %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  return
}

// -----

// A tied result has its capture's type.
func.func @tie_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op result #0 of type 'tensor<4xi32>' is tied to capture #0 of type 'tensor<4xf32>'; a tied result must have its capture's type}}
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0>}> ({
  ^bb0(%a: tensor<4xf32>):
    %c = arith.constant dense<0> : tensor<4xi32>
    util.return %c : tensor<4xi32>
  }) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

// util.return operands match the results in count...
func.func @return_count(%x: f32) {
  %r = util.scope -> (f32) {
    // expected-error @+1 {{'util.return' op returns 0 values but its scope 'util.scope' has 1 results}}
    util.return
  }
  return
}

// -----

// ...and in type...
func.func @return_type(%x: f32) {
  %r = util.scope -> (f32) {
    %i = arith.constant 1 : i32
    // expected-error @+1 {{'util.return' op operand #0 has type 'i32' but the scope's result #0 has type 'f32'}}
    util.return %i : i32
  }
  return
}

// -----

// ...in every exiting block.
func.func @return_second_block(%c: i1, %x: f32) {
  %r = util.scope -> (f32) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    util.return %x : f32
  ^bb2:
    %i = arith.constant 1 : i32
    // expected-error @+1 {{'util.return' op operand #0 has type 'i32' but the scope's result #0 has type 'f32'}}
    util.return %i : i32
  }
  return
}

// -----

// Control returns to the parent only through util.return.
func.func @foreign_return() {
  // expected-note @+1 {{scope is here}}
  util.scope {
    // expected-error @+1 {{'gpu.yield' op cannot exit a scope; use util.return}}
    gpu.yield
  }
  return
}

// -----

// util.return only terminates scopes.
func.func @return_outside() {
  "scf.execute_region"() ({
    // expected-error @+1 {{'util.return' op expects its parent to be a scope op (ScopeOpInterface)}}
    util.return
  }) : () -> ()
  return
}

// -----

// Each scope attribute implements ScopeAttrInterface.
func.func @not_a_scope_attr() {
  // expected-error @+1 {{'util.scope' op scope attribute "fast" does not implement ScopeAttrInterface}}
  util.scope ["fast"] {
    util.return
  }
  return
}

// -----

// At most one attribute of a kind per scope.
func.func @two_zones() {
  // expected-error @+1 {{'util.scope' op has two scope attributes of kind 'zone': #util.zone<"a"> and #util.zone<"b">}}
  util.scope [#util.zone<"a">, #util.zone<"b">] {
    util.return
  }
  return
}

// -----

// The same rules hold on util.annotate.
func.func @annotate_two_zones() {
  // expected-error @+1 {{'util.annotate' op has two scope attributes of kind 'zone'}}
  util.annotate [#util.zone<"a">, #util.zone<"a">] {
    util.return
  }
  return
}

// -----

// util.annotate has no explicit captures.
func.func @annotate_block_args(%x: f32) {
  // expected-error @+1 {{'util.annotate' op takes no explicit captures: its entry block must have no arguments}}
  "util.annotate"() ({
  ^bb0(%a: f32):
    util.return
  }) : () -> ()
  return
}

// -----

// A zone has a name.
func.func @empty_zone() {
  // expected-error @+1 {{zone name must not be empty}}
  util.scope [#util.zone<"">] {
    util.return
  }
  return
}

// -----

// A scope needs a body.
func.func @no_body() {
  // expected-error @+1 {{'util.scope' op region #0 ('body') failed to verify constraint: region with at least 1 blocks}}
  "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
  }) : () -> ()
  return
}

// -----

// Dims are index values.
// expected-note @+1 {{prior use here}}
func.func @dims_not_index(%t: tensor<?xf32>, %d: i32) {
  // expected-error @+1 {{use of value '%d' expects different type than prior uses: 'index' vs 'i32'}}
  util.scope (%t as %a: tensor<?xf32>{%d}) {
    util.return
  }
  return
}
