// Contractions checked at run time: matmul (f32, i8 into i32, f16 into f32),
// batch_matmul, conv_2d_nhwc_hwcf (unit and stride 2) and depthwise
// convolution, each with static and dynamic shapes. The float inputs are
// small integers, so every sum is exact whatever order the backend adds in;
// expected values from NumPy.

// RUN: scope-check %s --device=llvm-cpu | FileCheck %s
// RUN: scope-check %s --device=llvm-cpu-loops | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=1 \
// RUN:   | scope-check - --device=llvm-cpu | FileCheck %s
// RUN: scope-opt %s --mlir-print-debuginfo --test-util-insert-scopes=seed=2 \
// RUN:   | scope-check - --device=llvm-cpu-loops | FileCheck %s

// CHECK: PASS matmul
// CHECK-NEXT: PASS matmul_i8_i32
// CHECK-NEXT: PASS matmul_dynamic_f16_f32
// CHECK-NEXT: PASS batch_matmul
// CHECK-NEXT: PASS batch_matmul_dynamic
// CHECK-NEXT: PASS conv_2d_nhwc_hwcf
// CHECK-NEXT: PASS conv_2d_nhwc_hwcf_dynamic
// CHECK-NEXT: PASS conv_2d_nhwc_hwcf_stride2
// CHECK-NEXT: PASS depthwise_conv
// CHECK-NEXT: PASS depthwise_conv_dynamic
// CHECK-NEXT: 10 passed, 0 failed

// 3x4 times 4x5 into a zero-filled accumulator: odd sizes that do not
// divide any tile size.
func.func @matmul() {
  %a = util.unfoldable_constant dense<[[3.0, -3.0, 1.0, 0.0], [-2.0, 0.0, 1.0, -2.0], [1.0, -3.0, 3.0, -3.0]]> : tensor<3x4xf32>
  %b = util.unfoldable_constant dense<[[-1.0, -1.0, -3.0, -1.0, 1.0], [-3.0, -3.0, -2.0, -3.0, 2.0], [-3.0, 1.0, 2.0, 3.0, -3.0], [3.0, 3.0, 1.0, -1.0, -2.0]]> : tensor<4x5xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<3x5xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<3x5xf32>) -> tensor<3x5xf32>
  %c = linalg.matmul ins(%a, %b : tensor<3x4xf32>, tensor<4x5xf32>) outs(%f : tensor<3x5xf32>) -> tensor<3x5xf32>
  check.expect_almost_eq_const(%c, dense<[[3.0, 7.0, -1.0, 9.0, -6.0], [-7.0, -3.0, 6.0, 7.0, -1.0], [-10.0, 2.0, 6.0, 20.0, -8.0]]> : tensor<3x5xf32>, atol 0.0) : tensor<3x5xf32>
  return
}

// i8 operands sign-extended into an i32 accumulator: the products overflow
// i8 but not i32.
func.func @matmul_i8_i32() {
  %a = util.unfoldable_constant dense<[[-83, 68, 53], [-16, -2, -95]]> : tensor<2x3xi8>
  %b = util.unfoldable_constant dense<[[-15, 90], [-7, 88], [-24, -36]]> : tensor<3x2xi8>
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %f = linalg.fill ins(%z : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %c = linalg.matmul ins(%a, %b : tensor<2x3xi8>, tensor<3x2xi8>) outs(%f : tensor<2x2xi32>) -> tensor<2x2xi32>
  check.expect_eq_const(%c, dense<[[-503, -3394], [2534, 1804]]> : tensor<2x2xi32>) : tensor<2x2xi32>
  return
}

// f16 operands accumulated into f32 ones, every dim unknown: the
// accumulator starts at 1 rather than 0.
func.func @matmul_dynamic_f16_f32() {
  %a = flow.tensor.dynamic_constant dense<[[2.0, -3.0, -4.0], [1.0, -3.0, -2.0], [0.0, 4.0, 3.0], [3.0, 2.0, 0.0], [2.0, 1.0, 4.0]]> : tensor<5x3xf16> -> tensor<?x?xf16>
  %b = flow.tensor.dynamic_constant dense<[[3.0, -1.0], [-3.0, 2.0], [-3.0, 3.0]]> : tensor<3x2xf16> -> tensor<?x?xf16>
  %acc = flow.tensor.dynamic_constant dense<1.0> : tensor<5x2xf32> -> tensor<?x?xf32>
  %c = linalg.matmul ins(%a, %b : tensor<?x?xf16>, tensor<?x?xf16>) outs(%acc : tensor<?x?xf32>) -> tensor<?x?xf32>
  %x = flow.tensor.dynamic_constant dense<[[28.0, -19.0], [19.0, -12.0], [-20.0, 18.0], [4.0, 2.0], [-8.0, 13.0]]> : tensor<5x2xf32> -> tensor<?x?xf32>
  check.expect_almost_eq(%c, %x, atol 0.0) : tensor<?x?xf32>
  return
}

// Two independent 2x3 by 3x4 products.
func.func @batch_matmul() {
  %a = util.unfoldable_constant dense<[[[1.0, 0.0, -1.0], [-1.0, 1.0, 1.0]], [[1.0, 2.0, -1.0], [1.0, -2.0, 1.0]]]> : tensor<2x2x3xf32>
  %b = util.unfoldable_constant dense<[[[0.0, -1.0, -2.0, -1.0], [2.0, -1.0, 0.0, 0.0], [2.0, 1.0, 0.0, -2.0]], [[0.0, 0.0, -2.0, 2.0], [1.0, -1.0, -2.0, 0.0], [-2.0, -2.0, 1.0, 1.0]]]> : tensor<2x3x4xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x4xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<2x2x3xf32>, tensor<2x3x4xf32>) outs(%f : tensor<2x2x4xf32>) -> tensor<2x2x4xf32>
  check.expect_almost_eq_const(%c, dense<[[[-2.0, -2.0, -2.0, 1.0], [4.0, 1.0, 2.0, -1.0]], [[4.0, 0.0, -7.0, 1.0], [-4.0, 0.0, 3.0, 3.0]]]> : tensor<2x2x4xf32>, atol 0.0) : tensor<2x2x4xf32>
  return
}

// The same product with every dim unknown, the accumulator built from the
// operands' run-time dims. K is dynamic too: with K static, llvm-cpu
// currently unrolls masked vectors into 52,000 lines of LLVM dialect (27 s
// to compile on a loaded machine), which would dominate the suite's time.
func.func @batch_matmul_dynamic() {
  %a = flow.tensor.dynamic_constant dense<[[[1.0, 0.0, -1.0], [-1.0, 1.0, 1.0]], [[1.0, 2.0, -1.0], [1.0, -2.0, 1.0]]]> : tensor<2x2x3xf32> -> tensor<?x?x?xf32>
  %b = flow.tensor.dynamic_constant dense<[[[0.0, -1.0, -2.0, -1.0], [2.0, -1.0, 0.0, 0.0], [2.0, 1.0, 0.0, -2.0]], [[0.0, 0.0, -2.0, 2.0], [1.0, -1.0, -2.0, 0.0], [-2.0, -2.0, 1.0, 1.0]]]> : tensor<2x3x4xf32> -> tensor<?x?x?xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = tensor.dim %a, %c0 : tensor<?x?x?xf32>
  %m = tensor.dim %a, %c1 : tensor<?x?x?xf32>
  %k = tensor.dim %b, %c2 : tensor<?x?x?xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%n, %m, %k) : tensor<?x?x?xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %c = linalg.batch_matmul ins(%a, %b : tensor<?x?x?xf32>, tensor<?x?x?xf32>) outs(%f : tensor<?x?x?xf32>) -> tensor<?x?x?xf32>
  %x = flow.tensor.dynamic_constant dense<[[[-2.0, -2.0, -2.0, 1.0], [4.0, 1.0, 2.0, -1.0]], [[4.0, 0.0, -7.0, 1.0], [-4.0, 0.0, 3.0, 3.0]]]> : tensor<2x2x4xf32> -> tensor<?x?x?xf32>
  check.expect_almost_eq(%c, %x, atol 0.0) : tensor<?x?x?xf32>
  return
}

// A 2x3 kernel with 2 input and 3 output channels over a 4x5 image.
func.func @conv_2d_nhwc_hwcf() {
  %i = util.unfoldable_constant dense<[[[[-2.0, 1.0], [0.0, -2.0], [0.0, -1.0], [-1.0, -2.0], [2.0, 0.0]], [[2.0, -2.0], [2.0, -1.0], [2.0, 1.0], [0.0, 0.0], [-1.0, 2.0]], [[0.0, 0.0], [-2.0, -2.0], [-2.0, -1.0], [-1.0, 1.0], [0.0, 2.0]], [[-2.0, 2.0], [2.0, 1.0], [-2.0, -2.0], [-1.0, 1.0], [1.0, -1.0]]]]> : tensor<1x4x5x2xf32>
  %k = util.unfoldable_constant dense<[[[[-2.0, -2.0, -2.0], [2.0, -1.0, 1.0]], [[-2.0, 2.0, 0.0], [0.0, 0.0, -1.0]], [[1.0, -2.0, 2.0], [2.0, 1.0, 2.0]]], [[[0.0, 0.0, 1.0], [2.0, -1.0, 2.0]], [[-1.0, -2.0, 1.0], [2.0, -1.0, 1.0]], [[-1.0, 0.0, -1.0], [0.0, 0.0, -1.0]]]]> : tensor<2x3x2x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %o = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %k : tensor<1x4x5x2xf32>, tensor<2x3x2x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  check.expect_almost_eq_const(%o, dense<[[[[-6.0, 1.0, 1.0], [-11.0, -2.0, -4.0], [5.0, -6.0, 8.0]], [[-8.0, 5.0, 0.0], [-13.0, 8.0, -15.0], [2.0, 1.0, -7.0]], [[6.0, -8.0, 5.0], [6.0, 10.0, 3.0], [6.0, 8.0, 0.0]]]]> : tensor<1x3x3x3xf32>, atol 0.0) : tensor<1x3x3x3xf32>
  return
}

// The same convolution with the image's height and width unknown: the
// output size is computed at run time (H - 2 + 1, W - 3 + 1).
func.func @conv_2d_nhwc_hwcf_dynamic() {
  %i = flow.tensor.dynamic_constant dense<[[[[-2.0, 1.0], [0.0, -2.0], [0.0, -1.0], [-1.0, -2.0], [2.0, 0.0]], [[2.0, -2.0], [2.0, -1.0], [2.0, 1.0], [0.0, 0.0], [-1.0, 2.0]], [[0.0, 0.0], [-2.0, -2.0], [-2.0, -1.0], [-1.0, 1.0], [0.0, 2.0]], [[-2.0, 2.0], [2.0, 1.0], [-2.0, -2.0], [-1.0, 1.0], [1.0, -1.0]]]]> : tensor<1x4x5x2xf32> -> tensor<1x?x?x2xf32>
  %k = util.unfoldable_constant dense<[[[[-2.0, -2.0, -2.0], [2.0, -1.0, 1.0]], [[-2.0, 2.0, 0.0], [0.0, 0.0, -1.0]], [[1.0, -2.0, 2.0], [2.0, 1.0, 2.0]]], [[[0.0, 0.0, 1.0], [2.0, -1.0, 2.0]], [[-1.0, -2.0, 1.0], [2.0, -1.0, 1.0]], [[-1.0, 0.0, -1.0], [0.0, 0.0, -1.0]]]]> : tensor<2x3x2x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h = tensor.dim %i, %c1 : tensor<1x?x?x2xf32>
  %w = tensor.dim %i, %c2 : tensor<1x?x?x2xf32>
  %oh = arith.subi %h, %c1 : index
  %ow = arith.subi %w, %c2 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%oh, %ow) : tensor<1x?x?x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x?x?x3xf32>) -> tensor<1x?x?x3xf32>
  %o = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %k : tensor<1x?x?x2xf32>, tensor<2x3x2x3xf32>) outs(%f : tensor<1x?x?x3xf32>) -> tensor<1x?x?x3xf32>
  %x = flow.tensor.dynamic_constant dense<[[[[-6.0, 1.0, 1.0], [-11.0, -2.0, -4.0], [5.0, -6.0, 8.0]], [[-8.0, 5.0, 0.0], [-13.0, 8.0, -15.0], [2.0, 1.0, -7.0]], [[6.0, -8.0, 5.0], [6.0, 10.0, 3.0], [6.0, 8.0, 0.0]]]]> : tensor<1x3x3x3xf32> -> tensor<1x?x?x3xf32>
  check.expect_almost_eq(%o, %x, atol 0.0) : tensor<1x?x?x3xf32>
  return
}

// Stride 2: a 3x3 kernel over a 5x5 single-channel image gives 2x2.
func.func @conv_2d_nhwc_hwcf_stride2() {
  %i = util.unfoldable_constant dense<[[[[-1.0], [-1.0], [2.0], [0.0], [0.0]], [[2.0], [0.0], [2.0], [-2.0], [-2.0]], [[1.0], [-2.0], [0.0], [2.0], [2.0]], [[-2.0], [-1.0], [1.0], [-2.0], [-2.0]], [[-2.0], [1.0], [2.0], [-2.0], [2.0]]]]> : tensor<1x5x5x1xf32>
  %k = util.unfoldable_constant dense<[[[[0.0, 2.0]], [[0.0, -1.0]], [[-1.0, -2.0]]], [[[-1.0, 2.0]], [[0.0, 2.0]], [[2.0, 1.0]]], [[[-1.0, 0.0]], [[0.0, 1.0]], [[-2.0, 1.0]]]]> : tensor<3x3x1x2xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x2x2x2xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  %o = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%i, %k : tensor<1x5x5x1xf32>, tensor<3x3x1x2xf32>) outs(%f : tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
  check.expect_almost_eq_const(%o, dense<[[[[-1.0, -1.0], [-10.0, 6.0]], [[2.0, 2.0], [-13.0, -10.0]]]]> : tensor<1x2x2x2xf32>, atol 0.0) : tensor<1x2x2x2xf32>
  return
}

// A 2x2 depthwise kernel per channel, three channels.
func.func @depthwise_conv() {
  %i = util.unfoldable_constant dense<[[[[-2.0, 0.0, 3.0], [1.0, 2.0, -2.0], [-1.0, 0.0, 0.0], [1.0, 2.0, -2.0]], [[3.0, -1.0, 1.0], [-3.0, -1.0, 2.0], [-3.0, -2.0, -2.0], [0.0, 3.0, 2.0]], [[-1.0, -3.0, 2.0], [-3.0, 1.0, 1.0], [1.0, 2.0, -1.0], [0.0, 0.0, -3.0]], [[3.0, 0.0, 3.0], [3.0, -2.0, 0.0], [3.0, -3.0, 1.0], [0.0, 1.0, 0.0]]]]> : tensor<1x4x4x3xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 1.0, -1.0], [1.0, -2.0, 1.0]], [[2.0, 1.0, 2.0], [-1.0, -2.0, -1.0]]]> : tensor<2x2x3xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x3x3x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  %o = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %k : tensor<1x4x4x3xf32>, tensor<2x2x3xf32>) outs(%f : tensor<1x3x3x3xf32>) -> tensor<1x3x3x3xf32>
  check.expect_almost_eq_const(%o, dense<[[[[8.0, -3.0, -5.0], [-3.0, 5.0, 8.0], [-6.0, -12.0, -8.0]], [[1.0, -4.0, 4.0], [-13.0, 0.0, -1.0], [-1.0, -6.0, 5.0]], [[-1.0, -1.0, 5.0], [1.0, 1.0, -3.0], [7.0, -3.0, 0.0]]]]> : tensor<1x3x3x3xf32>, atol 0.0) : tensor<1x3x3x3xf32>
  return
}

// The same with the image's height and width unknown.
func.func @depthwise_conv_dynamic() {
  %i = flow.tensor.dynamic_constant dense<[[[[-2.0, 0.0, 3.0], [1.0, 2.0, -2.0], [-1.0, 0.0, 0.0], [1.0, 2.0, -2.0]], [[3.0, -1.0, 1.0], [-3.0, -1.0, 2.0], [-3.0, -2.0, -2.0], [0.0, 3.0, 2.0]], [[-1.0, -3.0, 2.0], [-3.0, 1.0, 1.0], [1.0, 2.0, -1.0], [0.0, 0.0, -3.0]], [[3.0, 0.0, 3.0], [3.0, -2.0, 0.0], [3.0, -3.0, 1.0], [0.0, 1.0, 0.0]]]]> : tensor<1x4x4x3xf32> -> tensor<1x?x?x3xf32>
  %k = util.unfoldable_constant dense<[[[1.0, 1.0, -1.0], [1.0, -2.0, 1.0]], [[2.0, 1.0, 2.0], [-1.0, -2.0, -1.0]]]> : tensor<2x2x3xf32>
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %h = tensor.dim %i, %c1 : tensor<1x?x?x3xf32>
  %w = tensor.dim %i, %c2 : tensor<1x?x?x3xf32>
  %oh = arith.subi %h, %c1 : index
  %ow = arith.subi %w, %c1 : index
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%oh, %ow) : tensor<1x?x?x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x?x?x3xf32>) -> tensor<1x?x?x3xf32>
  %o = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%i, %k : tensor<1x?x?x3xf32>, tensor<2x2x3xf32>) outs(%f : tensor<1x?x?x3xf32>) -> tensor<1x?x?x3xf32>
  %x = flow.tensor.dynamic_constant dense<[[[[8.0, -3.0, -5.0], [-3.0, 5.0, 8.0], [-6.0, -12.0, -8.0]], [[1.0, -4.0, 4.0], [-13.0, 0.0, -1.0], [-1.0, -6.0, 5.0]], [[-1.0, -1.0, 5.0], [1.0, 1.0, -3.0], [7.0, -3.0, 0.0]]]]> : tensor<1x3x3x3xf32> -> tensor<1x?x?x3xf32>
  check.expect_almost_eq(%o, %x, atol 0.0) : tensor<1x?x?x3xf32>
  return
}
