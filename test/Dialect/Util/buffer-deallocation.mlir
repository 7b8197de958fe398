// RUN: scope-opt --split-input-file --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: scope-opt --split-input-file --ownership-based-buffer-deallocation %s | scope-opt --split-input-file | FileCheck %s
// The whole pipeline (with canonicalization, which then simplifies the
// scopes) gives IR that verifies and frees the buffers.
// RUN: scope-opt --split-input-file --buffer-deallocation-pipeline %s | scope-opt --split-input-file --verify-each | FileCheck %s --check-prefix=PIPE

// A buffer allocated inside a scope and used after it: the scope returns its
// ownership as an extra untied i1 result, and the buffer is freed after its
// last use above the scope.
// CHECK-LABEL: func.func @alloc_in_scope
//  CHECK-SAME: (%[[D:.+]]: index, %[[F:.+]]: f32)
//       CHECK: %[[R:.+]]:2 = util.scope [#util.zone<"z">] -> (memref<?xf32>{%[[D]]}, i1) {
//       CHECK:   %[[A:.+]] = memref.alloc(%[[D]])
//       CHECK:   %[[OWN:.+]] = bufferization.dealloc ({{.+}}) if ({{.+}}) retain (%[[A]] : memref<?xf32>)
//       CHECK:   util.return %[[A]], %[[OWN]] : memref<?xf32>, i1
//       CHECK: memref.load %[[R]]#0
//       CHECK: %[[BASE:[^,]+]], {{.+}} = memref.extract_strided_metadata %[[R]]#0
//       CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[R]]#1)
// PIPE-LABEL: func.func @alloc_in_scope
//       PIPE: %[[R:.+]] = util.scope
//       PIPE:   memref.alloc
//       PIPE: memref.load %[[R]]
//       PIPE: memref.dealloc
func.func @alloc_in_scope(%d: index, %f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = util.scope [#util.zone<"z">] -> (memref<?xf32>{%d}) {
    %a = memref.alloc(%d) : memref<?xf32>
    linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
    util.return %a : memref<?xf32>
  }
  %v = memref.load %r[%c0] : memref<?xf32>
  return %v : f32
}

// -----

// A tied in-place update of a function argument: the scope takes no
// ownership of its capture (its ownership inside is `false`, no extra
// capture), the tie and the dims stay, and nothing is freed.
// CHECK-LABEL: func.func @tied_capture
//  CHECK-SAME: (%[[T:.+]]: memref<?xf32>, %[[D:.+]]: index, %[[F:.+]]: f32)
//       CHECK: %[[R:.+]]:2 = util.scope (%[[T]] as %[[A:.+]]: memref<?xf32>{%[[D]]}) -> (%[[T]], i1) {
//       CHECK:   %[[FALSE:.+]] = arith.constant false
//       CHECK:   linalg.fill ins(%[[F]] : f32) outs(%[[A]] : memref<?xf32>)
//       CHECK:   %[[OWN:.+]] = bufferization.dealloc ({{.+}}) if (%[[FALSE]]) retain (%[[A]] : memref<?xf32>)
//       CHECK:   util.return %[[A]], %[[OWN]] : memref<?xf32>, i1
//       CHECK: return
// PIPE-LABEL: func.func @tied_capture
//   PIPE-NOT: memref.dealloc
//       PIPE: return
func.func @tied_capture(%t: memref<?xf32>, %d: index, %f: f32) -> memref<?xf32> {
  %r = util.scope (%t as %a: memref<?xf32>{%d}) -> (%t) {
    linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
    util.return %a : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

// Nested scopes: the inner scope's buffer is freed inside the outer body.
// CHECK-LABEL: func.func @nested
//       CHECK: util.scope [#util.zone<"outer">] -> (f32) {
//       CHECK:   %[[I:.+]]:2 = util.scope [#util.zone<"inner">] -> (memref<4xf32>, i1) {
//       CHECK:     memref.alloc()
//       CHECK:     util.return %{{.+}}, %{{.+}} : memref<4xf32>, i1
//       CHECK:   memref.load %[[I]]#0
//       CHECK:   bufferization.dealloc ({{.+}}) if (%[[I]]#1)
//       CHECK:   util.return %{{.+}} : f32
// PIPE-LABEL: func.func @nested
//       PIPE: util.scope [#util.zone<"outer">]
//       PIPE:   util.scope [#util.zone<"inner">]
//       PIPE:   memref.dealloc
//       PIPE:   util.return
func.func @nested(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = util.scope [#util.zone<"outer">] -> (f32) {
    %i = util.scope [#util.zone<"inner">] -> (memref<4xf32>) {
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      util.return %a : memref<4xf32>
    }
    %v = memref.load %i[%c0] : memref<4xf32>
    util.return %v : f32
  }
  return %r : f32
}

// -----

// A multi-block body: the branch forwards ownership with the buffer and both
// exits return an ownership indicator; the captured buffer is not owned.
// CHECK-LABEL: func.func @multi_block
//       CHECK: %[[R:.+]]:2 = util.scope (%{{.+}} as %[[C:.+]]: i1, %{{.+}} as %[[A:.+]]: memref<4xf32>) -> (memref<4xf32>, i1) {
//       CHECK:   %[[NOTOWNED:.+]] = arith.constant false
//       CHECK:   cf.cond_br %[[C]], ^bb1(%[[A]], %{{.+}} : memref<4xf32>, i1), ^bb2
//       CHECK: ^bb1(%[[B:.+]]: memref<4xf32>, %[[BOWN:.+]]: i1):
//       CHECK:   %[[OWN1:.+]] = bufferization.dealloc ({{.+}}) if (%[[BOWN]]) retain (%[[B]] : memref<4xf32>)
//       CHECK:   util.return %[[B]], %[[OWN1]] : memref<4xf32>, i1
//       CHECK: ^bb2:
//       CHECK:   util.return %{{.+}}, %{{.+}} : memref<4xf32>, i1
func.func @multi_block(%c: i1, %t: memref<4xf32>, %f: f32) -> memref<4xf32> {
  %r = util.scope (%c as %cc: i1, %t as %a: memref<4xf32>) -> (memref<4xf32>) {
    cf.cond_br %cc, ^bb1(%a : memref<4xf32>), ^bb2
  ^bb1(%b: memref<4xf32>):
    linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
    util.return %b : memref<4xf32>
  ^bb2:
    %n = memref.alloc() : memref<4xf32>
    util.return %n : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// A scope inside an scf.for body updating the loop-carried buffer.
// CHECK-LABEL: func.func @in_loop
//       CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[ACCOWN:.+]] = %{{.+}}) -> (memref<4xf32>, i1) {
//       CHECK:   %[[S:.+]]:2 = util.scope (%[[ACC]] as %{{.+}}: memref<4xf32>) -> (%[[ACC]], i1) {
//       CHECK:   scf.yield %[[S]]#0, %{{.+}} : memref<4xf32>, i1
func.func @in_loop(%t: memref<4xf32>, %n: index, %f: f32) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> memref<4xf32> {
    %s = util.scope (%acc as %a: memref<4xf32>) -> (%acc) {
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      util.return %a : memref<4xf32>
    }
    scf.yield %s : memref<4xf32>
  }
  return %l : memref<4xf32>
}
