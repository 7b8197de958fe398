// RUN: %expect_exit 1 scope-opt %s -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:
//
// Truncated input: the file ends inside util.return's type list.
// CHECK: {{.*}}.mlir:8:21: error: expected non-function type
func.func @f(%x: f32) -> f32 {
  %r = util.scope -> (f32) {
    util.return %x : 