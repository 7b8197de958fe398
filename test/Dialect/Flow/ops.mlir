// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --mlir-print-op-generic %s | scope-opt --split-input-file | FileCheck %s

// A region with a dynamically shaped result: the dims follow the type; the
// body uses values from above implicitly.
// CHECK-LABEL: func.func @dynamic_result
//  CHECK-SAME: (%[[A:.+]]: tensor<?x8xf32>, %[[B:.+]]: tensor<8x4xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%[[N]]}) {
//       CHECK:   %[[E:.+]] = tensor.empty(%[[N]]) : tensor<?x4xf32>
//       CHECK:   %[[M:.+]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<?x8xf32>, tensor<8x4xf32>) outs(%[[E]] : tensor<?x4xf32>)
//       CHECK:   flow.return %[[M]] : tensor<?x4xf32>
//       CHECK: }
//       CHECK: return %[[R]]
func.func @dynamic_result(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>, %n: index) -> tensor<?x4xf32> {
  %r = flow.dispatch.region -> (tensor<?x4xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    flow.return %m : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// No results: neither an arrow nor a result list is printed; the scope path
// is an ordinary attribute.
// CHECK-LABEL: func.func @no_results
//       CHECK: flow.dispatch.region {
//  CHECK-NEXT:   flow.return
//  CHECK-NEXT: } attributes {scope_path = ["encoder", "ffn"]}
func.func @no_results() {
  flow.dispatch.region {
    flow.return
  } attributes {scope_path = ["encoder", "ffn"]}
  return
}

// -----

// Several results, static and dynamic, with several dims each.
// CHECK-LABEL: func.func @many_results
//       CHECK: %{{.+}}:3 = flow.dispatch.region -> (tensor<4xf32>, tensor<?x?xf32>{%[[X:.+]], %[[Y:.+]]}, tensor<?xf32>{%[[Y]]})
func.func @many_results(%x: index, %y: index) -> (tensor<4xf32>, tensor<?x?xf32>, tensor<?xf32>) {
  %r:3 = flow.dispatch.region -> (tensor<4xf32>, tensor<?x?xf32>{%x, %y}, tensor<?xf32>{%y}) {
    %a = tensor.empty() : tensor<4xf32>
    %b = tensor.empty(%x, %y) : tensor<?x?xf32>
    %c = tensor.empty(%y) : tensor<?xf32>
    flow.return %a, %b, %c : tensor<4xf32>, tensor<?x?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<?x?xf32>, tensor<?xf32>
}

// -----

// A dispatch of an executable function in a nested module: argument and
// result dims follow their types.
// CHECK-LABEL: func.func @dispatch
//  CHECK-SAME: (%[[A:.+]]: tensor<?x8xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = flow.dispatch @exe::@fn(%[[A]], %[[N]]) : (tensor<?x8xf32>{%[[N]]}, index) -> (tensor<?x8xf32>{%[[N]]})
//       CHECK: module @exe attributes {flow.executables}
func.func @dispatch(%a: tensor<?x8xf32>, %n: index) -> tensor<?x8xf32> {
  %r = flow.dispatch @exe::@fn(%a, %n) : (tensor<?x8xf32>{%n}, index) -> (tensor<?x8xf32>{%n})
  return %r : tensor<?x8xf32>
}
module @exe attributes {flow.executables} {
  func.func @fn(%a: tensor<?x8xf32>, %n: index) -> tensor<?x8xf32> {
    return %a : tensor<?x8xf32>
  }
}

// -----

// A dispatch without arguments or results still prints both lists.
// CHECK-LABEL: func.func @dispatch_nothing
//       CHECK: flow.dispatch @exe::@fn() : () -> ()
func.func @dispatch_nothing() {
  flow.dispatch @exe::@fn() : () -> ()
  return
}
module @exe {
  func.func @fn() {
    return
  }
}

// -----

// A placement: any placement scope attribute, printed after `on`.
// CHECK-LABEL: func.func @placed
//       CHECK: flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<4xf32>) {
//       CHECK: } attributes {scope_path = ["layer"]}
func.func @placed() -> tensor<4xf32> {
  %r = flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    flow.return %e : tensor<4xf32>
  } attributes {scope_path = ["layer"]}
  return %r : tensor<4xf32>
}
