// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries copy-before-write" --verify-diagnostics %s

// With copy-before-write there is no analysis, so the check of the analysis
// (bufferize-invalid.mlir) does not run: bufferizing a util.return whose
// scope op has no bufferization model is then an error of its own.
func.func @annotate(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = util.annotate [#util.zone<"a">] {
    %x = linalg.fill ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+2 {{'util.return' op cannot be bufferized inside 'util.annotate'}}
    // expected-error @+1 {{failed to bufferize op}}
    util.return %x : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// The same for dialect sugar that is annotation-like.
func.func @device_scope(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = hal.device.scope <#hal.device.target<"llvm-cpu">> {
    %x = linalg.fill ins(%f : f32) outs(%t : tensor<4xf32>) -> tensor<4xf32>
    // expected-error @+2 {{'util.return' op cannot be bufferized inside 'hal.device.scope'}}
    // expected-error @+1 {{failed to bufferize op}}
    util.return %x : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A util.scope bufferizes in this mode too: no diagnostic.
func.func @scope_ok(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%t) {
    %x = linalg.fill ins(%f : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    util.return %x : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
