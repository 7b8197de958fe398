// RUN: scope-opt --split-input-file --codegen-fuse-into-workgroups --verify-diagnostics %s | FileCheck %s

// codegen-fuse-into-workgroups: elementwise consumers move into the scope,
// applied to each stored tile; consumers that would read other workgroups'
// elements are refused with a remark.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

// A chain: a bias add (broadcast along rows) then a ReLU, both fused; the
// matmul result goes (nothing else uses it), and so do its stores.
// CHECK-LABEL: func.func @chain
// CHECK-SAME: (%[[A:.*]]: tensor<?x16xf32>, %[[B:.*]]: tensor<16x64xf32>, %[[BIAS:.*]]: tensor<64xf32>, %[[M:.*]]: index, %[[NI:.*]]: index)
// CHECK: %[[R:.*]] = codegen.scope.workgroups (%[[I:.*]], %[[J:.*]]) in (%{{.*}} = %[[NI]], %{{.*}} = %{{.*}}) (%[[A]] as %[[X:.*]]: tensor<?x16xf32>{%[[M]]}, %[[B]] as %[[Y:.*]]: tensor<16x64xf32>, %[[BIAS]] as %[[Z:.*]]: tensor<64xf32>) -> (tensor<?x64xf32>{%[[M]]}) as (%[[OUT:.*]]) {
// CHECK:   %[[MM:.*]] = linalg.matmul
// CHECK-NOT: codegen.store %[[MM]]
// CHECK:   %[[BS:.*]] = tensor.extract_slice %[[Z]][%[[OJ:.*]]] [32] [1] : tensor<64xf32> to tensor<32xf32>
// CHECK:   %[[E1:.*]] = tensor.empty() : tensor<32x32xf32>
// CHECK:   %[[ADD:.*]] = linalg.generic {{.*}} ins(%[[MM]], %[[BS]] : tensor<32x32xf32>, tensor<32xf32>) outs(%[[E1]] : tensor<32x32xf32>)
// CHECK:   %[[E2:.*]] = tensor.empty() : tensor<32x32xf32>
// CHECK:   %[[RELU:.*]] = linalg.generic {{.*}} ins(%[[ADD]] : tensor<32x32xf32>) outs(%[[E2]] : tensor<32x32xf32>)
// CHECK:     arith.constant 0.000000e+00 : f32
// CHECK:   codegen.store %[[RELU]] into %[[OUT]][%{{.*}}, %[[OJ]]] [32, 32] [1, 1]
// CHECK: }
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @chain(%a: tensor<?x16xf32>, %b: tensor<16x64xf32>, %bias: tensor<64xf32>,
                 %m: index, %ni: index) -> tensor<?x64xf32> {
  %c2 = arith.constant 2 : index
  %mm = codegen.scope.workgroups (%i, %j) in (%nI = %ni, %nJ = %c2)
      (%a as %x: tensor<?x16xf32>{%m}, %b as %y: tensor<16x64xf32>)
      -> (tensor<?x64xf32>{%m}) as (%out) {
    %oi = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    %ta = tensor.extract_slice %x[%oi, 0] [32, 16] [1, 1] : tensor<?x16xf32> to tensor<32x16xf32>
    %tb = tensor.extract_slice %y[0, %oj] [16, 32] [1, 1] : tensor<16x64xf32> to tensor<16x32xf32>
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<32x32xf32>) -> tensor<32x32xf32>
    %t = linalg.matmul ins(%ta, %tb : tensor<32x16xf32>, tensor<16x32xf32>)
                       outs(%f : tensor<32x32xf32>) -> tensor<32x32xf32>
    codegen.store %t into %out[%oi, %oj] [32, 32] [1, 1] : tensor<32x32xf32> into tensor<?x64xf32>
  }
  %e = tensor.empty(%m) : tensor<?x64xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<?x64xf32>, tensor<64xf32>) outs(%e : tensor<?x64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  %e2 = tensor.empty(%m) : tensor<?x64xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<?x64xf32>) outs(%e2 : tensor<?x64xf32>) {
  ^bb0(%v: f32, %o: f32):
    %zero = arith.constant 0.0 : f32
    %s = arith.maximumf %v, %zero : f32
    linalg.yield %s : f32
  } -> tensor<?x64xf32>
  return %relu : tensor<?x64xf32>
}

// -----

// A named elementwise op (linalg.add) whose other operand is read at the
// tile's indices; the result stays because the function returns it too.
// CHECK-LABEL: func.func @keep_result
// CHECK: %[[R:.*]]:2 = codegen.scope.workgroups (%[[I:.*]]) in (%{{.*}} = %{{.*}}) (%{{.*}} as %[[X:.*]]: tensor<8xf32>, %{{.*}} as %[[Y:.*]]: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) as (%[[P:.*]], %[[Q:.*]]) {
// CHECK:   %[[T:.*]] = tensor.extract_slice %[[X]][%[[O:.*]]] [4] [1]
// CHECK:   codegen.store %[[T]] into %[[P]][%[[O]]] [4] [1]
// CHECK:   %[[S:.*]] = tensor.extract_slice %[[Y]][%[[O]]] [4] [1]
// CHECK:   %[[ADD:.*]] = linalg.add ins(%[[T]], %[[S]] : tensor<4xf32>, tensor<4xf32>)
// CHECK:   codegen.store %[[ADD]] into %[[Q]][%[[O]]] [4] [1]
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @keep_result(%a: tensor<8xf32>, %b: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  %s = linalg.add ins(%r, %b : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %r, %s : tensor<8xf32>, tensor<8xf32>
}

// -----

// Refused: a transpose reads elements other workgroups store.
// CHECK-LABEL: func.func @negative_transpose
// CHECK: codegen.scope.workgroups
// CHECK: linalg.transpose
func.func @negative_transpose(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8x8xf32>) -> (tensor<8x8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    codegen.store %t into %o[%off, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  }
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: it reads the result through indexing map (d0, d1) -> (d1, d0), not the identity: a workgroup would need elements that other workgroups store}}
  %t = linalg.transpose ins(%r : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) permutation = [1, 0]
  return %t : tensor<8x8xf32>
}

// -----

// Refused: a reduction along a stored dimension.
// CHECK-LABEL: func.func @negative_reduction
// CHECK: codegen.scope.workgroups
// CHECK: linalg.reduce
func.func @negative_reduction(%a: tensor<8x8xf32>, %init: tensor<8xf32>) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8x8xf32>) -> (tensor<8x8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    codegen.store %t into %o[%off, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  }
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: it is not elementwise: it has a reduction loop, so an output element combines elements that other workgroups store}}
  %s = linalg.reduce ins(%r : tensor<8x8xf32>) outs(%init : tensor<8xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %sum = arith.addf %v, %acc : f32
      linalg.yield %sum : f32
    }
  return %s : tensor<8xf32>
}

// -----

#shift = affine_map<(d0) -> (d0 + 1)>
#id1 = affine_map<(d0) -> (d0)>

// Refused: a shifted window reads the neighbour's element.
// CHECK-LABEL: func.func @negative_shift
// CHECK: codegen.scope.workgroups
// CHECK: linalg.generic
func.func @negative_shift(%a: tensor<9xf32>) -> tensor<8xf32> {
  %c3 = arith.constant 3 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c3) (%a as %x: tensor<9xf32>) -> (tensor<9xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 3)>(%i)
    %t = tensor.extract_slice %x[%off] [3] [1] : tensor<9xf32> to tensor<3xf32>
    codegen.store %t into %o[%off] [3] [1] : tensor<3xf32> into tensor<9xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: it reads the result through indexing map (d0) -> (d0 + 1), not the identity: a workgroup would need elements that other workgroups store}}
  %s = linalg.generic {indexing_maps = [#shift, #id1], iterator_types = ["parallel"]}
      ins(%r : tensor<9xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%v: f32, %out: f32):
    linalg.yield %v : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: the other operand is computed after the scope.
// CHECK-LABEL: func.func @negative_late_operand
func.func @negative_late_operand(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c1) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    codegen.store %x into %o[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  %late = linalg.exp ins(%a : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: operand #1 is defined after the scope, which cannot capture it}}
  %s = linalg.add ins(%r, %late : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: the consumer reads another result of the same scope.
// CHECK-LABEL: func.func @negative_two_results
func.func @negative_two_results(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{the scope}}
  %r:2 = codegen.scope.workgroups (%i) in (%n = %c1) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) as (%o, %p) {
    codegen.store %x into %o[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
    codegen.store %x into %p[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: operand #1 is another result of the same scope}}
  %s = linalg.add ins(%r#0, %r#1 : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: the consumer writes into the result in place (its output is the
// result, so it would update elements as they are stored).
// CHECK-LABEL: func.func @negative_in_place
func.func @negative_in_place(%a: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c1) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    codegen.store %x into %o[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  }
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: it writes into the result in place}}
  %s = linalg.exp ins(%b : tensor<8xf32>) outs(%r : tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

#half = affine_map<(d0) -> (d0 floordiv 2)>
#id1 = affine_map<(d0) -> (d0)>

// Refused: another operand is read through a map that is not a projection of
// the tile's indices.
// CHECK-LABEL: func.func @negative_not_projection
func.func @negative_not_projection(%a: tensor<8xf32>, %b: tensor<4xf32>) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c1) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    codegen.store %x into %o[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: operand #1 is read through indexing map (d0) -> (d0 floordiv 2), which is not a projection of the tile's indices}}
  %s = linalg.generic {indexing_maps = [#id1, #half, #id1], iterator_types = ["parallel"]}
      ins(%r, %b : tensor<8xf32>, tensor<4xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%v: f32, %w: f32, %out: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

// Refused: the consumer is in a loop after the scope, not in its block.
// CHECK-LABEL: func.func @negative_other_block
func.func @negative_other_block(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%g = %c1) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    codegen.store %x into %o[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  }
  %l = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %a) -> (tensor<8xf32>) {
    // expected-remark @+1 {{not fused into codegen.scope.workgroups: it is not in the block of the scope}}
    %s = linalg.add ins(%r, %acc : tensor<8xf32>, tensor<8xf32>) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %s : tensor<8xf32>
  }
  return %l : tensor<8xf32>
}

// -----

#id1 = affine_map<(d0) -> (d0)>

// A payload that uses a scalar from above: the scalar is captured, the
// constant cloned into the body.
// CHECK-LABEL: func.func @payload_values
// CHECK-SAME: (%[[A:.*]]: tensor<8xf32>, %[[S:.*]]: f32)
// CHECK: codegen.scope.workgroups (%{{.*}}) in (%{{.*}} = %{{.*}}) (%[[A]] as %[[X:.*]]: tensor<8xf32>, %[[S]] as %[[SC:.*]]: f32) -> (tensor<8xf32>) as (%[[O:.*]]) {
// CHECK:   %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK:   linalg.generic
// CHECK:     %[[M:.*]] = arith.mulf %{{.*}}, %[[SC]] : f32
// CHECK:     arith.addf %[[M]], %[[TWO]] : f32
// CHECK:   codegen.store %{{.*}} into %[[O]]
func.func @payload_values(%a: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %r = codegen.scope.workgroups (%i) in (%n = %c1) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    codegen.store %x into %o[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.generic {indexing_maps = [#id1, #id1], iterator_types = ["parallel"]}
      ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%v: f32, %out: f32):
    %m = arith.mulf %v, %s : f32
    %p = arith.addf %m, %two : f32
    linalg.yield %p : f32
  } -> tensor<8xf32>
  return %t : tensor<8xf32>
}
// -----

// Refused: a consumer with two results.
// CHECK-LABEL: func.func @negative_two_results
// CHECK: codegen.scope.workgroups
// CHECK: linalg.generic
func.func @negative_two_results(%a: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: it has more than one result}}
  %g:2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%r : tensor<8xf32>) outs(%e, %e : tensor<8xf32>, tensor<8xf32>) {
  ^bb0(%v: f32, %o1: f32, %o2: f32):
    %n = arith.negf %v : f32
    linalg.yield %v, %n : f32, f32
  } -> (tensor<8xf32>, tensor<8xf32>)
  return %g#0, %g#1 : tensor<8xf32>, tensor<8xf32>
}

// -----

// Refused: a consumer whose iteration space has more dimensions than the
// result (a broadcast of it).
// CHECK-LABEL: func.func @negative_broadcast_space
// CHECK: codegen.scope.workgroups
// CHECK: linalg.broadcast
func.func @negative_broadcast_space(%a: tensor<8xf32>) -> tensor<8x3xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8x3xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: its iteration space is not the shape of the result}}
  %b = linalg.broadcast ins(%r : tensor<8xf32>) outs(%e : tensor<8x3xf32>) dimensions = [1]
  return %b : tensor<8x3xf32>
}

// -----

// Refused: a consumer writing its output transposed.
// CHECK-LABEL: func.func @negative_transposed_output
// CHECK: codegen.scope.workgroups
// CHECK: linalg.generic
func.func @negative_transposed_output(%a: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8x8xf32>) -> (tensor<8x8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    codegen.store %t into %o[%off, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  }
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: its output is written through indexing map (d0, d1) -> (d1, d0), not the identity}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>], iterator_types = ["parallel", "parallel"]}
      ins(%r : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) {
  ^bb0(%v: f32, %out: f32):
    linalg.yield %v : f32
  } -> tensor<8x8xf32>
  return %g : tensor<8x8xf32>
}

// -----

// Refused: a scalar operand (not a tensor the fused op could slice).
// CHECK-LABEL: func.func @negative_scalar_operand
// CHECK: codegen.scope.workgroups
// CHECK: linalg.generic
func.func @negative_scalar_operand(%a: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: operand #1 is not a ranked tensor}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%r, %s : tensor<8xf32>, f32) outs(%e : tensor<8xf32>) {
  ^bb0(%v: f32, %w: f32, %out: f32):
    %m = arith.mulf %v, %w : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %g : tensor<8xf32>
}

// -----

// Refused: a consumer whose body uses a value computed after the scope.
// CHECK-LABEL: func.func @negative_body_value_after_scope
// CHECK: codegen.scope.workgroups
// CHECK: arith.addf
// CHECK: linalg.generic
func.func @negative_body_value_after_scope(%a: tensor<8xf32>, %s: f32) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>) -> (tensor<8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off] [4] [1] : tensor<8xf32> to tensor<4xf32>
    codegen.store %t into %o[%off] [4] [1] : tensor<4xf32> into tensor<8xf32>
  }
  %w = arith.addf %s, %s : f32
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: its body uses a value defined after the scope}}
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]}
      ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) {
  ^bb0(%v: f32, %out: f32):
    %m = arith.mulf %v, %w : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %g : tensor<8xf32>
}

// -----

// A store in an scf.for (a workgroup stores its row halves): the consumer's
// tile is computed and stored in the loop, right after the store it reads.
// CHECK-LABEL: func.func @store_in_loop
// CHECK: %[[R:.*]] = codegen.scope.workgroups (%{{.*}}) in (%{{.*}} = %{{.*}}) (%{{.*}} as %[[X:.*]]: tensor<8xf32>) -> (tensor<8xf32>) as (%[[OUT:.*]]) {
// CHECK:   scf.for
// CHECK:     %[[S:.*]] = tensor.extract_slice %[[X]][%[[OFF:.*]]] [2] [1]
// CHECK-NOT: codegen.store %[[S]]
// CHECK:     %[[NEG:.*]] = linalg.negf ins(%[[S]] : tensor<2xf32>)
// CHECK:     codegen.store %[[NEG]] into %[[OUT]][%[[OFF]]] [2] [1]
// CHECK:   }
// CHECK: }
// CHECK-NOT: linalg.negf
// CHECK: return %[[R]]
func.func @store_in_loop(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>)
      -> (tensor<8xf32>) as (%o) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2i = arith.constant 2 : index
    scf.for %h = %c0 to %c2i step %c1 {
      %off = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1 * 2)>(%i, %h)
      %s = tensor.extract_slice %x[%off] [2] [1] : tensor<8xf32> to tensor<2xf32>
      codegen.store %s into %o[%off] [2] [1] : tensor<2xf32> into tensor<8xf32>
    }
  }
  %e = tensor.empty() : tensor<8xf32>
  %neg = linalg.negf ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %neg : tensor<8xf32>
}

// -----

// A result tied to a capture: the elements no workgroup stores are the
// capture's, which the stores would not pass through the consumer.
// CHECK-LABEL: func.func @negative_tied
// CHECK: codegen.scope.workgroups
// CHECK: linalg.negf
func.func @negative_tied(%a: tensor<8xf32>) -> tensor<8xf32> {
  %c2 = arith.constant 2 : index
  // expected-note @+1 {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8xf32>)
      -> (%a) as (%o) {
    %s = tensor.extract_slice %x[%i] [1] [1] : tensor<8xf32> to tensor<1xf32>
    codegen.store %s into %o[%i] [1] [1] : tensor<1xf32> into tensor<8xf32>
  }
  %e = tensor.empty() : tensor<8xf32>
  // expected-remark @+1 {{not fused into codegen.scope.workgroups: the result it reads is tied to capture #0: the elements no workgroup stores keep the capture's values, and the stores would not apply the consumer to them}}
  %neg = linalg.negf ins(%r : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %neg : tensor<8xf32>
}
