// Extern kernels receive a strided argument (a slice, a transposed view) as
// the view it is, strides and offset in its descriptor, instead of a dense
// copy; `{contiguous = true}` asks for the copy. describe_f32_2d (the test
// kernel library) writes [offset, sizes, strides] of its argument.
// DEFINE: %{lib} = %scopeir_obj_root/lib/libscopeir
// DEFINE: %{kernels} = --kernel-library=%{lib}_test_kernels%shlibext --kernel-library=%{lib}_kernels_reference%shlibext --require-kernels
// DEFINE: %{x} = --input="4x6xf32=0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23"

// A slice of rows 1-2, every other column from 2: element (i, j) of the
// slice is x[1 + i][2 + 2j], at 8 + 6i + 2j.
// RUN: scope-run %s --function=slice %{x} %{kernels} | FileCheck %s --check-prefix=SLICE
// SLICE: 5xi64=8 2 2 6 2
func.func @slice(%x: tensor<4x6xf32>) -> tensor<5xi64> {
  %s = tensor.extract_slice %x[1, 2] [2, 2] [1, 2] : tensor<4x6xf32> to tensor<2x2xf32>
  %r = util.scope [#hal.extern<"describe_f32_2d">] (%s as %a: tensor<2x2xf32>) -> (tensor<5xi64>) {
    // The decomposition cannot describe a buffer: -1s.
    %none = arith.constant dense<-1> : tensor<5xi64>
    util.return %none : tensor<5xi64>
  }
  return %r : tensor<5xi64>
}

// A transposed view of a 3x2 buffer: column-major, strides [1, 2]. The same
// kernel on another shape than @slice's calls the same C function.
// RUN: scope-run %s --function=transposed --input="3x2xf32=1" %{kernels} | FileCheck %s --check-prefix=TRANSPOSED
// TRANSPOSED: 5xi64=0 2 3 1 2
func.func @transposed(%m: memref<3x2xf32>) -> tensor<5xi64> {
  %t = memref.transpose %m (i, j) -> (j, i) : memref<3x2xf32> to memref<2x3xf32, strided<[1, 2]>>
  %x = bufferization.to_tensor %t restrict : memref<2x3xf32, strided<[1, 2]>> to tensor<2x3xf32>
  %r = util.scope [#hal.extern<"describe_f32_2d">] (%x as %a: tensor<2x3xf32>) -> (tensor<5xi64>) {
    %none = arith.constant dense<-1> : tensor<5xi64>
    util.return %none : tensor<5xi64>
  }
  return %r : tensor<5xi64>
}

// A kernel that requires contiguous buffers gets a dense copy of the slice.
// RUN: scope-run %s --function=contiguous %{x} %{kernels} | FileCheck %s --check-prefix=CONTIGUOUS
// CONTIGUOUS: 5xi64=0 2 2 2 1
func.func @contiguous(%x: tensor<4x6xf32>) -> tensor<5xi64> {
  %s = tensor.extract_slice %x[1, 2] [2, 2] [1, 2] : tensor<4x6xf32> to tensor<2x2xf32>
  %r = util.scope [#hal.extern<"describe_contiguous_f32_2d", {contiguous = true}>] (%s as %a: tensor<2x2xf32>) -> (tensor<5xi64>) {
    %none = arith.constant dense<-1> : tensor<5xi64>
    util.return %none : tensor<5xi64>
  }
  return %r : tensor<5xi64>
}

// Also a slice whose layout bufferization would take for a dense one (a
// dynamic row stride at offset 0): element (i, j) at 6i + j, copied.
// RUN: scope-run %s --function=contiguous_dynamic --input="4x6xf32=1" %{kernels} | FileCheck %s --check-prefix=CONTIGUOUS-DYNAMIC
// CONTIGUOUS-DYNAMIC: 5xi64=0 2 5 5 1
func.func @contiguous_dynamic(%x: tensor<4x?xf32>) -> tensor<5xi64> {
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c1 : tensor<4x?xf32>
  %m = arith.subi %n, %c1 : index
  %s = tensor.extract_slice %x[0, 0] [2, %m] [1, 1] : tensor<4x?xf32> to tensor<2x?xf32>
  %r = util.scope [#hal.extern<"describe_contiguous_f32_2d", {contiguous = true}>] (%s as %a: tensor<2x?xf32>{%m}) -> (tensor<5xi64>) {
    %none = arith.constant dense<-1> : tensor<5xi64>
    util.return %none : tensor<5xi64>
  }
  return %r : tensor<5xi64>
}

// mlp_layer_f32 on strided operands, checked against its decomposition:
// x as a slice of whole rows (OpenBLAS reads it with leading dimension 6)
// and as a slice with steps (no BLAS layout: the scalar loops), w as a
// transposed view (OpenBLAS reads it transposed).
// DEFINE: %{mlp} = scope-run %s --function=mlp %{x} --input="3x2xf32=1 0 0 1 1 -1" --input="3xf32=0.5 -10 0" --check-kernels
// RUN: %{mlp} --kernel-library=%{lib}_kernels_openblas%shlibext %{kernels} 2>&1 | FileCheck %s --check-prefix=MLP
// RUN: %{mlp} %{kernels} 2>&1 | FileCheck %s --check-prefix=MLP
// MLP: mlp_layer_f32: 2 calls, max abs diff 0, max rel diff 0, ok
// MLP-NEXT: 2x3xf32=[8.5 0 0][14.5 5 0]
// MLP-NEXT: 2x3xf32=[0.5 0 0][12.5 5 0]
func.func @mlp(%x: tensor<4x6xf32>, %m: memref<3x2xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %rows = tensor.extract_slice %x[1, 2] [2, 2] [1, 1] : tensor<4x6xf32> to tensor<2x2xf32>
  %steps = tensor.extract_slice %x[0, 0] [2, 2] [2, 3] : tensor<4x6xf32> to tensor<2x2xf32>
  %t = memref.transpose %m (i, j) -> (j, i) : memref<3x2xf32> to memref<2x3xf32, strided<[1, 2]>>
  %w = bufferization.to_tensor %t restrict : memref<2x3xf32, strided<[1, 2]>> to tensor<2x3xf32>
  %r0 = func.call @layer(%rows, %w, %b) : (tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %r1 = func.call @layer(%steps, %w, %b) : (tensor<2x2xf32>, tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %r0, %r1 : tensor<2x3xf32>, tensor<2x3xf32>
}
func.func private @layer(%x: tensor<2x2xf32>, %w: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.scope [#hal.extern<"mlp_layer_f32">] (%x as %a: tensor<2x2xf32>, %w as %ww: tensor<2x3xf32>, %b as %bb: tensor<3xf32>) -> (tensor<2x3xf32>) {
    %e = tensor.empty() : tensor<2x3xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
    %mm = linalg.matmul ins(%a, %ww : tensor<2x2xf32>, tensor<2x3xf32>) outs(%f : tensor<2x3xf32>) -> tensor<2x3xf32>
    %g = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%mm, %bb : tensor<2x3xf32>, tensor<3xf32>) outs(%e : tensor<2x3xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<2x3xf32>
    util.return %g : tensor<2x3xf32>
  }
  return %r : tensor<2x3xf32>
}

// A result tied to a strided argument: the kernel updates a fresh dense copy
// of the slice (elements 1, 3, 5 of x) in place; x itself keeps its values.
// RUN: scope-run %s --function=tied --input="6xf32=0 1 2 3 4 5" %{kernels} | FileCheck %s --check-prefix=TIED
// TIED: 3xf32=-1 -3 -5
// TIED-NEXT: 6xf32=0 1 2 3 4 5
func.func @tied(%x: tensor<6xf32>) -> (tensor<3xf32>, tensor<6xf32>) {
  %s = tensor.extract_slice %x[1] [3] [2] : tensor<6xf32> to tensor<3xf32>
  %r = util.scope [#hal.extern<"negate_f32">] (%s as %a: tensor<3xf32>) -> (%s) {
    %n = arith.negf %a : tensor<3xf32>
    util.return %n : tensor<3xf32>
  }
  return %r, %x : tensor<3xf32>, tensor<6xf32>
}
