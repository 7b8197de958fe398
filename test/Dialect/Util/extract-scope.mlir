// Each RUN line extracts one scope of the same module.
// RUN: scope-opt --util-extract-scope=zone=encoder %s | FileCheck %s --check-prefix=ENC
// RUN: scope-opt --util-extract-scope=zone=ffn %s | FileCheck %s --check-prefix=FFN
// RUN: scope-opt --util-extract-scope=index=1 %s | FileCheck %s --check-prefix=FFN
// RUN: scope-opt --util-extract-scope=index=2 %s | FileCheck %s --check-prefix=LOOP
// RUN: scope-opt --util-extract-scope=zone=branchy %s | FileCheck %s --check-prefix=MB
// RUN: scope-opt --util-extract-scope=zone=helper %s | FileCheck %s --check-prefix=CLASH
// RUN: scope-opt --util-extract-scope=zone=buffers %s | FileCheck %s --check-prefix=MEM
// The extracted module is valid input again, and lookups inside the scope
// answer as they did in place.
// RUN: scope-opt --test-util-lookup %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOKUP
// RUN: scope-opt --util-extract-scope=zone=ffn %s | scope-opt --test-util-lookup -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOKUP

// The module's attributes stay; only the referenced symbols come along.
// ENC: module attributes {test.kept}
// An explicit capture's dim is read off its argument; the result dim and
// the implicit capture are arguments; the enclosing function's zone is
// recorded on the function; the referenced functions (transitively) and the
// global come along; nothing else does.
// ENC-LABEL: func.func @encoder
//  ENC-SAME: (%[[T:.+]]: tensor<?x4xf32>, %[[BIAS:.+]]: tensor<4xf32>, %[[D1:.+]]: index)
//  ENC-SAME: -> (tensor<?x4xf32>, tensor<?xf32>) attributes {util.scope_attrs = [#util.zone<"model">]}
//       ENC: %[[C0:.+]] = arith.constant 0 : index
//       ENC: %[[D0:.+]] = tensor.dim %[[T]], %[[C0]] : tensor<?x4xf32>
//       ENC: %[[CST:.+]] = arith.constant 1.000000e+00 : f32
//       ENC: %[[R:.+]]:2 = util.scope [#util.zone<"encoder">] (%[[T]] as %[[A:.+]]: tensor<?x4xf32>{%[[D0]]}, %[[BIAS]] as %{{.+}}: tensor<4xf32>) -> (%[[T]], tensor<?xf32>{%[[D1]]})
//       ENC:   tensor.empty(%[[D1]])
//       ENC:   linalg.fill ins(%[[CST]] : f32)
//       ENC:   util.scope [#util.zone<"ffn">] -> (tensor<?x4xf32>{%[[D0]]})
//       ENC:     func.call @helper(%[[A]])
//       ENC: return %[[R]]#0, %[[R]]#1
//   ENC-NOT: func.func @f
//   ENC-NOT: @unrelated
//       ENC: func.func private @helper
//       ENC: func.func private @leaf
//       ENC: memref.global "private" constant @table
//   ENC-NOT: @unrelated
//   ENC-NOT: func.func @f

// The nested scope: its implicit capture (a block argument of the outer
// scope) and its result dim become arguments; both enclosing zones are
// recorded, innermost first.
// FFN-LABEL: func.func @ffn
//  FFN-SAME: (%[[A:.+]]: tensor<?x4xf32>, %[[D:.+]]: index) -> tensor<?x4xf32>
//  FFN-SAME: attributes {util.scope_attrs = [#util.zone<"encoder">, #util.zone<"model">]}
//       FFN: %[[R:.+]] = util.scope [#util.zone<"ffn">] -> (tensor<?x4xf32>{%[[D]]})
//       FFN:   %[[G:.+]] = func.call @helper(%[[A]])
//       FFN:   memref.get_global @table
//       FFN:   util.return %[[G]]
//       FFN: return %[[R]]
//       FFN: func.func private @helper
//       FFN: func.func private @leaf
//       FFN: memref.global
//   FFN-NOT: func.func

// LOOKUP: remark: zones: [model, encoder, ffn], innermost: ffn

// An unnamed scope in scf.for: named by its index; the induction variable
// and the iter_arg become arguments, the dynamic dim a tensor.dim; nothing
// referenced, nothing copied.
// LOOP-LABEL: func.func @scope_2
//  LOOP-SAME: (%[[ACC:.+]]: tensor<?xf32>, %[[IV:.+]]: index) -> tensor<?xf32> {
//       LOOP: %[[DIM:.+]] = tensor.dim %[[ACC]]
//       LOOP: %[[C0:.+]] = arith.constant 0 : index
//       LOOP: %[[R:.+]] = util.scope (%[[ACC]] as %[[A:.+]]: tensor<?xf32>{%[[DIM]]}) -> (%[[ACC]])
//       LOOP:   arith.index_cast %[[IV]]
//       LOOP:   tensor.insert %{{.+}} into %[[A]][%[[C0]]]
//       LOOP: return %[[R]]
//   LOOP-NOT: func.func

// A multi-block body is kept as it is.
// MB-LABEL: func.func @branchy(%{{.+}}: i1, %{{.+}}: f32) -> f32 {
//       MB:   util.scope [#util.zone<"branchy">]
//       MB:     cf.cond_br
//       MB:     util.return
//       MB:     util.return
//   MB-NOT: func.func

// The zone's name is taken by a copied function: the new function yields.
// CLASH-LABEL: func.func @helper_0(
//       CLASH:   util.scope [#util.zone<"helper">]
//       CLASH:     call @helper
//       CLASH: func.func private @helper(
//       CLASH: func.func private @leaf(
// Memref captures get memref.dim; two captures share the position constant;
// an unranked capture has no dims.
// MEM-LABEL: func.func @buffers
//  MEM-SAME: (%[[M:.+]]: memref<?x?xf32>, %[[V:.+]]: tensor<?xf32>, %[[U:.+]]: tensor<*xf32>)
//       MEM: %[[C0:.+]] = arith.constant 0 : index
//       MEM: %[[D0:.+]] = memref.dim %[[M]], %[[C0]] : memref<?x?xf32>
//       MEM: %[[C1:.+]] = arith.constant 1 : index
//       MEM: %[[D1:.+]] = memref.dim %[[M]], %[[C1]] : memref<?x?xf32>
//       MEM: %[[D2:.+]] = tensor.dim %[[V]], %[[C0]] : tensor<?xf32>
//       MEM: util.scope [#util.zone<"buffers">] (%[[M]] as %{{.+}}: memref<?x?xf32>{%[[D0]], %[[D1]]}, %[[V]] as %{{.+}}: tensor<?xf32>{%[[D2]]}, %[[U]] as %{{.+}}: tensor<*xf32>)
//   MEM-NOT: func.func
module attributes {test.kept} {
  func.func private @helper(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
    %r = call @leaf(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    return %r : tensor<?x4xf32>
  }
  func.func private @leaf(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
    return %x : tensor<?x4xf32>
  }
  func.func private @unrelated()
  memref.global "private" constant @table : memref<4xf32> = dense<1.0>

  func.func @f(%t: tensor<?x4xf32>, %bias: tensor<4xf32>, %d0: index, %d1: index) -> (tensor<?x4xf32>, tensor<?xf32>) attributes {util.scope_attrs = [#util.zone<"model">]} {
    %cst = arith.constant 1.0 : f32
    %r:2 = util.scope [#util.zone<"encoder">]
        (%t as %a: tensor<?x4xf32>{%d0}, %bias as %b: tensor<4xf32>) -> (%t, tensor<?xf32>{%d1}) {
      %e = tensor.empty(%d1) : tensor<?xf32>
      %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
      %inner = util.scope [#util.zone<"ffn">] -> (tensor<?x4xf32>{%d0}) {
        %g = func.call @helper(%a) {test.lookup} : (tensor<?x4xf32>) -> tensor<?x4xf32>
        %m = memref.get_global @table : memref<4xf32>
        util.return %g : tensor<?x4xf32>
      }
      util.return %inner, %f : tensor<?x4xf32>, tensor<?xf32>
    }
    return %r#0, %r#1 : tensor<?x4xf32>, tensor<?xf32>
  }

  func.func @in_loop(%init: tensor<?xf32>, %n: index, %d: index) -> tensor<?xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (tensor<?xf32>) {
      %s = util.scope (%acc as %a: tensor<?xf32>{%d}) -> (%acc) {
        %f = arith.index_cast %i : index to i64
        %ff = arith.sitofp %f : i64 to f32
        %u = tensor.insert %ff into %a[%c0] : tensor<?xf32>
        util.return %u : tensor<?xf32>
      }
      scf.yield %s : tensor<?xf32>
    }
    return %r : tensor<?xf32>
  }

  func.func @multi_block(%c: i1, %x: f32) -> f32 {
    %r = util.scope [#util.zone<"branchy">] (%c as %cc: i1) -> (f32) {
      cf.cond_br %cc, ^bb1, ^bb2
    ^bb1:
      util.return %x : f32
    ^bb2:
      %n = arith.negf %x : f32
      util.return %n : f32
    }
    return %r : f32
  }

  func.func @clash(%x: tensor<?x4xf32>, %d: index) -> tensor<?x4xf32> {
    %r = util.scope [#util.zone<"helper">] -> (tensor<?x4xf32>{%d}) {
      %h = func.call @helper(%x) : (tensor<?x4xf32>) -> tensor<?x4xf32>
      util.return %h : tensor<?x4xf32>
    }
    return %r : tensor<?x4xf32>
  }

  func.func @buffers(%m: memref<?x?xf32>, %v: tensor<?xf32>, %u: tensor<*xf32>, %d0: index, %d1: index, %d2: index) {
    util.scope [#util.zone<"buffers">] (%m as %a: memref<?x?xf32>{%d0, %d1}, %v as %b: tensor<?xf32>{%d2}, %u as %c: tensor<*xf32>) {
      %c0 = arith.constant 0 : index
      %cst = arith.constant 0.0 : f32
      memref.store %cst, %a[%c0, %c0] : memref<?x?xf32>
      util.return
    }
    return
  }
}
