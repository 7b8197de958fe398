// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside util.annotate's result types.
// CHECK: {{.*}}.mlir:10:15: error: expected non-function type
func.func @f() {
  %r = util.annotate {
    %e = tensor.empty() : tensor<4xf32>
    util.return %e : tensor<4xf32>
  } : tensor<4x