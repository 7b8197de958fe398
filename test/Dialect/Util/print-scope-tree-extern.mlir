// RUN: scope-opt --util-print-scope-tree %s -o /dev/null | FileCheck %s --match-full-lines --strict-whitespace

// An extern scope shows its kernel as `extern=<symbol>`, beside the other
// scope attributes; the scopes nested in its decomposition hang under it.
//      CHECK:func.func @main  ({{.*}}print-scope-tree-extern.mlir:10:1)
// CHECK-NEXT:`-- util.annotate [device=llvm-cpu, zone=layer]  9 ops  ({{.*}}print-scope-tree-extern.mlir:11:8)
// CHECK-NEXT:    `-- util.scope [extern=mm_f32]  7 ops  ({{.*}}print-scope-tree-extern.mlir:12:10)
// CHECK-NEXT:        `-- util.annotate [zone=inner]  5 ops  ({{.*}}print-scope-tree-extern.mlir:13:12)
//  CHECK-NOT:{{.}}
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x4xf32>, %f: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %r = util.annotate [#hal.device.target<"llvm-cpu">, #util.zone<"layer">] {
    %m = util.scope [#hal.extern<"mm_f32", {status = false}>] (%x as %a: tensor<4x8xf32>, %w as %b: tensor<8x4xf32>, %f as %c: tensor<4x4xf32>) -> (tensor<4x4xf32>) {
      %i = util.annotate [#util.zone<"inner">] {
        %mm = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
        util.return %mm : tensor<4x4xf32>
      } : tensor<4x4xf32>
      util.return %i : tensor<4x4xf32>
    }
    util.return %m : tensor<4x4xf32>
  } : tensor<4x4xf32>
  return %r : tensor<4x4xf32>
}
