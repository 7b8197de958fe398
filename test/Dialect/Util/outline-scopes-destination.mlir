// Results computed in place into storage the body creates are written into a
// buffer the caller allocates and passes (destination-results, the default):
// the caller owns the allocation, as in the inlined body, and buffer
// deallocation frees it without the run-time ownership checks it needs for
// buffers returned by calls.
// RUN: scope-opt --split-input-file --util-outline-scopes %s | FileCheck %s

// Deallocation of the outlined program costs what it costs inlined: no more
// @dealloc_helper calls, guarded frees (scf.if, cf.cond_br), clones or
// unlowered deallocs, and as many frees per allocation (count-ops.py
// compares both runs; no count is written here).
// RUN: scope-opt --split-input-file --util-outline-scopes %s \
// RUN:   | scope-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline \
// RUN:   | scope-opt --split-input-file --util-strip-scopes=outlined=true > %t.outlined
// RUN: scope-opt --split-input-file --util-strip-scopes %s \
// RUN:   | scope-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline > %t.plain
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.outlined --at-most %t.plain
// The comparison is not vacuous: with results returned from the callees
// (destination-results=false), @chain frees the returned buffers through
// upstream's run-time helper, guarded by pointer comparisons.
// RUN: scope-opt --split-input-file --util-outline-scopes=destination-results=false %s \
// RUN:   | scope-opt --split-input-file --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline \
// RUN:   | scope-opt --split-input-file --util-strip-scopes=outlined=true > %t.returned
// RUN: not %python %scopeir_src_root/utils/count-ops.py %t.returned --at-most %t.plain | FileCheck %s --check-prefix=RETURNED
// RETURNED: split 0: call @dealloc_helper=1, more than 0 without scopes

// The issue's case: three scopes, each computing into its own empty tensor,
// reading the results of the earlier ones. Each callee computes into the
// buffer it is given and returns nothing; the caller allocates.
// CHECK-LABEL: func.func @chain
//  CHECK-SAME: (%[[A:.+]]: tensor<4xf32>, %[[B:.+]]: tensor<4xf32>)
//       CHECK:   %[[M0:.+]] = memref.alloc() : memref<4xf32>
//       CHECK:   call @chain_scope_0(%[[A]], %[[B]], %[[M0]]) : (tensor<4xf32>, tensor<4xf32>, memref<4xf32>) -> ()
//       CHECK:   %[[T0:.+]] = bufferization.to_tensor %[[M0]] restrict writable : memref<4xf32> to tensor<4xf32>
//       CHECK:   %[[M1:.+]] = memref.alloc() : memref<4xf32>
//       CHECK:   call @chain_scope_1(%[[T0]], %[[B]], %[[M1]])
//       CHECK:   %[[T1:.+]] = bufferization.to_tensor %[[M1]] restrict writable
//       CHECK:   %[[M2:.+]] = memref.alloc() : memref<4xf32>
//       CHECK:   call @chain_scope_2(%[[T1]], %[[T0]], %[[M2]])
//       CHECK:   %[[T2:.+]] = bufferization.to_tensor %[[M2]] restrict writable
//       CHECK:   return %[[T2]]
//       CHECK: func.func private @chain_scope_0(%[[X:.+]]: tensor<4xf32>, %[[Y:.+]]: tensor<4xf32>, %[[OUT:.+]]: memref<4xf32>) {
//       CHECK:   %[[INIT:.+]] = bufferization.to_tensor %[[OUT]] restrict writable
//       CHECK:   %[[SUM:.+]] = linalg.add ins(%[[X]], %[[Y]] : {{.+}}) outs(%[[INIT]] : tensor<4xf32>)
//       CHECK:   bufferization.materialize_in_destination %[[SUM]] in writable %[[OUT]]
//       CHECK:   return{{$}}
func.func @chain(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = util.scope -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %r : tensor<4xf32>
  }
  %1 = util.scope -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.mul ins(%0, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %r : tensor<4xf32>
  }
  %2 = util.scope -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.sub ins(%1, %0 : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %r : tensor<4xf32>
  }
  return %2 : tensor<4xf32>
}

// -----

// A dynamic size known at the call site (the scope's result dim) sizes the
// caller's buffer.
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME: (%[[A:.+]]: tensor<?xf32>, %[[N:.+]]: index)
//       CHECK:   %[[M:.+]] = memref.alloc(%[[N]]) : memref<?xf32>
//       CHECK:   call @dynamic_scope_0(%[[A]], %[[M]]) : (tensor<?xf32>, memref<?xf32>) -> ()
//       CHECK:   bufferization.to_tensor %[[M]] restrict writable : memref<?xf32> to tensor<?xf32>
func.func @dynamic(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %r = util.scope -> (tensor<?xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %f = linalg.exp ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    util.return %f : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A constant size is a static dim of the buffer, so that the callee sees the
// size the inlined body saw (a vectorizer reads it); both sides cast back to
// the dynamic type.
// CHECK-LABEL: func.func @constant_size
//       CHECK:   %[[M:.+]] = memref.alloc() : memref<8xf32>
//       CHECK:   call @constant_size_scope_0(%{{.+}}, %[[M]]) : (f32, memref<8xf32>) -> ()
//       CHECK:   %[[T:.+]] = bufferization.to_tensor %[[M]] restrict writable : memref<8xf32> to tensor<8xf32>
//       CHECK:   tensor.cast %[[T]] : tensor<8xf32> to tensor<?xf32>
//       CHECK: func.func private @constant_size_scope_0(%{{.+}}: f32, %[[OUT:.+]]: memref<8xf32>)
//       CHECK:   %[[I:.+]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<8xf32> to tensor<8xf32>
//       CHECK:   %[[C:.+]] = tensor.cast %[[I]] : tensor<8xf32> to tensor<?xf32>
//       CHECK:   linalg.fill ins(%{{.+}} : f32) outs(%[[C]] : tensor<?xf32>)
func.func @constant_size(%v: f32) -> tensor<?xf32> {
  %c8 = arith.constant 8 : index
  %r = util.scope -> (tensor<?xf32>{%c8}) {
    %e = tensor.empty(%c8) : tensor<?xf32>
    %f = linalg.fill ins(%v : f32) outs(%e : tensor<?xf32>) -> tensor<?xf32>
    util.return %f : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// An empty tensor returned as it is holds no data: it is created at the call
// site, where bufferization sees it as the empty it is.
// CHECK-LABEL: func.func @empty_result
//  CHECK-SAME: (%[[N:.+]]: index)
//       CHECK:   %[[E:.+]] = tensor.empty(%[[N]]) : tensor<?xf32>
//       CHECK:   call @empty_result_scope_0
//       CHECK:   return %[[E]]
func.func @empty_result(%n: index) -> tensor<?xf32> {
  %r = util.scope -> (tensor<?xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// Nested scopes: the inner callee writes the buffer the outer one was given,
// which the outermost caller allocates.
// CHECK-LABEL: func.func @nested
//       CHECK:   %[[M:.+]] = memref.alloc() : memref<4xf32>
//       CHECK:   call @nested_scope_0(%{{.+}}, %[[M]])
//       CHECK: func.func private @nested_scope_0(%[[X:.+]]: tensor<4xf32>, %[[OUT:.+]]: memref<4xf32>)
//   CHECK-NOT:   memref.alloc
//       CHECK:   call @nested_scope_1(%[[X]], %[[OUT]])
//       CHECK: func.func private @nested_scope_1(%{{.+}}: tensor<4xf32>, %{{.+}}: memref<4xf32>)
func.func @nested(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope -> (tensor<4xf32>) {
    %i = util.scope -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %f = linalg.exp ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      util.return %f : tensor<4xf32>
    }
    util.return %i : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Storage read again after it was written (here the empty is the
// destination of two ops) may not be computed in place: the result is
// returned.
// CHECK-LABEL: func.func @storage_reused
//       CHECK:   call @storage_reused_scope_0(%{{.+}}) : (tensor<4xf32>) -> tensor<4xf32>
func.func @storage_reused(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.exp ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %g = linalg.add ins(%f, %f : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %g : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
