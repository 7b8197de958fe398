// RUN: scope-opt --split-input-file --ownership-based-buffer-deallocation %s | FileCheck %s
// RUN: scope-opt --split-input-file --ownership-based-buffer-deallocation %s | scope-opt --split-input-file | FileCheck %s
// The whole pipeline (with canonicalization, which then simplifies the
// scopes) gives IR that verifies and frees the buffers.
// RUN: scope-opt --split-input-file --buffer-deallocation-pipeline %s | scope-opt --split-input-file --verify-each | FileCheck %s --check-prefix=PIPE
// With the scopes stripped afterwards, the pipeline leaves the same
// deallocation code as for the program stripped before it (compared, not
// counted here).
// RUN: scope-opt --split-input-file --buffer-deallocation-pipeline %s | scope-opt --split-input-file --util-strip-scopes > %t.scoped
// RUN: scope-opt --split-input-file --util-strip-scopes --buffer-deallocation-pipeline %s > %t.plain
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.scoped --at-most %t.plain

// A buffer allocated inside a scope and used after it: the body hands it
// over instead of freeing it, the scope result is owned (no run-time
// ownership result), and it is freed above the scope like the allocation
// would be without the scope.
// CHECK-LABEL: func.func @alloc_in_scope
//  CHECK-SAME: (%[[D:.+]]: index, %[[F:.+]]: f32)
//       CHECK: %[[R:.+]] = util.scope [#util.zone<"z">] -> (memref<?xf32>{%[[D]]}) {
//       CHECK:   %[[A:.+]] = memref.alloc(%[[D]])
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   util.return %[[A]] : memref<?xf32>
//       CHECK: %[[TRUE:.+]] = arith.constant true
//       CHECK: memref.load %[[R]]
//       CHECK: %[[BASE:[^,]+]], {{.+}} = memref.extract_strided_metadata %[[R]]
//       CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[TRUE]])
// PIPE-LABEL: func.func @alloc_in_scope
//       PIPE: %[[R:.+]] = util.scope
//       PIPE:   memref.alloc
//   PIPE-NOT:   dealloc
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
// capture), the tie and the dims stay, and the result has the argument's
// ownership (`false`), as the argument itself would: returning it from the
// function clones it, as without the scope.
// CHECK-LABEL: func.func @tied_capture
//  CHECK-SAME: (%[[T:.+]]: memref<?xf32>, %[[D:.+]]: index, %[[F:.+]]: f32)
//       CHECK: %[[NOTOWNED:.+]] = arith.constant false
//       CHECK: %[[R:.+]] = util.scope (%[[T]] as %[[A:.+]]: memref<?xf32>{%[[D]]}) -> (%[[T]]) {
//       CHECK:   %[[FALSE:.+]] = arith.constant false
//       CHECK:   linalg.fill ins(%[[F]] : f32) outs(%[[A]] : memref<?xf32>)
//       CHECK:   bufferization.dealloc ({{.+}}) if (%[[FALSE]]){{$}}
//       CHECK:   util.return %[[A]] : memref<?xf32>
//       CHECK: scf.if %[[NOTOWNED]]
//       CHECK:   scf.yield %[[R]]
//       CHECK:   bufferization.clone %[[R]]
// PIPE-LABEL: func.func @tied_capture
//   PIPE-NOT: memref.dealloc
//       PIPE: bufferization.clone
//       PIPE: return
func.func @tied_capture(%t: memref<?xf32>, %d: index, %f: f32) -> memref<?xf32> {
  %r = util.scope (%t as %a: memref<?xf32>{%d}) -> (%t) {
    linalg.fill ins(%f : f32) outs(%a : memref<?xf32>)
    util.return %a : memref<?xf32>
  }
  return %r : memref<?xf32>
}

// -----

// A view of a captured allocation is, like any view, owned as the
// allocation is (`true`) and not freed by itself: the allocation is freed
// once, above the scope.
// CHECK-LABEL: func.func @view_of_capture
//       CHECK: %[[TRUE:.+]] = arith.constant true
//       CHECK: %[[A:.+]] = memref.alloc()
//       CHECK: %[[R:.+]] = util.scope (%[[A]] as %[[ARG:.+]]: memref<8xf32>) -> (memref<4xf32, strided<[1]>>) {
//       CHECK:   %[[V:.+]] = memref.subview %[[ARG]][0] [4] [1]
//       CHECK:   util.return %[[V]] : memref<4xf32, strided<[1]>>
//       CHECK: memref.load %[[R]]
//       CHECK: %[[BASE:[^,]+]], {{.+}} = memref.extract_strided_metadata %[[A]]
//       CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT: return
// PIPE-LABEL: func.func @view_of_capture
//       PIPE: util.scope
//       PIPE: memref.dealloc
//   PIPE-NOT: memref.dealloc
//       PIPE: return
func.func @view_of_capture(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
  %r = util.scope (%a as %arg: memref<8xf32>) -> (memref<4xf32, strided<[1]>>) {
    %v = memref.subview %arg[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    util.return %v : memref<4xf32, strided<[1]>>
  }
  %x = memref.load %r[%c0] : memref<4xf32, strided<[1]>>
  return %x : f32
}

// -----

// The same for a memref the body uses implicitly, next to an allocation the
// body frees itself: the body's dealloc no longer retains the view (it is
// not one of the body's allocations), so it frees its own buffer without a
// run-time alias check.
// CHECK-LABEL: func.func @view_of_implicit_capture
//       CHECK: %[[TRUE:.+]] = arith.constant true
//       CHECK: %[[A:.+]] = memref.alloc()
//       CHECK: %[[R:.+]] = util.scope -> (memref<4xf32, strided<[1]>>) {
//       CHECK:   %[[T:.+]] = memref.alloc()
//       CHECK:   %[[V:.+]] = memref.subview %[[A]][0] [4] [1]
//       CHECK:   bufferization.dealloc ({{.+}}) if ({{.+}}){{$}}
//       CHECK:   util.return %[[V]]
//       CHECK: %[[BASE:[^,]+]], {{.+}} = memref.extract_strided_metadata %[[A]]
//       CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%[[TRUE]])
//  CHECK-NEXT: return
func.func @view_of_implicit_capture(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%f : f32) outs(%a : memref<8xf32>)
  %r = util.scope -> (memref<4xf32, strided<[1]>>) {
    %t = memref.alloc() : memref<8xf32>
    memref.copy %a, %t : memref<8xf32> to memref<8xf32>
    %v = memref.subview %a[0] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1]>>
    util.return %v : memref<4xf32, strided<[1]>>
  }
  %x = memref.load %r[%c0] : memref<4xf32, strided<[1]>>
  return %x : f32
}

// -----

// A global returned next to an allocation: neither needs a run-time check;
// the global is not owned, the allocation is handed over.
// CHECK-LABEL: func.func @global_and_alloc
//       CHECK: %[[R:.+]]:2 = util.scope -> (memref<2xf32>, memref<2xf32>) {
//       CHECK:   %[[G:.+]] = memref.get_global @g
//       CHECK:   %[[A:.+]] = memref.alloc()
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   util.return %[[G]], %[[A]] : memref<2xf32>, memref<2xf32>
//       CHECK: %[[BASE:[^,]+]], {{.+}} = memref.extract_strided_metadata %[[R]]#1
//       CHECK: bufferization.dealloc (%[[BASE]] : memref<f32>) if (%{{.+}}){{$}}
// PIPE-LABEL: func.func @global_and_alloc
//   PIPE-NOT: scf.if
//       PIPE: memref.dealloc
//   PIPE-NOT: memref.dealloc
//       PIPE: return
memref.global "private" constant @g : memref<2xf32> = dense<[1.0, 2.0]>
func.func @global_and_alloc() -> f32 {
  %c0 = arith.constant 0 : index
  %r:2 = util.scope -> (memref<2xf32>, memref<2xf32>) {
    %g = memref.get_global @g : memref<2xf32>
    %a = memref.alloc() : memref<2xf32>
    memref.copy %g, %a : memref<2xf32> to memref<2xf32>
    util.return %g, %a : memref<2xf32>, memref<2xf32>
  }
  %x = memref.load %r#0[%c0] : memref<2xf32>
  %y = memref.load %r#1[%c0] : memref<2xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}

// -----

// Nested scopes: the inner allocation is handed over twice and freed above
// both scopes.
// CHECK-LABEL: func.func @nested
//       CHECK: %[[O:.+]] = util.scope [#util.zone<"outer">] -> (memref<4xf32>) {
//       CHECK:   %[[I:.+]] = util.scope [#util.zone<"inner">] -> (memref<4xf32>) {
//       CHECK:     memref.alloc()
//       CHECK:     util.return %{{.+}} : memref<4xf32>
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   util.return %[[I]] : memref<4xf32>
//       CHECK: memref.load %[[O]]
//       CHECK: memref.extract_strided_metadata %[[O]]
//       CHECK: bufferization.dealloc
// PIPE-LABEL: func.func @nested
//       PIPE: util.scope [#util.zone<"outer">]
//       PIPE:   util.scope [#util.zone<"inner">]
//   PIPE-NOT:   memref.dealloc
//       PIPE: memref.load
//       PIPE: memref.dealloc
func.func @nested(%f: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %r = util.scope [#util.zone<"outer">] -> (memref<4xf32>) {
    %i = util.scope [#util.zone<"inner">] -> (memref<4xf32>) {
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      util.return %a : memref<4xf32>
    }
    util.return %i : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A buffer used only inside the scope is freed there.
// CHECK-LABEL: func.func @local_buffer
//       CHECK: util.scope [#util.zone<"outer">] -> (f32) {
//       CHECK:   %[[I:.+]] = util.scope [#util.zone<"inner">] -> (memref<4xf32>) {
//       CHECK:   memref.load %[[I]]
//       CHECK:   bufferization.dealloc
//       CHECK:   util.return %{{.+}} : f32
func.func @local_buffer(%f: f32) -> f32 {
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

// An allocation handed over under a condition known only at run time (the
// result of an scf.if, the only buffer the body frees): the scope returns
// that condition as its ownership result, and the body's dealloc neither
// frees nor retains the buffer.
// CHECK-LABEL: func.func @handed_over_dynamic
//       CHECK: %[[R:.+]]:2 = util.scope (%{{.+}} as %[[C:.+]]: i1) -> (memref<4xf32>, i1) {
//       CHECK:   %[[IF:.+]]:2 = scf.if %[[C]] -> (memref<4xf32>, i1)
//       CHECK:   memref.extract_strided_metadata %[[IF]]#0
//  CHECK-NEXT:   util.return %[[IF]]#0, %[[IF]]#1 : memref<4xf32>, i1
//       CHECK: memref.extract_strided_metadata %[[R]]#0
//       CHECK: bufferization.dealloc ({{.+}}) if ({{.*}}%[[R]]#1)
func.func @handed_over_dynamic(%c: i1, %m: memref<4xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %r = util.scope (%c as %cc: i1) -> (memref<4xf32>) {
    %x = scf.if %cc -> (memref<4xf32>) {
      %a = memref.alloc() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    } else {
      scf.yield %m : memref<4xf32>
    }
    util.return %x : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// Two results that are the same allocation: handing it over through both
// would free it twice, so the pass's run-time ownership is kept.
// CHECK-LABEL: func.func @no_static_ownership_shared_buffer
//       CHECK: %[[R:.+]]:4 = util.scope -> (memref<4xf32>, memref<4xf32>, i1, i1) {
//       CHECK:   %[[A:.+]] = memref.alloc()
//       CHECK:   %[[OWN:.+]]:2 = bufferization.dealloc ({{.+}}) if ({{.+}}) retain (%[[A]], %[[A]] : memref<4xf32>, memref<4xf32>)
//       CHECK:   util.return %[[A]], %[[A]], %[[OWN]]#0, %[[OWN]]#1
func.func @no_static_ownership_shared_buffer() -> f32 {
  %c0 = arith.constant 0 : index
  %r:2 = util.scope -> (memref<4xf32>, memref<4xf32>) {
    %a = memref.alloc() : memref<4xf32>
    util.return %a, %a : memref<4xf32>, memref<4xf32>
  }
  %x = memref.load %r#0[%c0] : memref<4xf32>
  %y = memref.load %r#1[%c0] : memref<4xf32>
  %z = arith.addf %x, %y : f32
  return %z : f32
}

// -----

// A buffer of unknown origin (from a call) next to an allocation the body
// frees: they may be the same buffer, so the pass's run-time answer stays.
// CHECK-LABEL: func.func @no_static_ownership_unknown_origin
//       CHECK: %[[R:.+]]:2 = util.scope -> (memref<4xf32>, i1) {
//       CHECK:   %[[X:.+]] = func.call @make
//       CHECK:   %[[OWN:.+]] = bufferization.dealloc ({{.+}}) if ({{.+}}) retain (%[[X]] : memref<4xf32>)
//       CHECK:   util.return %[[X]], %[[OWN]]
func.func private @make() -> memref<4xf32>
func.func @no_static_ownership_unknown_origin() -> f32 {
  %c0 = arith.constant 0 : index
  %r = util.scope -> (memref<4xf32>) {
    %t = memref.alloc() : memref<4xf32>
    %x = func.call @make() : () -> memref<4xf32>
    memref.copy %t, %x : memref<4xf32> to memref<4xf32>
    util.return %x : memref<4xf32>
  }
  %v = memref.load %r[%c0] : memref<4xf32>
  return %v : f32
}

// -----

// A multi-block body: one exit returns the captured buffer forwarded
// through a block argument with its ownership, the other a new allocation,
// so the ownership is only known at run time. Each exit hands its buffer
// over with its own condition instead of retaining it in a dealloc.
// CHECK-LABEL: func.func @multi_block
//       CHECK: %[[R:.+]]:2 = util.scope (%{{.+}} as %[[C:.+]]: i1, %{{.+}} as %[[A:.+]]: memref<4xf32>) -> (memref<4xf32>, i1) {
//       CHECK:   %[[NOTOWNED:.+]] = arith.constant false
//       CHECK:   cf.cond_br %[[C]], ^bb1(%[[A]], %{{.+}} : memref<4xf32>, i1), ^bb2
//       CHECK: ^bb1(%[[B:.+]]: memref<4xf32>, %[[BOWN:.+]]: i1):
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   util.return %[[B]], %[[BOWN]] : memref<4xf32>, i1
//       CHECK: ^bb2:
//       CHECK:   %[[TRUE:.+]] = arith.constant true
//   CHECK-NOT:   bufferization.dealloc
//       CHECK:   util.return %{{.+}}, %[[TRUE]] : memref<4xf32>, i1
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

// Two exits that each return their own allocation: owned in both, so owned
// statically.
// CHECK-LABEL: func.func @multi_block_owned
//       CHECK: %[[R:.+]] = util.scope (%{{.+}} as %{{.+}}: i1) -> (memref<4xf32>) {
//       CHECK: ^bb1:
//       CHECK:   util.return %{{.+}} : memref<4xf32>
//       CHECK: ^bb2:
//       CHECK:   util.return %{{.+}} : memref<4xf32>
//       CHECK: return %[[R]]
func.func @multi_block_owned(%c: i1) -> memref<4xf32> {
  %r = util.scope (%c as %cc: i1) -> (memref<4xf32>) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    %a = memref.alloc() : memref<4xf32>
    util.return %a : memref<4xf32>
  ^bb2:
    %b = memref.alloc() : memref<4xf32>
    util.return %b : memref<4xf32>
  }
  return %r : memref<4xf32>
}

// -----

// A scope inside an scf.for body updating the loop-carried buffer: the
// result has the iter_arg's ownership, as the updated iter_arg would.
// CHECK-LABEL: func.func @in_loop
//       CHECK: scf.for {{.+}} iter_args(%[[ACC:.+]] = %{{.+}}, %[[ACCOWN:.+]] = %{{.+}}) -> (memref<4xf32>, i1) {
//       CHECK:   %[[S:.+]] = util.scope (%[[ACC]] as %{{.+}}: memref<4xf32>) -> (%[[ACC]]) {
//       CHECK:   %[[OWN:.+]] = bufferization.dealloc ({{.+}}) if (%[[ACCOWN]]) retain (%[[S]] : memref<4xf32>)
//       CHECK:   scf.yield %[[S]], %[[OWN]] : memref<4xf32>, i1
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
