// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16" %s | FileCheck %s
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 plane-reduction-lanes=4" %s | FileCheck %s --check-prefix=LANES4
// RUN: scope-opt --split-input-file --llvm-cpu-tile-and-vectorize="tile-sizes=8,16,16 plane-reduction-lanes=0" %s | FileCheck %s --check-prefix=OFF

// An NCHW global average pool (EfficientNet-B0's first squeeze-and-excitation
// block): a plane reduction. Its tiles hold one row of the innermost loop per
// lane of the channel loop, 8 lanes by default; h goes one row at a time.
// CHECK-LABEL: func.func @pool_sum
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c8
//       CHECK:     scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c1
//       CHECK:       vector.transfer_read {{.+}} : tensor<1x8x1x112xf32>, vector<1x8x1x112xf32>
//       CHECK:       vector.multi_reduction <add>, %{{.+}}, %{{.+}} [2, 3] : vector<1x8x1x112xf32> to vector<1x8xf32>
// The lane count is an option.
// LANES4-LABEL: func.func @pool_sum
//       LANES4:   vector<1x4x1x112xf32>
// With plane-reduction-lanes=0, tile-sizes applies, as for any other op:
// 1x16x16x112, the tile that took LLVM a minute to compile.
// OFF-LABEL: func.func @pool_sum
//       OFF:   vector.transfer_read {{.+}} : tensor<1x16x16x112xf32>, vector<1x16x16x112xf32>
func.func @pool_sum(%x: tensor<1x32x112x112xf32>) -> tensor<1x32xf32> {
  %zero = arith.constant 0.000000e+00 : f32
  %e = tensor.empty() : tensor<1x32xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<1x32xf32>) -> tensor<1x32xf32>
  %r = linalg.reduce ins(%x : tensor<1x32x112x112xf32>) outs(%init : tensor<1x32xf32>) dimensions = [2, 3]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1x32xf32>
}

// -----

// A 3-D plane reduction whose innermost loop has a tile size: that loop keeps
// it (16), the outer reduction loop goes one row at a time.
// CHECK-LABEL: func.func @plane_max_3d
//       CHECK:   vector.transfer_read {{.+}} : tensor<8x1x16xf32>, vector<8x1x16xf32>
//       CHECK:   vector.multi_reduction <maximumf>, %{{.+}}, %{{.+}} [1, 2] : vector<8x1x16xf32> to vector<8xf32>
// OFF-LABEL: func.func @plane_max_3d
//       OFF:   vector<8x16x16xf32>
func.func @plane_max_3d(%x: tensor<16x32x64xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.reduce ins(%x : tensor<16x32x64xf32>) outs(%init : tensor<16xf32>) dimensions = [1, 2]
    (%in: f32, %acc: f32) {
      %m = arith.maximumf %in, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<16xf32>
}

// -----

// One reduction loop (a softmax's row sum) is not a plane reduction: tiles
// from tile-sizes.
// CHECK-LABEL: func.func @negative_row_sum
//       CHECK:   vector.transfer_read {{.+}} : tensor<8x16xf32>, vector<8x16xf32>
func.func @negative_row_sum(%x: tensor<32x64xf32>, %init: tensor<32xf32>) -> tensor<32xf32> {
  %r = linalg.reduce ins(%x : tensor<32x64xf32>) outs(%init : tensor<32xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<32xf32>
}

// -----

// Reducing the channels of NCHW keeps the innermost loop parallel: no
// transpose to bound, tiles from tile-sizes.
// CHECK-LABEL: func.func @negative_channel_sum
//       CHECK:   vector.transfer_read {{.+}} : tensor<1x16x16x8xf32>, vector<1x16x16x8xf32>
func.func @negative_channel_sum(%x: tensor<1x32x16x8xf32>, %init: tensor<1x16x8xf32>) -> tensor<1x16x8xf32> {
  %r = linalg.reduce ins(%x : tensor<1x32x16x8xf32>) outs(%init : tensor<1x16x8xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<1x16x8xf32>
}

// -----

// A reduction to a scalar has no lane to keep: tiles from tile-sizes.
// CHECK-LABEL: func.func @negative_full_sum
//       CHECK:   vector.transfer_read {{.+}} : tensor<4x8x16xf32>, vector<4x8x16xf32>
func.func @negative_full_sum(%x: tensor<4x8x16xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%x : tensor<4x8x16xf32>) outs(%init : tensor<f32>) dimensions = [0, 1, 2]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  return %r : tensor<f32>
}

// -----

// The shape of differential seed 50524 (llvm-cpu-max-vector-cost.mlir): an
// outer reduction, a parallel loop, an inner reduction, dynamic, a log per
// element. As a plane reduction its masked 1x8x16 tiles have 8 rows, cost
// 8 x 38 x 2 = 608 (under max-vector-cost): vectorized.
// CHECK-LABEL: func.func @dynamic_log_plane
//       CHECK:   vector.create_mask {{.+}} : vector<1x8x16xi1>
//       CHECK:   vector.transfer_read {{.+}} : tensor<1x?x?xf32>, vector<1x8x16xf32>
//       CHECK:   math.log {{.+}} : vector<1x8x16xf32>
// OFF-LABEL: func.func @dynamic_log_plane
//   OFF-NOT:   vector.transfer_read
//       OFF:   linalg.generic
#in = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#out = affine_map<(d0, d1, d2) -> (d1)>
func.func @dynamic_log_plane(%x: tensor<?x?x?xf32>, %init: tensor<?xf32>) -> tensor<?xf32> {
  %r = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["reduction", "parallel", "reduction"]}
      ins(%x : tensor<?x?x?xf32>) outs(%init : tensor<?xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.minimumf %in, %in : f32
    %a = math.absf %m : f32
    %one = arith.constant 1.0 : f32
    %p = arith.addf %a, %one : f32
    %l = math.log %p : f32
    %s = arith.addf %l, %out : f32
    linalg.yield %s : f32
  } -> tensor<?xf32>
  return %r : tensor<?xf32>
}

// -----

// A depthwise NHWC convolution reduces along its two innermost loops (kh,
// kw) but reads its input at oh + kh: a convolution, not a plane reduction.
// It keeps the tiles of tile-sizes (n by 8, oh by 16, ow by 16), exactly as
// with the option off; tiled 8 channels by one row it ran 4.8 times slower.
// CHECK-LABEL: func.func @negative_depthwise
//       CHECK:   scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16
//       CHECK:     scf.for %{{.+}} = %{{.+}} to %{{.+}} step %c16
//   CHECK-NOT:       step %c8
//       CHECK:       linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<?x16x16x32xf32>
// OFF-LABEL: func.func @negative_depthwise
//       OFF:   linalg.depthwise_conv_2d_nhwc_hwc {{.*}} -> tensor<?x16x16x32xf32>
func.func @negative_depthwise(%x: tensor<1x114x114x32xf32>, %w: tensor<3x3x32xf32>,
                              %acc: tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32> {
  %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x114x114x32xf32>, tensor<3x3x32xf32>) outs(%acc : tensor<1x112x112x32xf32>) -> tensor<1x112x112x32xf32>
  return %r : tensor<1x112x112x32xf32>
}
