// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside the result dims of a flow.dispatch.region.
// CHECK: {{.*}}.mlir:7:50: error: expected '}'
func.func @f(%n: index) {
  %r = flow.dispatch.region -> (tensor<?x4xf32>{%n