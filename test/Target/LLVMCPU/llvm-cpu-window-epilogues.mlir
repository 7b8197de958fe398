// llvm-cpu-apply-strategies: the epilogues of a window op tiled by images
// (and, with its input's pad, by channels) are computed in the same loop,
// each updating the tile of the loop's output the window op wrote
// (isTiledEpilogue, updateEpiloguesInPlace); consumers that read their own
// init, read the result through another map or follow a result with a
// second user stay after the loop. The second RUN line: the strategy
// table's takesConsumer puts those epilogues into the window op's tu scope.
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(llvm-cpu-apply-strategies{cpu=haswell},canonicalize,cse))" %s | FileCheck %s
// RUN: scope-opt --split-input-file --pass-pipeline="builtin.module(func.func(codegen-form-tu-scopes{table=llvm-cpu}))" %s | FileCheck %s --check-prefix=SCOPES

// Two images of 32 channels of a depthwise convolution reading a pad,
// then a batch norm (per-channel vectors) and a ReLU: one loop over the
// images and tiles of 8 channels computes all three. The taps accumulate
// into the loop's output tile; the batch norm reads its per-channel
// vectors' tile and updates that output tile in place, and the ReLU too.
// CHECK-LABEL: func.func @depthwise_bn_relu
//  CHECK-SAME:     (%[[X:.+]]: tensor<2x32x62x62xf32>, %[[W:.+]]: tensor<32x3x3xf32>, %[[SCALE:.+]]: tensor<32xf32>, %[[SHIFT:.+]]: tensor<32xf32>)
//       CHECK:   %[[EMPTY:.+]] = tensor.empty() : tensor<2x32x62x62xf32>
//       CHECK:   scf.forall (%[[N:.+]], %[[C:.+]]) = (0, 0) to (2, 32) step (1, 8) shared_outs(%[[OUT:.+]] = %[[EMPTY]])
//   CHECK-NOT:     tensor.empty() : tensor<{{.*}}x62x62xf32>
//       CHECK:     %[[TILE:.+]] = tensor.extract_slice %[[OUT]][%[[N]], %[[C]], 0, 0] [1, 8, 62, 62]
//       CHECK:     %[[ACC:.+]] = tensor.collapse_shape %[[TILE]]
//       CHECK:     %[[TAPS:.+]] = linalg.generic {{.+}} outs(%[[ACC]] : tensor<8x62x62xf32>)
//       CHECK:     %[[CONV:.+]] = tensor.expand_shape %[[TAPS]]
//   CHECK-DAG:     %[[S:.+]] = tensor.extract_slice %[[SCALE]][%[[C]]] [8] [1]
//   CHECK-DAG:     %[[T:.+]] = tensor.extract_slice %[[SHIFT]][%[[C]]] [8] [1]
//       CHECK:     %[[BN:.+]] = linalg.generic {{.+}} ins(%[[S]], %[[T]] : tensor<8xf32>, tensor<8xf32>) outs(%[[CONV]] : tensor<1x8x62x62xf32>)
//  CHECK-NEXT:     ^bb0(%[[SV:[^:]+]]: f32, %[[TV:[^:]+]]: f32, %[[V:[^:]+]]: f32):
//  CHECK-NEXT:       %[[M:.+]] = arith.mulf %[[V]], %[[SV]] : f32
//  CHECK-NEXT:       %[[A:.+]] = arith.addf %[[M]], %[[TV]] : f32
//  CHECK-NEXT:       linalg.yield %[[A]] : f32
//       CHECK:     %[[RELU:.+]] = linalg.generic {{.+}} outs(%[[BN]] : tensor<1x8x62x62xf32>)
//  CHECK-NEXT:     ^bb0(%[[V2:[^:]+]]: f32):
//  CHECK-NEXT:       arith.maximumf %[[V2]]
//       CHECK:     tensor.parallel_insert_slice %[[RELU]] into %[[OUT]][%[[N]], %[[C]], 0, 0] [1, 8, 62, 62]
//   CHECK-NOT:   linalg.generic
//       CHECK:   return
// The tu scope: the pad, the fill, the convolution and both epilogues.
// SCOPES-LABEL: func.func @depthwise_bn_relu
//       SCOPES:   codegen.scope.tu
//       SCOPES:     tensor.pad
//       SCOPES:     linalg.fill
//  SCOPES-NEXT:     linalg.depthwise_conv_2d_nchw_chw
//  SCOPES-NEXT:     tensor.empty
//  SCOPES-NEXT:     linalg.generic
//       SCOPES:     tensor.empty
//  SCOPES-NEXT:     %[[RELU:.+]] = linalg.generic
//       SCOPES:     codegen.yield %[[RELU]]
//   SCOPES-NOT:   codegen.scope.tu
//       SCOPES:   return
func.func @depthwise_bn_relu(%x: tensor<2x32x62x62xf32>, %w: tensor<32x3x3xf32>, %scale: tensor<32xf32>, %shift: tensor<32xf32>) -> tensor<2x32x62x62xf32> {
  %zero = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %zero : f32
  } : tensor<2x32x62x62xf32> to tensor<2x32x64x64xf32>
  %e = tensor.empty() : tensor<2x32x62x62xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x32x62x62xf32>) -> tensor<2x32x62x62xf32>
  %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%p, %w : tensor<2x32x64x64xf32>, tensor<32x3x3xf32>) outs(%f : tensor<2x32x62x62xf32>) -> tensor<2x32x62x62xf32>
  %e1 = tensor.empty() : tensor<2x32x62x62xf32>
  %bn = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%c, %scale, %shift : tensor<2x32x62x62xf32>, tensor<32xf32>, tensor<32xf32>) outs(%e1 : tensor<2x32x62x62xf32>) {
  ^bb0(%in: f32, %s: f32, %t: f32, %out: f32):
    %0 = arith.mulf %in, %s : f32
    %1 = arith.addf %0, %t : f32
    linalg.yield %1 : f32
  } -> tensor<2x32x62x62xf32>
  %e2 = tensor.empty() : tensor<2x32x62x62xf32>
  %relu = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%bn : tensor<2x32x62x62xf32>) outs(%e2 : tensor<2x32x62x62xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<2x32x62x62xf32>
  return %relu : tensor<2x32x62x62xf32>
}

// -----

// Two images of an NCHW convolution, then a residual add: the add is in
// the loop over the images, reading the image's residual.
// CHECK-LABEL: func.func @conv_residual
//  CHECK-SAME:     (%[[X:.+]]: tensor<2x8x10x10xf32>, %[[W:.+]]: tensor<8x8x3x3xf32>, %[[RES:.+]]: tensor<2x8x8x8xf32>)
//       CHECK:   scf.forall (%[[N:.+]]) in (2)
//       CHECK:     %[[R:.+]] = tensor.extract_slice %[[RES]][%[[N]], 0, 0, 0] [1, 8, 8, 8]
//       CHECK:     %[[ADD:.+]] = linalg.generic {{.+}} ins(%[[R]] : tensor<1x8x8x8xf32>)
//  CHECK-NEXT:     ^bb0(%[[RV:[^:]+]]: f32, %[[V:[^:]+]]: f32):
//  CHECK-NEXT:       arith.addf %[[RV]], %[[V]] : f32
//       CHECK:     tensor.parallel_insert_slice %[[ADD]]
//   CHECK-NOT:   linalg.generic
//       CHECK:   return
// SCOPES-LABEL: func.func @conv_residual
//       SCOPES:   codegen.scope.tu
//       SCOPES:     linalg.conv_2d_nchw_fchw
//  SCOPES-NEXT:     %[[ADD:.+]] = linalg.generic
//       SCOPES:     codegen.yield %[[ADD]]
//   SCOPES-NOT:   codegen.scope.tu
func.func @conv_residual(%x: tensor<2x8x10x10xf32>, %w: tensor<8x8x3x3xf32>, %res: tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8x8x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
    ins(%x, %w : tensor<2x8x10x10xf32>, tensor<8x8x3x3xf32>) outs(%f : tensor<2x8x8x8xf32>) -> tensor<2x8x8x8xf32>
  %add = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%res, %c : tensor<2x8x8x8xf32>, tensor<2x8x8x8xf32>) outs(%e : tensor<2x8x8x8xf32>) {
  ^bb0(%r: f32, %in: f32, %out: f32):
    %0 = arith.addf %r, %in : f32
    linalg.yield %0 : f32
  } -> tensor<2x8x8x8xf32>
  return %add : tensor<2x8x8x8xf32>
}

// -----

// A consumer reading its init (an accumulation into %acc) is not computed
// in the pooling's loop, nor in its tu scope.
// CHECK-LABEL: func.func @reads_init
//       CHECK:   %[[POOL:.+]] = scf.forall
//       CHECK:   scf.forall.in_parallel
//       CHECK:   linalg.generic {{.+}} ins(%[[POOL]] : tensor<2x4x4x4xf32>)
// SCOPES-LABEL: func.func @reads_init
//       SCOPES:   %[[POOL:.+]] = codegen.scope.tu
//       SCOPES:     linalg.pooling_nchw_max
//  SCOPES-NEXT:     codegen.yield
//       SCOPES:   codegen.scope.tu (%[[POOL]]
func.func @reads_init(%x: tensor<2x4x8x8xf32>, %acc: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %m = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : tensor<2x4x8x8xf32>, tensor<2x2xf32>) outs(%f : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %sum = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%m : tensor<2x4x4x4xf32>) outs(%acc : tensor<2x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.addf %in, %out : f32
    linalg.yield %0 : f32
  } -> tensor<2x4x4x4xf32>
  return %sum : tensor<2x4x4x4xf32>
}

// -----

// A consumer reading the result transposed, and one of a window op whose
// result has a second user: neither is in the loop nor in the scope.
// CHECK-LABEL: func.func @transposed
//       CHECK:   %[[POOL:.+]] = scf.forall
//       CHECK:   scf.forall.in_parallel
//       CHECK:   linalg.generic {{.+}} ins(%[[POOL]] : tensor<2x4x4x4xf32>)
// CHECK-LABEL: func.func @second_user
//       CHECK:   %[[POOL:.+]] = scf.forall
//       CHECK:   scf.forall.in_parallel
//       CHECK:   %[[RELU:.+]] = linalg.generic {{.+}} ins(%[[POOL]] : tensor<2x4x4x4xf32>)
//       CHECK:   return %[[POOL]], %[[RELU]]
// SCOPES-LABEL: func.func @transposed
//       SCOPES:   %[[POOL:.+]] = codegen.scope.tu
//       SCOPES:   codegen.scope.tu (%[[POOL]]
// SCOPES-LABEL: func.func @second_user
//       SCOPES:   %[[POOL:.+]] = codegen.scope.tu
//       SCOPES:   codegen.scope.tu (%[[POOL]]
func.func @transposed(%x: tensor<2x4x8x8xf32>) -> tensor<2x4x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %k = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %m = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : tensor<2x4x8x8xf32>, tensor<2x2xf32>) outs(%f : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, w, h)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%m : tensor<2x4x4x4xf32>) outs(%e : tensor<2x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<2x4x4x4xf32>
  return %t : tensor<2x4x4x4xf32>
}
func.func @second_user(%x: tensor<2x4x8x8xf32>) -> (tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %k = tensor.empty() : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x4x4x4xf32>
  %f = linalg.fill ins(%ninf : f32) outs(%e : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %m = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
    ins(%x, %k : tensor<2x4x8x8xf32>, tensor<2x2xf32>) outs(%f : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (n, c, h, w)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%m : tensor<2x4x4x4xf32>) outs(%e : tensor<2x4x4x4xf32>) {
  ^bb0(%in: f32, %out: f32):
    %0 = arith.maximumf %in, %zero : f32
    linalg.yield %0 : f32
  } -> tensor<2x4x4x4xf32>
  return %m, %r : tensor<2x4x4x4xf32>, tensor<2x4x4x4xf32>
}
