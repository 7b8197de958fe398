// RUN: scope-opt --split-input-file --codegen-form-tu-scopes %s | FileCheck %s
// RUN: scope-opt --split-input-file --codegen-form-tu-scopes %s | scope-opt --split-input-file --codegen-inline-scopes | FileCheck %s --check-prefix=INLINED

// A matmul with its fill and empty, an elementwise chain consuming it, and a
// reduction with its own fill: three scopes, isolated from above (captures
// with their dims, constants cloned in). The chain updates the matmul result
// in place and is tied to it.

// CHECK-LABEL: func.func @mlp_layer
// CHECK-SAME: (%[[A:.*]]: tensor<?x8xf32>, %[[B:.*]]: tensor<8x4xf32>, %[[BIAS:.*]]: tensor<?x4xf32>)
// CHECK: %[[M:.*]] = tensor.dim %[[A]]
// CHECK: %[[MM:.*]] = codegen.scope.tu (%[[M]] as %[[XM:.*]]: index, %[[A]] as %[[XA:.*]]: tensor<?x8xf32>{%[[M]]}, %[[B]] as %[[XB:.*]]: tensor<8x4xf32>) -> (tensor<?x4xf32>{%[[M]]}) {
// CHECK-NEXT:   %[[Z:.*]] = arith.constant 0.0
// CHECK-NEXT:   %[[E:.*]] = tensor.empty(%[[XM]])
// CHECK-NEXT:   %[[F:.*]] = linalg.fill ins(%[[Z]] : f32) outs(%[[E]]
// CHECK-NEXT:   %[[R:.*]] = linalg.matmul ins(%[[XA]], %[[XB]] : {{.*}}) outs(%[[F]]
// CHECK-NEXT:   codegen.yield %[[R]]
// CHECK: %[[EW:.*]] = codegen.scope.tu (%[[BIAS]] as %{{.*}}, %[[MM]] as %{{.*}}) -> (%[[MM]]) {
// CHECK:   linalg.generic
// CHECK:     arith.addf
// CHECK:   linalg.generic
// CHECK:     arith.maximumf
// CHECK:   codegen.yield
// CHECK: %[[RED:.*]] = codegen.scope.tu (%[[M]] as %{{.*}}: index, %[[EW]] as %{{.*}}: tensor<?x4xf32>{%[[M]]}) -> (tensor<?xf32>{%[[M]]}) {
// CHECK:   tensor.empty
// CHECK:   linalg.fill
// CHECK:   linalg.reduce
// CHECK: return %[[RED]]
// INLINED-LABEL: func.func @mlp_layer
// INLINED-NOT: codegen.
// INLINED: linalg.matmul
// INLINED: linalg.reduce

#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @mlp_layer(%a: tensor<?x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<?x4xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x8xf32>
  %e = tensor.empty(%m) : tensor<?x4xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x4xf32>) -> tensor<?x4xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>) outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
  %add = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%bias : tensor<?x4xf32>) outs(%mm : tensor<?x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %relu = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel", "parallel"]} outs(%add : tensor<?x4xf32>) {
  ^bb0(%y: f32):
    %s = arith.maximumf %y, %zero : f32
    linalg.yield %s : f32
  } -> tensor<?x4xf32>
  %e2 = tensor.empty(%m) : tensor<?xf32>
  %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<?xf32>) -> tensor<?xf32>
  %red = linalg.reduce ins(%relu : tensor<?x4xf32>) outs(%f2 : tensor<?xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  return %red : tensor<?xf32>
}

// -----

// Strategies come from the #codegen.strategy around the root: the entry of
// its kind, else the default; roots in loops are reached.
// CHECK-LABEL: func.func @from_scope_attr
// CHECK: util.scope [#codegen.strategy<contraction = @tile_mm(4 : i64), default = "canonicalize">]
// CHECK:   scf.for
// CHECK:     codegen.scope.tu ({{.*}}) -> ({{.*}}) strategy = @tile_mm(4 : i64) {
// CHECK:       linalg.matmul
// CHECK:     codegen.scope.tu ({{.*}}) -> ({{.*}}) pipeline = "canonicalize" {
// CHECK:       linalg.generic
func.func @from_scope_attr(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %c: tensor<4x4xf32>, %n: index) -> tensor<4x4xf32> {
  %r = util.scope [#codegen.strategy<contraction = @tile_mm(4 : i64), default = "canonicalize">] -> (tensor<4x4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %o = scf.for %i = %c0 to %n step %c1 iter_args(%t = %c) -> tensor<4x4xf32> {
      %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%t : tensor<4x4xf32>) -> tensor<4x4xf32>
      %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%mm : tensor<4x4xf32>) {
      ^bb0(%y: f32):
        %s = arith.negf %y : f32
        linalg.yield %s : f32
      } -> tensor<4x4xf32>
      scf.yield %neg : tensor<4x4xf32>
    }
    util.return %o : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// On an executable function, the strategy outlining recorded as
// util.scope_attrs; a kind without an entry and no default gets none.
// CHECK-LABEL: func.func @from_function
// CHECK: codegen.scope.tu ({{.*}}) -> ({{.*}}) strategy = @red {
// CHECK:   linalg.reduce
// CHECK: codegen.scope.tu ({{.*}}) -> ({{.*}}) {
// CHECK:   linalg.generic
func.func @from_function(%a: tensor<4x4xf32>, %init: tensor<4xf32>) -> (tensor<4xf32>, tensor<4x4xf32>)
    attributes {util.scope_attrs = [#codegen.strategy<reduction = @red>]} {
  %red = linalg.reduce ins(%a : tensor<4x4xf32>) outs(%init : tensor<4xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %neg = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x4xf32>) outs(%a : tensor<4x4xf32>) {
  ^bb0(%x: f32, %y: f32):
    %s = arith.negf %x : f32
    linalg.yield %s : f32
  } -> tensor<4x4xf32>
  return %red, %neg : tensor<4xf32>, tensor<4x4xf32>
}

// -----

// Existing tu scopes are left alone, and so is IR on buffers.
// CHECK-LABEL: func.func @left_alone
// CHECK: codegen.scope.tu
// CHECK-NOT: codegen.scope.tu
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<4xf32>)
// CHECK-NOT: codegen.scope.tu
func.func @left_alone(%a: tensor<4xf32>, %m: memref<4xf32>, %f: f32) -> tensor<4xf32> {
  %r = codegen.scope.tu (%a as %x: tensor<4xf32>, %f as %v: f32) -> (%a) {
    %0 = linalg.fill ins(%v : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    codegen.yield %0 : tensor<4xf32>
  }
  linalg.fill ins(%f : f32) outs(%m : memref<4xf32>)
  return %r : tensor<4xf32>
}
