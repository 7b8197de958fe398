// RUN: scope-opt --codegen-run-scope-pipelines="strategy-library=%S/Inputs/strategies.mlir" %s | FileCheck %s
// RUN: not scope-opt --codegen-run-scope-pipelines %s 2>&1 | FileCheck %s --check-prefix=NOLIB
// RUN: not scope-opt --codegen-run-scope-pipelines="strategy-library=%S/Inputs/missing.mlir" %s 2>&1 | FileCheck %s --check-prefix=MISSING

// A named sequence from the strategy library.
// CHECK-LABEL: func.func @library
// CHECK: codegen.scope.tu
// CHECK-NOT: strategy =
// CHECK: scf.for
// CHECK:   linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<8x4xf32>)
func.func @library(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>)
    -> tensor<4x4xf32> {
  %r = codegen.scope.tu (%a as %x: tensor<4x8xf32>, %b as %y: tensor<8x4xf32>,
                         %c as %z: tensor<4x4xf32>) -> (%c) strategy = @lib_tile {
    %0 = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x4xf32>)
                       outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
    codegen.yield %0 : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// NOLIB: error: 'codegen.scope.tu' op names the strategy @lib_tile, which is no transform.named_sequence of the module
// MISSING: error: cannot load the strategy library '{{.*}}missing.mlir'
