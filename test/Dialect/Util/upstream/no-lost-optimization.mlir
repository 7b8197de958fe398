// No lost optimization inside a scope: canonicalization, CSE and LICM do to
// ops wholly inside one scope what they do without it. The same function is
// optimized with its body in a zone (then the zone is stripped) and written
// without one; both give the same IR, checked by one set of CHECK lines. The
// only difference is the order of the constants the greedy rewriter hoists
// to the function entry (from inside the scope it hoists them in another
// order), hence CHECK-DAG for those.
//
// RUN: split-file %s %t
// RUN: scope-opt %t/zoned.mlir --canonicalize --cse --loop-invariant-code-motion --util-strip-scopes | FileCheck %s
// RUN: scope-opt %t/plain.mlir --canonicalize --cse --loop-invariant-code-motion | FileCheck %s
//
// CHECK-LABEL: func.func @f
//  CHECK-SAME:   (%[[X:.+]]: tensor<?x4xf32>, %[[I:.+]]: index, %[[J:.+]]: i32)
//   CHECK-DAG:   %[[C0:.+]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.+]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C2:.+]] = arith.constant 2 : index
//   CHECK-DAG:   %[[C3:.+]] = arith.constant 3 : i32
//   CHECK-NOT:   arith.constant
//       CHECK:   %[[B:.+]] = arith.muli %[[I]], %[[C2]] : index
//       CHECK:   %[[S:.+]] = arith.addi %[[B]], %[[B]] : index
//       CHECK:   %[[M:.+]] = arith.muli %[[J]], %[[C3]] : i32
//       CHECK:   %[[E:.+]] = tensor.empty(%[[I]]) : tensor<?x4xf32>
//   CHECK-NOT:   tensor.empty
//       CHECK:   %[[Y:.+]] = linalg.add ins(%[[X]], %[[X]] : {{.*}}) outs(%[[E]] : {{.*}})
//   CHECK-NOT:   linalg.add ins(%[[X]]
//       CHECK:   %[[W:.+]] = linalg.add ins(%[[Y]], %[[Y]] : {{.*}}) outs(%[[E]] : {{.*}})
//       CHECK:   %[[INV:.+]] = arith.muli %[[J]], %[[J]] : i32
//       CHECK:   %[[L:.+]] = scf.for %{{.+}} = %[[C0]] to %[[I]] step %[[C1]] iter_args(%[[ACC:.+]] = %[[M]]) -> (i32) {
//  CHECK-NEXT:     %[[N:.+]] = arith.addi %[[ACC]], %[[INV]] : i32
//  CHECK-NEXT:     scf.yield %[[N]] : i32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[W]], %[[S]], %[[L]]
//   CHECK-NOT:   util.

//--- zoned.mlir
func.func @f(%x: tensor<?x4xf32>, %i: index, %j: i32) -> (tensor<?x4xf32>, index, i32) {
  %r:3 = util.scope [#util.zone<"body">] -> (tensor<?x4xf32>{%i}, index, i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : i32
    %k0 = arith.constant 0 : i32
    %a = arith.addi %i, %c0 : index
    %b = arith.muli %a, %c2 : index
    %b2 = arith.muli %a, %c2 : index
    %s = arith.addi %b, %b2 : index
    %m = arith.muli %j, %c3 : i32
    %z = arith.addi %m, %k0 : i32
    %e = tensor.empty(%i) : tensor<?x4xf32>
    %dead = tensor.empty(%s) : tensor<?x4xf32>
    %y = linalg.add ins(%x, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %y2 = linalg.add ins(%x, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %w = linalg.add ins(%y, %y2 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %l = scf.for %k = %c0 to %i step %c1 iter_args(%acc = %z) -> i32 {
      %inv = arith.muli %j, %j : i32
      %n = arith.addi %acc, %inv : i32
      scf.yield %n : i32
    }
    util.return %w, %s, %l : tensor<?x4xf32>, index, i32
  }
  return %r#0, %r#1, %r#2 : tensor<?x4xf32>, index, i32
}

//--- plain.mlir
func.func @f(%x: tensor<?x4xf32>, %i: index, %j: i32) -> (tensor<?x4xf32>, index, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : i32
  %k0 = arith.constant 0 : i32
  %a = arith.addi %i, %c0 : index
  %b = arith.muli %a, %c2 : index
  %b2 = arith.muli %a, %c2 : index
  %s = arith.addi %b, %b2 : index
  %m = arith.muli %j, %c3 : i32
  %z = arith.addi %m, %k0 : i32
  %e = tensor.empty(%i) : tensor<?x4xf32>
  %dead = tensor.empty(%s) : tensor<?x4xf32>
  %y = linalg.add ins(%x, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %y2 = linalg.add ins(%x, %x : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %w = linalg.add ins(%y, %y2 : tensor<?x4xf32>, tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %l = scf.for %k = %c0 to %i step %c1 iter_args(%acc = %z) -> i32 {
    %inv = arith.muli %j, %j : i32
    %n = arith.addi %acc, %inv : i32
    scf.yield %n : i32
  }
  return %w, %s, %l : tensor<?x4xf32>, index, i32
}
