// RUN: scope-opt --mlir-disable-threading --codegen-run-scope-pipelines %s | FileCheck %s

// Single-threaded, a dialect a pipeline needs is loaded when it runs.
// CHECK-LABEL: func.func @needs_dialect
// CHECK: codegen.scope.tu (%{{.*}} as %[[X:.*]]: i32) -> (i32) {
// CHECK:   emitc.add
func.func @needs_dialect(%a: i32) -> i32 {
  %r = codegen.scope.tu (%a as %x: i32) -> (i32) pipeline = "convert-arith-to-emitc" {
    %0 = arith.addi %x, %x : i32
    codegen.yield %0 : i32
  }
  return %r : i32
}
