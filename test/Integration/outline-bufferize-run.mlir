// End to end: a program whose scopes hit each case util-outline-scopes used
// to get wrong for upstream bufferization (a result cast to an unranked
// tensor and printed, a size one scope returns and another uses, an empty
// tensor from above, an in-place update of an argument, which stays a scope)
// is outlined, bufferized with function boundaries, deallocated, stripped,
// lowered and run; it prints the numbers computed by hand below, exactly as
// the same program stripped of its scopes first.

// RUN: scope-opt %s --util-outline-scopes 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: not outlined: result #0 is not a buffer the outlined function allocates
// REMARK-NOT: remark:

// RUN: scope-opt %s --util-outline-scopes 2>/dev/null \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline \
// RUN:   --util-strip-scopes=outlined=true --convert-bufferization-to-memref --convert-linalg-to-loops \
// RUN:   --convert-scf-to-cf --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN: > %t.outlined
// RUN: FileCheck %s < %t.outlined

// RUN: scope-opt %s --util-strip-scopes \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline \
// RUN:   --convert-bufferization-to-memref --convert-linalg-to-loops \
// RUN:   --convert-scf-to-cf --expand-strided-metadata --lower-affine --finalize-memref-to-llvm \
// RUN:   --convert-arith-to-llvm --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN: > %t.plain
// RUN: grep -v "base@" %t.outlined > %t.outlined.data
// RUN: grep -v "base@" %t.plain > %t.plain.data
// RUN: diff %t.outlined.data %t.plain.data

// The in-place update: [1, 2, 3, 4] + 1, printed through an unranked cast
// that a scope ends in.
// CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [2,  3,  4,  5]
// A fill of the size a scope returned (4), doubled.
// CHECK: Unranked Memref base@ = {{.*}} rank = 1 offset = 0 sizes = [4] strides = [1] data =
// CHECK-NEXT: [5,  5,  5,  5]

func.func @bump(%t: tensor<4xf32>) -> tensor<4xf32> {
  %one = arith.constant 1.0 : f32
  // Stays a scope: its function would return the argument it updates.
  %r = util.scope (%t as %a: tensor<4xf32>) -> (%t) {
    %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
        outs(%a : tensor<4xf32>) {
    ^bb0(%x: f32):
      %y = arith.addf %x, %one : f32
      linalg.yield %y : f32
    } -> tensor<4xf32>
    util.return %g : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

func.func @main() {
  %c = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %b = call @bump(%c) : (tensor<4xf32>) -> tensor<4xf32>
  %u = util.scope [#util.zone<"to_unranked">] -> (tensor<*xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %copy = linalg.copy ins(%b : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %cast = tensor.cast %copy : tensor<4xf32> to tensor<*xf32>
    util.return %cast : tensor<*xf32>
  }
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()

  %n = util.scope [#util.zone<"size">] -> (index) {
    %c4 = arith.constant 4 : index
    util.return %c4 : index
  }
  %half = arith.constant 2.5 : f32
  %empty = tensor.empty(%n) : tensor<?xf32>
  %filled = util.scope [#util.zone<"fill">] -> (tensor<?xf32>{%n}) {
    %f = linalg.fill ins(%half : f32) outs(%empty : tensor<?xf32>) -> tensor<?xf32>
    %d = linalg.add ins(%f, %f : tensor<?xf32>, tensor<?xf32>) outs(%f : tensor<?xf32>) -> tensor<?xf32>
    util.return %d : tensor<?xf32>
  }
  %v = tensor.cast %filled : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%v) : (tensor<*xf32>) -> ()
  return
}

func.func private @printMemrefF32(tensor<*xf32>)
