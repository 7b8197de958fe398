// PDL specs for hal-apply-kernel-patterns beyond the example
// (apply-kernel-patterns.mlir matches the example both ways): the kernel as
// a symbol string with a dictionary of ABI options, as PDLL writes it; ops
// already inside an extern scope are not matched again; the remarks report
// the scopes the spec formed.
// RUN: rm -rf %t && split-file %s %t
// RUN: scope-opt --hal-apply-kernel-patterns=spec=%t/spec.mlir %t/input.mlir | FileCheck %s
// RUN: scope-opt --hal-apply-kernel-patterns="spec=%t/spec.mlir remarks" %t/input.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// CHECK-LABEL: func.func @matmuls
//       CHECK: %[[MM:.+]] = util.scope [#hal.extern<"mm_f32", {contiguous = true}>] (%{{.+}} as %[[A:.+]]: tensor<2x4xf32>, %{{.+}} as %[[B:.+]]: tensor<4x8xf32>, %{{.+}} as %[[C:.+]]: tensor<2x8xf32>) -> (tensor<2x8xf32>) {
//  CHECK-NEXT:   %[[M:.+]] = linalg.matmul ins(%[[A]], %[[B]] : {{.*}}) outs(%[[C]] :
//  CHECK-NEXT:   util.return %[[M]]
//       CHECK: util.scope [#hal.extern<"user">]
//  CHECK-NEXT:   linalg.matmul
//  CHECK-NEXT:   util.return

// REMARK: input.mlir:2:9: remark: extern scope for kernel 'mm_f32' formed by the spec (1 ops)
// REMARK-NOT: remark

//--- spec.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %operands = pdl.operands
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul"(%operands : !pdl.range<value>) -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %symbol = pdl.attribute = "mm_f32"
      %abi = pdl.attribute = {contiguous = true}
      pdl.apply_native_rewrite "WrapInExternScope"(%symbol, %abi, %matmul : !pdl.attribute, !pdl.attribute, !pdl.operation)
    }
  }
}

//--- input.mlir
func.func @matmuls(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>, %acc: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) -> tensor<2x8xf32>
  %user = util.scope [#hal.extern<"user">] (%x as %a: tensor<2x4xf32>, %w as %b: tensor<4x8xf32>, %acc as %c: tensor<2x8xf32>) -> (tensor<2x8xf32>) {
    %m = linalg.matmul ins(%a, %b : tensor<2x4xf32>, tensor<4x8xf32>) outs(%c : tensor<2x8xf32>) -> tensor<2x8xf32>
    util.return %m : tensor<2x8xf32>
  }
  return %mm, %user : tensor<2x8xf32>, tensor<2x8xf32>
}
