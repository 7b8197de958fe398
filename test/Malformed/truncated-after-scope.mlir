// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends after a complete scope, inside the function.
// CHECK: {{.*}}.mlir:9:4: error: expected operation name in quotes
func.func @f() {
  util.scope {
    util.return
  }
