// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside the scope-attribute list, after a comma.
// CHECK: {{.*}}.mlir:7:30: error: expected attribute value
func.func @f() {
  util.scope [#util.zone<"a">,