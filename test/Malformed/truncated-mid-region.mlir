// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside a scope's body.
// CHECK: {{.*}}.mlir:8:43: error: expected operation name in quotes
func.func @f(%t: tensor<4xf32>) {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%t) {
    %b = arith.addf %a, %a : tensor<4xf32>
