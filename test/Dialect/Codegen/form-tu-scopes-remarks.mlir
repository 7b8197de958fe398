// codegen-form-tu-scopes{remarks}: a remark at each root saying which
// strategy its scope got, at each op next to a group that stays out of it,
// and at each linalg op that is no root.
// RUN: scope-opt --split-input-file --codegen-form-tu-scopes=remarks --verify-diagnostics %s
// Without the option nothing is reported and the output is the same (the
// expected-* lines dropped: MLIR reports them as missing otherwise).
// RUN: grep -v expected- %s > %t.in
// RUN: scope-opt --split-input-file --codegen-form-tu-scopes %t.in -o %t.plain 2>%t.stderr
// RUN: count 0 < %t.stderr
// RUN: scope-opt --split-input-file --codegen-form-tu-scopes=remarks %t.in -o %t.remarks 2>/dev/null
// RUN: cmp %t.plain %t.remarks

// A layer: the matmul takes its fill and gets the strategy of the
// #codegen.strategy around it; the elementwise chain consuming it stays out
// of its scope and gets none (no entry for its kind, no table); the
// reduction takes its own fill and empty. (The empty the others share is
// captured: no remark.)
func.func @layer(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<4x4xf32>) -> tensor<4xf32> {
  %r = util.scope [#codegen.strategy<contraction = @tile_mm(4 : i64)>] -> (tensor<4xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    // expected-remark @below {{tu scope root (contraction, 2 ops), strategy: @tile_mm (from #codegen.strategy)}}
    // expected-note @below {{the root of that scope}}
    %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    // expected-remark @below {{not in the tu scope of the linalg.matmul root: consumers join only the tu scope of an elementwise chain, not of a contraction root (unless the strategy table takes them into the root's tiles)}}
    // expected-remark @below {{tu scope root (elementwise, 2 ops), strategy: none (no #codegen.strategy entry for its kind, no table)}}
    %add = linalg.add ins(%mm, %bias : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %relu = linalg.exp ins(%add : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %e2 = tensor.empty() : tensor<4xf32>
    %f2 = linalg.fill ins(%zero : f32) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
    // expected-remark @below {{tu scope root (reduction, 3 ops), strategy: none (no #codegen.strategy entry for its kind, no table)}}
    %red = linalg.reduce ins(%relu : tensor<4x4xf32>) outs(%f2 : tensor<4xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %s = arith.addf %in, %init : f32
        linalg.yield %s : f32
      }
    util.return %red : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// A fill two matmuls share is taken by neither: it becomes a chain of its
// own (with its empty). By the second matmul's turn, the first one's use is
// a capture of its scope.
func.func @shared_fill(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> (tensor<4x4xf32>, tensor<4x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x4xf32>
  // expected-remark @below {{not in the tu scope of the linalg.matmul root: it has a use outside the group (linalg.matmul)}}
  // expected-remark @below {{not in the tu scope of the linalg.matmul root: it has a use outside the group (codegen.scope.tu)}}
  // expected-remark @below {{tu scope root (elementwise, 2 ops), strategy: none (no #codegen.strategy entry for its kind, no table)}}
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{tu scope root (contraction, 1 op), strategy: none (no #codegen.strategy entry for its kind, no table)}}
  // expected-note @below {{the root of that scope}}
  %m1 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  // expected-remark @below {{tu scope root (contraction, 1 op), strategy: none (no #codegen.strategy entry for its kind, no table)}}
  // expected-note @below {{the root of that scope}}
  %m2 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m1, %m2 : tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// An elementwise chain stops at a result with two uses.
func.func @chain_fork(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = tensor.empty() : tensor<4xf32>
  // expected-remark @below {{tu scope root (elementwise, 1 op), strategy: none (no #codegen.strategy entry for its kind, no table)}}
  // expected-note @below {{the root of that scope}}
  %exp = linalg.exp ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @below {{not in the tu scope of the linalg.exp root: a chain grows only through a single use of a single result, and the linalg.exp has more}}
  // expected-remark @below {{tu scope root (elementwise, 1 op), strategy: none (no #codegen.strategy entry for its kind, no table)}}
  %neg = linalg.negf ins(%exp : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  // expected-remark @below {{not in the tu scope of the linalg.exp root: a chain grows only through a single use of a single result, and the linalg.exp has more}}
  // expected-remark @below {{tu scope root (elementwise, 1 op), strategy: none (no #codegen.strategy entry for its kind, no table)}}
  %abs = linalg.abs ins(%exp : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %neg, %abs : tensor<4xf32>, tensor<4xf32>
}

// -----

// An op on buffers is no root.
func.func @buffers(%x: memref<4xf32>, %y: memref<4xf32>) {
  // expected-remark @below {{no tu scope: a linalg op on buffers (tu scopes are formed around ops on tensors)}}
  linalg.exp ins(%x : memref<4xf32>) outs(%y : memref<4xf32>)
  return
}
