// RUN: scope-opt --split-input-file %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --mlir-print-op-generic %s | scope-opt --split-input-file | FileCheck %s

// An extern scope: the attribute, its ABI options and the scope's explicit
// captures (the kernel's arguments) survive a round trip.
// CHECK-LABEL: func.func @extern_scope
//       CHECK: util.scope [#hal.extern<"mlp_layer_f32", {contiguous = true, status = false}>] (%{{.+}} as %{{.+}}: tensor<?x16xf32>{%{{.+}}}, %{{.+}} as %{{.+}}: tensor<16x32xf32>) -> (tensor<?x32xf32>{%{{.+}}})
//       CHECK:   linalg.matmul
//       CHECK:   util.return
func.func @extern_scope(%x: tensor<?x16xf32>, %w: tensor<16x32xf32>, %n: index) -> tensor<?x32xf32> {
  %r = util.scope [#hal.extern<"mlp_layer_f32", {status = false, contiguous = true}>]
      (%x as %a: tensor<?x16xf32>{%n}, %w as %b: tensor<16x32xf32>) -> (tensor<?x32xf32>{%n}) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty(%n) : tensor<?x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %m = linalg.matmul ins(%a, %b : tensor<?x16xf32>, tensor<16x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    util.return %m : tensor<?x32xf32>
  }
  return %r : tensor<?x32xf32>
}

// -----

// A kernel call with dynamic dims on an argument and on an untied result,
// and its decomposition with an extra operand.
// CHECK-LABEL: func.func @dispatch_extern
//       CHECK: %[[R:.+]] = hal.dispatch.extern "mlp_layer_f32"(%{{.+}}, %{{.+}}) : (tensor<?x16xf32>{%[[N:.+]]}, tensor<16x32xf32>) -> (tensor<?x32xf32>{%[[N]]}) decomposition @decomposition(%[[N]] : index)
//       CHECK: return %[[R]]
func.func private @decomposition(tensor<?x16xf32>, tensor<16x32xf32>, index) -> tensor<?x32xf32>
func.func @dispatch_extern(%x: tensor<?x16xf32>, %w: tensor<16x32xf32>, %n: index) -> tensor<?x32xf32> {
  %r = hal.dispatch.extern "mlp_layer_f32"(%x, %w) : (tensor<?x16xf32>{%n}, tensor<16x32xf32>) -> (tensor<?x32xf32>{%n})
      decomposition @decomposition(%n : index)
  return %r : tensor<?x32xf32>
}

// -----

// A tied result (an in-place output) takes its argument's type and dims;
// scalars pass by value; ABI options and other attributes go after the
// keyword.
// CHECK-LABEL: func.func @dispatch_extern_tied
//       CHECK: %[[R:.+]]:2 = hal.dispatch.extern "axpy_f32"(%[[A:.+]], %[[X:.+]], %[[Y:.+]]) : (f32, tensor<?xf32>{%{{.+}}}, tensor<?xf32>{%{{.+}}}) -> (%[[Y]], tensor<4xi32>) attributes {abi = {status = false}, note = "x"}
//       CHECK: return %[[R]]#0, %[[R]]#1
func.func @dispatch_extern_tied(%a: f32, %x: tensor<?xf32>, %y: tensor<?xf32>, %n: index) -> (tensor<?xf32>, tensor<4xi32>) {
  %r:2 = hal.dispatch.extern "axpy_f32"(%a, %x, %y) : (f32, tensor<?xf32>{%n}, tensor<?xf32>{%n}) -> (%y, tensor<4xi32>)
      attributes {abi = {status = false}, note = "x"}
  return %r#0, %r#1 : tensor<?xf32>, tensor<4xi32>
}

// -----

// One value passed as two arguments, both updated in place: each tied
// result names the first of its operands not yet tied, so the ties survive
// the round trip as (0, 1).
// CHECK-LABEL: func.func @dispatch_extern_same_value_twice
//       CHECK: hal.dispatch.extern "twice"(%[[T:.+]], %[[T]]) : (tensor<4xf32>, tensor<4xf32>) -> (%[[T]], %[[T]])
func.func @dispatch_extern_same_value_twice(%t: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = hal.dispatch.extern "twice"(%t, %t) : (tensor<4xf32>, tensor<4xf32>) -> (%t, %t)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
