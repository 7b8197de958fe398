// RUN: scope-opt --split-input-file --flow-form-dispatch-regions %s | FileCheck %s

// Matmul + bias + relu inside a device scope: one region on that device.
// CHECK-LABEL: func.func @fuse_in_device_scope
//       CHECK: util.annotate [#hal.device.target<"llvm-cpu">]
//       CHECK:   %[[R:.+]] = flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<4x4xf32>) {
//       CHECK:     linalg.fill
//       CHECK:     linalg.matmul
//       CHECK:     arith.addf
//       CHECK:     arith.maximumf
//       CHECK:     flow.return
//       CHECK:   } attributes {scope_path = ["#hal.device.target<{{.+}}llvm-cpu{{.+}}>"]}
//   CHECK-NOT:   flow.dispatch.region
//       CHECK:   util.return %[[R]]
func.func @fuse_in_device_scope(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<4xf32>) -> tensor<4x4xf32> {
  %cst = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    %add = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x4xf32>, tensor<4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<4x4xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.maximumf %x, %cst : f32
      linalg.yield %s : f32
    } -> tensor<4x4xf32>
    util.return %relu : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// The producer in one device scope and its elementwise consumer in another
// never share a region: two regions with different placements.
// CHECK-LABEL: func.func @no_fuse_across_devices
//       CHECK: %[[M:.+]] = util.annotate [#hal.device.target<"llvm-cpu">]
//       CHECK:   flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
//       CHECK:     linalg.matmul
//       CHECK: util.annotate [#hal.device.target<"llvm-cpu-loops">]
//       CHECK:   flow.dispatch.region on(#hal.device.target<"llvm-cpu-loops">)
//       CHECK:     linalg.generic {{.+}} ins(%[[M]] :
func.func @no_fuse_across_devices(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %m = util.annotate [#hal.device.target<"llvm-cpu">] {
    %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %mm : tensor<4x4xf32>
  } : tensor<4x4xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
    %e = tensor.empty() : tensor<4x4xf32>
    %relu = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %cst = arith.constant 0.0 : f32
      %t = arith.maximumf %x, %cst : f32
      linalg.yield %t : f32
    } -> tensor<4x4xf32>
    util.return %relu : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// Nested device scopes: the innermost device wins; ops of the outer scope
// around the inner one stay on the outer device. Zones inside a device scope
// name the path.
// CHECK-LABEL: func.func @nested_innermost_wins
//       CHECK: util.scope [#hal.device.target<"llvm-cpu">, #util.zone<"block">]
//       CHECK:   %[[O:.+]] = flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
//       CHECK:     linalg.matmul
//       CHECK:   } attributes {scope_path = ["block"]}
//       CHECK:   util.scope [#util.zone<"inner">, #hal.device.target<"llvm-cpu-loops">]
//       CHECK:     flow.dispatch.region on(#hal.device.target<"llvm-cpu-loops">)
//       CHECK:       linalg.matmul ins(%[[O]],
//       CHECK:     } attributes {scope_path = ["block", "inner"]}
func.func @nested_innermost_wins(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.scope [#hal.device.target<"llvm-cpu">, #util.zone<"block">] -> (tensor<4x4xf32>) {
    %o = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    %i = util.scope [#util.zone<"inner">, #hal.device.target<"llvm-cpu-loops">] -> (tensor<4x4xf32>) {
      %m = linalg.matmul ins(%o, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    }
    util.return %i : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// A zone inside a device scope is transparent to placement: the region in
// the zone body runs on the device around it.
// CHECK-LABEL: func.func @zone_in_device
//       CHECK: flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
//       CHECK: } attributes {scope_path = ["#hal.device.target<{{.+}}llvm-cpu{{.+}}>", "ffn"]}
func.func @zone_in_device(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %z = util.annotate [#util.zone<"ffn">] {
      %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %z : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}

// -----

// Device scopes inside scf.for and scf.if regions; a device on the function
// places the ops outside every scope.
// CHECK-LABEL: func.func @devices_in_scf
//       CHECK: scf.for
//       CHECK:   util.annotate [#hal.device.target<"llvm-cpu-loops">]
//       CHECK:     flow.dispatch.region on(#hal.device.target<"llvm-cpu-loops">)
//       CHECK: scf.if
//       CHECK:   flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
//       CHECK: } else {
//       CHECK:   util.annotate [#hal.device.target<"llvm-cpu-loops">]
//       CHECK:     flow.dispatch.region on(#hal.device.target<"llvm-cpu-loops">)
func.func @devices_in_scf(%a: tensor<4x4xf32>, %init: tensor<4x4xf32>, %n: index, %c: i1) -> tensor<4x4xf32> attributes {hal.device = #hal.device.target<"llvm-cpu">} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %l = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<4x4xf32> {
    %s = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
      %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    } : tensor<4x4xf32>
    scf.yield %s : tensor<4x4xf32>
  }
  %r = scf.if %c -> tensor<4x4xf32> {
    %m = linalg.matmul ins(%a, %l : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
    scf.yield %m : tensor<4x4xf32>
  } else {
    %s = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
      %m = linalg.matmul ins(%l, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%init : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %m : tensor<4x4xf32>
    } : tensor<4x4xf32>
    scf.yield %s : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// Dynamic batch on a device: result dims above the region, inside the scope.
// CHECK-LABEL: func.func @dynamic_on_device
//  CHECK-SAME: (%[[A:.+]]: tensor<?x8xf32>
//       CHECK: util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<?x4xf32>{%[[N:.+]]}) {
//       CHECK:   flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<?x4xf32>{%[[N]]})
func.func @dynamic_on_device(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>) -> tensor<?x4xf32> {
  %c0 = arith.constant 0 : index
  %cst = arith.constant 0.0 : f32
  %n = tensor.dim %a, %c0 : tensor<?x8xf32>
  %r = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<?x4xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
    util.return %m : tensor<?x4xf32>
  }
  return %r : tensor<?x4xf32>
}

// -----

// A fill nobody uses, in a device scope, still gets a region on the scope's
// device: a clonable producer is left out only when every user is in a
// region, and a dead one has none (found by scope-gen, seed 246: "op placed
// on #hal.device.target<"llvm-cpu"> is not in a dispatch region").
// CHECK-LABEL: func.func @dead_fill_on_device
//       CHECK: util.scope [#hal.device.target<"llvm-cpu">]
//       CHECK:   flow.dispatch.region on(#hal.device.target<"llvm-cpu">) {
//       CHECK:     linalg.fill
//       CHECK:     flow.return
//       CHECK:   flow.dispatch.region on(#hal.device.target<"llvm-cpu">) -> (tensor<4xf32>) {
//       CHECK:     linalg.negf
func.func @dead_fill_on_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  %cst = arith.constant 0.0 : f32
  %r = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %n = linalg.negf ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %n : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
