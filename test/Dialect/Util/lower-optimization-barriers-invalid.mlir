// RUN: scope-opt --split-input-file --util-lower-optimization-barriers --verify-diagnostics %s

// Vectors have no register that the `r` constraint names on every target.
func.func @vector(%v: vector<4xf32>) -> vector<4xf32> {
  // expected-error @+1 {{'util.optimization_barrier' op cannot hide a value of type 'vector<4xf32>' (supported: integers up to 64 bits, floats, index, pointers and memrefs)}}
  %r = util.optimization_barrier %v : vector<4xf32>
  return %r : vector<4xf32>
}

// -----

// Nor do integers wider than a register.
func.func @wide(%x: i128) -> i128 {
  // expected-error @+1 {{'util.optimization_barrier' op cannot hide a value of type 'i128'}}
  %r = util.optimization_barrier %x : i128
  return %r : i128
}
