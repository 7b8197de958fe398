// RUN: scope-opt --allow-unregistered-dialect --split-input-file --canonicalize="test-convergence" %s | scope-opt --allow-unregistered-dialect --split-input-file | FileCheck %s

// A static value cast to a dynamic type and captured becomes a static
// capture: the body casts it back for the ops that were written for the
// dynamic type, and the capture's dims go.
// CHECK-LABEL: func.func @cast_into_capture
//  CHECK-SAME: (%[[S:.+]]: tensor<4x16xf32>, %[[N:.+]]: index)
//   CHECK-NOT: tensor.cast
//       CHECK: %[[R:.+]] = util.scope (%[[S]] as %[[A:.+]]: tensor<4x16xf32>) -> (tensor<?x16xf32>{%[[N]]}) {
//       CHECK:   %[[C:.+]] = tensor.cast %[[A]] : tensor<4x16xf32> to tensor<?x16xf32>
//       CHECK:   %[[V:.+]] = arith.addf %[[C]], %[[C]] : tensor<?x16xf32>
//       CHECK:   util.return %[[V]] : tensor<?x16xf32>
//       CHECK: return %[[R]]
func.func @cast_into_capture(%s: tensor<4x16xf32>, %n: index) -> tensor<?x16xf32> {
  %d = tensor.cast %s : tensor<4x16xf32> to tensor<?x16xf32>
  %r = util.scope (%d as %a: tensor<?x16xf32>{%n}) -> (tensor<?x16xf32>{%n}) {
    %v = arith.addf %a, %a : tensor<?x16xf32>
    util.return %v : tensor<?x16xf32>
  }
  return %r : tensor<?x16xf32>
}

// -----

// A cast that makes one of two dynamic dimensions static: the capture keeps
// the dim of the other one.
// CHECK-LABEL: func.func @cast_into_capture_partial
//  CHECK-SAME: (%[[S:.+]]: tensor<4x?xf32>, %[[M:.+]]: index, %[[N:.+]]: index)
//       CHECK: util.scope (%[[S]] as %[[A:.+]]: tensor<4x?xf32>{%[[N]]}) {
//       CHECK:   tensor.cast %[[A]] : tensor<4x?xf32> to tensor<?x?xf32>
func.func @cast_into_capture_partial(%s: tensor<4x?xf32>, %m: index, %n: index) {
  %d = tensor.cast %s : tensor<4x?xf32> to tensor<?x?xf32>
  util.scope (%d as %a: tensor<?x?xf32>{%m, %n}) {
    "test.use"(%a) : (tensor<?x?xf32>) -> ()
    util.return
  }
  return
}

// -----

// A cast to a more static type captured is not folded: the scope would see
// less than it was written for.
// CHECK-LABEL: func.func @no_fold_static_to_dynamic
//       CHECK: %[[C:.+]] = tensor.cast %{{.+}} : tensor<?x16xf32> to tensor<4x16xf32>
//       CHECK: util.scope (%[[C]] as %{{.+}}: tensor<4x16xf32>)
func.func @no_fold_static_to_dynamic(%s: tensor<?x16xf32>) {
  %d = tensor.cast %s : tensor<?x16xf32> to tensor<4x16xf32>
  util.scope (%d as %a: tensor<4x16xf32>) {
    "test.use"(%a) : (tensor<4x16xf32>) -> ()
    util.return
  }
  return
}

// -----

// A result cast to a static type right after the scope: the scope's result
// takes the static type (its exit casts to it) and its dims go.
// CHECK-LABEL: func.func @cast_of_result
//  CHECK-SAME: (%[[X:.+]]: tensor<?x32xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope (%[[X]] as %[[A:.+]]: tensor<?x32xf32>{%[[N]]}) -> (tensor<4x32xf32>) {
//       CHECK:   %[[V:.+]] = arith.addf %[[A]], %[[A]] : tensor<?x32xf32>
//       CHECK:   %[[C:.+]] = tensor.cast %[[V]] : tensor<?x32xf32> to tensor<4x32xf32>
//       CHECK:   util.return %[[C]] : tensor<4x32xf32>
//   CHECK-NOT: tensor.cast
//       CHECK: return %[[R]] : tensor<4x32xf32>
func.func @cast_of_result(%x: tensor<?x32xf32>, %n: index) -> tensor<4x32xf32> {
  %r = util.scope (%x as %a: tensor<?x32xf32>{%n}) -> (tensor<?x32xf32>{%n}) {
    %v = arith.addf %a, %a : tensor<?x32xf32>
    util.return %v : tensor<?x32xf32>
  }
  %s = tensor.cast %r : tensor<?x32xf32> to tensor<4x32xf32>
  return %s : tensor<4x32xf32>
}

// -----

// Other uses of a refined result read it through a cast back to the old
// type.
// CHECK-LABEL: func.func @cast_of_result_other_use
//       CHECK: %[[R:.+]] = util.scope {{.+}} -> (tensor<4x32xf32>) {
//       CHECK: %[[B:.+]] = tensor.cast %[[R]] : tensor<4x32xf32> to tensor<?x32xf32>
//       CHECK: "test.use"(%[[B]]) : (tensor<?x32xf32>) -> ()
//       CHECK: return %[[R]] : tensor<4x32xf32>
func.func @cast_of_result_other_use(%x: tensor<?x32xf32>, %n: index) -> tensor<4x32xf32> {
  %r = util.scope (%x as %a: tensor<?x32xf32>{%n}) -> (tensor<?x32xf32>{%n}) {
    %v = arith.addf %a, %a : tensor<?x32xf32>
    util.return %v : tensor<?x32xf32>
  }
  "test.use"(%r) : (tensor<?x32xf32>) -> ()
  %s = tensor.cast %r : tensor<?x32xf32> to tensor<4x32xf32>
  return %s : tensor<4x32xf32>
}

// -----

// A result tied to a refined capture takes the capture's new type.
// CHECK-LABEL: func.func @cast_into_tied_capture
//  CHECK-SAME: (%[[S:.+]]: tensor<8xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope (%[[S]] as %[[A:.+]]: tensor<8xf32>) -> (%[[S]]) {
//       CHECK:   %[[C:.+]] = tensor.cast %[[A]] : tensor<8xf32> to tensor<?xf32>
//       CHECK:   %[[V:.+]] = arith.addf %[[C]], %[[C]] : tensor<?xf32>
//       CHECK:   %[[E:.+]] = tensor.cast %[[V]] : tensor<?xf32> to tensor<8xf32>
//       CHECK:   util.return %[[E]] : tensor<8xf32>
//       CHECK: %[[B:.+]] = tensor.cast %[[R]] : tensor<8xf32> to tensor<?xf32>
//       CHECK: return %[[B]] : tensor<?xf32>
func.func @cast_into_tied_capture(%s: tensor<8xf32>, %n: index) -> tensor<?xf32> {
  %d = tensor.cast %s : tensor<8xf32> to tensor<?xf32>
  %r = util.scope (%d as %a: tensor<?xf32>{%n}) -> (%d) {
    %v = arith.addf %a, %a : tensor<?xf32>
    util.return %v : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
