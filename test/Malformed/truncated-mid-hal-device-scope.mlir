// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside the region of a hal.device.scope.
// CHECK: {{.*}}.mlir:8:38: error: expected operation name in quotes
func.func @f(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = hal.device.scope <#hal.device.target<"llvm-cpu">> {
    %n = arith.negf %t : tensor<4xf32>