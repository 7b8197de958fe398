// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s
// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | scope-opt --split-input-file | FileCheck %s

#map = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// A tied update through two nested scopes happens in place: no allocation,
// no copy, both ties survive and the function returns its argument's buffer.
// CHECK-LABEL: func.func @tied_nested
//  CHECK-SAME: (%[[T:.+]]: memref<?xf32>, %[[D:.+]]: index, %[[F:.+]]: f32) -> memref<?xf32>
//   CHECK-NOT: memref.alloc
//   CHECK-NOT: memref.copy
//       CHECK: %[[R:.+]] = util.scope [#util.zone<"outer">] (%[[T]] as %[[A:.+]]: memref<?xf32>{%[[D]]}) -> (%[[T]]) {
//       CHECK:   %[[I:.+]] = util.scope [#util.zone<"inner">] (%[[A]] as %[[B:.+]]: memref<?xf32>{%[[D]]}) -> (%[[A]]) {
//       CHECK:     linalg.generic {{.+}} outs(%[[B]] : memref<?xf32>)
//       CHECK:     util.return %[[B]] : memref<?xf32>
//       CHECK:   util.return %[[I]] : memref<?xf32>
//   CHECK-NOT: memref.alloc
//   CHECK-NOT: memref.copy
//       CHECK: return %[[R]] : memref<?xf32>
func.func @tied_nested(%t: tensor<?xf32>, %d: index, %f: f32) -> tensor<?xf32> {
  %r = util.scope [#util.zone<"outer">] (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    %i = util.scope [#util.zone<"inner">] (%a as %b: tensor<?xf32>{%d}) -> (%a) {
      %x = linalg.generic {indexing_maps = [#scalar, #map], iterator_types = ["parallel"]}
          ins(%f : f32) outs(%b : tensor<?xf32>) {
      ^bb0(%in: f32, %o: f32):
        %s = arith.addf %o, %in : f32
        linalg.yield %s : f32
      } -> tensor<?xf32>
      util.return %x : tensor<?xf32>
    }
    util.return %i : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>

// A tied read-modify-write inside an scf.for body stays in place in every
// iteration: the loop carries the argument's buffer.
// CHECK-LABEL: func.func @tied_in_loop
//  CHECK-SAME: (%[[T:.+]]: memref<?xf32>, %[[D:.+]]: index, %[[N:.+]]: index)
//   CHECK-NOT: memref.alloc
//   CHECK-NOT: memref.copy
//       CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %[[T]]) -> (memref<?xf32>) {
//       CHECK:   %[[S:.+]] = util.scope (%[[ACC]] as %[[A:.+]]: memref<?xf32>{%[[D]]}) -> (%[[ACC]]) {
//       CHECK:     linalg.generic {{.+}} outs(%[[A]] : memref<?xf32>)
//       CHECK:     util.return %[[A]] : memref<?xf32>
//       CHECK:   scf.yield %[[S]] : memref<?xf32>
//   CHECK-NOT: memref.alloc
//   CHECK-NOT: memref.copy
//       CHECK: return
func.func @tied_in_loop(%t: tensor<?xf32>, %d: index, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> tensor<?xf32> {
    %s = util.scope (%acc as %a: tensor<?xf32>{%d}) -> (%acc) {
      %x = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]}
          outs(%a : tensor<?xf32>) {
      ^bb0(%o: f32):
        %y = arith.addf %o, %o : f32
        linalg.yield %y : f32
      } -> tensor<?xf32>
      util.return %x : tensor<?xf32>
    }
    scf.yield %s : tensor<?xf32>
  }
  return %l : tensor<?xf32>
}

// -----

#map = affine_map<(d0) -> (d0)>

// The tied capture is still read after the scope: exactly one copy, made at
// the write inside the body; the result is no longer the capture's buffer, so
// the tie is dropped and the result lists the capture's dims.
// CHECK-LABEL: func.func @tied_used_after
//  CHECK-SAME: (%[[T:.+]]: memref<?xf32>, %[[D:.+]]: index)
//       CHECK: %[[R:.+]] = util.scope (%[[T]] as %[[A:.+]]: memref<?xf32>{%[[D]]}) -> (memref<?xf32>{%[[D]]}) {
//       CHECK:   %[[NEW:.+]] = memref.alloc(%{{.+}}) {{.+}} : memref<?xf32>
//       CHECK:   memref.copy %[[A]], %[[NEW]]
//       CHECK:   linalg.generic {{.+}} outs(%[[NEW]] : memref<?xf32>)
//       CHECK:   util.return %[[NEW]] : memref<?xf32>
//   CHECK-NOT: memref.copy
//       CHECK: return %[[R]], %[[T]]
func.func @tied_used_after(%t: tensor<?xf32>, %d: index) -> (tensor<?xf32>, tensor<?xf32>) {
  %r = util.scope (%t as %a: tensor<?xf32>{%d}) -> (%t) {
    %x = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]}
        outs(%a : tensor<?xf32>) {
    ^bb0(%o: f32):
      %y = arith.addf %o, %o : f32
      linalg.yield %y : f32
    } -> tensor<?xf32>
    util.return %x : tensor<?xf32>
  }
  return %r, %t : tensor<?xf32>, tensor<?xf32>
}

// -----

// A read-only capture used after the scope is not copied.
// CHECK-LABEL: func.func @no_copy_read_only
//   CHECK-NOT: memref.copy
//       CHECK: util.scope (%{{.+}} as %[[A:.+]]: memref<4x?xf32>{%{{.+}}}) -> (f32)
//       CHECK:   memref.load %[[A]]
//   CHECK-NOT: memref.copy
//       CHECK: return
func.func @no_copy_read_only(%t: tensor<4x?xf32>, %d: index) -> (f32, tensor<4x?xf32>) {
  %c0 = arith.constant 0 : index
  %r = util.scope (%t as %a: tensor<4x?xf32>{%d}) -> (f32) {
    %e = tensor.extract %a[%c0, %c0] : tensor<4x?xf32>
    util.return %e : f32
  }
  return %r, %t : f32, tensor<4x?xf32>
}

// -----

// A new dynamically shaped result: allocated inside the scope with its dims.
// CHECK-LABEL: func.func @untied_dynamic
//  CHECK-SAME: (%[[D0:.+]]: index, %[[D1:.+]]: index, %[[F:.+]]: f32) -> memref<?x?xf32>
//       CHECK: %[[R:.+]] = util.scope -> (memref<?x?xf32>{%[[D0]], %[[D1]]}) {
//       CHECK:   %[[NEW:.+]] = memref.alloc(%[[D0]], %[[D1]]) {{.+}} : memref<?x?xf32>
//       CHECK:   linalg.fill ins(%[[F]] : f32) outs(%[[NEW]] : memref<?x?xf32>)
//       CHECK:   util.return %[[NEW]] : memref<?x?xf32>
func.func @untied_dynamic(%d0: index, %d1: index, %f: f32) -> tensor<?x?xf32> {
  %r = util.scope -> (tensor<?x?xf32>{%d0, %d1}) {
    %e = tensor.empty(%d0, %d1) : tensor<?x?xf32>
    %x = linalg.fill ins(%f : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
    util.return %x : tensor<?x?xf32>
  }
  return %r : tensor<?x?xf32>
}

// -----

// A multi-block body: the branch forwards the capture's buffer to another
// block, which updates it in place; both exits yield the capture's buffer, so
// the tie stays.
// CHECK-LABEL: func.func @multi_block
//  CHECK-SAME: (%[[C:.+]]: i1, %[[T:.+]]: memref<4xf32>, %[[F:.+]]: f32)
//   CHECK-NOT: memref.alloc
//   CHECK-NOT: memref.copy
//       CHECK: util.scope (%[[C]] as %[[CC:.+]]: i1, %[[T]] as %[[A:.+]]: memref<4xf32>) -> (%[[T]]) {
//       CHECK:   cf.cond_br %[[CC]], ^bb1(%[[A]] : memref<4xf32>), ^bb2
//       CHECK: ^bb1(%[[B:.+]]: memref<4xf32>):
//       CHECK:   linalg.fill ins(%[[F]] : f32) outs(%[[B]] : memref<4xf32>)
//       CHECK:   util.return %[[B]] : memref<4xf32>
//       CHECK: ^bb2:
//       CHECK:   util.return %[[A]] : memref<4xf32>
func.func @multi_block(%c: i1, %t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = util.scope (%c as %cc: i1, %t as %a: tensor<4xf32>) -> (%t) {
    cf.cond_br %cc, ^bb1(%a : tensor<4xf32>), ^bb2
  ^bb1(%b: tensor<4xf32>):
    %x = linalg.fill ins(%f : f32) outs(%b : tensor<4xf32>) -> tensor<4xf32>
    util.return %x : tensor<4xf32>
  ^bb2:
    util.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Writing to a constant captured by a scope must not write the global: the
// write copies it first.
// CHECK-LABEL: func.func @no_write_to_constant
//       CHECK: %[[G:.+]] = memref.get_global
//       CHECK: util.scope (%[[G]] as %[[A:.+]]: memref<2xf32>) -> (memref<2xf32>) {
//       CHECK:   %[[NEW:.+]] = memref.alloc() {{.+}} : memref<2xf32>
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[NEW]] : memref<2xf32>)
func.func @no_write_to_constant(%f: f32) -> tensor<2xf32> {
  %cst = arith.constant dense<1.0> : tensor<2xf32>
  %r = util.scope (%cst as %a: tensor<2xf32>) -> (%cst) {
    %x = linalg.fill ins(%f : f32) outs(%a : tensor<2xf32>) -> tensor<2xf32>
    util.return %x : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// -----

// A multi-block body where one exit yields a new buffer: the tie is dropped
// on that result (the buffers differ at run time).
// CHECK-LABEL: func.func @multi_block_untied
//       CHECK: util.scope (%{{.+}} as %{{.+}}: i1, %[[T:.+]] as %{{.+}}: memref<?xf32>{%[[D:.+]]}) -> (memref<?xf32>{%[[D]]}) {
//       CHECK:   memref.alloc
func.func @multi_block_untied(%c: i1, %t: tensor<?xf32>, %d: index, %f: f32) -> tensor<?xf32> {
  %r = util.scope (%c as %cc: i1, %t as %a: tensor<?xf32>{%d}) -> (%t) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    util.return %a : tensor<?xf32>
  ^bb2:
    %e = tensor.empty(%d) : tensor<?xf32>
    %x = linalg.fill ins(%f : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    util.return %x : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
