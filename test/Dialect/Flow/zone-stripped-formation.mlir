// RUN: scope-opt --split-input-file --flow-form-dispatch-regions %s | FileCheck %s --check-prefix=ZONES
// RUN: scope-opt --split-input-file --util-strip-scopes=kind=zone --flow-form-dispatch-regions %s | FileCheck %s --check-prefix=STRIPPED

// Zones are transparent to placement but not to formation, which works one
// block at a time: with the zone kept, the matmul outside and the relu
// inside form two regions; with zones stripped first (as the compile driver
// does when tracing is off) they fuse into one.
// ZONES-LABEL: func.func @zone_around_consumer
//       ZONES: %[[M:.+]] = flow.dispatch.region
//       ZONES:   linalg.matmul
//       ZONES: util.scope [#util.zone<"act">]
//       ZONES:   flow.dispatch.region
//       ZONES:     linalg.generic {{.+}} ins(%[[M]] :
// STRIPPED-LABEL: func.func @zone_around_consumer
//   STRIPPED-NOT: util.scope
//       STRIPPED: %[[R:.+]] = flow.dispatch.region -> (tensor<4x4xf32>) {
//       STRIPPED:   %[[M:.+]] = linalg.matmul
//       STRIPPED:   %[[RELU:.+]] = linalg.generic {{.+}} ins(%[[M]] :
//       STRIPPED:   flow.return %[[RELU]]
//   STRIPPED-NOT: flow.dispatch.region
//       STRIPPED: return %[[R]]
func.func @zone_around_consumer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  %r = util.scope [#util.zone<"act">] -> (tensor<4x4xf32>) {
    %e = tensor.empty() : tensor<4x4xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %cst = arith.constant 0.0 : f32
      %t = arith.maximumf %x, %cst : f32
      linalg.yield %t : f32
    } -> tensor<4x4xf32>
    util.return %relu : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// A whole layer in a zone, split over two zones (matmul | bias+relu): kept,
// two regions with their paths; stripped, one region without a path.
// ZONES-LABEL: func.func @layer_split_over_zones
//       ZONES: flow.dispatch.region
//       ZONES:   linalg.matmul
//       ZONES: } attributes {scope_path = ["layer", "mm"]}
//       ZONES: flow.dispatch.region
//       ZONES:   arith.addf
//       ZONES:   arith.maximumf
//       ZONES: } attributes {scope_path = ["layer", "act"]}
// STRIPPED-LABEL: func.func @layer_split_over_zones
//       STRIPPED: flow.dispatch.region
//       STRIPPED:   linalg.matmul
//       STRIPPED:   arith.addf
//       STRIPPED:   arith.maximumf
//       STRIPPED:   flow.return
//   STRIPPED-NOT: scope_path
//   STRIPPED-NOT: flow.dispatch.region
func.func @layer_split_over_zones(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#util.zone<"layer">] {
    %m = util.annotate [#util.zone<"mm">] {
      %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %mm : tensor<4x4xf32>
    } : tensor<4x4xf32>
    %act = util.annotate [#util.zone<"act">] {
      %e = tensor.empty() : tensor<4x4xf32>
      %add = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x4xf32>, tensor<4xf32>) outs(%e : tensor<4x4xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %s = arith.addf %x, %y : f32
        linalg.yield %s : f32
      } -> tensor<4x4xf32>
      %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        %cst = arith.constant 0.0 : f32
        %s = arith.maximumf %x, %cst : f32
        linalg.yield %s : f32
      } -> tensor<4x4xf32>
      util.return %relu : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %act : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
