// RUN: scope-opt --split-input-file --llvm-cpu-fuse-elementwise %s | FileCheck %s

// A batch norm and its ReLU6 after a convolution: one op over the output.
// The per-channel rsqrt(var + eps), which the norm broadcasts over every
// pixel, stays an op of its own (computed once per channel).
// CHECK-LABEL: func.func @norm_relu6
//       CHECK:   %[[R:.+]] = linalg.generic {{.+}} iterator_types = ["parallel"]
//       CHECK:     math.rsqrt
//       CHECK:   linalg.generic
//  CHECK-SAME:     ins(%{{.+}}, %{{.+}}, %[[R]], %{{.+}}, %{{.+}} :
//   CHECK-NOT:     math.rsqrt
//       CHECK:     arith.subf
//       CHECK:     arith.addf
//       CHECK:     arith.maximumf
//       CHECK:     arith.minimumf
//   CHECK-NOT:   linalg.generic
//       CHECK:   return
#c = affine_map<(n, c, h, w) -> (c)>
#id = affine_map<(n, c, h, w) -> (n, c, h, w)>
func.func @norm_relu6(%x: tensor<1x8x4x4xf32>, %mean: tensor<8xf32>, %var: tensor<8xf32>,
                      %g: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8x4x4xf32> {
  %e1 = tensor.empty() : tensor<8xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>],
                       iterator_types = ["parallel"]} ins(%var : tensor<8xf32>) outs(%e1 : tensor<8xf32>) {
  ^bb0(%v: f32, %o: f32):
    %eps = arith.constant 1.0e-5 : f32
    %a = arith.addf %v, %eps : f32
    %s = math.rsqrt %a : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  %e = tensor.empty() : tensor<1x8x4x4xf32>
  %n = linalg.generic {indexing_maps = [#id, #c, #c, #c, #c, #id],
                       iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %mean, %r, %g, %b : tensor<1x8x4x4xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>)
      outs(%e : tensor<1x8x4x4xf32>) {
  ^bb0(%p: f32, %m: f32, %s: f32, %gg: f32, %bb: f32, %o: f32):
    %d = arith.subf %p, %m : f32
    %t = arith.mulf %d, %s : f32
    %u = arith.mulf %t, %gg : f32
    %y = arith.addf %u, %bb : f32
    linalg.yield %y : f32
  } -> tensor<1x8x4x4xf32>
  %e2 = tensor.empty() : tensor<1x8x4x4xf32>
  %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%n : tensor<1x8x4x4xf32>) outs(%e2 : tensor<1x8x4x4xf32>) {
  ^bb0(%p: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %six = arith.constant 6.0 : f32
    %lo = arith.maximumf %p, %zero : f32
    %hi = arith.minimumf %lo, %six : f32
    linalg.yield %hi : f32
  } -> tensor<1x8x4x4xf32>
  return %a : tensor<1x8x4x4xf32>
}

// -----

// A producer with two users is left alone: fused, it would be computed
// twice.
// CHECK-LABEL: func.func @two_users
//   CHECK-COUNT-3: linalg.generic
func.func @two_users(%x: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %e = tensor.empty() : tensor<16xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]} ins(%x : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %m = math.exp %p : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]} ins(%d : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %m = arith.addf %p, %p : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]} ins(%d : tensor<16xf32>) outs(%e : tensor<16xf32>) {
  ^bb0(%p: f32, %o: f32):
    %m = arith.mulf %p, %p : f32
    linalg.yield %m : f32
  } -> tensor<16xf32>
  return %a, %b : tensor<16xf32>, tensor<16xf32>
}

// -----

// Named ops are not folded: the transpose stays.
// CHECK-LABEL: func.func @named_producer
//       CHECK:   linalg.transpose
//       CHECK:   linalg.generic
func.func @named_producer(%x: tensor<4x8xf32>) -> tensor<8x4xf32> {
  %e = tensor.empty() : tensor<8x4xf32>
  %t = linalg.transpose ins(%x : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
  %a = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]} ins(%t : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%p: f32, %o: f32):
    %m = arith.addf %p, %p : f32
    linalg.yield %m : f32
  } -> tensor<8x4xf32>
  return %a : tensor<8x4xf32>
}
