// RUN: scope-opt --split-input-file --verify-diagnostics --flow-link-executables %s | FileCheck %s

// Executable functions move into the host module as private functions named
// <module>_<function>, carrying the module's scope attributes; dispatches
// become calls (dims are not passed); the emptied module goes away.
// CHECK-LABEL: func.func @link
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = call @host_executables_fn(%[[N]], %[[X]]) : (index, tensor<?xf32>) -> tensor<?xf32>
//       CHECK: %[[S:.+]] = call @host_executables_fn(%[[N]], %[[R]])
//       CHECK: return %[[S]]
//   CHECK-NOT: module @host_executables
//       CHECK: func.func private @host_executables_fn(%{{.+}}: index, %{{.+}}: tensor<?xf32>) -> tensor<?xf32> attributes {util.scope_attrs = [#util.zone<"kernels">]}
func.func @link(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?xf32>
  %r = flow.dispatch @host_executables::@fn(%n, %x) : (index, tensor<?xf32>{%d}) -> (tensor<?xf32>{%n})
  %s = flow.dispatch @host_executables::@fn(%n, %r) : (index, tensor<?xf32>{%n}) -> (tensor<?xf32>{%n})
  return %s : tensor<?xf32>
}
module @host_executables attributes {flow.executables, util.scope_attrs = [#util.zone<"kernels">]} {
  func.func @fn(%n: index, %x: tensor<?xf32>) -> tensor<?xf32> {
    return %x : tensor<?xf32>
  }
}

// -----

// A host symbol with the new name already exists: the moved function is
// renamed, and the dispatch calls the renamed one.
// CHECK-LABEL: func.func @name_taken
//       CHECK: call @[[NEW:exe_fn_[0-9]+]]()
//       CHECK: func.func @exe_fn()
//       CHECK: func.func private @[[NEW]]()
func.func @name_taken() {
  flow.dispatch @exe::@fn() : () -> ()
  return
}
func.func @exe_fn() {
  return
}
module @exe attributes {flow.executables} {
  func.func @fn() {
    return
  }
}

// -----

// A module that is not an executable module is not linked, and a dispatch
// of it is an error.
module {
  func.func @not_executable() {
    // expected-error @+1 {{dispatch of @lib::@fn, which is not a function of an executable module}}
    flow.dispatch @lib::@fn() : () -> ()
    return
  }
  module @lib {
    func.func @fn() {
      return
    }
  }
}
