// The CHECK lines are on results the callee returns
// (destination-results=false); outline-scopes-destination.mlir checks the
// default, results written into buffers the caller passes.
// RUN: scope-opt --split-input-file --util-outline-scopes=destination-results=false --verify-diagnostics %s | FileCheck %s
// What is outlined is taken by One-Shot Bufferize with function boundaries
// and by the deallocation pipeline, returns no buffer that deallocation must
// clone, and frees what it allocates like the program stripped of its
// scopes (compared by count-ops.py, not counted here). (Several buffers
// coming back from calls may still be freed through upstream's run-time
// helper, which cannot tell call results apart: @memref_casts.)
// RUN: scope-opt --split-input-file --util-outline-scopes=destination-results=false %s 2>/dev/null \
// RUN:   | scope-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline \
// RUN:   | scope-opt --split-input-file --util-strip-scopes=outlined=true > %t.outlined
// RUN: scope-opt --split-input-file --util-strip-scopes %s \
// RUN:   | scope-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline > %t.plain
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.outlined --at-most %t.plain --at-most-ops=bufferization.clone
// RUN: FileCheck %s --check-prefix=BUF < %t.outlined
// The same with destination results (the default).
// RUN: scope-opt --split-input-file --util-outline-scopes %s 2>/dev/null \
// RUN:   | scope-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline \
// RUN:   | scope-opt --split-input-file --util-strip-scopes=outlined=true > %t.destination
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.destination --at-most %t.plain --at-most-ops=bufferization.clone
// bufferization-safe=false outlines every scope, as before the checks.
// RUN: scope-opt --split-input-file --util-outline-scopes=bufferization-safe=false %s | FileCheck %s --check-prefix=UNSAFE

// util-outline-scopes makes functions that upstream bufferization takes as it
// takes the inlined body: casts to less static types and constants stay at
// the call site, values passed through are not returned, empty tensors are
// created in the callee, and signatures are ranked. A scope whose function
// would still not be taken stays, with a remark.

// The issue's reproducer: a scope ending in a cast to an unranked tensor (the
// printMemrefF32 idiom) gave a function returning tensor<*xf32>, on which
// One-Shot Bufferize crashes. The cast stays at the call site.
// CHECK-LABEL: func.func @unranked_cast_result
//  CHECK-SAME: (%[[T:.+]]: tensor<3xf32>)
//       CHECK:   %[[R:.+]] = call @unranked_cast_result_scope_0(%[[T]]) : (tensor<3xf32>) -> tensor<3xf32>
//       CHECK:   %[[U:.+]] = tensor.cast %[[R]] : tensor<3xf32> to tensor<*xf32>
//       CHECK:   call @ext(%[[U]])
//       CHECK: func.func private @unranked_cast_result_scope_0(%[[A:.+]]: tensor<3xf32>) -> tensor<3xf32>
//   CHECK-NOT:   tensor.cast
//       CHECK:   return
// BUF-LABEL: func.func @unranked_cast_result
//       BUF:   call @unranked_cast_result_scope_0({{.+}}) : (memref<3xf32, strided<[?], offset: ?>>) -> memref<3xf32>
//       BUF:   memref.cast {{.+}} to memref<*xf32>
func.func @unranked_cast_result(%t: tensor<3xf32>) {
  %r = util.scope -> (tensor<*xf32>) {
    %e = tensor.empty() : tensor<3xf32>
    %a = linalg.add ins(%t, %t : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    %u = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
    util.return %u : tensor<*xf32>
  }
  call @ext(%r) : (tensor<*xf32>) -> ()
  return
}
func.func private @ext(tensor<*xf32>)

// -----

// The same on buffers: a function returning memref.cast ... to memref<*xf32>
// had its result type folded by One-Shot Bufferize and not its calls
// ("result type mismatch"). Also a cast to a less static ranked type.
// CHECK-LABEL: func.func @memref_casts
//       CHECK:   %[[R:.+]]:2 = call @memref_casts_scope_0() : () -> (memref<3xf32>, memref<4xf32>)
//   CHECK-DAG:   memref.cast %[[R]]#0 : memref<3xf32> to memref<*xf32>
//   CHECK-DAG:   memref.cast %[[R]]#1 : memref<4xf32> to memref<?xf32>
//       CHECK: func.func private @memref_casts_scope_0() -> (memref<3xf32>, memref<4xf32>)
func.func @memref_casts() {
  %c4 = arith.constant 4 : index
  %r:2 = util.scope -> (memref<*xf32>, memref<?xf32>{%c4}) {
    %a = memref.alloc() : memref<3xf32>
    %b = memref.alloc() : memref<4xf32>
    %u = memref.cast %a : memref<3xf32> to memref<*xf32>
    %v = memref.cast %b : memref<4xf32> to memref<?xf32>
    util.return %u, %v : memref<*xf32>, memref<?xf32>
  }
  call @print(%r#0) : (memref<*xf32>) -> ()
  call @print_dyn(%r#1) : (memref<?xf32>) -> ()
  return
}
func.func private @print(memref<*xf32>)
func.func private @print_dyn(memref<?xf32>)

// -----

// A capture that is a cast to an unranked tensor: the callee takes the
// ranked value and casts it itself, so its signature is ranked and One-Shot
// Bufferize copies (or not) ranked buffers at the call.
// CHECK-LABEL: func.func @unranked_capture
//       CHECK:   %[[A:.+]] = linalg.add
//       CHECK:   call @unranked_capture_scope_0(%[[A]]) : (tensor<3xf32>) -> ()
//       CHECK: func.func private @unranked_capture_scope_0(%[[ARG:.+]]: tensor<3xf32>)
//       CHECK:   %[[U:.+]] = tensor.cast %[[ARG]] : tensor<3xf32> to tensor<*xf32>
//       CHECK:   call @printMemrefF32(%[[U]])
// BUF-LABEL: func.func private @unranked_capture_scope_0
//  BUF-SAME: memref<3xf32
func.func @unranked_capture(%c: tensor<3xf32>) {
  %e = tensor.empty() : tensor<3xf32>
  %a = linalg.add ins(%c, %c : tensor<3xf32>, tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %u = tensor.cast %a : tensor<3xf32> to tensor<*xf32>
  util.scope {
    func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    util.return
  }
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// Constants the body computes stay constants at the call site, so that
// later passes read them (here a size that makes an empty tensor static,
// as a tile size read by a vectorizer would); values the body passes
// through (a capture, a value from above) are used directly. The callee is
// left with nothing to return.
// CHECK-LABEL: func.func @constants_and_pass_through
//  CHECK-SAME: (%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: f32)
//   CHECK-DAG:   %[[C8:.+]] = arith.constant 8 : index
//   CHECK-DAG:   %[[CST:.+]] = arith.constant dense<1.000000e+00> : tensor<4xf32>
//       CHECK:   call @constants_and_pass_through_scope_0(%[[X]]) : (tensor<4xf32>) -> ()
//       CHECK:   tensor.empty(%[[C8]])
//       CHECK:   return %[[CST]], %[[X]], %[[Y]]
//       CHECK: func.func private @constants_and_pass_through_scope_0(%{{.+}}: tensor<4xf32>) {
//  CHECK-NEXT:   return
func.func @constants_and_pass_through(%x: tensor<4xf32>, %y: f32) -> (tensor<4xf32>, tensor<4xf32>, f32, tensor<?xf32>) {
  %r:4 = util.scope (%x as %a: tensor<4xf32>) -> (index, tensor<4xf32>, tensor<4xf32>, f32) {
    %c8 = arith.constant 8 : index
    %cst = arith.constant dense<1.0> : tensor<4xf32>
    util.return %c8, %cst, %a, %y : index, tensor<4xf32>, tensor<4xf32>, f32
  }
  %e = tensor.empty(%r#0) : tensor<?xf32>
  return %r#1, %r#2, %r#3, %e : tensor<4xf32>, tensor<4xf32>, f32, tensor<?xf32>
}

// -----

// A constant returned by an earlier scope is a constant again, at its call
// site, when a later scope using it is outlined: the later callee clones it.
// The later scope's result dim, that constant, is a static size of the
// callee's result, cast back at the call.
// CHECK-LABEL: func.func @constant_between_scopes
//  CHECK-SAME: (%[[F:.+]]: f32)
//       CHECK:   %[[R:.+]] = call @constant_between_scopes_scope_1(%[[F]]) : (f32) -> tensor<4xf32>
//       CHECK:   tensor.cast %[[R]] : tensor<4xf32> to tensor<?xf32>
//       CHECK: func.func private @constant_between_scopes_scope_1(%{{.+}}: f32) -> tensor<4xf32>
//       CHECK:   %[[C4:.+]] = arith.constant 4 : index
//       CHECK:   tensor.empty(%[[C4]])
//       CHECK:   tensor.cast %{{.+}} : tensor<?xf32> to tensor<4xf32>
func.func @constant_between_scopes(%f: f32) -> tensor<?xf32> {
  %n = util.scope -> (index) {
    %c4 = arith.constant 4 : index
    util.return %c4 : index
  }
  %r = util.scope -> (tensor<?xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %g = linalg.fill ins(%f : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    util.return %g : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// An empty tensor from above, explicitly captured or used implicitly, is
// created in the callee (its sizes become arguments): what the body
// computes into it is then the callee's own buffer, which it returns
// without a copy.
// CHECK-LABEL: func.func @empty_from_above
//  CHECK-SAME: (%[[N:.+]]: index, %[[F:.+]]: f32)
//       CHECK:   %[[R:.+]]:2 = call @empty_from_above_scope_0(%[[F]], %[[N]]) : (f32, index) -> (tensor<?xf32>, tensor<?xf32>)
//       CHECK: func.func private @empty_from_above_scope_0(%[[AF:.+]]: f32, %[[AN:.+]]: index) -> (tensor<?xf32>, tensor<?xf32>)
//   CHECK-DAG:   %[[E:.+]] = tensor.empty(%[[AN]])
//   CHECK-DAG:   %[[E2:.+]] = tensor.empty(%[[AN]])
//   CHECK-DAG:   linalg.fill ins(%[[AF]] : f32) outs(%[[E]]
//   CHECK-DAG:   linalg.fill ins(%[[AF]] : f32) outs(%[[E2]]
// BUF-LABEL: func.func private @empty_from_above_scope_0
//       BUF:   memref.alloc
//       BUF:   memref.alloc
//       BUF:   return
func.func @empty_from_above(%n: index, %f: f32) -> (tensor<?xf32>, tensor<?xf32>) {
  %e = tensor.empty(%n) : tensor<?xf32>
  %e2 = tensor.empty(%n) : tensor<?xf32>
  %r:2 = util.scope (%e as %a: tensor<?xf32>{%n}) -> (tensor<?xf32>{%n}, tensor<?xf32>{%n}) {
    %g = linalg.fill ins(%f : f32) outs(%a : tensor<?xf32>) -> tensor<?xf32>
    %h = linalg.fill ins(%f : f32) outs(%e2 : tensor<?xf32>) -> tensor<?xf32>
    util.return %g, %h : tensor<?xf32>, tensor<?xf32>
  }
  return %r#0, %r#1 : tensor<?xf32>, tensor<?xf32>
}

// -----

// Returning an argument's buffer updated in place: buffer deallocation would
// copy it on return (a function must not return its argument's buffer),
// which the inlined body never does. The scope stays.
// CHECK-LABEL: func.func @no_outline_in_place_update
//       CHECK:   util.scope
// UNSAFE-LABEL: func.func @no_outline_in_place_update
//       UNSAFE:   call @no_outline_in_place_update_scope_0
//       UNSAFE: func.func private @no_outline_in_place_update_scope_0(%{{.+}}: tensor<4xf32>, %{{.+}}: f32) -> (tensor<4xf32> {util.tied = 0 : i64})
func.func @no_outline_in_place_update(%t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  // expected-remark @below {{not outlined: result #0 is not a buffer the outlined function allocates (it is computed in place from, or is a view of, an argument, a value from above the scope or a constant), and buffer deallocation would copy it (bufferization.clone) on return}}
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%t) {
    %g = linalg.fill ins(%f : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    util.return %g : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A view of a value from above, and a view of a constant (a global once
// bufferized): neither is the callee's own buffer.
// CHECK-LABEL: func.func @no_outline_views
//       CHECK:   util.scope
//       CHECK:   util.scope
func.func @no_outline_views(%t: tensor<8xf32>) -> (tensor<4xf32>, tensor<2xf32>) {
  // expected-remark @below {{not outlined: result #0 is not a buffer the outlined function allocates}}
  %r = util.scope -> (tensor<4xf32>) {
    %s = tensor.extract_slice %t[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
    util.return %s : tensor<4xf32>
  }
  // expected-remark @below {{not outlined: result #0 is not a buffer the outlined function allocates}}
  %c = util.scope -> (tensor<2xf32>) {
    %cst = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
    %s = tensor.extract_slice %cst[1] [2] [1] : tensor<3xf32> to tensor<2xf32>
    util.return %s : tensor<2xf32>
  }
  return %r, %c : tensor<4xf32>, tensor<2xf32>
}

// -----

// An unranked result that is not a cast the call site can take over.
// CHECK-LABEL: func.func @no_outline_unranked
//       CHECK:   util.scope
func.func @no_outline_unranked() {
  // expected-remark @below {{not outlined: result #0 would be returned as 'tensor<*xf32>', and upstream One-Shot Bufferize cannot bufferize a function returning an unranked value}}
  %r = util.scope -> (tensor<*xf32>) {
    %u = func.call @make() : () -> tensor<*xf32>
    util.return %u : tensor<*xf32>
  }
  call @ext(%r) : (tensor<*xf32>) -> ()
  return
}
func.func private @make() -> tensor<*xf32>
func.func private @ext(tensor<*xf32>)

// -----

// Several exits: nothing is moved to the call site; each returned value is
// checked.
// CHECK-LABEL: func.func @multi_block
//       CHECK:   util.scope
func.func @multi_block(%c: i1, %t: tensor<4xf32>, %f: f32) -> tensor<4xf32> {
  // expected-remark @below {{not outlined: result #0 is not a buffer the outlined function allocates}}
  %r = util.scope (%c as %cc: i1) -> (tensor<4xf32>) {
    cf.cond_br %cc, ^bb1, ^bb2
  ^bb1:
    %e = tensor.empty() : tensor<4xf32>
    %g = linalg.fill ins(%f : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %g : tensor<4xf32>
  ^bb2:
    util.return %t : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
