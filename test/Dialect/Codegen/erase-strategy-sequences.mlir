// RUN: scope-opt --split-input-file --verify-diagnostics --codegen-erase-strategy-sequences %s | FileCheck %s

// The module's transform IR goes with its attribute; other ops, nested
// modules (a strategy library kept in the IR, say) and scopes whose
// strategies ran stay.
// CHECK-LABEL: module {
//   CHECK-NOT:   transform.
//       CHECK:   func.func @f
//       CHECK:     codegen.scope.tu
//       CHECK:   module @library attributes {transform.with_named_sequence} {
//  CHECK-NEXT:     transform.named_sequence @kept
//   CHECK-NOT:   transform.named_sequence
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile(%scope: !transform.any_op {transform.readonly}) {
    transform.yield
  }
  transform.named_sequence @declared(%scope: !transform.any_op {transform.readonly})
  func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
    %r = codegen.scope.tu (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) pipeline = "canonicalize" {
      codegen.yield %a : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
  module @library attributes {transform.with_named_sequence} {
    transform.named_sequence @kept(%scope: !transform.any_op {transform.readonly}) {
      transform.yield
    }
  }
  transform.named_sequence @last(%scope: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}

// -----

// A strategy that never ran would name a sequence that is gone.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile(%scope: !transform.any_op {transform.readonly}) {
    transform.yield
  }
  func.func @g(%x: tensor<4xf32>) -> tensor<4xf32> {
    // expected-error @below {{strategy @tile has not run; run codegen-run-scope-pipelines before erasing the strategy sequences}}
    %r = codegen.scope.tu (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) strategy = @tile {
      codegen.yield %a : tensor<4xf32>
    }
    return %r : tensor<4xf32>
  }
}
