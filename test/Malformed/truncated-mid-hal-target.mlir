// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside a #hal.device.target attribute.
// CHECK: {{.*}}.mlir:7:34: error: unbalanced '<' character in pretty dialect name
func.func @f() {
  util.scope [#hal.device.target<"llvm-cpu"