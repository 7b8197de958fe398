// RUN: scope-opt --split-input-file --verify-diagnostics %s

// A dynamic constant's value is a tensor.
func.func @constant_not_tensor() {
  // expected-error @+1 {{'flow.tensor.dynamic_constant' op expects a tensor value, got 'vector<2xi32>'}}
  %c = flow.tensor.dynamic_constant dense<1> : vector<2xi32> -> tensor<?xi32>
  return
}

// -----

// The result has the value's element type.
func.func @constant_element_type() {
  // expected-error @+1 {{'flow.tensor.dynamic_constant' op result type 'tensor<?xi64>' does not match the value's type 'tensor<2xi32>' in element type and rank}}
  %c = flow.tensor.dynamic_constant dense<1> : tensor<2xi32> -> tensor<?xi64>
  return
}

// -----

// And its rank.
func.func @constant_rank() {
  // expected-error @+1 {{'flow.tensor.dynamic_constant' op result type 'tensor<?x?xi32>' does not match the value's type 'tensor<2xi32>' in element type and rank}}
  %c = flow.tensor.dynamic_constant dense<1> : tensor<2xi32> -> tensor<?x?xi32>
  return
}

// -----

// A static dim of the result must be the value's.
func.func @constant_static_dim() {
  // expected-error @+1 {{'flow.tensor.dynamic_constant' op result dim #1 is 3 but the value's is 2}}
  %c = flow.tensor.dynamic_constant dense<1> : tensor<2x2xi32> -> tensor<?x3xi32>
  return
}

// -----

// One dim per dynamic dim of the tied type.
func.func @tie_shape_dims(%x: tensor<?x?xi32>, %h: index) {
  // expected-error @+1 {{'flow.tensor.tie_shape' op expects 2 dims for the result type 'tensor<?x?xi32>', got 1}}
  %t = flow.tensor.tie_shape %x : tensor<?x?xi32>{%h}
  return
}

// -----

// The same for each side of a bitcast.
func.func @bitcast_dims(%x: tensor<?xi32>, %n: index) {
  // expected-error @+1 {{'flow.tensor.bitcast' op expects 1 dims for the source type 'tensor<?xi32>', got 0}}
  %b = flow.tensor.bitcast %x : tensor<?xi32> -> tensor<?xf32>{%n}
  return
}

// -----

// Statically shaped sides of a bitcast hold the same number of bits.
func.func @bitcast_bits(%x: tensor<4xi32>) {
  // expected-error @+1 {{'flow.tensor.bitcast' op source 'tensor<4xi32>' holds 128 bits but the result 'tensor<4xf64>' holds 256}}
  %b = flow.tensor.bitcast %x : tensor<4xi32> -> tensor<4xf64>
  return
}
