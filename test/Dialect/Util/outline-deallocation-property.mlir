// The deallocation property for outlined scopes: buffer deallocation of a
// program whose random scopes util-outline-scopes turned into calls does no
// run-time work the program without scopes does not do. Upstream-style
// programs (tensors computed into empty tensors, bufferized with
// bufferize-function-boundaries, printed through printMemrefF32) get random
// scopes, are outlined, bufferized and deallocated; the same programs without
// scopes go through the same pipeline. utils/count-ops.py compares the two,
// split by split: no @dealloc_helper call, bufferization.clone, scf.if,
// cf.cond_br or unlowered bufferization.dealloc more than without scopes, and
// as many frees per allocation. Both sides are computed here; no count is
// written in this file. (With destination-results=false every seed below
// differs: returned buffers are freed through the run-time helper.)

// RUN: scope-opt --split-input-file %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline > %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=1 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.1
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.1 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=2 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.2
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.2 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=3 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.3
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.3 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=4 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.4
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.4 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=5 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.5
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.5 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=6 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.6
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.6 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=7 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.7
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.7 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=8 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.8
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.8 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=9 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.9
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.9 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=10 density=0.5" --util-lower-annotations --util-outline-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes=outlined=true > %t.10
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.10 --at-most %t.plain

// Elementwise ops chained through empty tensors, each result read later.
func.func @chain() {
  %a = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = arith.constant dense<[0.5, 0.5, 2.0, 2.0]> : tensor<4xf32>
  %e0 = tensor.empty() : tensor<4xf32>
  %s = linalg.add ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xf32>
  %m = linalg.mul ins(%s, %b : tensor<4xf32>, tensor<4xf32>) outs(%e1 : tensor<4xf32>) -> tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %d = linalg.sub ins(%m, %s : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %d : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A dynamically sized fill and matmul, then an elementwise op on the result.
func.func @matmul_exp(%n: index) {
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x2xf32>) -> tensor<?x2xf32>
  %ad = tensor.cast %a : tensor<2x2xf32> to tensor<?x2xf32>
  %m = linalg.matmul ins(%ad, %a : tensor<?x2xf32>, tensor<2x2xf32>) outs(%f : tensor<?x2xf32>) -> tensor<?x2xf32>
  %e2 = tensor.empty(%n) : tensor<?x2xf32>
  %x = linalg.exp ins(%m : tensor<?x2xf32>) outs(%e2 : tensor<?x2xf32>) -> tensor<?x2xf32>
  %u = tensor.cast %x : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A reduction into a filled accumulator, then a broadcast back.
func.func @reduce_broadcast() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%f : tensor<2xf32>) dimensions = [1]
    (%x: f32, %acc: f32) {
      %s = arith.addf %x, %acc : f32
      linalg.yield %s : f32
    }
  %e2 = tensor.empty() : tensor<2x3xf32>
  %b = linalg.broadcast ins(%r : tensor<2xf32>) outs(%e2 : tensor<2x3xf32>) dimensions = [1]
  %u = tensor.cast %b : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
