// RUN: %expect_exit 1 scope-opt --split-input-file %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
// RUN: %expect_exit 1 scope-opt --util-lower-annotations %S/Inputs/undimmable-result.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PASS --implicit-check-not=error:

// The exit status of scope-opt on IR that is wrong beyond its syntax: each
// kind of failure is a located error and exit code 1, never a crash. The
// cases of each kind are in test/Dialect/*/invalid.mlir and the *-invalid.mlir
// files of the passes (run with --verify-diagnostics, which exits 0 when the
// expected errors occur).

// An op verifier error.
func.func @verifier_error(%t: tensor<?x?xf32>, %d: index) {
  // CHECK: {{.*}}exit-status.mlir:[[@LINE+1]]:3: error: 'util.scope' op expects 2 dynamic dims for its captures (one per dynamic dimension) but has 1
  util.scope (%t as %a: tensor<?x?xf32>{%d}) {
    util.return
  }
  return
}

// -----

// An error of util's custom parser.
func.func @parser_error(%t: tensor<4xf32>, %u: tensor<4xf32>) {
  // CHECK: {{.*}}exit-status.mlir:[[@LINE+1]]:49: error: custom op 'util.scope' tied result '%u' does not name an explicit capture
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%u) {
    util.return %a : tensor<4xf32>
  }
  return
}

// -----

// An attribute verifier error.
func.func @attribute_error() {
  // CHECK: {{.*}}exit-status.mlir:[[@LINE+1]]:25: error: zone name must not be empty
  util.scope [#util.zone<"">] {
    util.return
  }
  return
}

// A pass that fails with a diagnostic (the input verifies).
// PASS: {{.*}}undimmable-result.mlir:5:8: error: 'util.annotate' op result #0: cannot compute dynamic dimension #0 above the scope
// PASS: {{.*}}undimmable-result.mlir:7:10: note: returned value defined here
