// The deallocation property: buffer deallocation adds no run-time work
// because of a scope. For upstream-style programs (tensors bufferized with
// bufferize-function-boundaries, printed through printMemrefF32), random
// scopes are inserted and kept through One-Shot Bufferize and
// -buffer-deallocation-pipeline, then stripped; the same programs without
// scopes go through the same pipeline. utils/count-ops.py compares the two,
// split by split: no @dealloc_helper call, bufferization.clone, scf.if,
// cf.cond_br or unlowered bufferization.dealloc more than without scopes,
// and as many frees per allocation. Both sides are computed here; no count
// is written in this file.

// RUN: scope-opt --split-input-file %s --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline > %t.plain
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.plain --total | FileCheck %s --check-prefix=PLAIN
// The reference is not vacuous: it frees buffers and, for @call_twice,
// needs upstream's run-time helper.
// PLAIN: total: {{.*}}call @dealloc_helper=1 {{.*}}memref.dealloc={{[1-9]}}

// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=1 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.1
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.1 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=2 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.2
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.2 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=3 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.3
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.3 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=4 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.4
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.4 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=5 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.5
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.5 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=6 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.6
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.6 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=7 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.7
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.7 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=8 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.8
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.8 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=9 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.9
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.9 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=10 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.10
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.10 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=11 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.11
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.11 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=12 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.12
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.12 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=13 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.13
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.13 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=14 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.14
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.14 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=15 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.15
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.15 --at-most %t.plain
// RUN: scope-opt --split-input-file %s --test-util-insert-scopes="seed=16 density=0.5" --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.16
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.16 --at-most %t.plain

// The issue's reproducer, written with its scope: an insert_slice into a
// constant destination whose result is printed.
// RUN: scope-opt --split-input-file %s --util-strip-scopes --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline > %t.stripped
// RUN: scope-opt --split-input-file %s --util-lower-annotations --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --util-strip-scopes > %t.kept
// RUN: %python %scopeir_src_root/utils/count-ops.py %t.kept --at-most %t.stripped

// Insert a slice into a constant destination and print the result.
func.func @insert_into_constant() {
  %dest = arith.constant dense<0.0> : tensor<6xf32>
  %src = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %a = tensor.insert_slice %src into %dest[1] [2] [1] : tensor<2xf32> into tensor<6xf32>
  %b = tensor.insert_slice %src into %a[4] [2] [1] : tensor<2xf32> into tensor<6xf32>
  %u = tensor.cast %b : tensor<6xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// Pad a dynamically shaped view of a constant.
func.func @pad_dynamic() {
  %cst = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %dyn = tensor.cast %cst : tensor<2x3xf32> to tensor<?x3xf32>
  %c1 = arith.constant 1 : index
  %pad = arith.constant -1.0 : f32
  %p = tensor.pad %dyn low[%c1, 0] high[0, %c1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %pad : f32
  } : tensor<?x3xf32> to tensor<?x?xf32>
  %u = tensor.cast %p : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A matmul into a filled buffer of dynamic size, then an elementwise add.
func.func @matmul_add(%n: index) {
  %zero = arith.constant 0.0 : f32
  %lhs = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %rhs = arith.constant dense<[[5.0, 6.0], [7.0, 8.0]]> : tensor<2x2xf32>
  %lhsd = tensor.cast %lhs : tensor<2x2xf32> to tensor<?x2xf32>
  %e = tensor.empty(%n) : tensor<?x2xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x2xf32>) -> tensor<?x2xf32>
  %m = linalg.matmul ins(%lhsd, %rhs : tensor<?x2xf32>, tensor<2x2xf32>)
                     outs(%f : tensor<?x2xf32>) -> tensor<?x2xf32>
  %e2 = tensor.empty(%n) : tensor<?x2xf32>
  %s = linalg.add ins(%m, %m : tensor<?x2xf32>, tensor<?x2xf32>)
                  outs(%e2 : tensor<?x2xf32>) -> tensor<?x2xf32>
  %u = tensor.cast %s : tensor<?x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A loop that accumulates into a tensor through insert_slice.
func.func @loop_accumulate() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %init = arith.constant dense<0.0> : tensor<4xf32>
  %one = arith.constant dense<1.0> : tensor<1xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %init) -> (tensor<4xf32>) {
    %s = tensor.extract_slice %acc[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %e = tensor.empty() : tensor<1xf32>
    %a = linalg.add ins(%s, %one : tensor<1xf32>, tensor<1xf32>)
                    outs(%e : tensor<1xf32>) -> tensor<1xf32>
    %n = tensor.insert_slice %a into %acc[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  }
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A value chosen by scf.if, each branch computing a fresh tensor.
func.func @select_branch(%c: i1) {
  %x = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %r = scf.if %c -> (tensor<3xf32>) {
    %e = tensor.empty() : tensor<3xf32>
    %a = linalg.add ins(%x, %x : tensor<3xf32>, tensor<3xf32>)
                    outs(%e : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %a : tensor<3xf32>
  } else {
    %e = tensor.empty() : tensor<3xf32>
    %m = linalg.mul ins(%x, %x : tensor<3xf32>, tensor<3xf32>)
                    outs(%e : tensor<3xf32>) -> tensor<3xf32>
    scf.yield %m : tensor<3xf32>
  }
  %u = tensor.cast %r : tensor<3xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A helper function returning a new tensor, called twice.
func.func @double(%t: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>)
                  outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}
func.func @call_twice() {
  %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %a = call @double(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = call @double(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.cast %b : tensor<4xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// Reshapes, a concatenation and a tensor built from scalars.
func.func @reshape_concat(%v: f32) {
  %x = arith.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %flat = tensor.collapse_shape %x [[0, 1]] : tensor<2x2xf32> into tensor<4xf32>
  %y = tensor.from_elements %v, %v : tensor<2xf32>
  %c = tensor.concat dim(0) %flat, %y : (tensor<4xf32>, tensor<2xf32>) -> tensor<6xf32>
  %r = tensor.expand_shape %c [[0, 1]] output_shape [3, 2] : tensor<6xf32> into tensor<3x2xf32>
  %u = tensor.cast %r : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(tensor<*xf32>)

// -----

// A tiled elementwise op: slices of two inputs in, a slice of the output out.
func.func @tiled_generic(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %e = tensor.empty() : tensor<8xf32>
  %r = scf.for %i = %c0 to %c8 step %c4 iter_args(%out = %e) -> (tensor<8xf32>) {
    %sa = tensor.extract_slice %a[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %sb = tensor.extract_slice %b[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %so = tensor.extract_slice %out[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                         iterator_types = ["parallel"]}
        ins(%sa, %sb : tensor<4xf32>, tensor<4xf32>) outs(%so : tensor<4xf32>) {
    ^bb0(%x: f32, %y: f32, %z: f32):
      %m = arith.mulf %x, %y : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    %n = tensor.insert_slice %g into %out[%i] [4] [1] : tensor<4xf32> into tensor<8xf32>
    scf.yield %n : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// The scope of the issue around the insert_slice, and one around the print.
func.func @scoped_insert_into_constant() {
  %dest = arith.constant dense<0.0> : tensor<4xf32>
  %src = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %r = util.scope -> (tensor<4xf32>) {
    %i = tensor.insert_slice %src into %dest[1] [2] [1] : tensor<2xf32> into tensor<4xf32>
    util.return %i : tensor<4xf32>
  }
  %u = tensor.cast %r : tensor<4xf32> to tensor<*xf32>
  util.scope [#util.zone<"print">] {
    func.call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    util.return
  }
  return
}
func.func private @printMemrefF32(tensor<*xf32>)
