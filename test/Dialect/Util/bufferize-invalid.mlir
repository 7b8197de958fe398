// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries" --verify-diagnostics %s
// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries allow-unknown-ops" --verify-diagnostics %s
// RUN: scope-opt --split-input-file --one-shot-bufferize --verify-diagnostics %s

// util.annotate has no bufferization model: the analysis reports its
// util.return instead of crashing or bufferizing half of the body.
func.func @annotate(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = util.annotate [#util.zone<"a">] {
    %x = linalg.fill ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+1 {{'util.return' op cannot be bufferized inside 'util.annotate'; lower it to util.scope first (util-lower-annotations)}}
    util.return %x : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// Without tensors there is nothing to bufferize: no error.
func.func @no_annotate_without_tensors(%f: f32) -> f32 {
  %r = util.annotate [#util.zone<"a">] {
    util.return %f : f32
  } : f32
  return %r : f32
}

// -----

// A loop body whose scope yields a new buffer as the loop-carried value: the
// scf.for analysis error is reported as usual (no crash).
func.func @loop_yields_new_buffer(%t: tensor<4xf32>, %n: index, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<4xf32> {
    %s = util.scope -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %x = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      util.return %x : tensor<4xf32>
    }
    // expected-error @+1 {{Yield operand #0 is not equivalent to the corresponding iter bbArg}}
    scf.yield %s : tensor<4xf32>
  }
  return %l : tensor<4xf32>
}
