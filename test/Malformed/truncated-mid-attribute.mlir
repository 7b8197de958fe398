// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside a zone name (an unterminated string).
// CHECK: {{.*}}.mlir:7:30: error: expected '"' in string literal
func.func @f() {
  util.scope [#util.zone<"enc