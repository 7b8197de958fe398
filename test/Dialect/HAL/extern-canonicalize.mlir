// RUN: scope-opt --split-input-file --canonicalize="test-convergence" %s | scope-opt --split-input-file | FileCheck %s
// RUN: scope-opt --split-input-file --util-capture-scope-values %s | FileCheck %s --check-prefix=CAPTURE
// RUN: scope-opt --split-input-file --util-induce-tied-operands %s | FileCheck %s --check-prefix=TIES

// The captures and results of an extern scope are the kernel's signature:
// the canonicalizer keeps an unused capture, a constant capture, a
// duplicate capture and an unused result, which it would drop on a plain
// scope.
// CHECK-LABEL: func.func @extern_signature_kept
//       CHECK: %[[C:.+]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
//       CHECK: util.scope [#hal.extern<"k">] (%[[X:.+]] as %{{.+}}: tensor<4xf32>, %[[X]] as %{{[^ ]+}}: tensor<4xf32>, %[[C]] as %{{[^ ]+}}: tensor<4xf32>, %{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CAPTURE-LABEL: func.func @extern_signature_kept
//       CAPTURE: util.scope [#hal.extern<"k">] (%{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>, %{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>, %{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>, %{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
func.func @extern_signature_kept(%x: tensor<4xf32>, %u: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %r:2 = util.scope [#hal.extern<"k">] (%x as %a: tensor<4xf32>, %x as %b: tensor<4xf32>, %c as %k: tensor<4xf32>, %u as %unused: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %s = arith.addf %a, %b : tensor<4xf32>
    %t = arith.addf %s, %k : tensor<4xf32>
    // An implicit capture stays implicit: it belongs to the decomposition.
    %v = arith.addf %t, %y : tensor<4xf32>
    util.return %v, %v : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// The same scope without the attribute: everything goes.
// CHECK-LABEL: func.func @plain_scope_reduced
//       CHECK: util.scope (%{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>) -> (tensor<4xf32>)
// CAPTURE-LABEL: func.func @plain_scope_reduced
//  CAPTURE-SAME: %[[Y:[[:alnum:]_]+]]: tensor<4xf32>) ->
//       CAPTURE: util.scope ({{.*}}%[[Y]] as
func.func @plain_scope_reduced(%x: tensor<4xf32>, %u: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %r:2 = util.scope (%x as %a: tensor<4xf32>, %x as %b: tensor<4xf32>, %c as %k: tensor<4xf32>, %u as %unused: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %s = arith.addf %a, %b : tensor<4xf32>
    %t = arith.addf %s, %k : tensor<4xf32>
    %v = arith.addf %t, %y : tensor<4xf32>
    util.return %v, %v : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

// Matched on dynamic shapes, made static later: casts fold into an extern
// scope's captures and results as into any scope, so the kernel's
// signature becomes static; upstream's cast folding into the linalg ops then
// makes the whole decomposition static.
// CHECK-LABEL: func.func @extern_refined
//  CHECK-SAME: (%[[S:.+]]: tensor<4x16xf32>, %[[W:.+]]: tensor<16x32xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope [#hal.extern<"mlp_layer_f32">] (%[[S]] as %[[A:.+]]: tensor<4x16xf32>, %[[W]] as %[[B:.+]]: tensor<16x32xf32>) -> (tensor<4x32xf32>) {
//   CHECK-NOT:   tensor.cast
//       CHECK:   %[[E:.+]] = tensor.empty() : tensor<4x32xf32>
//       CHECK:   %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] : tensor<4x32xf32>) -> tensor<4x32xf32>
//       CHECK:   %[[M:.+]] = linalg.matmul ins(%[[A]], %[[B]] : tensor<4x16xf32>, tensor<16x32xf32>) outs(%[[F]] : tensor<4x32xf32>) -> tensor<4x32xf32>
//       CHECK:   util.return %[[M]] : tensor<4x32xf32>
//       CHECK: return %[[R]] : tensor<4x32xf32>
func.func @extern_refined(%s: tensor<4x16xf32>, %w: tensor<16x32xf32>, %n: index) -> tensor<4x32xf32> {
  %x = tensor.cast %s : tensor<4x16xf32> to tensor<?x16xf32>
  %r = util.scope [#hal.extern<"mlp_layer_f32">] (%x as %a: tensor<?x16xf32>{%n}, %w as %b: tensor<16x32xf32>) -> (tensor<?x32xf32>{%n}) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty(%n) : tensor<?x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %m = linalg.matmul ins(%a, %b : tensor<?x16xf32>, tensor<16x32xf32>) outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    util.return %m : tensor<?x32xf32>
  }
  %t = tensor.cast %r : tensor<?x32xf32> to tensor<4x32xf32>
  return %t : tensor<4x32xf32>
}

// -----

// Inducing ties leaves an extern scope alone: a tie would make the kernel's
// output an in-place update of its argument.
// TIES-LABEL: func.func @extern_no_ties
//       TIES: util.scope [#hal.extern<"k">] (%{{[^ ]+}} as %{{[^ ]+}}: tensor<4xf32>) -> (tensor<4xf32>)
// TIES-LABEL: func.func @plain_ties
//       TIES: util.scope (%[[T:.+]] as %{{.+}}: tensor<4xf32>) -> (%[[T]])
func.func @extern_no_ties(%t: tensor<4xf32>, %i: index, %f: f32) -> tensor<4xf32> {
  %r = util.scope [#hal.extern<"k">] (%t as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %u = tensor.insert %f into %a[%i] : tensor<4xf32>
    util.return %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
func.func @plain_ties(%t: tensor<4xf32>, %i: index, %f: f32) -> tensor<4xf32> {
  %r = util.scope (%t as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %u = tensor.insert %f into %a[%i] : tensor<4xf32>
    util.return %u : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
