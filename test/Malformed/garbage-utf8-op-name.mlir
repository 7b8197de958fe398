// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Garbage bytes: a UTF-8 letter inside an op name.
// CHECK: {{.*}}.mlir:8:10: error: unexpected character
func.func @f() {
  util.scope [#util.zone<"a">] {
    util.éreturn
  }
  return
}
