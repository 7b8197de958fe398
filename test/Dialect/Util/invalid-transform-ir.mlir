// RUN: scope-opt --split-input-file --verify-diagnostics %s

// Scopes group payload ops. In transform IR they would mean nothing, and the
// transform interpreter (which expects only transform ops in a script)
// cannot run them: every ScopeOpInterface op rejects a transform parent and
// transform handle or parameter types, through the interface's verifier.

// The reproducer of the issue: a scope wrapped around a transform op inside
// a named sequence.
module attributes {transform.with_named_sequence} {
  // expected-note @below {{inside this transform op}}
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'util.scope' op cannot be nested in transform IR: a scope groups payload ops, not transform ops}}
    %0 = util.scope -> (!transform.any_op) {
      %1 = transform.structured.match ops{["linalg.add"]} in %arg0 : (!transform.any_op) -> !transform.any_op
      util.return %1 : !transform.any_op
    }
    transform.yield
  }
}

// -----

// The user-level form, without results, after other transform ops. (Nested
// deeper, in a transform.foreach, upstream's verifier of the foreach crashes
// on any region op without memory effects before ours runs: see
// docs/testing.md, known upstream issues.)
module attributes {transform.with_named_sequence} {
  // expected-note @below {{inside this transform op}}
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    %0 = transform.structured.match ops{["linalg.add"]} in %arg0 : (!transform.any_op) -> !transform.any_op
    // expected-error @below {{'util.annotate' op cannot be nested in transform IR}}
    util.annotate [#util.zone<"z">] {
      transform.debug.emit_remark_at %0, "here" : !transform.any_op
      util.return
    }
    transform.yield
  }
}

// -----

// Any ScopeOpInterface op: a device scope. (In a transform.sequence,
// upstream's verifier rejects every op without TransformOpInterface first.)
module attributes {transform.with_named_sequence} {
  // expected-note @below {{inside this transform op}}
  transform.named_sequence @__transform_main(%arg0: !transform.any_op {transform.readonly}) {
    // expected-error @below {{'hal.device.scope' op cannot be nested in transform IR}}
    hal.device.scope <#hal.device.target<"llvm-cpu">> {
      util.return
    }
    transform.yield
  }
}

// -----

// Outside transform IR, a handle still cannot cross a scope boundary.
func.func @capture_handle(%i: index, %h: !transform.any_op) {
  // expected-error @below {{'util.scope' op capture #1 has transform dialect type '!transform.any_op'; a scope cannot capture transform handles or parameters}}
  util.scope (%i as %a: index, %h as %b: !transform.any_op) {
    util.return
  }
  return
}

// -----

func.func @return_param(%p: !transform.param<i64>) -> !transform.param<i64> {
  // expected-error @below {{'util.scope' op result #0 has transform dialect type '!transform.param<i64>'; a scope cannot return transform handles or parameters}}
  %r = util.scope -> (!transform.param<i64>) {
    util.return %p : !transform.param<i64>
  }
  return %r : !transform.param<i64>
}

// -----

func.func @annotate_value_handle(%v: !transform.any_value) -> !transform.any_value {
  // expected-error @below {{'util.annotate' op result #0 has transform dialect type '!transform.any_value'; a scope cannot return transform handles or parameters}}
  %r = util.annotate {
    util.return %v : !transform.any_value
  } : !transform.any_value
  return %r : !transform.any_value
}
