// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Garbage bytes: control characters and invalid UTF-8 where a scope's
// region should start.
// CHECK: {{.*}}.mlir:8:14: error: unexpected character
func.func @f() {
  util.scope ÿþ {
    util.return
  }
  return
}
