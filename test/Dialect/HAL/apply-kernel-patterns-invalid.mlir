// A spec that does not parse is an error at its line in the spec file.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-malformed.mlir %s 2>&1 | FileCheck %s --check-prefix=MALFORMED
// MALFORMED: kernel-spec-malformed.mlir:3:53: error: expected attribute value
// MALFORMED: error: hal-apply-kernel-patterns: cannot parse the spec '{{.*}}kernel-spec-malformed.mlir'

// A spec without the entry sequence.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-no-entry.mlir %s 2>&1 | FileCheck %s --check-prefix=NO-ENTRY
// NO-ENTRY: kernel-spec-no-entry.mlir:1:1: error: hal-apply-kernel-patterns: the spec has no named sequence @__transform_main

// A spec that cannot be opened, and no spec at all.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t.missing.mlir %s 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: hal-apply-kernel-patterns: cannot open spec '{{.*}}missing.mlir'
// RUN: not scope-opt --hal-apply-kernel-patterns %s 2>&1 | FileCheck %s --check-prefix=NO-SPEC
// NO-SPEC: error: hal-apply-kernel-patterns: no spec file (option spec)

// An ABI option #hal.extern does not know is an error at the transform op
// (its verifier: the spec does not parse).
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-bad-abi.mlir %s 2>&1 | FileCheck %s --check-prefix=ABI
// ABI: kernel-spec-bad-abi.mlir:5:5: error: 'transform.hal.wrap_in_extern_scope' op unknown kernel ABI option 'fast' (known: status, contiguous)

// Wrapping what cannot become one scope (the fill's result is also used by
// an op between the ops) fails and names the reason.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-matmul.mlir %s 2>&1 | FileCheck %s --check-prefix=BETWEEN
// BETWEEN: kernel-spec-matmul.mlir:18:5: error: actions failed
// BETWEEN: note: failed action: cannot wrap the ops in an extern scope for 'mm_f32': a value the ops define is used by an op between them
func.func @used_between(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x8xf32>) -> tensor<2x8xf32>
  %exp = math.exp %acc : tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %mm, %exp : tensor<2x8xf32>, tensor<2x8xf32>
}

// A symbol that is not a C identifier is rejected when the spec is parsed.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%S/Inputs/kernel-spec-bad-symbol.mlir %s 2>&1 | FileCheck %s --check-prefix=SYMBOL
// SYMBOL: kernel-spec-bad-symbol.mlir:4:5: error: 'transform.hal.wrap_in_extern_scope' op
// SYMBOL: error: hal-apply-kernel-patterns: cannot parse the spec
