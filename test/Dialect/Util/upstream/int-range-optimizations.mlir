// RUN: scope-opt --split-input-file --int-range-optimizations %s | scope-opt --split-input-file | FileCheck %s

// Integer ranges flow through captures and results: a comparison on a value
// computed in a scope from a bounded capture folds, in the body and after
// the scope.
// CHECK-LABEL: func.func @ranges_through_captures
//  CHECK-SAME: (%[[X:.+]]: index, %[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//   CHECK-DAG: %[[TRUE:.+]] = arith.constant true
//       CHECK: %[[R:.+]]:3 = util.scope (%{{.+}} as %{{.+}}: index, %[[T]] as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (index, i1, %[[T]]) {
//       CHECK:   util.return %{{.+}}, %[[TRUE]], %{{.+}} : index, i1, tensor<?xf32>
//       CHECK: return %[[TRUE]]
func.func @ranges_through_captures(%x: index, %t: tensor<?xf32>, %d: index) -> i1 {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %b = arith.remui %x, %c16 : index
  %r:3 = util.scope (%b as %a: index, %t as %tt: tensor<?xf32>{%d}) -> (index, i1, %t) {
    %s = arith.addi %a, %a : index
    %lt = arith.cmpi ult, %s, %c32 : index
    util.return %s, %lt, %tt : index, i1, tensor<?xf32>
  }
  %ok = arith.cmpi ult, %r#0, %c32 : index
  return %ok : i1
}

// -----

// Nothing is known about an unbounded capture: nothing folds.
// CHECK-LABEL: func.func @no_range
//       CHECK: util.scope
//       CHECK:   arith.cmpi
//       CHECK: arith.cmpi
func.func @no_range(%x: index) -> (i1, i1) {
  %c32 = arith.constant 32 : index
  %r:2 = util.scope (%x as %a: index) -> (index, i1) {
    %lt = arith.cmpi ult, %a, %c32 : index
    util.return %a, %lt : index, i1
  }
  %ok = arith.cmpi ult, %r#0, %c32 : index
  return %r#1, %ok : i1, i1
}
