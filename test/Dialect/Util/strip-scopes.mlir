// RUN: scope-opt --split-input-file --util-strip-scopes %s | FileCheck %s --check-prefixes=CHECK,KEEPFN
// RUN: scope-opt --split-input-file --util-strip-scopes=outlined=true %s | FileCheck %s --check-prefixes=CHECK,NOFN

// A util.scope with explicit captures, dims and a tie: block arguments
// become the captures, results the returned values.
// CHECK-LABEL: func.func @captures_and_ties
//  CHECK-SAME: (%[[T:.+]]: tensor<?x4xf32>, %{{.+}}: index, %{{.+}}: tensor<4xf32>)
//  CHECK-NEXT:   %[[S:.+]] = linalg.add ins(%[[T]], %[[T]] : {{.*}}) outs(%[[T]] :
//  CHECK-NEXT:   return %[[S]]
func.func @captures_and_ties(%t: tensor<?x4xf32>, %d: index, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %r = util.scope [#util.zone<"z">] (%t as %a: tensor<?x4xf32>{%d}, %b as %bb: tensor<4xf32>) -> (%t) {
    %s = linalg.add ins(%a, %a : tensor<?x4xf32>, tensor<?x4xf32>) outs(%a : tensor<?x4xf32>) -> tensor<?x4xf32>
    util.return %s : tensor<?x4xf32>
  } attributes {my.tag}
  return %r : tensor<?x4xf32>
}

// -----

// util.annotate and nested scopes of both kinds are all stripped.
// CHECK-LABEL: func.func @nested
//  CHECK-SAME: (%[[X:.+]]: tensor<8xf32>)
//  CHECK-NEXT:   %[[N:.+]] = arith.negf %[[X]]
//  CHECK-NEXT:   %[[S:.+]] = arith.addf %[[N]], %[[X]]
//  CHECK-NEXT:   return %[[S]]
func.func @nested(%x: tensor<8xf32>) -> tensor<8xf32> {
  %r = util.annotate [#util.zone<"outer">] {
    %i = util.scope [#util.zone<"inner">] (%x as %a: tensor<8xf32>) -> (tensor<8xf32>) {
      %n = arith.negf %a : tensor<8xf32>
      util.return %n : tensor<8xf32>
    }
    %s = arith.addf %i, %x : tensor<8xf32>
    util.return %s : tensor<8xf32>
  } : tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

// A multi-block body in a function body: the function's block is split and
// the returns branch to the continuation, which receives the results.
// CHECK-LABEL: func.func @multi_block_in_func
//  CHECK-SAME: (%[[C:.+]]: i1, %[[X:.+]]: f32)
//       CHECK:   %[[ONE:.+]] = arith.constant 1.0
//  CHECK-NEXT:   cf.cond_br %[[C]], ^[[BB1:.+]], ^[[BB2:.+]]
//  CHECK-NEXT: ^[[BB1]]:
//  CHECK-NEXT:   cf.br ^[[CONT:.+]](%[[X]] : f32)
//  CHECK-NEXT: ^[[BB2]]:
//  CHECK-NEXT:   %[[N:.+]] = arith.negf %[[X]]
//  CHECK-NEXT:   cf.br ^[[CONT]](%[[N]] : f32)
//  CHECK-NEXT: ^[[CONT]](%[[R:.+]]: f32):
//  CHECK-NEXT:   %[[S:.+]] = arith.addf %[[R]], %[[ONE]]
//  CHECK-NEXT:   return %[[S]]
func.func @multi_block_in_func(%c: i1, %x: f32) -> f32 {
  %one = arith.constant 1.0 : f32
  %r = util.scope (%c as %cc: i1, %x as %xx: f32) -> (f32) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return %xx : f32
  ^bb2:
    %n = arith.negf %xx : f32
    util.return %n : f32
  }
  %s = arith.addf %r, %one : f32
  return %s : f32
}

// -----

// A multi-block body inside scf.for (a single-block region): it becomes an
// scf.execute_region whose scf.yields replace the returns.
// CHECK-LABEL: func.func @multi_block_in_for
//       CHECK:   scf.for {{.*}} iter_args(%[[ACC:.+]] = %{{.+}})
//  CHECK-NEXT:     %[[E:.+]] = scf.execute_region -> tensor<4xf32> {
//  CHECK-NEXT:       cf.cond_br %{{.+}}, ^[[BB1:.+]], ^[[BB2:.+]]
//  CHECK-NEXT:     ^[[BB1]]:
//  CHECK-NEXT:       %[[D:.+]] = arith.addf %[[ACC]], %[[ACC]]
//  CHECK-NEXT:       scf.yield %[[D]] : tensor<4xf32>
//  CHECK-NEXT:     ^[[BB2]]:
//  CHECK-NEXT:       scf.yield %[[ACC]] : tensor<4xf32>
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.yield %[[E]]
func.func @multi_block_in_for(%n: index, %x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4xf32> {
    %s = util.scope [#util.zone<"body">] (%acc as %a: tensor<4xf32>) -> (tensor<4xf32>) {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      %d = arith.addf %a, %a : tensor<4xf32>
      util.return %d : tensor<4xf32>
    ^bb2:
      util.return %a : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A multi-block scope nested in a single-block scope inside scf.if: the outer
// scope is stripped first, so only the inner body needs scf.execute_region.
// CHECK-LABEL: func.func @nested_multi_block_in_if
//  CHECK-SAME: (%[[C:.+]]: i1, %[[X:.+]]: f32)
//       CHECK:   scf.if %[[C]]
//  CHECK-NEXT:     %[[E:.+]] = scf.execute_region -> f32 {
//  CHECK-NEXT:       cf.br ^[[BB:.+]](%[[X]] : f32)
//  CHECK-NEXT:     ^[[BB]](%[[V:.+]]: f32):
//  CHECK-NEXT:       scf.yield %[[V]] : f32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.yield %[[E]] : f32
func.func @nested_multi_block_in_if(%c: i1, %x: f32) -> f32 {
  %r = scf.if %c -> f32 {
    %o = util.scope -> (f32) {
      %i = util.scope -> (f32) {
        cf.br ^bb1(%x : f32)
      ^bb1(%v: f32):
        util.return %v : f32
      }
      util.return %i : f32
    }
    scf.yield %o : f32
  } else {
    scf.yield %x : f32
  }
  return %r : f32
}

// -----

// A multi-block scope in a single-block scope: the outer scope is stripped
// first, so the inner body is spliced into the function's CFG.
// CHECK-LABEL: func.func @multi_block_in_scope
//   CHECK-NOT:   util.scope
//   CHECK-NOT:   scf.execute_region
//       CHECK:   cf.cond_br
//       CHECK:   return
func.func @multi_block_in_scope(%c: i1, %x: f32) -> f32 {
  %r = util.scope [#util.zone<"outer">] -> (f32) {
    %i = util.scope -> (f32) {
      cf.cond_br %c, ^bb1, ^bb2
    ^bb1:
      util.return %x : f32
    ^bb2:
      %n = arith.negf %x : f32
      util.return %n : f32
    }
    util.return %i : f32
  }
  return %r : f32
}

// -----

// An outlined scope leaves its attributes on its function and its ties on
// the function's results: with outlined=true they go too, so upstream tools
// without the util dialect can read the program (a #util.zone does not parse
// there); by default they stay. Other attributes stay.
// CHECK-LABEL: func.func private @outlined
//  NOFN-SAME: (%{{.+}}: tensor<4xf32>) -> (tensor<4xf32> {other.attr = 1 : i64})
//  NOFN-SAME: attributes {keep = "me"} {
//  KEEPFN-SAME: (%{{.+}}: tensor<4xf32>) -> (tensor<4xf32> {other.attr = 1 : i64, util.tied = 0 : i64})
//  KEEPFN-SAME: attributes {keep = "me", util.scope_attrs = [#util.zone<"z">]} {
func.func private @outlined(%a: tensor<4xf32>) -> (tensor<4xf32> {util.tied = 0 : i64, other.attr = 1 : i64})
    attributes {keep = "me", util.scope_attrs = [#util.zone<"z">]} {
  return %a : tensor<4xf32>
}

// -----

// A codegen.scope.workgroups is kept: its body runs once per workgroup, so
// running it once in place would not mean the op. The util.scope around it
// goes.
// CHECK-LABEL: func.func @keeps_workgroups
// CHECK-NOT: util.scope
// CHECK: codegen.scope.workgroups
// CHECK:   codegen.store
// CHECK-NOT: util.scope
func.func @keeps_workgroups(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  %r = util.scope [#util.zone<"z">] -> (tensor<8xf32>) {
    %w = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
      %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
      %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
      codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
    util.return %w : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
