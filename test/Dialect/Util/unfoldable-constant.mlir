// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --canonicalize --cse %s | FileCheck %s --check-prefix=CANON

// Unfoldable constants round-trip in arith.constant's syntax: scalars,
// tensors, attributes before the value.
// CHECK-LABEL: func.func @roundtrip
//       CHECK:   util.unfoldable_constant dense<[1.000000e+00, -2.000000e+00]> : tensor<2xf32>
//       CHECK:   util.unfoldable_constant 3 : i32
//       CHECK:   util.unfoldable_constant {note = "x"} dense<true> : tensor<4xi1>
//       CHECK:   util.unfoldable_constant 7 : index
func.func @roundtrip() -> (tensor<2xf32>, i32, tensor<4xi1>, index) {
  %t = util.unfoldable_constant dense<[1.0, -2.0]> : tensor<2xf32>
  %i = util.unfoldable_constant 3 : i32
  %b = util.unfoldable_constant {note = "x"} dense<true> : tensor<4xi1>
  %n = util.unfoldable_constant 7 : index
  return %t, %i, %b, %n : tensor<2xf32>, i32, tensor<4xi1>, index
}

// -----

// The canonicalizer neither folds an unfoldable constant into its users nor
// erases an unused one, and CSE does not merge two.
// CANON-LABEL: func.func @not_folded
//       CANON:   %[[A:.+]] = util.unfoldable_constant 3 : i32
//       CANON:   util.unfoldable_constant 3 : i32
//       CANON:   %[[B:.+]] = util.unfoldable_constant 3 : i32
//       CANON:   %[[S:.+]] = arith.addi %[[A]], %[[B]] : i32
//       CANON:   return %[[S]]
func.func @not_folded() -> i32 {
  %a = util.unfoldable_constant 3 : i32
  %unused = util.unfoldable_constant 3 : i32
  %b = util.unfoldable_constant 3 : i32
  %s = arith.addi %a, %b : i32
  return %s : i32
}
