// RUN: scope-opt --split-input-file --verify-diagnostics %s

// The kernel symbol of #hal.extern is the name of a C function.
func.func @extern_bad_symbol(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{kernel symbol 'mlp-layer' is not a C identifier}}
  %r = util.scope [#hal.extern<"mlp-layer">] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    util.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @extern_unknown_option(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unknown kernel ABI option 'inplace' (known: status, contiguous)}}
  %r = util.scope [#hal.extern<"k", {inplace = true}>] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    util.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @extern_option_not_bool(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{kernel ABI option 'status' takes a bool, got 1 : i64}}
  %r = util.scope [#hal.extern<"k", {status = 1}>] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    util.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

func.func @dispatch_bad_symbol(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op kernel symbol '1k' is not a C identifier}}
  %r = hal.dispatch.extern "1k"(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %r : tensor<4xf32>
}

// -----

func.func @dispatch_bad_abi(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op unknown kernel ABI option 'fast'}}
  %r = hal.dispatch.extern "k"(%x) : (tensor<4xf32>) -> (tensor<4xf32>) attributes {abi = {fast = true}}
  return %r : tensor<4xf32>
}

// -----

// Every dynamic dimension of an argument has a dim.
func.func @dispatch_missing_argument_dims(%x: tensor<?xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op expects 1 dynamic dims for its arguments (one per dynamic dimension) but has 0}}
  %r = "hal.dispatch.extern"(%x) <{symbol = "k", operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<?xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// ... and so does every dynamic dimension of an untied result.
func.func @dispatch_missing_result_dims(%x: tensor<4xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op expects 1 dynamic dims for its untied results (one per dynamic dimension) but has 0}}
  %r = "hal.dispatch.extern"(%x) <{symbol = "k", operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<4xf32>) -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

func.func @dispatch_ties_count(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op expects one tied_operands entry per result (1) but has 2}}
  %r = "hal.dispatch.extern"(%x) <{symbol = "k", tied_operands = array<i64: 0, -1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @dispatch_tie_out_of_range(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op result #0 is tied to argument #3 but there are 1 arguments}}
  %r = "hal.dispatch.extern"(%x) <{symbol = "k", tied_operands = array<i64: 3>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @dispatch_tie_twice(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{'hal.dispatch.extern' op results #0 and #1 are both tied to argument #0}}
  %r:2 = "hal.dispatch.extern"(%x) <{symbol = "k", tied_operands = array<i64: 0, 0>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @dispatch_tie_type(%x: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op result #0 of type 'tensor<8xf32>' is tied to argument #0 of type 'tensor<4xf32>'; a tied result must have its argument's type}}
  %r = "hal.dispatch.extern"(%x) <{symbol = "k", tied_operands = array<i64: 0>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<4xf32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A tied result must name an argument.
func.func @dispatch_tie_unknown(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{tied result '%y' does not name an operand}}
  %r = hal.dispatch.extern "k"(%x) : (tensor<4xf32>) -> (%y)
  return %r : tensor<4xf32>
}

// -----

// Fewer operand types than operands: the tie to the second operand has no
// type to take (it read past the list).
func.func @dispatch_tie_without_type(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  // expected-error @+1 {{tied result '%t' names operand #1, which has no type (1 operand types are given)}}
  %r:2 = hal.dispatch.extern "twice"(%t, %t) : (tensor<4xf32>) -> (%t, %t)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}

// -----

func.func @dispatch_operands_without_decomposition(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op has decomposition operands but no decomposition}}
  %r = "hal.dispatch.extern"(%x, %n) <{symbol = "k", operandSegmentSizes = array<i32: 1, 0, 0, 1>}> : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @dispatch_decomposition_missing(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op decomposition @nowhere is not a function}}
  %r = hal.dispatch.extern "k"(%x) : (tensor<4xf32>) -> (tensor<4xf32>) decomposition @nowhere
  return %r : tensor<4xf32>
}

// -----

func.func private @wrong(tensor<4xf32>) -> tensor<8xf32>
func.func @dispatch_decomposition_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op decomposition @wrong has type '(tensor<4xf32>) -> tensor<8xf32>' but the kernel's arguments and decomposition operands are ('tensor<4xf32>') and its results ('tensor<4xf32>')}}
  %r = hal.dispatch.extern "k"(%x) : (tensor<4xf32>) -> (tensor<4xf32>) decomposition @wrong
  return %r : tensor<4xf32>
}

// -----

// Kernels take ranked tensors and scalars.
func.func @dispatch_unranked(%x: tensor<*xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'hal.dispatch.extern' op operand #0 must be variadic of}}
  %r = "hal.dispatch.extern"(%x) <{symbol = "k", operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (tensor<*xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
