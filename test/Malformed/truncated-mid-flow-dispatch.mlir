// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside the operands of a flow.dispatch.
// CHECK: {{.*}}.mlir:7:34: error: expected SSA operand
func.func @f(%t: tensor<4xf32>) {
  %r = flow.dispatch @exe::@f(%t, 