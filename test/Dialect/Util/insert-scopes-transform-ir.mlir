// test-util-insert-scopes never inserts a scope into transform IR: with a
// transform script in the module, every seed leaves the named sequence as
// it was while scopes go into the payload function, and the script still
// runs through -transform-interpreter (which crashes on a non-transform op
// in a script). Outlining the payload's scopes leaves the script alone too.

// RUN: scope-opt %s --test-util-insert-scopes="seed=1 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=1 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=2 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=2 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=3 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=3 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=4 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=4 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=5 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=5 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=6 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=6 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=7 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=7 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=8 density=0.9" | FileCheck %s --check-prefix=SCRIPT
// RUN: scope-opt %s --test-util-insert-scopes="seed=8 density=0.9" --util-lower-annotations --transform-interpreter | FileCheck %s --check-prefix=TILED
// RUN: scope-opt %s --test-util-insert-scopes="seed=3 density=0.9" --util-lower-annotations --util-outline-scopes --transform-interpreter | FileCheck %s --check-prefix=OUTLINED

// SCRIPT-LABEL: func.func @payload
//       SCRIPT: util.{{scope|annotate}}
//       SCRIPT: transform.named_sequence @__transform_main
//   SCRIPT-NOT: util.
//       SCRIPT: transform.yield
//  SCRIPT-NEXT: }

// Both linalg.add ops are tiled, inside scopes or not.
// TILED-LABEL: func.func @payload
// TILED-COUNT-2: scf.for
//   TILED-NOT: scf.for
//       TILED: transform.named_sequence @__transform_main

// OUTLINED-LABEL: func.func @payload
//  OUTLINED-NOT: func.func {{.*}}!transform
//       OUTLINED: transform.named_sequence @__transform_main
//   OUTLINED-NOT: func.func
//   OUTLINED-NOT: util.
//       OUTLINED: transform.yield

module attributes {transform.with_named_sequence} {
  func.func @payload(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
    %e = tensor.empty() : tensor<8xf32>
    %0 = linalg.add ins(%a, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %1 = linalg.mul ins(%0, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %2 = linalg.add ins(%1, %a : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %3 = linalg.mul ins(%2, %2 : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    return %3 : tensor<8xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %adds = transform.structured.match ops{["linalg.add"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %adds tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
