// RUN: scope-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map" %s | FileCheck %s

// Whole-function One-Shot Bufferize crosses codegen.scope.tu: captures and
// their block arguments are one buffer, a tied result is updated in place,
// and an untied result gets the buffer its ops would get without the scope.

// CHECK-LABEL: func.func @tied_in_place
// CHECK-SAME: (%[[A:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8x4xf32>, %[[C:.*]]: memref<4x4xf32>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: %[[R:.*]] = codegen.scope.tu (%[[A]] as %[[X:.*]]: memref<4x8xf32>, %[[B]] as %[[Y:.*]]: memref<8x4xf32>, %[[C]] as %[[Z:.*]]: memref<4x4xf32>) -> (%[[C]]) strategy = @s {
// CHECK:   linalg.matmul ins(%[[X]], %[[Y]] : memref<4x8xf32>, memref<8x4xf32>) outs(%[[Z]] : memref<4x4xf32>)
// CHECK:   codegen.yield %[[Z]] : memref<4x4xf32>
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: return %[[R]]
func.func @tied_in_place(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>,
                         %c: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = codegen.scope.tu (%a as %x: tensor<4x8xf32>, %b as %y: tensor<8x4xf32>,
                         %c as %z: tensor<4x4xf32>) -> (%c) strategy = @s {
    %0 = linalg.matmul ins(%x, %y : tensor<4x8xf32>, tensor<8x4xf32>)
                       outs(%z : tensor<4x4xf32>) -> tensor<4x4xf32>
    codegen.yield %0 : tensor<4x4xf32>
  }
  return %r : tensor<4x4xf32>
}

// -----

// An untied result made from tensor.empty: the allocation is inside the
// scope, where the ops without the scope would have it.
// CHECK-LABEL: func.func @untied_alloc
// CHECK: %[[R:.*]] = codegen.scope.tu (%{{.*}} as %[[X:.*]]: memref<4xf32>) -> (memref<4xf32>) {
// CHECK:   %[[E:.*]] = memref.alloc() {{.*}} : memref<4xf32>
// CHECK:   linalg.generic {{.*}} ins(%[[X]] : memref<4xf32>) outs(%[[E]] : memref<4xf32>)
// CHECK:   codegen.yield %[[E]] : memref<4xf32>
// CHECK-NOT: memref.copy
// CHECK: return %[[R]]
#map = affine_map<(d0) -> (d0)>
func.func @untied_alloc(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = codegen.scope.tu (%a as %x: tensor<4xf32>) -> (tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %n = arith.negf %in : f32
      linalg.yield %n : f32
    } -> tensor<4xf32>
    codegen.yield %0 : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// The capture is updated inside the scope and read after it: the analysis
// sees through the scope and bufferizes the update out of place (a copy, then
// the update of the copy), exactly as it would without the scope. The tie was
// a request to share storage; the result now has its own buffer.
// CHECK-LABEL: func.func @conflict_copies
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>)
// CHECK: %[[R:.*]] = codegen.scope.tu (%[[A]] as %[[X:.*]]: memref<4xf32>) -> (memref<4xf32>) {
// CHECK:   %[[COPY:.*]] = memref.alloc
// CHECK:   memref.copy %[[X]], %[[COPY]]
// CHECK:   linalg.generic {{.*}} outs(%[[COPY]] : memref<4xf32>)
// CHECK:   codegen.yield %[[COPY]]
// CHECK: return %[[R]], %[[A]]
func.func @conflict_copies(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r = codegen.scope.tu (%a as %x: tensor<4xf32>) -> (%a) {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
        outs(%x : tensor<4xf32>) {
    ^bb0(%out: f32):
      %n = arith.negf %out : f32
      linalg.yield %n : f32
    } -> tensor<4xf32>
    codegen.yield %0 : tensor<4xf32>
  }
  return %r, %a : tensor<4xf32>, tensor<4xf32>
}

// -----

// Two scopes in a chain, the second tied to the first's result, inside a
// loop: one buffer end to end.
// CHECK-LABEL: func.func @chain_in_loop
// CHECK-SAME: (%[[A:.*]]: memref<4xf32>)
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: %[[OUT:.*]] = scf.for {{.*}} iter_args(%[[T:.*]] = %[[A]])
// CHECK:   %[[R:.*]] = codegen.scope.tu (%[[T]] as {{.*}}) -> (%[[T]])
// CHECK:   %[[S:.*]] = codegen.scope.tu (%[[R]] as {{.*}}) -> (%[[R]])
// CHECK:   scf.yield %[[S]]
// CHECK: return %[[OUT]]
func.func @chain_in_loop(%a: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %a) -> tensor<4xf32> {
    %r = codegen.scope.tu (%t as %x: tensor<4xf32>) -> (%t) {
      %f = arith.constant 1.0 : f32
      %0 = linalg.fill ins(%f : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
      codegen.yield %0 : tensor<4xf32>
    }
    %s = codegen.scope.tu (%r as %y: tensor<4xf32>) -> (%r) {
      %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
          outs(%y : tensor<4xf32>) {
      ^bb0(%out: f32):
        %n = arith.negf %out : f32
        linalg.yield %n : f32
      } -> tensor<4xf32>
      codegen.yield %0 : tensor<4xf32>
    }
    scf.yield %s : tensor<4xf32>
  }
  return %out : tensor<4xf32>
}
