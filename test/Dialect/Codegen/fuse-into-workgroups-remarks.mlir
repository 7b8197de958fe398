// codegen-fuse-into-workgroups{remarks}: besides the refusals (always
// reported), a remark at each consumer that moved in and at each user of a
// result that is not a linalg op.
// RUN: scope-opt --split-input-file --codegen-fuse-into-workgroups=remarks --verify-diagnostics %s
// Without the option only the refusal is reported, and the output is the
// same (the expected-* lines dropped: MLIR reports them as missing
// otherwise).
// RUN: grep -v expected- %s > %t.in
// RUN: scope-opt --split-input-file --codegen-fuse-into-workgroups %t.in -o %t.plain 2>&1 | FileCheck %s --check-prefix=PLAIN --implicit-check-not=remark:
// PLAIN: remark: not fused into codegen.scope.workgroups: it is not elementwise
// RUN: scope-opt --split-input-file --codegen-fuse-into-workgroups=remarks %t.in -o %t.remarks 2>/dev/null
// RUN: cmp %t.plain %t.remarks

// The negation moves into the scope; the tensor.dim of the result is no
// linalg op; the reduction after the negation is refused as always.
func.func @decisions(%a: tensor<8x8xf32>, %init: tensor<8xf32>) -> (tensor<8xf32>, index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  // expected-note @below {{the scope}}
  %r = codegen.scope.workgroups (%i) in (%n = %c2) (%a as %x: tensor<8x8xf32>) -> (tensor<8x8xf32>) as (%o) {
    %off = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    %t = tensor.extract_slice %x[%off, 0] [4, 8] [1, 1] : tensor<8x8xf32> to tensor<4x8xf32>
    codegen.store %t into %o[%off, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<8x8xf32>
  }
  // expected-remark @below {{not fused into codegen.scope.workgroups: not a linalg op}}
  %d = tensor.dim %r, %c0 : tensor<8x8xf32>
  %e = tensor.empty() : tensor<8x8xf32>
  // expected-remark @below {{fused into codegen.scope.workgroups}}
  %neg = linalg.negf ins(%r : tensor<8x8xf32>) outs(%e : tensor<8x8xf32>) -> tensor<8x8xf32>
  // expected-remark @below {{not fused into codegen.scope.workgroups: it is not elementwise: it has a reduction loop, so an output element combines elements that other workgroups store}}
  %s = linalg.reduce ins(%neg : tensor<8x8xf32>) outs(%init : tensor<8xf32>) dimensions = [0]
    (%v: f32, %acc: f32) {
      %sum = arith.addf %v, %acc : f32
      linalg.yield %sum : f32
    }
  return %s, %d : tensor<8xf32>, index
}
