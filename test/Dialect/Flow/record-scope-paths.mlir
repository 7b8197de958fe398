// RUN: scope-opt --split-input-file --flow-record-scope-paths %s | FileCheck %s --check-prefix=RECORD
// RUN: scope-opt --split-input-file --flow-record-scope-paths --util-strip-scopes=kind=zone --flow-form-dispatch-regions %s | FileCheck %s

// Paths are recorded on dispatchable ops only, outermost scope first.
// RECORD-LABEL: func.func @layer
//       RECORD: linalg.matmul {flow.scope_path = ["block", "mm"]}
//       RECORD: linalg.generic {{.+}} attrs = {flow.scope_path = ["block", "act"]}
//   RECORD-NOT: arith.maximumf {{.*}}flow.scope_path

// After zones are stripped the matmul and its consumer fuse across the
// former zone boundary; the region is named by the common prefix of its ops'
// paths, and the recorded attributes are gone. The longer paths, the zones
// the region straddles, are listed in op order.
// CHECK-LABEL: func.func @layer
//   CHECK-NOT: util.scope
//       CHECK: flow.dispatch.region
//       CHECK:   linalg.matmul
//       CHECK:   linalg.generic
//       CHECK: } attributes {scope_path = ["block"], straddled_paths = {{\[}}["block", "mm"], ["block", "act"]]}
//   CHECK-NOT: flow.scope_path
func.func @layer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#util.zone<"block">] {
    %m = util.annotate [#util.zone<"mm">] {
      %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %mm : tensor<4x4xf32>
    } : tensor<4x4xf32>
    %act = util.annotate [#util.zone<"act">] {
      %e = tensor.empty() : tensor<4x4xf32>
      %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
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

// -----

// An op outside every scope records an empty path; its region has none.
// RECORD-LABEL: func.func @no_scope
//       RECORD: linalg.matmul {flow.scope_path = []}
// CHECK-LABEL: func.func @no_scope
//       CHECK: flow.dispatch.region
//   CHECK-NOT: scope_path
func.func @no_scope(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}

// -----

// Recorded paths are consumed everywhere, including on producers cloned into
// regions (a leftover copy would defeat deduplication of equal dispatches).
// CHECK-LABEL: func.func @cloned_fill
//       CHECK: flow.dispatch.region
//       CHECK:   linalg.fill ins
//       CHECK:   linalg.matmul
//       CHECK: } attributes {scope_path = ["layer"]}
//   CHECK-NOT: flow.scope_path
func.func @cloned_fill(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#util.zone<"layer">] {
    %cst = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// An extern kernel call gets a path too; no region holds it, so formation
// leaves its path on it (flow-print-dispatch-graph places it by the path).
// RECORD-LABEL: func.func @kernel_call
//       RECORD: hal.dispatch.extern "neg_f32"(%{{.+}}) : (tensor<4xf32>) -> (tensor<4xf32>) attributes {flow.scope_path = ["layer"]}
// CHECK-LABEL: func.func @kernel_call
//   CHECK-NOT: util.annotate
//       CHECK: hal.dispatch.extern "neg_f32"(%{{.+}}) : (tensor<4xf32>) -> (tensor<4xf32>) attributes {flow.scope_path = ["layer"]}
//       CHECK: flow.dispatch.region
//       CHECK:   linalg.exp
//   CHECK-NOT:   flow.scope_path
//       CHECK: } attributes {scope_path = ["layer"]}
func.func @kernel_call(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#util.zone<"layer">] {
    %k = hal.dispatch.extern "neg_f32"(%x) : (tensor<4xf32>) -> (tensor<4xf32>)
    %e = tensor.empty() : tensor<4xf32>
    %o = linalg.exp ins(%k : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %o : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}
