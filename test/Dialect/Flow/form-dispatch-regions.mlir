// RUN: scope-opt --split-input-file --flow-form-dispatch-regions %s | FileCheck %s

// Matmul + bias + relu inside a zone scope: the fill and the elementwise
// consumers fuse into the matmul's region, formed inside the zone body; the
// result dims come from the tensor.empty above; the region records the path.
// CHECK-LABEL: func.func @fuse_matmul_bias_relu
//       CHECK: %[[N:.+]] = tensor.dim
//       CHECK: util.scope [#util.zone<"layer">] -> (tensor<?x4xf32>{%[[N]]}) {
//       CHECK:   %[[R:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%[[N]]}) {
//       CHECK:     %[[E:.+]] = tensor.empty(%[[N]])
//       CHECK:     %[[F:.+]] = linalg.fill ins(%{{.+}} : f32) outs(%[[E]] :
//       CHECK:     %[[M:.+]] = linalg.matmul {{.+}} outs(%[[F]] :
//       CHECK:     %[[B:.+]] = linalg.generic {{.+}} ins(%[[M]], %{{.+}} :
//       CHECK:       arith.addf
//       CHECK:     %[[RELU:.+]] = linalg.generic {{.+}} ins(%[[B]] :
//       CHECK:       arith.maximumf
//       CHECK:     flow.return %[[RELU]] : tensor<?x4xf32>
//       CHECK:   } attributes {scope_path = ["layer"]}
//       CHECK:   util.return %[[R]]
//   CHECK-NOT: linalg.
func.func @fuse_matmul_bias_relu(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %r = util.scope [#util.zone<"layer">] -> (tensor<?x4xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
    %e2 = tensor.empty(%n) : tensor<?x4xf32>
    %add = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<?x4xf32>, tensor<4xf32>) outs(%e2 : tensor<?x4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<?x4xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<?x4xf32>) outs(%e2 : tensor<?x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.maximumf %x, %cst : f32
      linalg.yield %s : f32
    } -> tensor<?x4xf32>
    util.return %relu : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A reduction is a root; its elementwise consumer fuses.
// CHECK-LABEL: func.func @reduction_root
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<8xf32>) {
//       CHECK:   linalg.fill
//       CHECK:   linalg.generic {{.+}} iterator_types = ["parallel", "reduction"]
//       CHECK:   %[[NEG:.+]] = linalg.generic {{.+}} iterator_types = ["parallel"]
//       CHECK:     arith.negf
//       CHECK:   flow.return %[[NEG]]
//       CHECK: return %[[R]]
func.func @reduction_root(%x: tensor<8x16xf32>) -> tensor<8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<8x16xf32>) outs(%f : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.addf %a, %o : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  %e2 = tensor.empty() : tensor<8xf32>
  %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%s : tensor<8xf32>) outs(%e2 : tensor<8xf32>) {
  ^bb0(%a: f32, %o: f32):
    %t = arith.negf %a : f32
    linalg.yield %t : f32
  } -> tensor<8xf32>
  return %n : tensor<8xf32>
}

// -----

// A convolution is a root; its fill is cloned in.
// CHECK-LABEL: func.func @conv_root
//       CHECK: flow.dispatch.region -> (tensor<1x8x8x8xf32>) {
//       CHECK:   linalg.fill
//       CHECK:   linalg.conv_2d_nhwc_hwcf
func.func @conv_root(%in: tensor<1x10x10x3xf32>, %k: tensor<3x3x3x8xf32>) -> tensor<1x8x8x8xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x8x8x8xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %c = linalg.conv_2d_nhwc_hwcf ins(%in, %k : tensor<1x10x10x3xf32>, tensor<3x3x3x8xf32>) outs(%f : tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %c : tensor<1x8x8x8xf32>
}

// -----

// A fill shared by two matmuls is cloned into both regions; the original
// goes away.
// CHECK-LABEL: func.func @shared_fill
//   CHECK-NOT: linalg.fill
//       CHECK: flow.dispatch.region
//       CHECK:   tensor.empty
//       CHECK:   linalg.fill
//       CHECK:   linalg.matmul
//       CHECK: flow.dispatch.region
//       CHECK:   tensor.empty
//       CHECK:   linalg.fill
//       CHECK:   linalg.matmul
func.func @shared_fill(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %m2 = linalg.matmul ins(%a, %c : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m1, %m2 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// A producer whose result is also used outside does not fuse: it gets a
// region of its own, which both users read.
// CHECK-LABEL: func.func @no_fuse_producer_with_other_use
//       CHECK: %[[NEG:.+]] = flow.dispatch.region -> (tensor<4x8xf32>) {
//       CHECK:   arith.negf
//       CHECK: %[[M:.+]] = flow.dispatch.region -> (tensor<4x4xf32>) {
//       CHECK:   linalg.matmul ins(%[[NEG]],
//       CHECK: return %[[M]], %[[NEG]]
func.func @no_fuse_producer_with_other_use(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.negf %x : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %m = linalg.matmul ins(%neg, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m, %neg : tensor<4x4xf32>, tensor<4x8xf32>
}

// -----

// A single-use elementwise producer of a matmul operand fuses into it.
// CHECK-LABEL: func.func @fuse_producer
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<4x4xf32>) {
//       CHECK:   %[[NEG:.+]] = linalg.generic
//       CHECK:     arith.negf
//       CHECK:   linalg.matmul ins(%[[NEG]],
//       CHECK: return %[[R]]
func.func @fuse_producer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) {
  ^bb0(%x: f32, %o: f32):
    %t = arith.negf %x : f32
    linalg.yield %t : f32
  } -> tensor<4x8xf32>
  %m = linalg.matmul ins(%neg, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// A consumer that iterates over a different space (a broadcast of the
// matmul result into 3-d) does not fuse.
// CHECK-LABEL: func.func @no_fuse_mismatched_consumer
//       CHECK: %[[M:.+]] = flow.dispatch.region -> (tensor<4x4xf32>) {
//       CHECK:   linalg.matmul
//       CHECK: flow.dispatch.region -> (tensor<2x4x4xf32>) {
//       CHECK:   linalg.generic {{.+}} ins(%[[M]] :
func.func @no_fuse_mismatched_consumer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<2x4x4xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  %e = tensor.empty() : tensor<2x4x4xf32>
  %bc = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%m : tensor<4x4xf32>) outs(%e : tensor<2x4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    linalg.yield %x : f32
  } -> tensor<2x4x4xf32>
  return %bc : tensor<2x4x4xf32>
}

// -----

// Leftover elementwise ops form one region per chain.
// CHECK-LABEL: func.func @elementwise_chain
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?xf32>{%[[N:.+]]}) {
//       CHECK:   arith.negf
//       CHECK:   arith.mulf
//       CHECK:   flow.return
//       CHECK: return %[[R]]
func.func @elementwise_chain(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %e = tensor.empty(%n) : tensor<?xf32>
  %a = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.negf %v : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  %b = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%v: f32, %o: f32):
    %t = arith.mulf %v, %v : f32
    linalg.yield %t : f32
  } -> tensor<?xf32>
  return %b : tensor<?xf32>
}

// -----

// Dynamic shapes through a non-destination-style root: the pad's result dim
// is reified above the region, and the dim of its fused producer is taken
// from that producer's tensor.empty.
// CHECK-LABEL: func.func @dynamic_pad
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[LO:.+]]: index)
//       CHECK: %[[N:.+]] = tensor.dim %[[X]]
//       CHECK: %[[PN:.+]] = affine.apply #{{.+}}()[%[[N]], %[[LO]]]
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?x6xf32>{%[[PN]]}) {
//       CHECK:   linalg.generic
//       CHECK:   tensor.pad
//       CHECK: return %[[R]]
func.func @dynamic_pad(%x: tensor<?x4xf32>, %lo: index) -> tensor<?x6xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x4xf32>
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%e : tensor<?x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %p = tensor.pad %neg low[%lo, 1] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x6xf32>
  return %p : tensor<?x6xf32>
}

// -----

// Two dynamic dims through a pad: reifying the pad computes both of them;
// while the region's dims are computed one at a time, the dim not asked for
// must not stay behind reading the fused producer (found by scope-gen, seed
// 27: "operand #0 does not dominate this use").
// CHECK-LABEL: func.func @dynamic_pad_two_dims
//  CHECK-SAME: (%[[X:.+]]: tensor<?x?x2xf32>, %[[D0:.+]]: index, %[[D1:.+]]: index)
//   CHECK-NOT: tensor.dim
//   CHECK-DAG: %[[P0:.+]] = affine.apply #{{.+}}()[%[[D0]]]
//   CHECK-DAG: %[[P1:.+]] = affine.apply #{{.+}}()[%[[D1]]]
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<2x?x?x4xf32>{%[[P0]], %[[P1]]}) {
//       CHECK:   linalg.broadcast
//       CHECK:   tensor.pad
//       CHECK: return %[[R]]
func.func @dynamic_pad_two_dims(%x: tensor<?x?x2xf32>, %d0: index, %d1: index) -> tensor<2x?x?x4xf32> {
  %cst = arith.constant 0.5 : f32
  %e = tensor.empty(%d0, %d1) : tensor<2x?x?x2xf32>
  %b = linalg.broadcast ins(%x : tensor<?x?x2xf32>) outs(%e : tensor<2x?x?x2xf32>) dimensions = [0]
  %p = tensor.pad %b low[0, 2, 2, 1] high[0, 2, 0, 1] {
  ^bb0(%i: index, %j: index, %k: index, %l: index):
    tensor.yield %cst : f32
  } : tensor<2x?x?x2xf32> to tensor<2x?x?x4xf32>
  return %p : tensor<2x?x?x4xf32>
}

// -----

// The fused producer's dim is a tensor.dim of its init (a function
// argument), created while the pad's reified dim is rewritten: it must come
// before the affine.apply that uses it (found by scope-gen, seed 119:
// "operand #0 does not dominate this use").
// CHECK-LABEL: func.func @dynamic_pad_of_init_argument
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[INIT:.+]]: tensor<?x4xf32>)
//       CHECK: %[[N:.+]] = tensor.dim %[[INIT]]
//       CHECK: %[[PN:.+]] = affine.apply #{{.+}}()[%[[N]]]
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?x6xf32>{%[[PN]]}) {
//       CHECK:   linalg.generic
//       CHECK:   tensor.pad
//       CHECK: return %[[R]]
func.func @dynamic_pad_of_init_argument(%x: tensor<?x4xf32>, %init: tensor<?x4xf32>) -> tensor<?x6xf32> {
  %cst = arith.constant 0.0 : f32
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<?x4xf32>) outs(%init : tensor<?x4xf32>) {
  ^bb0(%a: f32, %o: f32):
    %s = arith.negf %a : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %p = tensor.pad %neg low[1, 1] high[2, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<?x4xf32> to tensor<?x6xf32>
  return %p : tensor<?x6xf32>
}

// -----

// A dynamic matmul whose init is a function argument: its dim is a
// tensor.dim of that argument above the region.
// CHECK-LABEL: func.func @dynamic_init_argument
//  CHECK-SAME: (%[[A:.+]]: tensor<?x8xf32>, %[[B:.+]]: tensor<8x?xf32>, %[[INIT:.+]]: tensor<?x?xf32>)
//   CHECK-DAG: %[[D0:.+]] = tensor.dim %[[INIT]], %{{.+}}
//   CHECK-DAG: %[[D1:.+]] = tensor.dim %[[INIT]], %{{.+}}
//       CHECK: flow.dispatch.region -> (tensor<?x?xf32>{%[[D0]], %[[D1]]})
func.func @dynamic_init_argument(%a: tensor<?x8xf32>, %b: tensor<8x?xf32>, %init: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x?xf32>) outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %m : tensor<?x?xf32>
}

// -----

// Regions form inside scf.for and scf.if bodies, and inside a scope nested
// in an scf.if branch.
// CHECK-LABEL: func.func @in_scf
//       CHECK: scf.for
//       CHECK:   %[[L:.+]] = flow.dispatch.region
//       CHECK:     linalg.matmul
//       CHECK:   scf.yield %[[L]]
//       CHECK: scf.if
//       CHECK:   util.scope [#util.zone<"then">]
//       CHECK:     %[[T:.+]] = flow.dispatch.region
//       CHECK:       linalg.matmul
//       CHECK:     } attributes {scope_path = ["then"]}
//       CHECK:     util.return %[[T]]
func.func @in_scf(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>, %cond: i1, %n: index) -> tensor<4x4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<4x4xf32> {
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %m : tensor<4x4xf32>
  }
  %s = scf.if %cond -> tensor<4x4xf32> {
    %z = util.scope [#util.zone<"then">] -> (tensor<4x4xf32>) {
      %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%r : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    }
    scf.yield %z : tensor<4x4xf32>
  } else {
    scf.yield %r : tensor<4x4xf32>
  }
  return %s : tensor<4x4xf32>
}

// -----

// A zone is still a block: the relu inside it does not fuse with the matmul
// outside (strip zones first to fuse, see zone-stripped-formation.mlir).
// CHECK-LABEL: func.func @no_fuse_across_zone_boundary
//       CHECK: %[[M:.+]] = flow.dispatch.region
//       CHECK:   linalg.matmul
//       CHECK: util.scope [#util.zone<"act">]
//       CHECK:   flow.dispatch.region
//       CHECK:     linalg.generic {{.+}} ins(%[[M]] :
//       CHECK:   } attributes {scope_path = ["act"]}
func.func @no_fuse_across_zone_boundary(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
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

// Nested zones: the path lists them outermost first.
// CHECK-LABEL: func.func @nested_zone_path
//       CHECK: flow.dispatch.region
//       CHECK: } attributes {scope_path = ["encoder", "ffn"]}
func.func @nested_zone_path(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.scope [#util.zone<"encoder">] -> (tensor<4x4xf32>) {
    %s = util.annotate [#util.zone<"ffn">] {
      %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %s : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// Nothing dispatchable: nothing changes.
// CHECK-LABEL: func.func @no_dispatchable_ops
//   CHECK-NOT: flow.dispatch.region
func.func @no_dispatchable_ops(%x: f32) -> f32 {
  %y = arith.addf %x, %x : f32
  return %y : f32
}

// -----

// Existing regions are left alone (the pass is idempotent).
// CHECK-LABEL: func.func @no_nested_formation
//       CHECK: flow.dispatch.region
//   CHECK-NOT: flow.dispatch.region
func.func @no_nested_formation(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = flow.dispatch.region -> (tensor<4x4xf32>) {
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    flow.return %m : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// The dims of a dynamic matmul come through its fill (cloned into the
// region) from the tensor.empty: no tensor.dim keeps the original fill
// alive outside the region.
// CHECK-LABEL: func.func @dynamic_fill_init
//  CHECK-SAME: (%[[A:.+]]: tensor<?x8xf32>, %[[B:.+]]: tensor<8x4xf32>, %[[N:.+]]: index)
//   CHECK-NOT: linalg.fill
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%[[N]]}) {
//       CHECK:   linalg.fill
//       CHECK:   linalg.matmul
//   CHECK-NOT: linalg.fill
//       CHECK: return %[[R]]
func.func @dynamic_fill_init(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>, %n: index) -> tensor<?x4xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty(%n) : tensor<?x4xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %m : tensor<?x4xf32>
}

// -----

// A dim that already exists above the region is reused, not recomputed: the
// region's result dims come from the same facility as util's scope dims.
// CHECK-LABEL: func.func @reuse_existing_dim
//  CHECK-SAME: (%[[A:.+]]: tensor<?x8xf32>, %[[B:.+]]: tensor<8x4xf32>, %[[INIT:.+]]: tensor<?x4xf32>)
//       CHECK: %[[D:.+]] = tensor.dim %[[INIT]]
//   CHECK-NOT: tensor.dim
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%[[D]]})
//       CHECK: return %[[R]], %[[D]]
func.func @reuse_existing_dim(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>, %init: tensor<?x4xf32>) -> (tensor<?x4xf32>, index) {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %init, %c0 : tensor<?x4xf32>
  %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%init : tensor<?x4xf32>) -> tensor<?x4xf32>
  return %m, %d : tensor<?x4xf32>, index
}

// -----

// A codegen.scope.tu is compiled by its own strategy: no region forms in its
// isolated body (one there could not use %m, computed above it), and the
// scope is a dispatch root of its own (a unit its author asked for: its ops
// must run in a dispatch whatever its strategy made of them).
// CHECK-LABEL: func.func @no_region_in_tu_scope
//       CHECK: %[[R:.+]] = flow.dispatch.region -> (tensor<?x4xf32>{%{{.+}}})
//  CHECK-NEXT:   %[[S:.+]] = codegen.scope.tu
//  CHECK-NEXT:     linalg.matmul
//  CHECK-NEXT:     codegen.yield
//  CHECK-NEXT:   }
//  CHECK-NEXT:   flow.return %[[S]]
//       CHECK: return %[[R]]
func.func @no_region_in_tu_scope(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>,
                                 %c: tensor<?x4xf32>, %m: index) -> tensor<?x4xf32> {
  %r = codegen.scope.tu (%a as %x: tensor<?x8xf32>{%m}, %b as %y: tensor<8x4xf32>,
                         %c as %z: tensor<?x4xf32>{%m}) -> (%c) {
    %0 = linalg.matmul ins(%x, %y : tensor<?x8xf32>, tensor<8x4xf32>)
                       outs(%z : tensor<?x4xf32>) -> tensor<?x4xf32>
    codegen.yield %0 : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// The functions of an executable module are dispatch bodies already: no
// region forms in them (outlined into the host's executables, it would be
// out of reach of the executable module's own symbol table), while the host
// function's ops still get theirs.
// CHECK-LABEL: module @doubles attributes {flow.executables}
//       CHECK:   func.func @fn
//   CHECK-NOT:     flow.dispatch.region
//       CHECK:     linalg.add
//   CHECK-NOT:     flow.dispatch.region
//       CHECK:     return
// CHECK-LABEL: func.func @host
//       CHECK:   flow.dispatch @doubles::@fn
//       CHECK:   flow.dispatch.region
//  CHECK-NEXT:     tensor.empty
//  CHECK-NEXT:     linalg.add
module @doubles attributes {flow.executables} {
  func.func @fn(%x: tensor<4xf32>) -> tensor<4xf32> {
    %e = tensor.empty() : tensor<4xf32>
    %r = linalg.add ins(%x, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    return %r : tensor<4xf32>
  }
}
func.func @host(%x: tensor<4xf32>) -> tensor<4xf32> {
  %d = flow.dispatch @doubles::@fn(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.add ins(%d, %x : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A codegen.scope.workgroups is a dispatch root of its own: its elementwise
// consumer (a single-use chain that would join a matmul) and its
// elementwise producer get regions of their own, and its isolated body is
// left alone.
// CHECK-LABEL: func.func @workgroups_root
// CHECK: %[[P:.*]] = flow.dispatch.region
// CHECK:   linalg.exp
// CHECK: %[[W:.*]] = flow.dispatch.region
// CHECK-NEXT: %[[S:.*]] = codegen.scope.workgroups
// CHECK-NOT: flow.dispatch.region
// CHECK:   linalg.add
// CHECK:   codegen.store
// CHECK: flow.return %[[S]]
// CHECK: flow.dispatch.region
// CHECK:   linalg.add ins(%[[W]], %[[W]]
func.func @workgroups_root(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  %e = tensor.empty() : tensor<8xf32>
  %p = linalg.exp ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%p as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    %te = tensor.empty() : tensor<4xf32>
    %s = linalg.add ins(%t, %t : tensor<4xf32>, tensor<4xf32>) outs(%te : tensor<4xf32>) -> tensor<4xf32>
    codegen.store %s into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  %q = linalg.add ins(%r, %r : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %q : tensor<8xf32>
}

// -----

// An argument's unpack (a layout its caller prepared, such as a filter
// packed ahead) joins the region of its only user, whose codegen may read
// the argument in place; an unpack of a computed value is a root of its own.
// CHECK-LABEL: func.func @argument_unpack
//       CHECK:   flow.dispatch.region
//       CHECK:     linalg.unpack
//   CHECK-NOT:     flow.return
//       CHECK:     linalg.conv_2d_nchw_fchw
//       CHECK:     flow.return
//       CHECK:   flow.dispatch.region
//       CHECK:     linalg.unpack
//  CHECK-NEXT:     flow.return
//       CHECK:   flow.dispatch.region
//       CHECK:     linalg.conv_2d_nchw_fchw
func.func @argument_unpack(%x: tensor<1x16x9x9xf32>, %p: tensor<1x16x3x3x16xf32>) -> (tensor<1x16x7x7xf32>, tensor<1x16x7x7xf32>) {
  %z = arith.constant 0.0 : f32
  %ew = tensor.empty() : tensor<16x16x3x3xf32>
  %w = linalg.unpack %p inner_dims_pos = [0] inner_tiles = [16] into %ew : tensor<1x16x3x3x16xf32> -> tensor<16x16x3x3xf32>
  %e = tensor.empty() : tensor<1x16x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<1x16x7x7xf32>) -> tensor<1x16x7x7xf32>
  %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %w : tensor<1x16x9x9xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x7x7xf32>) -> tensor<1x16x7x7xf32>
  %ep = tensor.empty() : tensor<1x16x3x3x16xf32>
  %q = linalg.copy ins(%p : tensor<1x16x3x3x16xf32>) outs(%ep : tensor<1x16x3x3x16xf32>) -> tensor<1x16x3x3x16xf32>
  %v = linalg.unpack %q inner_dims_pos = [0] inner_tiles = [16] into %ew : tensor<1x16x3x3x16xf32> -> tensor<16x16x3x3xf32>
  %d = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%x, %v : tensor<1x16x9x9xf32>, tensor<16x16x3x3xf32>) outs(%f : tensor<1x16x7x7xf32>) -> tensor<1x16x7x7xf32>
  return %c, %d : tensor<1x16x7x7xf32>, tensor<1x16x7x7xf32>
}

// -----

// An argument's unpack read by an elementwise op is a root as any other
// unpack: its region takes the elementwise consumer.
// CHECK-LABEL: func.func @argument_unpack_elementwise
//       CHECK:   flow.dispatch.region
//       CHECK:     %[[U:.+]] = linalg.unpack
//       CHECK:     %[[G:.+]] = linalg.generic {{.+}} ins(%[[U]] :
//       CHECK:     flow.return %[[G]]
//   CHECK-NOT:   flow.dispatch.region
func.func @argument_unpack_elementwise(%p: tensor<2x8x16xf32>) -> tensor<8x32xf32> {
  %e = tensor.empty() : tensor<8x32xf32>
  %w = linalg.unpack %p outer_dims_perm = [1, 0] inner_dims_pos = [1] inner_tiles = [16] into %e : tensor<2x8x16xf32> -> tensor<8x32xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}
      ins(%w : tensor<8x32xf32>) outs(%e : tensor<8x32xf32>) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %a : f32
    linalg.yield %s : f32
  } -> tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

// -----

// The pad of a depthwise convolution's or a pooling's input joins the
// region of its only user, whose codegen may pad one tile at a time; a pad
// read by anything else (a convolution, or two users) is a root of its own.
// CHECK-LABEL: func.func @window_input_pads
//       CHECK:   flow.dispatch.region
//       CHECK:     tensor.pad
//   CHECK-NOT:     flow.return
//       CHECK:     linalg.depthwise_conv_2d_nchw_chw
//       CHECK:     flow.return
//       CHECK:   flow.dispatch.region
//       CHECK:     tensor.pad
//   CHECK-NOT:     flow.return
//       CHECK:     linalg.pooling_nchw_max
//       CHECK:     flow.return
//       CHECK:   flow.dispatch.region
//       CHECK:     tensor.pad
//       CHECK:     flow.return %padded
//       CHECK:   flow.dispatch.region
//   CHECK-NOT:     tensor.pad
//       CHECK:     linalg.conv_2d_nchw_fchw
//       CHECK:   flow.dispatch.region
//       CHECK:     tensor.pad
//       CHECK:     flow.return %padded
//       CHECK:   flow.dispatch.region
//   CHECK-NOT:     tensor.pad
//       CHECK:     linalg.depthwise_conv_2d_nchw_chw
func.func @window_input_pads(%x: tensor<2x8x7x7xf32>, %w: tensor<8x3x3xf32>, %k: tensor<8x8x3x3xf32>)
    -> (tensor<2x8x7x7xf32>, tensor<2x8x4x4xf32>, tensor<2x8x7x7xf32>, tensor<2x8x7x7xf32>, tensor<2x8x9x9xf32>) {
  %z = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<2x8x7x7xf32> to tensor<2x8x9x9xf32>
  %e = tensor.empty() : tensor<2x8x7x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  %dw = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<2x8x9x9xf32>, tensor<8x3x3xf32>) outs(%f : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  %q = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<2x8x7x7xf32> to tensor<2x8x9x9xf32>
  %win = tensor.empty() : tensor<3x3xf32>
  %ep = tensor.empty() : tensor<2x8x4x4xf32>
  %fp = linalg.fill ins(%ninf : f32) outs(%ep : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %pool = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%q, %win : tensor<2x8x9x9xf32>, tensor<3x3xf32>) outs(%fp : tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32>
  %r = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<2x8x7x7xf32> to tensor<2x8x9x9xf32>
  %conv = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%r, %k : tensor<2x8x9x9xf32>, tensor<8x8x3x3xf32>) outs(%f : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  %s = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<2x8x7x7xf32> to tensor<2x8x9x9xf32>
  %dw2 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%s, %w : tensor<2x8x9x9xf32>, tensor<8x3x3xf32>) outs(%f : tensor<2x8x7x7xf32>) -> tensor<2x8x7x7xf32>
  return %dw, %pool, %conv, %dw2, %s : tensor<2x8x7x7xf32>, tensor<2x8x4x4xf32>, tensor<2x8x7x7xf32>, tensor<2x8x7x7xf32>, tensor<2x8x9x9xf32>
}
