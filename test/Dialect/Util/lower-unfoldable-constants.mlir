// RUN: scope-opt --split-input-file --util-lower-unfoldable-constants %s | FileCheck %s
// RUN: scope-opt --split-input-file --util-lower-unfoldable-constants --canonicalize --cse %s | FileCheck %s --check-prefix=CANON

// Each unfoldable constant becomes an arith.constant behind a barrier,
// scalars and tensors alike.
// CHECK-LABEL: func.func @lowered
//       CHECK:   %[[T:.+]] = arith.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
//       CHECK:   %[[TB:.+]] = util.optimization_barrier %[[T]] : tensor<2xf32>
//       CHECK:   %[[I:.+]] = arith.constant 3 : i32
//       CHECK:   %[[IB:.+]] = util.optimization_barrier %[[I]] : i32
//       CHECK:   return %[[TB]], %[[IB]]
//   CHECK-NOT:   util.unfoldable_constant
func.func @lowered() -> (tensor<2xf32>, i32) {
  %t = util.unfoldable_constant dense<[1.0, 2.0]> : tensor<2xf32>
  %i = util.unfoldable_constant 3 : i32
  return %t, %i : tensor<2xf32>, i32
}

// -----

// The mechanism: after lowering, canonicalization still cannot fold the
// arithmetic on the constants (3 + 4 stays an addition of two barriers).
// CANON-LABEL: func.func @no_fold_after_lowering
//   CANON-DAG:   %[[A:.+]] = arith.constant 3 : i32
//   CANON-DAG:   %[[B:.+]] = arith.constant 4 : i32
//   CANON-DAG:   %[[AB:.+]] = util.optimization_barrier %[[A]] : i32
//   CANON-DAG:   %[[BB:.+]] = util.optimization_barrier %[[B]] : i32
//       CANON:   %[[S:.+]] = arith.addi %[[AB]], %[[BB]] : i32
//       CANON:   return %[[S]]
func.func @no_fold_after_lowering() -> i32 {
  %a = util.unfoldable_constant 3 : i32
  %b = util.unfoldable_constant 4 : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}

// -----

// Constants nested in scopes and loops are lowered where they are.
// CHECK-LABEL: func.func @nested
//       CHECK:   util.scope
//  CHECK-NEXT:     %[[C:.+]] = arith.constant 1.000000e+00 : f32
//  CHECK-NEXT:     %[[B:.+]] = util.optimization_barrier %[[C]] : f32
//  CHECK-NEXT:     util.return %[[B]] : f32
func.func @nested() -> f32 {
  %r = util.scope [#util.zone<"z">] -> (f32) {
    %c = util.unfoldable_constant 1.0 : f32
    util.return %c : f32
  }
  return %r : f32
}
