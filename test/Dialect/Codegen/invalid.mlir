// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Invalid codegen ops and attributes: one case per verifier and parser rule.

func.func @both_strategies(%a: tensor<4xf32>) {
  // expected-error @+1 {{carries both a pipeline and a strategy; a scope has at most one strategy}}
  "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, pipeline = "cse", strategy = @s}> ({
  ^bb0(%x: tensor<4xf32>):
    codegen.yield
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @empty_pipeline() {
  // expected-error @+1 {{has an empty pipeline; omit 'pipeline' for a scope without a strategy}}
  codegen.scope.tu pipeline = " " {
    codegen.yield
  }
  return
}

// -----

func.func @args_without_sequence() {
  // expected-error @+1 {{has strategy parameters but no named sequence to pass them to}}
  "codegen.scope.tu"() <{operandSegmentSizes = array<i32: 0, 0, 0>, strategy_args = [1]}> ({
    codegen.yield
  }) : () -> ()
  return
}

// -----

func.func @strategy_attr_on_tu() {
  // expected-error @+1 {{cannot carry #codegen.strategy<"cse">: a codegen.scope.tu takes its strategy from 'pipeline' or 'strategy'}}
  codegen.scope.tu [#codegen.strategy<"cse">] {
    codegen.yield
  }
  return
}

// -----

func.func @pipeline_after_strategy_keyword() {
  // expected-error @+1 {{expected a named sequence (a symbol) after 'strategy ='}}
  codegen.scope.tu strategy = "cse" {
    codegen.yield
  }
  return
}

// -----

func.func @not_isolated(%a: tensor<4xf32>) {
  // expected-note @+1 {{required by region isolation constraints}}
  %r = codegen.scope.tu -> (tensor<4xf32>) {
    // expected-error @+1 {{using value defined outside the region}}
    codegen.yield %a : tensor<4xf32>
  }
  return
}

// -----

func.func @missing_capture_dims(%a: tensor<?xf32>) {
  // expected-error @+1 {{'codegen.scope.tu' op expects 1 dynamic dims for its captures (one per dynamic dimension) but has 0}}
  "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%x: tensor<?xf32>):
    codegen.yield
  }) : (tensor<?xf32>) -> ()
  return
}

// -----

func.func @missing_result_dims(%m: index) {
  // expected-error @+1 {{untied results}}
  %r = "codegen.scope.tu"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
    %e = tensor.empty(%m) : tensor<?xf32>
    codegen.yield %e : tensor<?xf32>
  }) : () -> tensor<?xf32>
  return
}

// -----

func.func @tie_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects one tied_operands entry per result (1) but has 2}}
  %r = "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0, 0>}> ({
  ^bb0(%x: tensor<4xf32>):
    codegen.yield %x : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @tie_out_of_range(%a: tensor<4xf32>) {
  // expected-error @+1 {{result #0 is tied to capture #3 but the scope has 1 captures}}
  %r = "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 3>}> ({
  ^bb0(%x: tensor<4xf32>):
    codegen.yield %x : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @tie_twice(%a: tensor<4xf32>) {
  // expected-error @+1 {{results #0 and #1 are both tied to capture #0}}
  %r:2 = "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0, 0>}> ({
  ^bb0(%x: tensor<4xf32>):
    codegen.yield %x, %x : tensor<4xf32>, tensor<4xf32>
  }) : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @tie_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{result #0 of type 'tensor<4xi32>' is tied to capture #0 of type 'tensor<4xf32>'; a tied result must have its capture's type}}
  %r = "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>, tied_operands = array<i64: 0>}> ({
  ^bb0(%x: tensor<4xf32>):
    %c = arith.constant dense<0> : tensor<4xi32>
    codegen.yield %c : tensor<4xi32>
  }) : (tensor<4xf32>) -> tensor<4xi32>
  return
}

// -----

func.func @block_arg_count(%a: tensor<4xf32>) {
  // expected-error @+1 {{expects one entry block argument per capture (1) but the body has 0}}
  "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
    codegen.yield
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @block_arg_type(%a: tensor<4xf32>) {
  // expected-error @+1 {{capture #0 has type 'tensor<4xf32>' but its block argument has type 'tensor<4xi32>'}}
  "codegen.scope.tu"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0>}> ({
  ^bb0(%x: tensor<4xi32>):
    codegen.yield
  }) : (tensor<4xf32>) -> ()
  return
}

// -----

func.func @scope_attr_not_scope_attr() {
  // expected-error @+1 {{ScopeAttrInterface}}
  codegen.scope.tu [42 : i32] {
    codegen.yield
  }
  return
}

// -----

func.func @scope_attr_kinds_twice() {
  // expected-error @+1 {{has two scope attributes of kind 'zone': #util.zone<"a"> and #util.zone<"b">}}
  codegen.scope.tu [#util.zone<"a">, #util.zone<"b">] {
    codegen.yield
  }
  return
}

// -----

func.func @wrong_exit() {
  // expected-note @+1 {{scope is here}}
  codegen.scope.tu {
    // expected-error @+1 {{cannot exit a scope; use codegen.yield}}
    util.return
  }
  return
}

// -----

func.func @yield_count() {
  %r = codegen.scope.tu -> (i32) {
    // expected-error @+1 {{yields 0 values but its scope 'codegen.scope.tu' has 1 results}}
    codegen.yield
  }
  return
}

// -----

func.func @yield_type() {
  %r = codegen.scope.tu -> (i32) {
    %c = arith.constant 0 : i64
    // expected-error @+1 {{operand #0 has type 'i64' but the scope's result #0 has type 'i32'}}
    codegen.yield %c : i64
  }
  return
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{expects parent op to be one of 'codegen.scope.tu, codegen.scope.workgroups'}}
  codegen.yield
}

// -----

func.func @inherent_in_dict() {
  codegen.scope.tu {
    codegen.yield
  // expected-error @+1 {{'pipeline' is written in codegen.scope.tu's own syntax, not in its attribute dictionary}}
  } attributes {pipeline = "cse"}
  return
}

// -----

// expected-error @+1 {{unknown root kind 'matmul'; expected contraction, convolution, reduction, elementwise, other or default}}
func.func @bad_kind() attributes {a = #codegen.strategy<matmul = "cse">} {
  return
}

// -----

// expected-error @+1 {{root kind 'reduction' is given twice}}
func.func @kind_twice() attributes {a = #codegen.strategy<reduction = "cse", reduction = "canonicalize">} {
  return
}

// -----

// expected-error @+1 {{expected a pass pipeline (a string) or a named sequence (a symbol)}}
func.func @bad_strategy() attributes {a = #codegen.strategy<42>} {
  return
}
