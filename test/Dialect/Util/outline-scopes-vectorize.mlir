// A size a transform script's vectorizer reads stays a constant through
// outlining. Here the tile size comes out of one scope and sizes an empty
// tensor filled in another; vectorized with vector_sizes [8], the fill needs
// no mask when the size is known to be 8, with scopes outlined as without
// scopes. (A size passed to the callee as an argument left the fill dynamic
// and masked; in a pack/pad decomposition such a mask ended in
// "'vector.mask' op expects only one operation to mask".)
// RUN: scope-opt %s --util-strip-scopes --canonicalize --transform-interpreter | FileCheck %s --check-prefix=STRIPPED
// RUN: scope-opt %s --util-outline-scopes --canonicalize --transform-interpreter | FileCheck %s

// STRIPPED-LABEL: func.func @fill
//   STRIPPED-NOT: vector.mask
//       STRIPPED: vector.transfer_write {{.+}} : vector<8xf32>, tensor<8xf32>

// CHECK-LABEL: func.func @fill
//       CHECK:   call @tile()
//       CHECK:   call @fill_scope_0(
//       CHECK: func.func private @fill_scope_0
//   CHECK-NOT:   vector.mask
//       CHECK:   vector.transfer_write {{.+}} : vector<8xf32>, tensor<8xf32>
module attributes {transform.with_named_sequence} {
  func.func @fill(%v: f32) -> tensor<?xf32> {
    %n = util.scope [#util.zone<"tile">] -> (index) {
      %c8 = arith.constant 8 : index
      util.return %c8 : index
    }
    %r = util.scope -> (tensor<?xf32>{%n}) {
      %e = tensor.empty(%n) : tensor<?xf32>
      %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
      util.return %f : tensor<?xf32>
    }
    return %r : tensor<?xf32>
  }

  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %fill = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %fill vector_sizes [8] : !transform.any_op
    transform.yield
  }
}
