// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Invalid util ops: IR that does not parse in util's syntax or does not
// verify. Every case is an error at its location, never a crash. Truncated,
// garbage and tool-level inputs are in test/Malformed.

//===----------------------------------------------------------------------===//
// Captures and their entry block arguments
//===----------------------------------------------------------------------===//

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

// Two captures bound to one block-argument name.
func.func @duplicate_argument(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error @+2 {{region entry argument '%a' is already in use}}
  // expected-note @+1 {{previously referenced here}}
  util.scope (%t as %a: tensor<4xf32>, %u as %a: tensor<4xf32>) {
    util.return
  }
  return
}

// -----

// A block argument shadowing a value from above (scopes are not isolated,
// so names from above stay visible).
// expected-note @+1 {{previously referenced here}}
func.func @argument_shadows(%t: tensor<4xf32>) {
  // expected-error @+1 {{region entry argument '%t' is already in use}}
  util.scope (%t as %t: tensor<4xf32>) {
    util.return
  }
  return
}

// -----

// A capture whose written type differs from the value's.
// expected-note @+1 {{prior use here}}
func.func @capture_type_mismatch(%t: tensor<4xf32>) {
  // expected-error @+1 {{use of value '%t' expects different type than prior uses: 'tensor<8xf32>' vs 'tensor<4xf32>'}}
  util.scope (%t as %a: tensor<8xf32>) {
    util.return
  }
  return
}

// -----

// A capture of an undefined value.
func.func @capture_undefined() {
  // expected-error @+1 {{use of undeclared SSA value name}}
  util.scope (%nope as %a: f32) {
    util.return
  }
  return
}

// -----

// A capture without `as`.
func.func @capture_missing_as(%t: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'util.scope' expected 'as'}}
  util.scope (%t: tensor<4xf32>) {
    util.return
  }
  return
}

// -----

// A capture without a type.
func.func @capture_missing_type(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected ':'}}
  util.scope (%t as %a) {
    util.return
  }
  return
}

// -----

// A trailing comma in the capture list.
func.func @capture_trailing_comma(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected SSA operand}}
  util.scope (%t as %a: tensor<4xf32>,) {
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

// util.annotate has no capture syntax.
func.func @annotate_capture_syntax(%x: f32) {
  // expected-error @+1 {{expected '{' to begin a region}}
  util.annotate (%x as %a: f32) {
    util.return
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Dynamic dims of captures and results
//===----------------------------------------------------------------------===//

// One dim per dynamic dimension of each capture.
func.func @capture_dims(%t: tensor<?x?xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 2 dynamic dims for its captures (one per dynamic dimension) but has 1}}
  util.scope (%t as %a: tensor<?x?xf32>{%d}) {
    util.return
  }
  return
}

// -----

// Too many dims for a capture with one dynamic dimension.
func.func @capture_dims_too_many(%t: tensor<?x4xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 1 dynamic dims for its captures (one per dynamic dimension) but has 2}}
  util.scope (%t as %a: tensor<?x4xf32>{%d, %d}) {
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

// An unranked capture has no dims to list.
func.func @unranked_capture_with_dims(%t: tensor<*xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 0 dynamic dims for its captures (one per dynamic dimension) but has 1}}
  util.scope (%t as %a: tensor<*xf32>{%d}) {
    util.return
  }
  return
}

// -----

// Dims are split between two captures in the wrong proportion: counted in
// total, so the sum is what is wrong.
func.func @dims_spread_wrong(%t: tensor<?x?xf32>, %u: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 3 dynamic dims for its captures (one per dynamic dimension) but has 2}}
  util.scope (%t as %a: tensor<?x?xf32>{%d}, %u as %b: tensor<?xf32>{%d}) {
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

// A static new result with dims.
func.func @static_result_with_dims(%d: index) -> tensor<4xf32> {
  // expected-error @+1 {{'util.scope' op expects 0 dynamic dims for its untied results (one per dynamic dimension) but has 1}}
  %r = util.scope -> (tensor<4xf32>{%d}) {
    %e = tensor.empty() : tensor<4xf32>
    util.return %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
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

// -----

// A dim that is not defined anywhere.
func.func @dim_undefined(%t: tensor<?xf32>) {
  // expected-error @+1 {{use of undeclared SSA value name}}
  util.scope (%t as %a: tensor<?xf32>{%nope}) {
    util.return
  }
  return
}

// -----

// A result dim defined inside the scope's own body: dims are values from
// above.
func.func @result_dim_from_body(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  // expected-error @+1 {{use of undeclared SSA value name}}
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
  // expected-error @+1 {{expected '}'}}
  util.scope (%t as %a: tensor<?xf32>{4}) {
    util.return
  }
  return
}

// -----

// Generic form: the dims segment is longer than the captures need.
func.func @generic_dims_count(%t: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{'util.scope' op expects 1 dynamic dims for its captures (one per dynamic dimension) but has 2}}
  "util.scope"(%t, %d, %d) <{operandSegmentSizes = array<i32: 1, 2, 0>}> ({
  ^bb0(%a: tensor<?xf32>):
    util.return
  }) : (tensor<?xf32>, index, index) -> ()
  return
}

// -----

// Generic form: a dims operand that is not an index.
func.func @generic_dim_type(%t: tensor<?xf32>, %d: i32) {
  // expected-error @+1 {{'util.scope' op operand #1 must be variadic of index, but got 'i32'}}
  "util.scope"(%t, %d) <{operandSegmentSizes = array<i32: 1, 1, 0>}> ({
  ^bb0(%a: tensor<?xf32>):
    util.return
  }) : (tensor<?xf32>, i32) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// Tied results
//===----------------------------------------------------------------------===//

// A tied result must name an explicit capture.
func.func @tie_not_captured(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // expected-error @+1 {{tied result '%u' does not name an explicit capture}}
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%u) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// A tie names the block argument rather than the captured value.
func.func @tie_names_block_arg(%t: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'util.scope' tied result '%a' does not name an explicit capture}}
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%a) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// A tie names a dim operand.
func.func @tie_names_dim(%t: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{custom op 'util.scope' tied result '%d' does not name an explicit capture}}
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%d) {
    util.return %a : tensor<?xf32>
  }
  return
}

// -----

// A tie in a scope without captures.
func.func @tie_without_captures(%t: tensor<4xf32>) {
  // expected-error @+1 {{custom op 'util.scope' tied result '%t' does not name an explicit capture}}
  %r = util.scope -> (%t) {
    util.return %t : tensor<4xf32>
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

// Generic form: a negative tie index other than -1 (untied).
func.func @generic_tie_negative(%t: tensor<4xf32>) {
  // expected-error @+1 {{'util.scope' op result #0 is tied to capture #-2 but the scope has 1 captures}}
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: -2>}> ({
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

// A tied result takes its capture's dims: writing dims after it is a syntax
// error.
func.func @tie_with_dims(%t: tensor<?xf32>, %d: index) {
  // expected-error @+1 {{expected ')'}}
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
    // expected-error @+1 {{'util.return' op operand #0 has type 'tensor<4xi32>' but the scope's result #0 has type 'tensor<4xf32>'}}
    util.return %c : tensor<4xi32>
  }
  return
}

// -----

// Generic form: tied_operands of the wrong attribute kind.
func.func @generic_tie_attr_kind(%t: tensor<4xf32>) {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = [0]} for op util.scope: Invalid attribute `tied_operands` in property conversion: [0]}}
  %r = "util.scope"(%t) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = [0]}> ({
  ^bb0(%a: tensor<4xf32>):
    util.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Results and util.return
//===----------------------------------------------------------------------===//

// More results bound than util.scope declares.
func.func @scope_bind_too_many() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = util.scope -> (f32) {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  return
}

// -----

// A result bound from a scope that declares none.
func.func @scope_bind_without_results() {
  // expected-error @+1 {{cannot name an operation with no results}}
  %r = util.scope {
    util.return
  }
  return
}

// -----

// More results bound than util.annotate declares.
func.func @annotate_bind_too_many() {
  // expected-error @+1 {{operation defines 1 results but was provided 2 to bind}}
  %r:2 = util.annotate {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  } : f32
  return
}

// -----

// A result list without parentheses.
func.func @results_unparenthesized() {
  // expected-error @+1 {{expected '('}}
  %r = util.scope -> f32 {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  return
}

// -----

// An arrow without a result list.
func.func @arrow_without_results() {
  // expected-error @+1 {{expected '('}}
  util.scope -> {
    util.return
  }
  return
}

// -----

// A result of a type that does not exist.
func.func @unknown_result_type() {
  // expected-error @+1 {{expected non-function type}}
  %r = util.scope -> (f33) {
    util.return
  }
  return
}

// -----

// Using the second result of a one-result scope.
func.func @use_missing_result() -> f32 {
  %r = util.scope -> (f32) {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  // expected-error @+1 {{reference to invalid result number}}
  return %r#1 : f32
}

// -----

// util.return operands match the results in count.
func.func @return_count(%x: f32) {
  %r = util.scope -> (f32) {
    // expected-error @+1 {{'util.return' op returns 0 values but its scope 'util.scope' has 1 results}}
    util.return
  }
  return
}

// -----

// util.return with more values than the scope has results.
func.func @return_too_many(%x: f32) {
  util.scope {
    // expected-error @+1 {{'util.return' op returns 1 values but its scope 'util.scope' has 0 results}}
    util.return %x : f32
  }
  return
}

// -----

// util.return operands match the results in type.
func.func @return_type(%x: f32) {
  %r = util.scope -> (f32) {
    %i = arith.constant 1 : i32
    // expected-error @+1 {{'util.return' op operand #0 has type 'i32' but the scope's result #0 has type 'f32'}}
    util.return %i : i32
  }
  return
}

// -----

// util.return with a value of the wrong type, in util.annotate.
func.func @annotate_return_type(%x: f32) -> i32 {
  %r = util.annotate {
    // expected-error @+1 {{'util.return' op operand #0 has type 'f32' but the scope's result #0 has type 'i32'}}
    util.return %x : f32
  } : i32
  return %r : i32
}

// -----

// Every exiting block's util.return matches the results.
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

// util.return whose operand list and type list disagree.
func.func @return_type_list(%x: f32) -> f32 {
  %r = util.scope -> (f32) {
    // expected-error @+1 {{custom op 'util.return' number of operands and types do not match: got 1 operands and 2 types}}
    util.return %x : f32, f32
  }
  return %r : f32
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

// util.return directly in a function.
func.func @return_in_func() {
  // expected-error @+1 {{'util.return' op expects its parent to be a scope op (ScopeOpInterface)}}
  util.return
}

// -----

// util.return in the middle of a block (generic form: in the custom form
// the next line's value would be read as its operand).
func.func @return_not_last() {
  util.scope {
    // expected-error @+1 {{'util.return' op must be the last operation in the parent block}}
    "util.return"() : () -> ()
    %c = arith.constant 0 : index
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Scope bodies and their terminators
//===----------------------------------------------------------------------===//

// A scope needs a body.
func.func @no_body() {
  // expected-error @+1 {{'util.scope' op region #0 ('body') failed to verify constraint: region with at least 1 blocks}}
  "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
  }) : () -> ()
  return
}

// -----

// An empty region: a scope needs a body.
func.func @empty_region() {
  // expected-error @+1 {{'util.annotate' op region #0 ('body') failed to verify constraint: region with at least 1 blocks}}
  "util.annotate"() ({
  }) : () -> ()
  return
}

// -----

// An empty block in the body.
func.func @empty_block() {
  // expected-error @+1 {{empty block: expect at least a terminator}}
  "util.annotate"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

// A block that ends in a non-terminator (generic form, where the parser does
// not add util.return).
func.func @no_terminator() {
  "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
    // expected-error @+1 {{block with no terminator, has %0 = "arith.constant"() <{value = 0 : index}> : () -> index}}
    %c = arith.constant 0 : index
  }) : () -> ()
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

// func.return cannot leave a scope.
func.func @func_return_in_scope() {
  util.scope {
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

// scf.yield cannot leave a scope.
func.func @scf_yield_in_scope() {
  util.scope {
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }
  return
}

// -----

// The same rule in util.annotate.
func.func @yield_in_annotate() {
  util.annotate {
    // expected-error @+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
    scf.yield
  }
  return
}

// -----

// The wrong terminator in the second block of a multi-block body.
func.func @wrong_terminator_second_block(%c: i1) {
  util.scope (%c as %cc: i1) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return
  ^bb2:
    // expected-error @+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Scope attributes
//===----------------------------------------------------------------------===//

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

// A zone has a name.
func.func @empty_zone() {
  // expected-error @+1 {{zone name must not be empty}}
  util.scope [#util.zone<"">] {
    util.return
  }
  return
}

// -----

// An attribute of the util dialect that does not exist.
func.func @unknown_util_attr() {
  // expected-error @+1 {{unknown attribute `zonee` in dialect `util`}}
  util.scope [#util.zonee<"a">] {
    util.return
  }
  return
}

// -----

// An attribute of a dialect that is not registered.
func.func @unknown_dialect_attr() {
  // expected-error @+1 {{#"nodialect"<"device<"cpu">"> : 'none' attribute created with unregistered dialect. If this is intended, please call allowUnregisteredDialects() on the MLIRContext, or use -allow-unregistered-dialect with the MLIR opt tool used}}
  util.scope [#nodialect.device<"cpu">] {
    util.return
  }
  return
}

// -----

// A dictionary is not a scope-attribute list.
func.func @dictionary_not_list() {
  // expected-error @+2 {{Dialect `' not found for custom op 'zone'  (tried '.zone' as well)}}
  // expected-note @+1 {{Available dialects:}}
  util.scope {zone = #util.zone<"a">} {
    util.return
  }
  return
}

// -----

// A single scope attribute outside brackets.
func.func @attr_without_brackets() {
  // expected-error @+1 {{expected '{' to begin a region}}
  util.scope #util.zone<"a"> {
    util.return
  }
  return
}

// -----

// A zone name that is not a string.
func.func @zone_name_not_string() {
  // expected-error @+2 {{expected string}}
  // expected-error @+1 {{failed to parse Util_ZoneAttr parameter 'name' which is to be a `::llvm::StringRef`}}
  util.scope [#util.zone<a>] {
    util.return
  }
  return
}

// -----

// A zone without its name.
func.func @zone_without_name() {
  // expected-error @+1 {{expected '<'}}
  util.scope [#util.zone] {
    util.return
  }
  return
}

// -----

// A zone with two names.
func.func @zone_two_names() {
  // expected-error @+1 {{expected '>'}}
  util.scope [#util.zone<"a", "b">] {
    util.return
  }
  return
}

// -----

// A zone whose closing `>` is missing.
func.func @zone_unclosed() {
  // expected-error @+1 {{unbalanced '<' character in pretty dialect name}}
  util.scope [#util.zone<"a"] {
    util.return
  }
  return
}

// -----

// The scope-attribute list is not closed.
func.func @list_unclosed() {
  // expected-error @+1 {{expected ',' or ']'}}
  util.scope [#util.zone<"a"> {
    util.return
  }
  return
}

// -----

// util.annotate checks a mistyped inherent attribute in its dictionary.
func.func @annotate_inherent_mistyped() {
  util.annotate {
    util.return
  // expected-error @+1 {{custom op 'util.annotate' 'util.annotate' op attribute 'scope_attrs' failed to satisfy constraint: array of attributes implementing ScopeAttrInterface}}
  } attributes {scope_attrs = 3}
  return
}

// -----

// Generic form: scope_attrs that is not an array.
func.func @generic_scope_attrs_not_array() {
  // expected-error @+1 {{invalid properties {operandSegmentSizes = array<i32: 0, 0, 0>, scope_attrs = #util.zone<"a">} for op util.scope: Invalid attribute `scope_attrs` in property conversion: #util.zone<"a">}}
  "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>, scope_attrs = #util.zone<"a">}> ({
    util.return
  }) : () -> ()
  return
}

// -----

// Generic form: properties that are not a dictionary.
func.func @generic_properties_not_dict() {
  // expected-error @+1 {{invalid properties [1, 2] for op util.scope: expected DictionaryAttr to set properties}}
  "util.scope"() <[1, 2]> ({
    util.return
  }) : () -> ()
  return
}

// -----

// A scope attribute on a function must still be a registered attribute.
// expected-error @+1 {{unknown attribute `nozone` in dialect `util`}}
func.func @unknown_attr_on_func() attributes {zone = #util.nozone<"x">} {
  return
}

// -----

//===----------------------------------------------------------------------===//
// Other syntax
//===----------------------------------------------------------------------===//

// An op the util dialect does not have.
func.func @unknown_op() {
  // expected-error @+1 {{custom op 'util.scopes' is unknown}}
  util.scopes {
    util.return
  }
  return
}

// -----

// A scope without a region.
func.func @missing_region() {
  // expected-error @+1 {{expected '{' to begin a region}}
  util.scope
  return
}

// -----

// Captures written after the result list.
func.func @captures_after_results(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected '{' to begin a region}}
  %r = util.scope -> (tensor<4xf32>) (%t as %a: tensor<4xf32>) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// Scope attributes written after the captures.
func.func @attrs_after_captures(%t: tensor<4xf32>) {
  // expected-error @+1 {{expected '{' to begin a region}}
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
  // expected-error @+1 {{expected operation name in quotes}}
  } {note = 1}
  return
}

// -----

// util.annotate with its result types before the region.
func.func @annotate_types_first() {
  // expected-error @+1 {{expected '{' to begin a region}}
  %r = util.annotate : f32 {
    %c = arith.constant 0.0 : f32
    util.return %c : f32
  }
  return
}

// -----

// A scope nested in itself through a use of its own result.
func.func @uses_own_result() -> f32 {
  // expected-note @+1 {{operand defined here (op in a parent region)}}
  %r = util.scope -> (f32) {
    // expected-error @+1 {{operand #0 does not dominate this use}}
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
  // expected-error @+1 {{use of undeclared SSA value name}}
  return %c : f32
}

// -----

// A branch from a scope's body to a block of the enclosing function.
func.func @branch_out_of_scope() {
  util.scope {
    // expected-error @+1 {{reference to an undefined block}}
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
  // expected-error @+1 {{expected 2 operand types but had 1}}
  }) : (tensor<4xf32>) -> ()
  return
}
