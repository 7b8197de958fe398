// RUN: scope-opt --split-input-file --util-capture-scope-values %s | FileCheck %s

// A dynamically shaped value with a tensor.dim above: the dim is reused.
// CHECK-LABEL: func.func @reuse_dim
//  CHECK-SAME: (%[[X:.+]]: tensor<?x8xf32>)
//       CHECK:   %[[D:.+]] = tensor.dim %[[X]]
//   CHECK-NOT:   tensor.dim
//       CHECK:   util.scope (%[[X]] as %[[A:.+]]: tensor<?x8xf32>{%[[D]]}) -> (tensor<?x8xf32>{%[[D]]}) {
//  CHECK-NEXT:     arith.negf %[[A]] : tensor<?x8xf32>
func.func @reuse_dim(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %x, %c0 : tensor<?x8xf32>
  %r = util.scope -> (tensor<?x8xf32>{%d}) {
    %n = arith.negf %x : tensor<?x8xf32>
    util.return %n : tensor<?x8xf32>
  }
  return %r : tensor<?x8xf32>
}

// -----

// No dim above: a tensor.dim is inserted right above the scope.
// CHECK-LABEL: func.func @new_dim
//  CHECK-SAME: (%[[X:.+]]: tensor<4x?xf32>, %[[D:.+]]: index)
//       CHECK:   %[[C1:.+]] = arith.constant 1 : index
//       CHECK:   %[[XD:.+]] = tensor.dim %[[X]], %[[C1]]
//  CHECK-NEXT:   util.scope (%[[X]] as %[[A:.+]]: tensor<4x?xf32>{%[[XD]]}) -> (tensor<4x?xf32>{%[[D]]}) {
//  CHECK-NEXT:     arith.negf %[[A]]
func.func @new_dim(%x: tensor<4x?xf32>, %d: index) -> tensor<4x?xf32> {
  %r = util.scope -> (tensor<4x?xf32>{%d}) {
    %n = arith.negf %x : tensor<4x?xf32>
    util.return %n : tensor<4x?xf32>
  }
  return %r : tensor<4x?xf32>
}

// -----

// A tensor.empty above: its size operand is the dim; linalg ops in the body
// capture their operands, constants stay implicit.
// CHECK-LABEL: func.func @empty_size
//  CHECK-SAME: (%[[N:.+]]: index, %[[W:.+]]: tensor<8x8xf32>)
//       CHECK:   %[[CST:.+]] = arith.constant 0.0
//       CHECK:   %[[E:.+]] = tensor.empty(%[[N]])
//   CHECK-NOT:   tensor.dim
//       CHECK:   util.scope [#util.zone<"mm">] (%[[E]] as %[[EA:.+]]: tensor<?x8xf32>{%[[N]]}, %[[W]] as %[[WA:.+]]: tensor<8x8xf32>) -> (tensor<?x8xf32>{%[[N]]}) {
//       CHECK:     %[[F:.+]] = linalg.fill ins(%[[CST]] : f32) outs(%[[EA]] :
//       CHECK:     linalg.matmul ins(%[[F]], %[[WA]] :
func.func @empty_size(%n: index, %w: tensor<8x8xf32>) -> tensor<?x8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %r = util.scope [#util.zone<"mm">] -> (tensor<?x8xf32>{%n}) {
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
    %m = linalg.matmul ins(%f, %w : tensor<?x8xf32>, tensor<8x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
    util.return %m : tensor<?x8xf32>
  }
  return %r : tensor<?x8xf32>
}

// -----

// Existing captures and ties keep their positions; new captures and their
// dims go after them.
// CHECK-LABEL: func.func @keeps_ties
//  CHECK-SAME: (%[[T:.+]]: tensor<?xf32>, %[[D:.+]]: index, %[[U:.+]]: tensor<?xf32>, %{{.+}}: index)
//       CHECK:   %[[UD:.+]] = tensor.dim %[[U]]
//       CHECK:   util.scope (%[[T]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}, %[[U]] as %[[B:.+]]: tensor<?xf32>{%[[UD]]}) -> (%[[T]]) {
//       CHECK:     linalg.add ins(%[[A]], %[[B]] : {{.*}}) outs(%[[A]] :
func.func @keeps_ties(%t: tensor<?xf32>, %d: index, %u: tensor<?xf32>, %e: index) -> tensor<?xf32> {
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    %s = linalg.add ins(%a, %u : tensor<?xf32>, tensor<?xf32>) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    util.return %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Nested scopes: the outer one is rewritten first, so the inner one captures
// the outer block argument and reuses the outer capture's dims.
// CHECK-LABEL: func.func @nested
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[Y:.+]]: tensor<?xf32>, %[[DY:.+]]: index)
//       CHECK:   %[[XD:.+]] = tensor.dim %[[X]]
//       CHECK:   %[[YD:.+]] = tensor.dim %[[Y]]
//       CHECK:   util.scope [#util.zone<"outer">] (%[[X]] as %[[XA:.+]]: tensor<?xf32>{%[[XD]]}, %[[Y]] as %[[YA:.+]]: tensor<?xf32>{%[[YD]]}) -> (tensor<?xf32>{%[[DY]]}) {
//  CHECK-NEXT:     util.scope [#util.zone<"inner">] (%[[XA]] as %[[XI:.+]]: tensor<?xf32>{%[[XD]]}) -> (tensor<4xf32>) {
//  CHECK-NEXT:       tensor.extract_slice %[[XI]]
//       CHECK:     arith.addf %[[YA]], %[[YA]]
func.func @nested(%x: tensor<?xf32>, %y: tensor<?xf32>, %dy: index) -> tensor<?xf32> {
  %r = util.scope [#util.zone<"outer">] -> (tensor<?xf32>{%dy}) {
    %i = util.scope [#util.zone<"inner">] -> (tensor<4xf32>) {
      %s = tensor.extract_slice %x[0] [4] [1] : tensor<?xf32> to tensor<4xf32>
      util.return %s : tensor<4xf32>
    }
    %p = arith.addf %y, %y : tensor<?xf32>
    util.return %p : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A result of an enclosing scope used by a later scope: the result dims of
// the first scope are reused.
// CHECK-LABEL: func.func @scope_result
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK:   %[[A:.+]] = util.scope (%[[X]] as
//       CHECK:   util.scope (%[[A]] as %{{.+}}: tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[D]]}) {
func.func @scope_result(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %a = util.scope -> (tensor<?xf32>{%d}) {
    %n = arith.negf %x : tensor<?xf32>
    util.return %n : tensor<?xf32>
  }
  %b = util.scope -> (tensor<?xf32>{%d}) {
    %m = arith.mulf %a, %a : tensor<?xf32>
    util.return %m : tensor<?xf32>
  }
  return %b : tensor<?xf32>
}

// -----

// Inside scf.for: the iteration argument is captured with a dim computed in
// the loop body; the induction variable is captured as is.
// CHECK-LABEL: func.func @in_loop
//       CHECK:   scf.for %[[I:.+]] = {{.*}} iter_args(%[[ACC:.+]] = %{{.+}})
//       CHECK:     %[[D:.+]] = tensor.dim %[[ACC]]
//       CHECK:     %[[F:.+]] = arith.sitofp
//       CHECK:     util.scope (%[[F]] as %[[FA:.+]]: f32, %[[ACC]] as %[[AA:.+]]: tensor<?xf32>{%[[D]]}, %[[I]] as %[[IA:.+]]: index) -> (tensor<?xf32>{%[[D]]}) {
//  CHECK-NEXT:       tensor.insert %[[FA]] into %[[AA]][%[[IA]]]
func.func @in_loop(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<?xf32> {
    %d = tensor.dim %acc, %c0 : tensor<?xf32>
    %ii = arith.index_cast %i : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %s = util.scope -> (tensor<?xf32>{%d}) {
      %v = tensor.insert %fi into %acc[%i] : tensor<?xf32>
      util.return %v : tensor<?xf32>
    }
    scf.yield %s : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Memrefs get memref.dim.
// CHECK-LABEL: func.func @memref
//  CHECK-SAME: (%[[M:.+]]: memref<?xf32>, %[[V:.+]]: f32)
//       CHECK:   %[[D:.+]] = memref.dim %[[M]]
//       CHECK:   util.scope (%[[V]] as %[[VA:.+]]: f32, %[[M]] as %[[MA:.+]]: memref<?xf32>{%[[D]]}) {
//       CHECK:     memref.store %[[VA]], %[[MA]]
func.func @memref(%m: memref<?xf32>, %v: f32) {
  util.scope {
    %c0 = arith.constant 0 : index
    memref.store %v, %m[%c0] : memref<?xf32>
    util.return
  }
  return
}

// -----

// Nothing to capture: constants stay implicit, explicit captures stay as they
// are.
// CHECK-LABEL: func.func @no_implicit_captures
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>)
//       CHECK:   %[[CST:.+]] = arith.constant dense
//       CHECK:   util.scope (%[[X]] as %[[A:.+]]: tensor<4xf32>) -> (tensor<4xf32>) {
//  CHECK-NEXT:     arith.addf %[[A]], %[[CST]]
func.func @no_implicit_captures(%x: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant dense<1.0> : tensor<4xf32>
  %r = util.scope (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %s = arith.addf %a, %cst : tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A value captured explicitly and also used directly: the direct use switches
// to the existing block argument instead of capturing the value twice.
// CHECK-LABEL: func.func @explicit_and_implicit_use
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK:   util.scope (%[[X]] as %[[A:.+]]: tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[D]]}) {
//  CHECK-NEXT:     arith.addf %[[A]], %[[A]]
func.func @explicit_and_implicit_use(%x: tensor<?xf32>, %d: index) -> tensor<?xf32> {
  %r = util.scope (%x as %a: tensor<?xf32>{%d}) -> (tensor<?xf32>{%d}) {
    %n = arith.addf %a, %x : tensor<?xf32>
    util.return %n : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Three scopes deep, with uses from above at every level: %x is used only
// in the innermost scope, yet every scope between captures it in turn (the
// outermost the function argument, the others the block argument of the
// scope around them); %y, captured explicitly by the outermost scope, is
// used directly two levels down and switches to the middle scope's capture
// of that block argument. Every level reuses the dim of the capture around
// it, and the innermost scope captures the middle scope's own tensor.dim,
// which it uses, as an index.
// CHECK-LABEL: func.func @three_deep
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[Y:.+]]: tensor<?xf32>, %[[D:.+]]: index)
//       CHECK:   %[[XD:.+]] = tensor.dim %[[X]]
//       CHECK:   util.scope [#util.zone<"a">] (%[[Y]] as %[[YA:.+]]: tensor<?xf32>{%[[D]]}, %[[X]] as %[[XA:.+]]: tensor<?xf32>{%[[XD]]}) -> (tensor<4xf32>) {
//       CHECK:     util.scope [#util.zone<"b">] (%[[XA]] as %[[XB:.+]]: tensor<?xf32>{%[[XD]]}, %[[YA]] as %[[YB:.+]]: tensor<?xf32>{%[[D]]}) -> (tensor<4xf32>) {
//       CHECK:       %[[BD:.+]] = tensor.dim %[[XB]], %{{.+}} : tensor<?xf32>
//       CHECK:       util.scope [#util.zone<"c">] (%[[XB]] as %[[XC:.+]]: tensor<?xf32>{%[[XD]]}, %[[YB]] as %[[YC:.+]]: tensor<?xf32>{%[[D]]}, %[[BD]] as %[[BDC:.+]]: index) -> (tensor<4xf32>) {
//  CHECK-NEXT:         tensor.extract_slice %[[XC]][0] [4] [1]
//  CHECK-NEXT:         tensor.extract_slice %[[YC]][%[[BDC]]] [4] [1]
//       CHECK:       util.return
//       CHECK:     util.return
//       CHECK:   util.return
func.func @three_deep(%x: tensor<?xf32>, %y: tensor<?xf32>, %d: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %r = util.scope [#util.zone<"a">] (%y as %ya: tensor<?xf32>{%d}) -> (tensor<4xf32>) {
    %rb = util.scope [#util.zone<"b">] -> (tensor<4xf32>) {
      %bd = tensor.dim %x, %c0 : tensor<?xf32>
      %rc = util.scope [#util.zone<"c">] -> (tensor<4xf32>) {
        %s = tensor.extract_slice %x[0] [4] [1] : tensor<?xf32> to tensor<4xf32>
        %t = tensor.extract_slice %y[%bd] [4] [1] : tensor<?xf32> to tensor<4xf32>
        %u = arith.addf %s, %t : tensor<4xf32>
        util.return %u : tensor<4xf32>
      }
      util.return %rc : tensor<4xf32>
    }
    util.return %rb : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// An annotation between two scopes takes no captures: the inner scope
// captures the outer scope's block arguments through it.
// CHECK-LABEL: func.func @through_annotation
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[Y:.+]]: f32)
//       CHECK:   %[[XD:.+]] = tensor.dim %[[X]]
//       CHECK:   util.scope [#util.zone<"outer">] (%[[X]] as %[[XA:.+]]: tensor<?xf32>{%[[XD]]}, %[[Y]] as %[[YA:.+]]: f32) -> (tensor<4xf32>) {
//  CHECK-NEXT:     util.annotate [#util.zone<"mid">] {
//  CHECK-NEXT:       util.scope [#util.zone<"inner">] (%[[XA]] as %[[XI:.+]]: tensor<?xf32>{%[[XD]]}, %[[YA]] as %[[YI:.+]]: f32) -> (tensor<4xf32>) {
//  CHECK-NEXT:         %[[S:.+]] = tensor.extract_slice %[[XI]]
//  CHECK-NEXT:         linalg.fill ins(%[[YI]] : f32) outs(%[[S]] : tensor<4xf32>)
func.func @through_annotation(%x: tensor<?xf32>, %y: f32) -> tensor<4xf32> {
  %r = util.scope [#util.zone<"outer">] -> (tensor<4xf32>) {
    %a = util.annotate [#util.zone<"mid">] {
      %i = util.scope [#util.zone<"inner">] -> (tensor<4xf32>) {
        %s = tensor.extract_slice %x[0] [4] [1] : tensor<?xf32> to tensor<4xf32>
        %f = linalg.fill ins(%y : f32) outs(%s : tensor<4xf32>) -> tensor<4xf32>
        util.return %f : tensor<4xf32>
      }
      util.return %i : tensor<4xf32>
    } : tensor<4xf32>
    util.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
