// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside a capture's dims list.
// CHECK: {{.*}}.mlir:7:43: error: expected SSA operand
func.func @f(%t: tensor<?x?xf32>, %d: index) {
  util.scope (%t as %a: tensor<?x?xf32>{%d,