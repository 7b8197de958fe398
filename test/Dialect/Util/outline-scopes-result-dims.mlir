// A call carries no result dims, and a call's result shape cannot be reified
// from its operands: outlining a scope nested in an annotation keeps the
// scope's result dims readable at the call, so that util-lower-annotations
// still computes the annotation's result dims above it. (Reduced from
// differential seeds 43 and 16 with --outline: "'util.annotate' op result
// #0: cannot compute dynamic dimension #0 above the scope".)
// The checks are on results the callee returns (destination-results=false);
// with results written into buffers the caller passes (the default), the
// annotations lower too.
// RUN: scope-opt --split-input-file --util-outline-scopes=destination-results=false %s | FileCheck %s
// RUN: scope-opt --split-input-file --util-outline-scopes=destination-results=false --util-lower-annotations %s \
// RUN:   | FileCheck %s --check-prefix=LOWER
// RUN: scope-opt --split-input-file --util-outline-scopes --util-lower-annotations %s > /dev/null

// Constant result dims (seed 43): static sizes of the callee's result, cast
// back to the scope's type at the call.
// CHECK-LABEL: func.func @constant_dims
//       CHECK:   util.annotate
//       CHECK:     %[[R:.+]] = func.call @z0(%{{.+}}) : (tensor<?x?xf32>) -> tensor<2x8xf32>
//       CHECK:     %[[C:.+]] = tensor.cast %[[R]] : tensor<2x8xf32> to tensor<?x?xf32>
//       CHECK:     util.return %[[C]]
//       CHECK: func.func private @z0(%{{.+}}: tensor<?x?xf32>) -> tensor<2x8xf32>
//       CHECK:   %[[A:.+]] = linalg.abs
//       CHECK:   %[[S:.+]] = tensor.cast %[[A]] : tensor<?x?xf32> to tensor<2x8xf32>
//       CHECK:   return %[[S]] : tensor<2x8xf32>
// LOWER-LABEL: func.func @constant_dims
//       LOWER:   tensor.dim
//       LOWER:   tensor.dim
//  LOWER-NEXT:   %[[C2:.+]] = arith.constant 2 : index
//  LOWER-NEXT:   %[[C8:.+]] = arith.constant 8 : index
//  LOWER-NEXT:   util.scope [#util.zone<"z1">] ({{.+}}) -> (tensor<?x?xf32>{%[[C2]], %[[C8]]})
func.func @constant_dims(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %r = util.annotate [#util.zone<"z1">] {
    %i = util.scope [#util.zone<"z0">] -> (tensor<?x?xf32>{%c2, %c8}) {
      %e = tensor.empty(%c2, %c8) : tensor<?x?xf32>
      %a = linalg.abs ins(%x : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
      util.return %a : tensor<?x?xf32>
    }
    util.return %i : tensor<?x?xf32>
  } : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

// -----

// A result dim that is not a constant (seed 16: the size of a dynamically
// shaped argument): a full-size tensor.extract_slice of the call's result,
// whose shape reifies to the dim; a static size stays static.
// CHECK-LABEL: func.func @dynamic_dims
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>)
//       CHECK:   %[[D:.+]] = tensor.dim %[[X]]
//       CHECK:   util.annotate
//       CHECK:     %[[R:.+]] = func.call @z882(%[[X]], %[[D]]) : (tensor<?xf32>, index) -> tensor<?x3xf32>
//       CHECK:     %[[S:.+]] = tensor.extract_slice %[[R]][0, 0] [%[[D]], 3] [1, 1] : tensor<?x3xf32> to tensor<?x3xf32>
//       CHECK:     util.return %[[S]]
//       CHECK: func.func private @z882
// LOWER-LABEL: func.func @dynamic_dims
//       LOWER:   %[[D:.+]] = tensor.dim
//       LOWER:   util.scope ({{.+}}) -> (tensor<?x3xf32>{%[[D]]})
func.func @dynamic_dims(%x: tensor<?xf32>) -> tensor<?x3xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?x3xf32>
  %r = util.annotate {
    %i = util.scope [#util.zone<"z882">] -> (tensor<?x3xf32>{%d}) {
      %b = linalg.broadcast ins(%x : tensor<?xf32>) outs(%e : tensor<?x3xf32>) dimensions = [1]
      util.return %b : tensor<?x3xf32>
    }
    util.return %i : tensor<?x3xf32>
  } : tensor<?x3xf32>
  return %r : tensor<?x3xf32>
}

// -----

// Where the enclosing scope carries its own result dims (a util.scope), or
// no scope encloses the call, nothing is added for a dim that is not a
// constant: a tensor.dim of the call's result reads it.
// CHECK-LABEL: func.func @dims_of_its_own
//   CHECK-NOT:   tensor.extract_slice
//       CHECK: func.func private @outer
//       CHECK:   call @inner
//   CHECK-NOT:   tensor.extract_slice
//       CHECK:   return
func.func @dims_of_its_own(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope [#util.zone<"outer">] -> (tensor<?xf32>{%d}) {
    %i = util.scope [#util.zone<"inner">] -> (tensor<?xf32>{%d}) {
      %e = tensor.empty(%d) : tensor<?xf32>
      %t = linalg.abs ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
      util.return %t : tensor<?xf32>
    }
    util.return %i : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
