// RUN: scope-opt --split-input-file --symbol-dce %s | scope-opt --split-input-file | FileCheck %s

// A private function called only from inside a scope is live; one that is
// not called at all goes. Scopes and their captures, ties and dims are left
// as they were.
// CHECK-LABEL: func.func private @used_in_scope
//   CHECK-NOT: func.func private @unused
//       CHECK: func.func @entry
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK: util.scope [#util.zone<"a">] (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (%[[T]]) {
//       CHECK:   util.scope [#util.zone<"b">] -> (tensor<?xf32>{%[[D]]}) {
//       CHECK:     call @used_in_scope(%[[A]])
func.func private @used_in_scope(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}
func.func private @unused(%t: tensor<?xf32>) -> tensor<?xf32> {
  return %t : tensor<?xf32>
}
func.func @entry(%t: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope [#util.zone<"a">] (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    %in = util.scope [#util.zone<"b">] -> (tensor<?xf32>{%d}) {
      %c = func.call @used_in_scope(%a) : (tensor<?xf32>) -> tensor<?xf32>
      util.return %c : tensor<?xf32>
    }
    util.return %in : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A private function whose only caller sits in a scope of a dead private
// function goes with it.
// CHECK-LABEL: module
//   CHECK-NOT: func.func
func.func private @leaf() {
  return
}
func.func private @dead_caller() {
  util.scope [#util.zone<"z">] {
    func.call @leaf() : () -> ()
    util.return
  }
  return
}
