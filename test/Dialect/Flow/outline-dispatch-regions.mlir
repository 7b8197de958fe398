// RUN: scope-opt --split-input-file --flow-outline-dispatch-regions %s | FileCheck %s

// Two structurally equal regions (same body, same signature, different
// arguments) on the host share one executable function; constants are
// cloned into it rather than passed.
// CHECK-LABEL: func.func @dedup_same_placement
//  CHECK-SAME: (%[[A:.+]]: tensor<4x8xf32>, %[[B:.+]]: tensor<8x4xf32>, %[[C:.+]]: tensor<8x4xf32>)
//       CHECK: %[[R0:.+]] = flow.dispatch @host_executables::@dedup_same_placement_dispatch_0(%[[A]], %[[B]]) : (tensor<4x8xf32>, tensor<8x4xf32>) -> (tensor<4x4xf32>)
//       CHECK: %[[R1:.+]] = flow.dispatch @host_executables::@dedup_same_placement_dispatch_0(%[[A]], %[[C]]) : (tensor<4x8xf32>, tensor<8x4xf32>) -> (tensor<4x4xf32>)
//       CHECK: return %[[R0]], %[[R1]]
//       CHECK: module @host_executables attributes {flow.executables} {
//       CHECK:   func.func @dedup_same_placement_dispatch_0(%[[X:.+]]: tensor<4x8xf32>, %[[Y:.+]]: tensor<8x4xf32>) -> tensor<4x4xf32>
//       CHECK:     %[[CST:.+]] = arith.constant 0.0
//       CHECK:     %[[E:.+]] = tensor.empty()
//       CHECK:     %[[F:.+]] = linalg.fill ins(%[[CST]] : f32) outs(%[[E]] :
//       CHECK:     %[[M:.+]] = linalg.matmul ins(%[[X]], %[[Y]] : {{.+}}) outs(%[[F]] :
//       CHECK:     return %[[M]]
//   CHECK-NOT:   func.func
func.func @dedup_same_placement(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %cst = arith.constant 0.0 : f32
  %r0 = flow.dispatch.region -> (tensor<4x4xf32>) {
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    flow.return %m : tensor<4x4xf32>
  }
  %r1 = flow.dispatch.region -> (tensor<4x4xf32>) {
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %c : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    flow.return %m : tensor<4x4xf32>
  }
  return %r0, %r1 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// Different bodies give different functions, numbered per parent function.
// CHECK-LABEL: func.func @no_dedup_different_bodies
//       CHECK: flow.dispatch @host_executables::@no_dedup_different_bodies_dispatch_0(
//       CHECK: flow.dispatch @host_executables::@no_dedup_different_bodies_dispatch_1(
//       CHECK: module @host_executables
//       CHECK:   func.func @no_dedup_different_bodies_dispatch_0
//       CHECK:     arith.negf
//       CHECK:   func.func @no_dedup_different_bodies_dispatch_1
//       CHECK:     arith.mulf
func.func @no_dedup_different_bodies(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r0 = flow.dispatch.region -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.negf %v : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    flow.return %n : tensor<4xf32>
  }
  %r1 = flow.dispatch.region -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %n = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %t = arith.mulf %v, %v : f32
      linalg.yield %t : f32
    } -> tensor<4xf32>
    flow.return %n : tensor<4xf32>
  }
  return %r0, %r1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Dynamic shapes: index values used inside become arguments; argument dims
// are taken above the dispatch, result dims are the region's; the scope
// path moves to the dispatch.
// CHECK-LABEL: func.func @dynamic
//  CHECK-SAME: (%[[X:.+]]: tensor<?xf32>, %[[N:.+]]: index)
//       CHECK: %[[D:.+]] = tensor.dim %[[X]], %{{.+}} : tensor<?xf32>
//       CHECK: %[[R:.+]] = flow.dispatch @host_executables::@dynamic_dispatch_0(%[[N]], %[[X]]) : (index, tensor<?xf32>{%[[D]]}) -> (tensor<?xf32>{%[[N]]}) attributes {scope_path = ["layer"]}
//       CHECK: return %[[R]]
//       CHECK: func.func @dynamic_dispatch_0(%[[AN:.+]]: index, %[[AX:.+]]: tensor<?xf32>) -> tensor<?xf32>
//       CHECK:   tensor.empty(%[[AN]])
func.func @dynamic(%x: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %r = flow.dispatch.region -> (tensor<?xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?xf32>
    %c = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<?xf32>) outs(%e : tensor<?xf32>) {
    ^bb0(%v: f32, %o: f32):
      linalg.yield %v : f32
    } -> tensor<?xf32>
    flow.return %c : tensor<?xf32>
  } attributes {scope_path = ["layer"]}
  return %r : tensor<?xf32>
}

// -----

// The executable module's name is made unique if the host already uses it.
// CHECK-LABEL: func.func @name_taken
//       CHECK: flow.dispatch @[[EXE:host_executables_[0-9]+]]::@name_taken_dispatch_0
//       CHECK: module @host_executables {
//       CHECK: module @[[EXE]] attributes {flow.executables}
func.func @name_taken() -> tensor<4xf32> {
  %r = flow.dispatch.region -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    flow.return %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
module @host_executables {
}

// -----

// A module without regions is left alone.
// CHECK-LABEL: func.func @no_regions
//   CHECK-NOT: module @
func.func @no_regions(%x: f32) -> f32 {
  return %x : f32
}
