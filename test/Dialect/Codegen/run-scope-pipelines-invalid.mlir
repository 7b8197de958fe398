// RUN: scope-opt --split-input-file --verify-diagnostics --codegen-run-scope-pipelines %s
// RUN: not scope-opt --codegen-run-scope-pipelines %s -o /dev/null 2>/dev/null

// Each failure of a strategy is an error at its scope, and the pass fails.

func.func @malformed_pipeline() {
  // expected-error @+1 {{has a malformed pipeline "canonicalize{": }}
  codegen.scope.tu pipeline = "canonicalize{" {
    codegen.yield
  }
  return
}

// -----

func.func @unknown_pass() {
  // expected-error @+1 {{has a malformed pipeline "no-such-pass": }}
  codegen.scope.tu pipeline = "no-such-pass" {
    codegen.yield
  }
  return
}

// -----

// A pass that cannot run on the scope (it is anchored on func.func).
func.func @wrong_anchor() {
  // expected-error @+1 {{has a malformed pipeline "buffer-hoisting": Can't add pass 'BufferHoistingPass' restricted to 'func.func'}}
  codegen.scope.tu pipeline = "buffer-hoisting" {
    codegen.yield
  }
  return
}

// -----

// A pass of the pipeline fails (canonicalization does not converge in one
// iteration).
func.func @failing_pipeline(%n: index) -> index {
  // expected-error @+1 {{pipeline "canonicalize{max-iterations=1 test-convergence=true}" failed}}
  %r = codegen.scope.tu (%n as %x: index) -> (index)
      pipeline = "canonicalize{max-iterations=1 test-convergence=true}" {
    %z = arith.constant 0 : index
    %0 = arith.addi %x, %z : index
    %1 = arith.addi %0, %z : index
    codegen.yield %1 : index
  }
  return %r : index
}

// -----

func.func @missing_sequence() {
  // expected-error @+1 {{names the strategy @nowhere, which is no transform.named_sequence of the module}}
  codegen.scope.tu strategy = @nowhere {
    codegen.yield
  }
  return
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @declared(%scope: !transform.any_op {transform.readonly})
  func.func @external_sequence() {
    // expected-error @+1 {{names the strategy @declared, which is only declared}}
    codegen.scope.tu strategy = @declared {
      codegen.yield
    }
    return
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @one_param(%scope: !transform.any_op {transform.readonly},
                                      %p: !transform.param<i64> {transform.readonly}) {
    transform.yield
  }
  func.func @param_count() {
    // expected-error @+1 {{passes 2 parameters to the strategy @one_param, which takes 1 after the scope}}
    codegen.scope.tu strategy = @one_param(1 : i64, 2 : i64) {
      codegen.yield
    }
    return
  }
}

// -----

module attributes {transform.with_named_sequence} {
  transform.named_sequence @fails(%scope: !transform.any_op {transform.readonly}) {
    // expected-error @+1 {{incompatible payload operation name}}
    %f = transform.cast %scope : !transform.any_op to !transform.op<"func.func">
    transform.yield
  }
  func.func @failing_transform() {
    // expected-error @+2 {{strategy @fails failed}}
    // expected-note @+1 {{payload operation}}
    codegen.scope.tu strategy = @fails {
      codegen.yield
    }
    return
  }
}

// -----

// A pass needing a dialect that is not loaded yet: loading it while passes
// run on other threads would race (single-threaded, it is loaded:
// run-scope-pipelines-dialects.mlir).
func.func @needs_dialect() {
  // expected-error @+1 {{pipeline "convert-arith-to-emitc" needs the dialect 'emitc', which is not loaded; run single-threaded (--mlir-disable-threading) or load it before the pass}}
  codegen.scope.tu pipeline = "convert-arith-to-emitc" {
    codegen.yield
  }
  return
}
