// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Result dims: one per dynamic dimension.
func.func @missing_result_dim(%n: index) {
  // expected-error @+1 {{'flow.dispatch.region' op expects 2 dynamic dims for its results (one per dynamic dimension) but has 1}}
  %r = "flow.dispatch.region"(%n) ({
    %e = tensor.empty(%n, %n) : tensor<?x?xf32>
    flow.return %e : tensor<?x?xf32>
  }) : (index) -> tensor<?x?xf32>
  return
}

// -----

// The placement must be a placement attribute: a zone is a scope attribute
// but places nothing.
func.func @zone_placement() {
  // expected-error @+1 {{placement #util.zone<"z"> is not a placement attribute}}
  flow.dispatch.region on(#util.zone<"z">) {
    flow.return
  }
  return
}

// -----

// An attribute that is not a scope attribute at all.
func.func @string_placement() {
  // expected-error @+1 {{placement "cpu" is not a placement attribute}}
  flow.dispatch.region on("cpu") {
    flow.return
  }
  return
}

// -----

// The body uses values from above implicitly: no block arguments.
func.func @block_arguments() {
  // expected-error @+1 {{expects a body without block arguments}}
  flow.dispatch.region {
  ^bb0(%x: f32):
    flow.return
  }
  return
}

// -----

// The body must end in flow.return, not in another terminator.
func.func @wrong_terminator() {
  // expected-error @+1 {{expects its body to end in flow.return}}
  flow.dispatch.region {
    llvm.unreachable
  }
  return
}

// -----

// flow.return returns one value per result.
func.func @return_count(%x: tensor<4xf32>) {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    // expected-error @+1 {{returns 0 values but its dispatch region has 1 results}}
    flow.return
  }
  return
}

// -----

// flow.return operands have the result types.
func.func @return_type(%x: tensor<4xf32>) {
  %r = flow.dispatch.region -> (tensor<8xf32>) {
    // expected-error @+1 {{operand #0 has type 'tensor<4xf32>' but the dispatch region's result #0 has type 'tensor<8xf32>'}}
    flow.return %x : tensor<4xf32>
  }
  return
}

// -----

// flow.return only terminates dispatch regions.
func.func @return_outside(%x: tensor<4xf32>) {
  // expected-error @+1 {{expects parent op 'flow.dispatch.region'}}
  flow.return %x : tensor<4xf32>
}

// -----

// Dispatch argument dims: one per dynamic dimension.
func.func @dispatch_argument_dims(%a: tensor<?x8xf32>) {
  // expected-error @+1 {{expects 1 dynamic dims for its arguments (one per dynamic dimension) but has 0}}
  "flow.dispatch"(%a) <{callee = @exe::@fn, operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<?x8xf32>) -> ()
  return
}
module @exe {
  func.func @fn(%a: tensor<?x8xf32>) {
    return
  }
}

// -----

// Dispatch result dims: one per dynamic dimension.
func.func @dispatch_result_dims(%n: index) {
  // expected-error @+1 {{expects 1 dynamic dims for its results (one per dynamic dimension) but has 2}}
  %r = "flow.dispatch"(%n, %n) <{callee = @exe::@fn, operandSegmentSizes = array<i32: 0, 0, 2>}> : (index, index) -> tensor<?xf32>
  return
}
module @exe {
  func.func @fn() -> tensor<?xf32> {
    %c = arith.constant 1 : index
    %e = tensor.empty(%c) : tensor<?xf32>
    return %e : tensor<?xf32>
  }
}

// -----

// The callee must exist.
func.func @dispatch_missing() {
  // expected-error @+1 {{callee @exe::@nope does not name a symbol}}
  flow.dispatch @exe::@nope() : () -> ()
  return
}
module @exe {
}

// -----

// The callee must be a function.
func.func @dispatch_not_function() {
  // expected-error @+1 {{callee @exe::@inner is not a function}}
  flow.dispatch @exe::@inner() : () -> ()
  return
}
module @exe {
  module @inner {
  }
}

// -----

// The callee's type matches what the dispatch passes and expects.
func.func @dispatch_type(%x: tensor<4xf32>) {
  // expected-error @+1 {{type of callee @exe::@fn is '(tensor<8xf32>) -> ()' but the dispatch passes}}
  flow.dispatch @exe::@fn(%x) : (tensor<4xf32>) -> ()
  return
}
module @exe {
  func.func @fn(%x: tensor<8xf32>) {
    return
  }
}

// -----

// The callee's function type is a builtin function type: an llvm.func is a
// function, but of another type system.
func.func @dispatch_llvm_callee() {
  // expected-error @+1 {{callee @exe::@fn does not have a builtin function type}}
  flow.dispatch @exe::@fn() : () -> ()
  return
}
module @exe {
  llvm.func @fn() {
    llvm.return
  }
}
