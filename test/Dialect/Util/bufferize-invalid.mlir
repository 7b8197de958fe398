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

// -----

// The exits of a multi-block body yield buffers in two memory spaces: the
// scope's result has no buffer type both fit.
func.func @results_in_two_memory_spaces(%c: i1, %d: index) -> tensor<?xf32> {
  // expected-error @+1 {{'util.scope' op result #0 is yielded in different memory spaces}}
  %r = util.scope -> (tensor<?xf32>{%d}) {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = bufferization.alloc_tensor(%d) {memory_space = 1 : i64} : tensor<?xf32>
    // expected-error @+1 {{failed to bufferize op}}
    util.return %a : tensor<?xf32>
  ^bb2:
    %b = bufferization.alloc_tensor(%d) {memory_space = 2 : i64} : tensor<?xf32>
    util.return %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A tied result has its capture's buffer type: a body yielding a buffer in
// another memory space cannot be cast to it.
func.func @tied_result_other_memory_space(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%t) {
    %b = bufferization.alloc_tensor() {memory_space = 1 : i64} : tensor<4xf32>
    // expected-error @+2 {{'util.return' op cannot yield a buffer of type 'memref<4xf32, 1>' for a scope result of type}}
    // expected-error @+1 {{failed to bufferize op}}
    util.return %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
