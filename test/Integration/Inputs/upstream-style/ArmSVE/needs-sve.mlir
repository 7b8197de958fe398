// An upstream-style test the runner must exclude: its directory needs SVE.
// RUN: mlir-opt %s -test-lower-to-llvm | mlir-runner -e main -entry-point-result=void | FileCheck %s

func.func @main() {
  // CHECK: 1
  %c = arith.constant 1 : i32
  vector.print %c : i32
  return
}
