// RUN: scope-opt --split-input-file --hal-outline-extern-scopes %s | FileCheck %s
// RUN: scope-opt --split-input-file --hal-outline-extern-scopes=fallback=mlp_layer_f32,other %s | FileCheck %s --check-prefix=FALLBACK
// RUN: scope-opt --split-input-file --hal-outline-extern-scopes=drop-decompositions=true %s | FileCheck %s --check-prefix=DROP

// The scope becomes a call of its captures with its dims; the body moves
// into @mlp_layer_f32_decomposition, which takes the captures, then the
// values used implicitly (the dim); the constant is cloned in, not passed.
// CHECK-LABEL: func.func @layer
//  CHECK-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x8xf32>, %[[N:.+]]: index)
//       CHECK: %[[R:.+]] = hal.dispatch.extern "mlp_layer_f32"(%[[X]], %[[W]]) : (tensor<?x4xf32>{%[[N]]}, tensor<4x8xf32>) -> (tensor<?x8xf32>{%[[N]]}) decomposition @mlp_layer_f32_decomposition(%[[N]] : index)
//  CHECK-NEXT: return %[[R]]
//       CHECK: func.func private @mlp_layer_f32_decomposition(%[[A:.+]]: tensor<?x4xf32>, %[[B:.+]]: tensor<4x8xf32>, %[[D:.+]]: index) -> tensor<?x8xf32> {
//  CHECK-NEXT:   %[[ZERO:.+]] = arith.constant 0.0
//  CHECK-NEXT:   %[[E:.+]] = tensor.empty(%[[D]])
//  CHECK-NEXT:   %[[F:.+]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]]
//  CHECK-NEXT:   %[[M:.+]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[F]]
//  CHECK-NEXT:   return %[[M]]
// FALLBACK-LABEL: func.func @layer
// With drop-decompositions the call has none and the body is gone.
// DROP-LABEL: func.func @layer
//  DROP-SAME: (%[[X:.+]]: tensor<?x4xf32>, %[[W:.+]]: tensor<4x8xf32>, %[[N:.+]]: index)
//       DROP: %[[R:.+]] = hal.dispatch.extern "mlp_layer_f32"(%[[X]], %[[W]]) : (tensor<?x4xf32>{%[[N]]}, tensor<4x8xf32>) -> (tensor<?x8xf32>{%[[N]]}){{$}}
//  DROP-NEXT: return %[[R]]
//   DROP-NOT: linalg.matmul
//   DROP-NOT: @mlp_layer_f32_decomposition
//       FALLBACK: util.scope [#hal.extern<"mlp_layer_f32">]
//   FALLBACK-NOT: hal.dispatch.extern
func.func @layer(%x: tensor<?x4xf32>, %w: tensor<4x8xf32>, %n: index) -> tensor<?x8xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.scope [#hal.extern<"mlp_layer_f32">]
      (%x as %a: tensor<?x4xf32>{%n}, %w as %b: tensor<4x8xf32>) -> (tensor<?x8xf32>{%n}) {
    %e = tensor.empty(%n) : tensor<?x8xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x8xf32>) -> tensor<?x8xf32>
    %m = linalg.matmul ins(%a, %b : tensor<?x4xf32>, tensor<4x8xf32>) outs(%f : tensor<?x8xf32>) -> tensor<?x8xf32>
    util.return %m : tensor<?x8xf32>
  }
  return %r : tensor<?x8xf32>
}

// -----

// A tied result stays tied, the ABI options stay on the call, a scalar
// capture is an argument; the decomposition is placed on the device of the
// enclosing scope and its name does not clash with an existing symbol.
// CHECK-LABEL: func.func @tied_on_device
//       CHECK: util.scope [#hal.device.target<"llvm-cpu">]
//       CHECK:   hal.dispatch.extern "scale_f32"(%{{.+}}, %{{.+}}) : (tensor<8xf32>, f32) -> (%{{.+}}) decomposition @scale_f32_decomposition_0 attributes {abi = {status = false}}
//       CHECK: func.func private @scale_f32_decomposition_0(%{{.+}}: tensor<8xf32>, %{{.+}}: f32) -> tensor<8xf32> attributes {hal.device = #hal.device.target<"llvm-cpu">}
//       CHECK:   linalg.generic
// FALLBACK-LABEL: func.func @tied_on_device
//       FALLBACK: hal.dispatch.extern "scale_f32"
// DROP-LABEL: func.func @tied_on_device
//       DROP: hal.dispatch.extern "scale_f32"(%{{.+}}, %{{.+}}) : (tensor<8xf32>, f32) -> (%{{.+}}) attributes {abi = {status = false}}
//   DROP-NOT: linalg.generic
func.func private @scale_f32_decomposition()
func.func @tied_on_device(%t: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %r = util.scope [#hal.device.target<"llvm-cpu">] (%t as %a: tensor<8xf32>, %s as %b: f32) -> (tensor<8xf32>) {
    %k = util.scope [#hal.extern<"scale_f32", {status = false}>] (%a as %x: tensor<8xf32>, %b as %y: f32) -> (%a) {
      %g = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          outs(%x : tensor<8xf32>) {
      ^bb0(%o: f32):
        %m = arith.mulf %o, %y : f32
        linalg.yield %m : f32
      } -> tensor<8xf32>
      util.return %g : tensor<8xf32>
    }
    util.return %k : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// An extern scope nested in another one: the inner one is outlined first
// and is a call in the outer decomposition.
// CHECK-LABEL: func.func @nested
//       CHECK: hal.dispatch.extern "outer"
//       CHECK: func.func private @outer_decomposition
//       CHECK:   hal.dispatch.extern "inner"
//       CHECK: func.func private @inner_decomposition
// DROP-LABEL: func.func @nested
//       DROP: hal.dispatch.extern "outer"
//   DROP-NOT: hal.dispatch.extern "inner"
//   DROP-NOT: _decomposition
func.func @nested(%t: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.scope [#hal.extern<"outer">] (%t as %a: tensor<4xf32>) -> (tensor<4xf32>) {
    %i = util.scope [#hal.extern<"inner">] (%a as %b: tensor<4xf32>) -> (tensor<4xf32>) {
      %n = math.exp %b : tensor<4xf32>
      util.return %n : tensor<4xf32>
    }
    util.return %i : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
