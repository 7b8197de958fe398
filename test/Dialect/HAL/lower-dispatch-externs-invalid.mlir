// RUN: scope-opt --split-input-file --verify-diagnostics --hal-lower-dispatch-externs="fallback=k check=true" %s

// A kernel no library provides and without a decomposition cannot run.
func.func @no_decomposition(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{kernel 'k' is provided by no loaded kernel library and has no decomposition to run instead}}
  %r = hal.dispatch.extern "k"(%t) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %r : tensor<4xf32>
}

// -----

// A kernel without a decomposition cannot be checked.
func.func @nothing_to_check(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @below {{kernel 'j' has no decomposition to check it against}}
  %r = hal.dispatch.extern "j"(%t) : (tensor<4xf32>) -> (tensor<4xf32>)
  return %r : tensor<4xf32>
}

// -----

// The check compares the element types scope-run exchanges only: not an
// f8E4M3FN.
func.func private @f8(tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN>
func.func @f8_result(%t: tensor<4xf8E4M3FN>) -> tensor<4xf8E4M3FN> {
  // expected-error @below {{result #0 has element type 'f8E4M3FN', which the kernel check does not compare (i1, i8, i16, i32, i64, f16, bf16, f32, f64)}}
  %r = hal.dispatch.extern "j"(%t) : (tensor<4xf8E4M3FN>) -> (tensor<4xf8E4M3FN>) decomposition @f8
  return %r : tensor<4xf8E4M3FN>
}

// -----

// Nor an integer of a width scope-run does not exchange.
func.func private @i4(tensor<4xi4>) -> tensor<4xi4>
func.func @i4_result(%t: tensor<4xi4>) -> tensor<4xi4> {
  // expected-error @below {{result #0 has element type 'i4', which the kernel check does not compare (i1, i8, i16, i32, i64, f16, bf16, f32, f64)}}
  %r = hal.dispatch.extern "j"(%t) : (tensor<4xi4>) -> (tensor<4xi4>) decomposition @i4
  return %r : tensor<4xi4>
}

// -----

// One C function has one signature: calls of one kernel on two ranks (not
// two shapes of one rank: sizes are in the descriptor) cannot share it.
func.func private @d4(tensor<4xf32>) -> tensor<4xf32>
func.func private @d2x4(tensor<2x4xf32>) -> tensor<2x4xf32>
func.func @two_signatures(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> (tensor<4xf32>, tensor<2x4xf32>) {
  %r = hal.dispatch.extern "j"(%a) : (tensor<4xf32>) -> (tensor<4xf32>) decomposition @d4
  // expected-error @below {{kernel 'j' is called with C signature '(memref<?x?xf32, strided<[?, ?], offset: ?>>, memref<?x?xf32>) -> i32' here and '(memref<?xf32, strided<[?], offset: ?>>, memref<?xf32>) -> i32' elsewhere: a C function has one signature}}
  %s = hal.dispatch.extern "j"(%b) : (tensor<2x4xf32>) -> (tensor<2x4xf32>) decomposition @d2x4
  return %r, %s : tensor<4xf32>, tensor<2x4xf32>
}

// -----

// Nor can calls with and without `contiguous`: the layouts they pass differ.
func.func private @d4(tensor<4xf32>) -> tensor<4xf32>
func.func @two_layouts(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = hal.dispatch.extern "j"(%a) : (tensor<4xf32>) -> (tensor<4xf32>) decomposition @d4
  // expected-error @below {{kernel 'j' is called with C signature '(memref<?xf32>, memref<?xf32>) -> i32' here and '(memref<?xf32, strided<[?], offset: ?>>, memref<?xf32>) -> i32' elsewhere: a C function has one signature}}
  %s = hal.dispatch.extern "j"(%a) : (tensor<4xf32>) -> (tensor<4xf32>) decomposition @d4 attributes {abi = {contiguous = true}}
  return %r, %s : tensor<4xf32>, tensor<4xf32>
}
