// RUN: scope-opt --split-input-file --verify-diagnostics --allow-unregistered-dialect --hal-verify-element-types %s

// A sub-byte integer tensor: the first op with such a value is reported,
// naming the type.
func.func @sub_byte() {
  // expected-error @+1 {{element type 'i4' is not supported: scopeir's backends handle i1, i8, i16, i32, i64, index, f16, bf16, f32 and f64}}
  %c = util.unfoldable_constant dense<[1, 2]> : tensor<2xi4>
  %d = util.unfoldable_constant dense<[1, 2]> : tensor<2xi2>
  return
}

// -----

// An 8-bit float, as a scalar inside a linalg body.
func.func @f8(%t: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%t : tensor<4xf32>) outs(%e : tensor<4xf32>) {
  ^bb0(%x: f32, %o: f32):
    // expected-error @+1 {{element type 'f8E4M3FN' is not supported}}
    %n = arith.truncf %x : f32 to f8E4M3FN
    %w = arith.extf %n : f8E4M3FN to f32
    linalg.yield %w : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A 4-bit float in a function's signature (its entry block's arguments).
// expected-error @+1 {{element type 'f4E2M1FN' is not supported}}
func.func @signature(%t: tensor<4xf4E2M1FN>) {
  return
}

// -----

// And in a declaration's.
// expected-error @+1 {{element type 'i128' is not supported}}
func.func private @declaration(vector<2xi128>)

// -----

// Signed and unsigned integers are not signless ones.
func.func @unsigned() {
  // expected-error @+1 {{element type 'ui8' is not supported}}
  %c = "test.op"() : () -> tensor<4xui8>
  return
}

// -----

// One error per function: each function reports its own.
func.func @first(%x: i32) -> i32 {
  // expected-error @+1 {{element type 'i3' is not supported}}
  %t = arith.trunci %x : i32 to i3
  %w = arith.extui %t : i3 to i32
  return %w : i32
}

func.func @second() {
  // expected-error @+1 {{element type 'f6E2M3FN' is not supported}}
  %c = "test.op"() : () -> f6E2M3FN
  return
}

// -----

// The supported types: nothing to report.
func.func @supported(%a: i1, %b: i8, %c: i16, %d: i32, %e: i64, %f: index,
                     %g: f16, %h: bf16, %i: f32, %j: f64,
                     %t: tensor<?x4xbf16>, %m: memref<2xi1>, %v: vector<4xf64>,
                     %z: complex<f32>) {
  return
}
