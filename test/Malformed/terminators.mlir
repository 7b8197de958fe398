// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// Wrong terminators in scope bodies, and util.return outside a scope.

// func.return cannot leave a scope.
func.func @func_return_in_scope() {
  util.scope {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'func.return' op expects parent op 'func.func'
    func.return
  }
  return
}

// -----

// scf.yield cannot leave a scope.
func.func @scf_yield_in_scope() {
  util.scope {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'
    scf.yield
  }
  return
}

// -----

// The same rule in util.annotate.
func.func @yield_in_annotate() {
  util.annotate {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'
    scf.yield
  }
  return
}

// -----

// The wrong terminator in the second block of a multi-block body.
func.func @wrong_terminator_second_block(%c: i1) {
  util.scope (%c as %cc: i1) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return
  ^bb2:
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'func.return' op expects parent op 'func.func'
    func.return
  }
  return
}

// -----

// A block that ends in a non-terminator (generic form, where the parser does
// not add util.return).
func.func @no_terminator() {
  "util.scope"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:10: error: block with no terminator, has %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %c = arith.constant 0 : index
  }) : () -> ()
  return
}

// -----

// An empty block in the body.
func.func @empty_block() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: empty block: expect at least a terminator
  "util.annotate"() ({
  ^bb0:
  }) : () -> ()
  return
}

// -----

// An empty region: a scope needs a body.
func.func @empty_region() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.annotate' op region #0 ('body') failed to verify constraint: region with at least 1 blocks
  "util.annotate"() ({
  }) : () -> ()
  return
}

// -----

// util.return directly in a function.
func.func @return_in_func() {
  // CHECK: {{.*}}.mlir:[[@LINE+1]]:3: error: 'util.return' op expects its parent to be a scope op (ScopeOpInterface)
  util.return
}

// -----

// util.return in a region op that is not a scope.
func.func @return_in_scf_if(%c: i1) {
  scf.if %c {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op expects its parent to be a scope op (ScopeOpInterface)
    util.return
  }
  return
}

// -----

// util.return in the middle of a block (generic form: in the custom form
// the next line's value would be read as its operand).
func.func @return_not_last() {
  util.scope {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op must be the last operation in the parent block
    "util.return"() : () -> ()
    %c = arith.constant 0 : index
  }
  return
}

// -----

// util.return with fewer values than the scope has results.
func.func @return_too_few() -> f32 {
  %r = util.scope -> (f32) {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op returns 0 values but its scope 'util.scope' has 1 results
    util.return
  }
  return %r : f32
}

// -----

// util.return with more values than the scope has results.
func.func @return_too_many(%x: f32) {
  util.scope {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op returns 1 values but its scope 'util.scope' has 0 results
    util.return %x : f32
  }
  return
}

// -----

// util.return with a value of the wrong type, in util.annotate.
func.func @annotate_return_type(%x: f32) -> i32 {
  %r = util.annotate {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:5: error: 'util.return' op operand #0 has type 'f32' but the scope's result #0 has type 'i32'
    util.return %x : f32
  } : i32
  return %r : i32
}

// -----

// util.return whose operand list and type list disagree.
func.func @return_type_list(%x: f32) -> f32 {
  %r = util.scope -> (f32) {
    // CHECK: {{.*}}.mlir:[[@LINE+1]]:17: error: custom op 'util.return' number of operands and types do not match: got 1 operands and 2 types
    util.return %x : f32, f32
  }
  return %r : f32
}
