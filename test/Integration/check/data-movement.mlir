// Ops that only move data, checked at run time: transpose, tensor.pad,
// extract_slice and insert_slice (with strides), tensor.concat,
// collapse_shape and expand_shape, linalg.pack and linalg.unpack, each with
// static and dynamic shapes. Every expected value is exact; from NumPy.

// RUN: scope-check %s --device=llvm-cpu | FileCheck %s
// RUN: scope-check %s --device=llvm-cpu-loops | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=1 \
// RUN:   | scope-check - --device=llvm-cpu | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=2 \
// RUN:   | scope-check - --device=llvm-cpu-loops | FileCheck %s

// CHECK: PASS transpose
// CHECK-NEXT: PASS transpose_dynamic
// CHECK-NEXT: PASS pad
// CHECK-NEXT: PASS pad_dynamic
// CHECK-NEXT: PASS slices
// CHECK-NEXT: PASS slices_dynamic
// CHECK-NEXT: PASS concat
// CHECK-NEXT: PASS concat_dynamic
// CHECK-NEXT: PASS reshape
// CHECK-NEXT: PASS reshape_dynamic
// CHECK-NEXT: PASS pack_unpack
// CHECK-NEXT: PASS pack_unpack_dynamic
// CHECK-NEXT: 12 passed, 0 failed

// A 2-D transpose of i32 and a 3-D permutation of f32.
func.func @transpose() {
  %a = util.unfoldable_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32>
  %e = tensor.empty() : tensor<4x3xi32>
  %t = linalg.transpose ins(%a : tensor<3x4xi32>) outs(%e : tensor<4x3xi32>) permutation = [1, 0]
  check.expect_eq_const(%t, dense<[[1, 5, 9], [-2, -6, -10], [3, 7, 11], [-4, -8, -12]]> : tensor<4x3xi32>) : tensor<4x3xi32>
  %b = util.unfoldable_constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32>
  %e3 = tensor.empty() : tensor<4x2x3xf32>
  %p = linalg.transpose ins(%b : tensor<2x3x4xf32>) outs(%e3 : tensor<4x2x3xf32>) permutation = [2, 0, 1]
  check.expect_eq_const(%p, dense<[[[0.0, 4.0, 8.0], [12.0, 16.0, 20.0]], [[1.0, 5.0, 9.0], [13.0, 17.0, 21.0]], [[2.0, 6.0, 10.0], [14.0, 18.0, 22.0]], [[3.0, 7.0, 11.0], [15.0, 19.0, 23.0]]]> : tensor<4x2x3xf32>) : tensor<4x2x3xf32>
  return
}

// The 3-D permutation with every dim unknown.
func.func @transpose_dynamic() {
  %b = flow.tensor.dynamic_constant dense<[[[0.0, 1.0, 2.0, 3.0], [4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], [[12.0, 13.0, 14.0, 15.0], [16.0, 17.0, 18.0, 19.0], [20.0, 21.0, 22.0, 23.0]]]> : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %b, %c0 : tensor<?x?x?xf32>
  %d1 = tensor.dim %b, %c1 : tensor<?x?x?xf32>
  %d2 = tensor.dim %b, %c2 : tensor<?x?x?xf32>
  %e = tensor.empty(%d2, %d0, %d1) : tensor<?x?x?xf32>
  %p = linalg.transpose ins(%b : tensor<?x?x?xf32>) outs(%e : tensor<?x?x?xf32>) permutation = [2, 0, 1]
  %x = flow.tensor.dynamic_constant dense<[[[0.0, 4.0, 8.0], [12.0, 16.0, 20.0]], [[1.0, 5.0, 9.0], [13.0, 17.0, 21.0]], [[2.0, 6.0, 10.0], [14.0, 18.0, 22.0]], [[3.0, 7.0, 11.0], [15.0, 19.0, 23.0]]]> : tensor<4x2x3xf32> -> tensor<?x?x?xf32>
  check.expect_eq(%p, %x) : tensor<?x?x?xf32>
  return
}

// One row of padding above and two columns on the right, with -9.
func.func @pad() {
  %a = util.unfoldable_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32>
  %v = arith.constant -9 : i32
  %p = tensor.pad %a low[1, 0] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : i32
  } : tensor<3x4xi32> to tensor<4x6xi32>
  check.expect_eq_const(%p, dense<[[-9, -9, -9, -9, -9, -9], [1, -2, 3, -4, -9, -9], [5, -6, 7, -8, -9, -9], [9, -10, 11, -12, -9, -9]]> : tensor<4x6xi32>) : tensor<4x6xi32>
  return
}

// The same padding, its amounts computed at run time from the input's dims
// (3 - 2 rows low, 4 - 2 columns high).
func.func @pad_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32> -> tensor<?x?xi32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xi32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xi32>
  %lo = arith.subi %d0, %c2 : index
  %hi = arith.subi %d1, %c2 : index
  %v = arith.constant -9 : i32
  %p = tensor.pad %a low[%lo, 0] high[0, %hi] {
  ^bb0(%i: index, %j: index):
    tensor.yield %v : i32
  } : tensor<?x?xi32> to tensor<?x?xi32>
  %x = flow.tensor.dynamic_constant dense<[[-9, -9, -9, -9, -9, -9], [1, -2, 3, -4, -9, -9], [5, -6, 7, -8, -9, -9], [9, -10, 11, -12, -9, -9]]> : tensor<4x6xi32> -> tensor<?x?xi32>
  check.expect_eq(%p, %x) : tensor<?x?xi32>
  return
}

// A strided slice (rows 1-2, every other column from 1) and a 2x2 block
// inserted at row 0, column 2.
func.func @slices() {
  %a = util.unfoldable_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32>
  %s = tensor.extract_slice %a[1, 1] [2, 2] [1, 2] : tensor<3x4xi32> to tensor<2x2xi32>
  check.expect_eq_const(%s, dense<[[-6, -8], [-10, -12]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  %b = util.unfoldable_constant dense<[[100, 101], [102, 103]]> : tensor<2x2xi32>
  %i = tensor.insert_slice %b into %a[0, 2] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<3x4xi32>
  check.expect_eq_const(%i, dense<[[1, -2, 100, 101], [5, -6, 102, 103], [9, -10, 11, -12]]> : tensor<3x4xi32>) : tensor<3x4xi32>
  return
}

// The same with run-time offsets and sizes.
func.func @slices_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32> -> tensor<?x?xi32>
  %one = util.unfoldable_constant 1 : index
  %two = util.unfoldable_constant 2 : index
  %zero = util.unfoldable_constant 0 : index
  %s = tensor.extract_slice %a[%one, %one] [%two, %two] [1, 2] : tensor<?x?xi32> to tensor<?x?xi32>
  %xs = flow.tensor.dynamic_constant dense<[[-6, -8], [-10, -12]]> : tensor<2x2xi32> -> tensor<?x?xi32>
  check.expect_eq(%s, %xs) : tensor<?x?xi32>
  %b = flow.tensor.dynamic_constant dense<[[100, 101], [102, 103]]> : tensor<2x2xi32> -> tensor<?x?xi32>
  %i = tensor.insert_slice %b into %a[%zero, %two] [%two, %two] [1, 1] : tensor<?x?xi32> into tensor<?x?xi32>
  %xi = flow.tensor.dynamic_constant dense<[[1, -2, 100, 101], [5, -6, 102, 103], [9, -10, 11, -12]]> : tensor<3x4xi32> -> tensor<?x?xi32>
  check.expect_eq(%i, %xi) : tensor<?x?xi32>
  return
}

// Rows of two tensors stacked, and columns side by side.
func.func @concat() {
  %a = util.unfoldable_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32>
  %b = util.unfoldable_constant dense<[[10, -20, 30, -40]]> : tensor<1x4xi32>
  %c = tensor.concat dim(0) %a, %b : (tensor<3x4xi32>, tensor<1x4xi32>) -> tensor<4x4xi32>
  check.expect_eq_const(%c, dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12], [10, -20, 30, -40]]> : tensor<4x4xi32>) : tensor<4x4xi32>
  %h = tensor.concat dim(1) %a, %a : (tensor<3x4xi32>, tensor<3x4xi32>) -> tensor<3x8xi32>
  check.expect_eq_const(%h, dense<[[1, -2, 3, -4, 1, -2, 3, -4], [5, -6, 7, -8, 5, -6, 7, -8], [9, -10, 11, -12, 9, -10, 11, -12]]> : tensor<3x8xi32>) : tensor<3x8xi32>
  return
}

// The row concatenation with the row counts unknown.
func.func @concat_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32> -> tensor<?x4xi32>
  %b = flow.tensor.dynamic_constant dense<[[10, -20, 30, -40]]> : tensor<1x4xi32> -> tensor<?x4xi32>
  %c = tensor.concat dim(0) %a, %b : (tensor<?x4xi32>, tensor<?x4xi32>) -> tensor<?x4xi32>
  %x = flow.tensor.dynamic_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12], [10, -20, 30, -40]]> : tensor<4x4xi32> -> tensor<?x4xi32>
  check.expect_eq(%c, %x) : tensor<?x4xi32>
  return
}

// Collapsing to 1-D and expanding the last dim into 2x2.
func.func @reshape() {
  %a = util.unfoldable_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32>
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<3x4xi32> into tensor<12xi32>
  check.expect_eq_const(%c, dense<[1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12]> : tensor<12xi32>) : tensor<12xi32>
  %x = tensor.expand_shape %a [[0], [1, 2]] output_shape [3, 2, 2] : tensor<3x4xi32> into tensor<3x2x2xi32>
  check.expect_eq_const(%x, dense<[[[1, -2], [3, -4]], [[5, -6], [7, -8]], [[9, -10], [11, -12]]]> : tensor<3x2x2xi32>) : tensor<3x2x2xi32>
  return
}

// The same with the sizes unknown; the expanded dim's size is computed.
func.func @reshape_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[1, -2, 3, -4], [5, -6, 7, -8], [9, -10, 11, -12]]> : tensor<3x4xi32> -> tensor<?x?xi32>
  %c = tensor.collapse_shape %a [[0, 1]] : tensor<?x?xi32> into tensor<?xi32>
  %xc = flow.tensor.dynamic_constant dense<[1, -2, 3, -4, 5, -6, 7, -8, 9, -10, 11, -12]> : tensor<12xi32> -> tensor<?xi32>
  check.expect_eq(%c, %xc) : tensor<?xi32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %c, %c0 : tensor<?xi32>
  %q = arith.divui %n, %c4 : index
  %x = tensor.expand_shape %c [[0, 1, 2]] output_shape [%q, 2, 2] : tensor<?xi32> into tensor<?x2x2xi32>
  %xx = flow.tensor.dynamic_constant dense<[[[1, -2], [3, -4]], [[5, -6], [7, -8]], [[9, -10], [11, -12]]]> : tensor<3x2x2xi32> -> tensor<?x2x2xi32>
  check.expect_eq(%x, %xx) : tensor<?x2x2xi32>
  return
}

// 4x6 packed into 2x4 tiles (the last column of tiles padded with zeros),
// and unpacked back.
func.func @pack_unpack() {
  %a = util.unfoldable_constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]> : tensor<4x6xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x2x4xf32>
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %e : tensor<4x6xf32> -> tensor<2x2x2x4xf32>
  check.expect_eq_const(%p, dense<[[[[0.0, 1.0, 2.0, 3.0], [6.0, 7.0, 8.0, 9.0]], [[4.0, 5.0, 0.0, 0.0], [10.0, 11.0, 0.0, 0.0]]], [[[12.0, 13.0, 14.0, 15.0], [18.0, 19.0, 20.0, 21.0]], [[16.0, 17.0, 0.0, 0.0], [22.0, 23.0, 0.0, 0.0]]]]> : tensor<2x2x2x4xf32>) : tensor<2x2x2x4xf32>
  %e2 = tensor.empty() : tensor<4x6xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %e2 : tensor<2x2x2x4xf32> -> tensor<4x6xf32>
  check.expect_eq(%u, %a) : tensor<4x6xf32>
  return
}

// The same with the input's dims unknown: the outer sizes are ceildivs.
func.func @pack_unpack_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], [6.0, 7.0, 8.0, 9.0, 10.0, 11.0], [12.0, 13.0, 14.0, 15.0, 16.0, 17.0], [18.0, 19.0, 20.0, 21.0, 22.0, 23.0]]> : tensor<4x6xf32> -> tensor<?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %d0 = tensor.dim %a, %c0 : tensor<?x?xf32>
  %d1 = tensor.dim %a, %c1 : tensor<?x?xf32>
  %o0 = arith.ceildivui %d0, %c2 : index
  %o1 = arith.ceildivui %d1, %c4 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%o0, %o1) : tensor<?x?x2x4xf32>
  %p = linalg.pack %a padding_value(%z : f32) inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %e : tensor<?x?xf32> -> tensor<?x?x2x4xf32>
  %x = flow.tensor.dynamic_constant dense<[[[[0.0, 1.0, 2.0, 3.0], [6.0, 7.0, 8.0, 9.0]], [[4.0, 5.0, 0.0, 0.0], [10.0, 11.0, 0.0, 0.0]]], [[[12.0, 13.0, 14.0, 15.0], [18.0, 19.0, 20.0, 21.0]], [[16.0, 17.0, 0.0, 0.0], [22.0, 23.0, 0.0, 0.0]]]]> : tensor<2x2x2x4xf32> -> tensor<?x?x2x4xf32>
  check.expect_eq(%p, %x) : tensor<?x?x2x4xf32>
  %e2 = tensor.empty(%d0, %d1) : tensor<?x?xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [2, 4] into %e2 : tensor<?x?x2x4xf32> -> tensor<?x?xf32>
  check.expect_eq(%u, %a) : tensor<?x?xf32>
  return
}
