// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside util.scope's capture list.
// CHECK: {{.*}}.mlir:7:42: error: expected ')'
func.func @f(%t: tensor<4xf32>) {
  %r = util.scope (%t as %a: tensor<4xf32>