// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --canonicalize --cse %s | FileCheck %s --check-prefix=CANON

// The barrier round-trips with one or more operands of any type.
// CHECK-LABEL: func.func @roundtrip
//       CHECK:   %[[B:.+]]:2 = util.optimization_barrier %{{.+}}, %{{.+}} : tensor<4xf32>, i32
//       CHECK:   util.optimization_barrier {note = "x"} %[[B]]#1 : i32
func.func @roundtrip(%t: tensor<4xf32>, %i: i32) -> (tensor<4xf32>, i32) {
  %b:2 = util.optimization_barrier %t, %i : tensor<4xf32>, i32
  %c = util.optimization_barrier {note = "x"} %b#1 : i32
  return %b#0, %c : tensor<4xf32>, i32
}

// -----

// Nothing folds through a barrier: the addition of a constant to itself
// stays an addition of the barrier's result.
// CANON-LABEL: func.func @no_fold_through
//       CANON:   %[[C:.+]] = arith.constant 3 : i32
//       CANON:   %[[B:.+]] = util.optimization_barrier %[[C]] : i32
//       CANON:   %[[S:.+]] = arith.addi %[[B]], %[[B]] : i32
//       CANON:   return %[[S]]
func.func @no_fold_through() -> i32 {
  %c = arith.constant 3 : i32
  %b = util.optimization_barrier %c : i32
  %s = arith.addi %b, %b : i32
  return %s : i32
}

// -----

// Unused barriers stay (no DCE), and equal ones are not merged (no CSE).
// CANON-LABEL: func.func @no_dce_no_cse
//       CANON:   util.optimization_barrier %{{.+}} : i32
//       CANON:   util.optimization_barrier %{{.+}} : i32
//       CANON:   util.optimization_barrier %{{.+}} : i32
func.func @no_dce_no_cse(%x: i32) -> (i32, i32) {
  %unused = util.optimization_barrier %x : i32
  %a = util.optimization_barrier %x : i32
  %b = util.optimization_barrier %x : i32
  return %a, %b : i32, i32
}
