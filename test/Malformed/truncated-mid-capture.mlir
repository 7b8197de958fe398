// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside a capture, before `as`.
// CHECK: {{.*}}.mlir:7:18: error: custom op 'util.scope' expected 'as'
func.func @f(%t: tensor<4xf32>) {
  util.scope (%t a