// RUN: scope-opt --split-input-file --canonicalize %s | FileCheck %s
// RUN: scope-opt --split-input-file --canonicalize --codegen-lower-workgroups --verify-diagnostics %s

// A result whose only store sits in a loop that never runs is valid IR, and
// stays valid when the loop is folded away with its store: the verifier
// does not ask for a store. codegen-lower-workgroups reports the untied
// result nothing stores (none of its elements is defined).
// CHECK-LABEL: func.func @store_in_empty_loop
//       CHECK:   codegen.scope.workgroups
//   CHECK-NOT:     codegen.store
//       CHECK:   return
func.func @store_in_empty_loop(%t: tensor<8xf32>) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  // expected-error @+1 {{result #0 is never stored; every element of an untied result is written by a codegen.store}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%t as %x: tensor<8xf32>)
      -> (tensor<8xf32>) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %h = %c0 to %c0 step %c1 {
      %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
      %s = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
      codegen.store %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  return %r : tensor<8xf32>
}

// -----

// Written without a store at all.
// CHECK-LABEL: func.func @never_stored
func.func @never_stored(%c: index) -> tensor<4xf32> {
  // expected-error @+1 {{result #0 is never stored; every element of an untied result is written by a codegen.store}}
  %r = codegen.scope.workgroups (%i) in (%n = %c) -> (tensor<4xf32>) as (%o) {
  }
  return %r : tensor<4xf32>
}

// -----

// A tied result nothing stores is its capture: lowered.
// CHECK-LABEL: func.func @tied_unstored
func.func @tied_unstored(%c: index, %t: tensor<4xf32>) -> tensor<4xf32> {
  %r = codegen.scope.workgroups (%i) in (%n = %c) (%t as %x: tensor<4xf32>)
      -> (%t) as (%o) {
  }
  return %r : tensor<4xf32>
}
