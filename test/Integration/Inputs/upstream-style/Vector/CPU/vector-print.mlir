// An upstream-style vector test lowered by the test pipeline at once:
// scopes are inserted and stripped before it.
// RUN: mlir-opt %s -test-lower-to-llvm | \
// RUN: mlir-runner -e entry -entry-point-result=void -shared-libs=%mlir_c_runner_utils | \
// RUN: FileCheck %s

func.func @entry() {
  %v = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %w = arith.addf %v, %v : vector<4xf32>
  // CHECK: ( 2, 4, 6, 8 )
  vector.print %w : vector<4xf32>
  %s = vector.reduction <add>, %w : vector<4xf32> into f32
  // CHECK: 20
  vector.print %s : f32
  return
}
