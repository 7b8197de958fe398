// RUN: scope-opt --split-input-file --allow-unregistered-dialect --verify-diagnostics %s

// A block of a scope body must end in a terminator. MLIR's own verifier lets
// an unregistered op end a block (it might be a terminator); the scope's
// verifier does not, since it must know how control leaves the body.

func.func @scope_unregistered_last_op() {
  // expected-error @+1 {{'util.scope' op expects every block of its body to end in a terminator}}
  util.scope {
    "test.op"() : () -> ()
  }
  return
}

// -----

// The same rule on util.annotate, in a later block.
func.func @annotate_unregistered_last_op(%c: i1) {
  // expected-error @+1 {{'util.annotate' op expects every block of its body to end in a terminator}}
  util.annotate {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    util.return
  ^bb2:
    "test.op"() : () -> ()
  }
  return
}

// -----

// An unregistered op inside the body, followed by util.return, is fine.
func.func @unregistered_op_before_return() {
  util.scope {
    "test.op"() : () -> ()
    util.return
  }
  return
}
