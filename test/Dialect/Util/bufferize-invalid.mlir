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
