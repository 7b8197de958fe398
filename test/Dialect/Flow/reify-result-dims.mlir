// RUN: scope-opt --split-input-file --resolve-ranked-shaped-type-result-dims %s | FileCheck %s

// tensor.dim of a dispatch region's result resolves to its dim
// (ReifyRankedShapedTypeOpInterface), static sizes to constants.
// CHECK-LABEL: func.func @region_dims
//  CHECK-SAME: (%[[N:.+]]: index)
//       CHECK: %[[C8:.+]] = arith.constant 8 : index
//       CHECK: return %[[N]], %[[C8]]
func.func @region_dims(%n: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = flow.dispatch.region -> (tensor<?x8xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?x8xf32>
    flow.return %e : tensor<?x8xf32>
  }
  %d0 = tensor.dim %r, %c0 : tensor<?x8xf32>
  %d1 = tensor.dim %r, %c1 : tensor<?x8xf32>
  return %d0, %d1 : index, index
}

// -----

// The same through a dispatch: the result dims are operands.
// CHECK-LABEL: func.func @dispatch_dims
//  CHECK-SAME: (%[[A:.+]]: tensor<?xf32>, %[[N:.+]]: index, %[[M:.+]]: index)
//       CHECK: return %[[M]]
func.func @dispatch_dims(%a: tensor<?xf32>, %n: index, %m: index) -> index {
  %c0 = arith.constant 0 : index
  %r = flow.dispatch @exe::@fn(%a, %m) : (tensor<?xf32>{%n}, index) -> (tensor<?xf32>{%m})
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  return %d : index
}
module @exe {
  func.func @fn(%a: tensor<?xf32>, %m: index) -> tensor<?xf32> {
    %e = tensor.empty(%m) : tensor<?xf32>
    return %e : tensor<?xf32>
  }
}
