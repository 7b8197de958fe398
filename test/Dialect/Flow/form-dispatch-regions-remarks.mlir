// flow-form-dispatch-regions{remarks}: a remark at each op that starts a
// region and at each dispatchable neighbour that did not join one.
// RUN: scope-opt --split-input-file --flow-form-dispatch-regions=remarks --verify-diagnostics %s
// Without the option nothing is reported and the output is the same (the
// expected-* lines dropped: MLIR reports them as missing otherwise).
// RUN: grep -v expected- %s > %t.in
// RUN: scope-opt --split-input-file --flow-form-dispatch-regions %t.in -o %t.plain 2>%t.stderr
// RUN: count 0 < %t.stderr
// RUN: scope-opt --split-input-file --flow-form-dispatch-regions=remarks %t.in -o %t.remarks 2>/dev/null
// RUN: cmp %t.plain %t.remarks

// Matmul, bias and ReLU form one region: the root says why it is one, the
// fill of its init is cloned in, and nothing is refused.
func.func @fused(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{no dispatch region of its own: cheap, cloned into every region that uses it}}
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{dispatch root: it has a reduction loop}}
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  %add = linalg.add ins(%m, %bias : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  %relu = linalg.max ins(%add, %f : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %relu : tensor<4x4xf32>
}

// -----

// A producer that is also returned stays out of the matmul's region and
// starts one of its own.
func.func @producer_used_outside(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %acc: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x8xf32>) {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{not fused into the dispatch region of the linalg.matmul root: as a producer of the linalg.matmul: it has a use outside the region (func.return)}}
  // expected-remark @below {{dispatch root: an elementwise op that no other root's region took}}
  %x = linalg.exp ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  // expected-remark @below {{dispatch root: it has a reduction loop}}
  // expected-note @below {{the root of that region}}
  %m = linalg.matmul ins(%x, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m, %x : tensor<4x4xf32>, tensor<4x8xf32>
}

// -----

// Two consumers of the matmul: neither joins its region.
func.func @two_consumers(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %acc: tensor<4x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{dispatch root: it has a reduction loop}}
  // expected-note @below {{the root of that region}}
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{not fused into the dispatch region of the linalg.matmul root: as a consumer of the linalg.matmul: the producer's result has more than one use}}
  // expected-remark @below {{dispatch root: an elementwise op that no other root's region took}}
  %x = linalg.exp ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{not fused into the dispatch region of the linalg.matmul root: as a consumer of the linalg.matmul: the producer's result has more than one use}}
  // expected-remark @below {{dispatch root: an elementwise op that no other root's region took}}
  %y = linalg.negf ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %x, %y : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// A consumer that reads the result transposed iterates over another space.
func.func @transposed_consumer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %acc: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{dispatch root: it has a reduction loop}}
  // expected-note @below {{the root of that region}}
  %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{not fused into the dispatch region of the linalg.matmul root: as a consumer of the linalg.matmul: it reads the producer's result through (d0, d1) -> (d1, d0), not the identity (another iteration space)}}
  // expected-remark @below {{dispatch root: an elementwise op that no other root's region took}}
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%m : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %n = arith.negf %x : f32
    linalg.yield %n : f32
  } -> tensor<4x4xf32>
  return %t : tensor<4x4xf32>
}

// -----

// A matmul feeding a matmul: each is a root of its own, which its own
// remark says; neither is reported as not fused into the other.
func.func @root_into_root(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, %acc: tensor<4x4xf32>) -> tensor<4x4xf32> {
  // expected-remark @below {{dispatch root: it has a reduction loop}}
  %m = linalg.matmul ins(%a, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{dispatch root: it has a reduction loop}}
  %n = linalg.matmul ins(%m, %b : tensor<4x4xf32>, tensor<4x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %n : tensor<4x4xf32>
}

// -----

// Scope boundaries: the elementwise producer outside the zone cannot join
// the region of the matmul inside it, nor can the consumer after the zone.
func.func @scope_boundary(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %acc: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x8xf32>
  // expected-remark @below {{dispatch root: an elementwise op that no other root's region took}}
  // expected-note @below {{the root of that region}}
  %x = linalg.exp ins(%a : tensor<4x8xf32>) outs(%e : tensor<4x8xf32>) -> tensor<4x8xf32>
  %r = util.scope [#util.zone<"layer">] -> (tensor<4x4xf32>) {
    // expected-remark @below {{not fused into the dispatch region of the linalg.exp root: as a consumer of the linalg.exp: it is in another block (a region never crosses a scope or region boundary)}}
    // expected-remark @below {{dispatch root: it has a reduction loop}}
    // expected-note @below {{the root of that region}}
    %m = linalg.matmul ins(%x, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%acc : tensor<4x4xf32>) -> tensor<4x4xf32>
    util.return %m : tensor<4x4xf32>
  }
  %e2 = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{dispatch root: an elementwise op that no other root's region took}}
  // expected-remark @below {{not fused into the dispatch region of the linalg.matmul root: as a consumer of the linalg.matmul: it reads the value as a result of the enclosing util.scope (a region never crosses a scope or region boundary)}}
  %n = linalg.negf ins(%r : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %n : tensor<4x4xf32>
}
