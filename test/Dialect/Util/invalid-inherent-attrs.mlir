// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Regression (found while building test/Malformed): util.scope's custom form
// took its inherent attributes from the `attributes {...}` dictionary too. A
// mistyped one was silently dropped and a well-typed one overrode the syntax
// (a result written as new became tied). Each is now an error in the custom
// form; the generic form still sets them as properties.

func.func @scope_attrs_mistyped() {
  util.scope {
    util.return
  // expected-error @+1 {{'scope_attrs' is written in util.scope's own syntax, not in its attribute dictionary}}
  } attributes {scope_attrs = 3}
  return
}

// -----

// A well-typed tie in the dictionary would contradict `-> (tensor<4xf32>)`.
func.func @tied_operands_in_dict(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    util.return %a : tensor<4xf32>
  // expected-error @+1 {{'tied_operands' is written in util.scope's own syntax, not in its attribute dictionary}}
  } attributes {tied_operands = array<i64: 0>}
  return %r : tensor<4xf32>
}

// -----

// Segment sizes come from the captures, dims and results written.
func.func @segments_in_dict(%t: tensor<4xf32>) {
  util.scope (%t as %a: tensor<4xf32>) {
    util.return
  // expected-error @+1 {{'operandSegmentSizes' is written in util.scope's own syntax, not in its attribute dictionary}}
  } attributes {operandSegmentSizes = array<i32: 1, 0, 0>}
  return
}

// -----

// Other attributes in the dictionary stay allowed (the first scope parses);
// an inherent one among them is still rejected.
func.func @other_attrs() {
  util.scope {
    util.return
  } attributes {note = "kept"}
  util.scope {
    util.return
  // expected-error @+1 {{'scope_attrs' is written in util.scope's own syntax, not in its attribute dictionary}}
  } attributes {note = "kept", scope_attrs = [#util.zone<"z">]}
  return
}
