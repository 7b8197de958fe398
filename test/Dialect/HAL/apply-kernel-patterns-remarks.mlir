// hal-apply-kernel-patterns{remarks}: a remark at each extern scope the spec
// formed, and at each op its matcher looks for (linalg.matmul, the name its
// first step checks) left out, with the message of the step that failed and
// a note at that step in the spec. Checked on stderr: the notes are located
// in the spec file.
// RUN: scope-opt --hal-apply-kernel-patterns="spec=%S/Inputs/kernel-spec-matmul.mlir remarks" %s -o %t.remarks 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=remark: --implicit-check-not=note:
// Without the option nothing is reported and the output is the same.
// RUN: scope-opt --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-matmul.mlir %s -o %t.plain 2>%t.stderr
// RUN: count 0 < %t.stderr
// RUN: cmp %t.plain %t.remarks

// Matched: the empty, the fill and the matmul become an extern scope,
// located at the matmul.
func.func @matched(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x8xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  // CHECK: apply-kernel-patterns-remarks.mlir:[[@LINE+1]]:9: remark: extern scope for kernel 'mm_f32' formed by the spec (3 ops)
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%f : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %mm : tensor<2x8xf32>
}

// The init is an argument: the matcher's second step finds no producer.
func.func @no_producer(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>, %acc: tensor<2x8xf32>) -> tensor<2x8xf32> {
  // CHECK: apply-kernel-patterns-remarks.mlir:[[@LINE+2]]:9: remark: not matched by @match_matmul: could not find a producer for operand number: 2 of ...{{$}}
  // CHECK-NEXT: %mm = linalg.matmul
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) -> tensor<2x8xf32>
  // CHECK: kernel-spec-matmul.mlir:7:13: note: the step of @match_matmul that failed
  // CHECK-NEXT: transform.get_producer_of_operand %mm[2]
  return %mm : tensor<2x8xf32>
}

// The init is a copy, not a fill: the name check of the producer fails.
func.func @not_a_fill(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>, %acc: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %e = tensor.empty() : tensor<2x8xf32>
  %c = linalg.copy ins(%acc : tensor<2x8xf32>) outs(%e : tensor<2x8xf32>) -> tensor<2x8xf32>
  // CHECK: apply-kernel-patterns-remarks.mlir:[[@LINE+1]]:9: remark: not matched by @match_matmul: wrong operation name
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%c : tensor<2x8xf32>) -> tensor<2x8xf32>
  // CHECK: kernel-spec-matmul.mlir:8:5: note: the step of @match_matmul that failed
  // CHECK-NEXT: transform.match.operation_name %fill ["linalg.fill"]
  return %mm : tensor<2x8xf32>
}
