// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside the result list, mid-type.
// CHECK: {{.*}}.mlir:7:67: error: expected non-function type
func.func @f(%t: tensor<?xf32>, %d: index) {
  %r:2 = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t, tensor<?x