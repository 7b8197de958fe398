// Upstream's linalg parser segfaults (NamedAttrList::set) after reporting a
// malformed `dimensions` list (docs/testing.md, known upstream issue 10):
// scope-opt exits with status 1 and the parser's error instead. `not`
// without --crash fails on a crash, so a segfault fails this test.
// RUN: not scope-opt %s 2>&1 | FileCheck %s
// RUN: not scope-opt --split-input-file %s 2>&1 | FileCheck %s --check-prefix=SPLIT

// CHECK: error: expected ']'
// CHECK: scope-opt: the parser crashed after reporting the error above (an upstream MLIR bug); exiting with status 1
// CHECK-NOT: Stack dump

// With --split-input-file, after a valid case processed first (in its own
// context: what the tool watches is reset per context).
// SPLIT: error: expected ']'
// SPLIT: exiting with status 1
// SPLIT-NOT: Stack dump

func.func @valid() {
  return
}

// -----

func.func @reduce(%a: tensor<4x4x4x4xf32>, %i: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%a : tensor<4x4x4x4xf32>) outs(%i : tensor<f32>) dimensions = [0, 1- 2, 3]
    (%x: f32, %y: f32) {
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}
