// End to end: a scoped linalg layer (matmul, bias, relu, with ties) is
// bufferized with its scopes, deallocated, stripped of scopes, lowered and
// run; the same program stripped of scopes before bufferization gives the
// same output, and both print the numbers computed by hand below.

// Bufferized with scopes: the ties keep every update in place (no copy).
// RUN: scope-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN: | FileCheck %s --check-prefix=IR

// With scopes through bufferization and deallocation, stripped afterwards.
// RUN: scope-opt %s --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-deallocation-pipeline --util-strip-scopes \
// RUN:   --convert-bufferization-to-memref --convert-linalg-to-loops --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN: > %t.scoped
// RUN: FileCheck %s < %t.scoped

// Without scopes: stripped before anything else.
// RUN: scope-opt %s --util-strip-scopes \
// RUN:   --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" \
// RUN:   --buffer-deallocation-pipeline \
// RUN:   --convert-bufferization-to-memref --convert-linalg-to-loops --convert-scf-to-cf \
// RUN:   --expand-strided-metadata --lower-affine --finalize-memref-to-llvm --convert-arith-to-llvm \
// RUN:   --convert-cf-to-llvm --convert-func-to-llvm --reconcile-unrealized-casts \
// RUN: | mlir-runner -e main -entry-point-result=void \
// RUN:   -shared-libs=%mlir_lib_dir/libmlir_runner_utils%shlibext,%mlir_lib_dir/libmlir_c_runner_utils%shlibext \
// RUN: > %t.plain
// RUN: FileCheck %s < %t.plain
// The data must match exactly (the buffer addresses in the headers differ).
// RUN: grep -v "base@" %t.scoped > %t.scoped.data
// RUN: grep -v "base@" %t.plain > %t.plain.data
// RUN: diff %t.scoped.data %t.plain.data

// A = [[1, 2, 3], [4, 5, 6]], B = [[1, -1], [0, 1], [1, 0]], bias = [-5, 0.5]
// A x B = [[4, 1], [10, 1]]; + bias = [[-1, 1.5], [5, 1.5]]; relu:
// CHECK: Unranked Memref base@ = {{.*}} rank = 2 offset = 0 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[}}[0,   1.5],
// CHECK-NEXT:  [5,   1.5]]

// IR-LABEL: func.func @layer
//   IR-NOT: memref.copy
//       IR: util.scope [#util.zone<"layer">]
//       IR:   util.scope [#util.zone<"matmul">]
//       IR:     linalg.matmul
//       IR:   util.scope [#util.zone<"bias_relu">]
//       IR:     linalg.generic
//   IR-NOT: memref.copy
//       IR: return

#row = affine_map<(i, j) -> (j)>
#id = affine_map<(i, j) -> (i, j)>

func.func @layer(%a: tensor<2x3xf32>, %b: tensor<3x2xf32>,
                 %bias: tensor<2xf32>) -> tensor<2x2xf32> {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<2x2xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = util.scope [#util.zone<"layer">]
      (%acc as %o: tensor<2x2xf32>, %a as %aa: tensor<2x3xf32>,
       %b as %bb: tensor<3x2xf32>, %bias as %bi: tensor<2xf32>) -> (%acc) {
    %mm = util.scope [#util.zone<"matmul">] (%o as %out: tensor<2x2xf32>) -> (%o) {
      %m = linalg.matmul ins(%aa, %bb : tensor<2x3xf32>, tensor<3x2xf32>)
                         outs(%out : tensor<2x2xf32>) -> tensor<2x2xf32>
      util.return %m : tensor<2x2xf32>
    }
    %y = util.scope [#util.zone<"bias_relu">] (%mm as %x: tensor<2x2xf32>) -> (%mm) {
      %g = linalg.generic {indexing_maps = [#row, #id],
                           iterator_types = ["parallel", "parallel"]}
          ins(%bi : tensor<2xf32>) outs(%x : tensor<2x2xf32>) {
      ^bb0(%bv: f32, %v: f32):
        %s = arith.addf %v, %bv : f32
        %z = arith.maximumf %s, %zero : f32
        linalg.yield %z : f32
      } -> tensor<2x2xf32>
      util.return %g : tensor<2x2xf32>
    }
    util.return %y : tensor<2x2xf32>
  }
  return %r : tensor<2x2xf32>
}

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %b = arith.constant dense<[[1.0, -1.0], [0.0, 1.0], [1.0, 0.0]]> : tensor<3x2xf32>
  %bias = arith.constant dense<[-5.0, 0.5]> : tensor<2xf32>
  %r = call @layer(%a, %b, %bias)
      : (tensor<2x3xf32>, tensor<3x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %m = bufferization.to_buffer %r : tensor<2x2xf32> to memref<2x2xf32>
  %u = memref.cast %m : memref<2x2xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
