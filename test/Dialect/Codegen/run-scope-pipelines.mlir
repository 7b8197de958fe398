// RUN: scope-opt --split-input-file --codegen-run-scope-pipelines %s | FileCheck %s
// RUN: scope-opt --split-input-file --codegen-run-scope-pipelines --codegen-run-scope-pipelines %s | FileCheck %s

// A pass pipeline runs on its scope only: the same ops outside it are left
// alone. The strategy is removed once it ran (a second run is a no-op).
// CHECK-LABEL: func.func @pipeline
// CHECK: %[[OUTSIDE:.*]] = arith.addi
// CHECK: codegen.scope.tu (%{{.*}} as %[[X:.*]]: index) -> (index) {
// CHECK-NEXT:   codegen.yield %[[X]] : index
// CHECK-NEXT: }
// CHECK-NOT: pipeline =
func.func @pipeline(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %outside = arith.addi %n, %c0 : index
  %r = codegen.scope.tu (%n as %x: index) -> (index) pipeline = "canonicalize" {
    %z = arith.constant 0 : index
    %0 = arith.addi %x, %z : index
    codegen.yield %0 : index
  }
  return %outside, %r : index, index
}

// -----

// A named sequence of the module, with a parameter bound to its second
// argument, applied to the scope (the matmul outside is not tiled).
// CHECK-LABEL: func.func @sequence
// CHECK: codegen.scope.tu
// CHECK-NOT: strategy =
// CHECK:   scf.for %{{.*}} = %{{.*}} to %{{.*}} step %[[C2:.*]] iter_args
// CHECK:     linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<2x8xf32>, tensor<8x4xf32>)
// CHECK: }
// CHECK: linalg.matmul ins(%{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<8x4xf32>)
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile(%scope: !transform.any_op {transform.readonly},
                                 %size: !transform.param<i64> {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %scope
        : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %mm tile_sizes [%size]
        : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  func.func @sequence(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>)
      -> (tensor<4x4xf32>, tensor<4x4xf32>) {
    %r = codegen.scope.tu (%a as %x: tensor<4x8xf32>, %b as %y: tensor<8x4xf32>,
                           %c as %z: tensor<4x4xf32>) -> (tensor<4x4xf32>)
        strategy = @tile(2 : i64) {
      %0 = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x4xf32>)
                         outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
      codegen.yield %0 : tensor<4x4xf32>
    }
    %o = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>)
                       outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
    return %r, %o : tensor<4x4xf32>, tensor<4x4xf32>
  }
}

// -----

// Order: innermost first. The inner scope's strategy marks it; the outer
// strategy, run afterwards, finds the mark. Scopes nested in scf.for are
// reached too.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK:   codegen.scope.tu
// CHECK:     codegen.scope.tu
// CHECK:     } attributes {inner_done, seen_by_outer}
// CHECK:   } attributes {outer_done}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @mark_inner(%scope: !transform.any_op {transform.readonly}) {
    transform.annotate %scope "inner_done" : !transform.any_op
    transform.yield
  }
  transform.named_sequence @check_outer(%scope: !transform.any_op {transform.readonly}) {
    %inner = transform.structured.match attributes{inner_done} in %scope
        : (!transform.any_op) -> !transform.any_op
    transform.annotate %inner "seen_by_outer" : !transform.any_op
    transform.annotate %scope "outer_done" : !transform.any_op
    transform.yield
  }
  func.func @nested(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      codegen.scope.tu strategy = @check_outer {
        codegen.scope.tu strategy = @mark_inner {
          codegen.yield
        }
        codegen.yield
      }
    }
    return
  }
}

