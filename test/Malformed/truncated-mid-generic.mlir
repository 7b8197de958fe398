// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside the generic form's properties.
// CHECK: {{.*}}.mlir:7:56: error: expected integer literal
func.func @f(%t: tensor<4xf32>) {
  "util.scope"(%t) <{operandSegmentSizes = array<i32: 1,