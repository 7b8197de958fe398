// Errors of PDL specs for hal-apply-kernel-patterns: native calls the pass
// does not provide or with arguments it cannot take are errors at the spec
// (the PDL bytecode would call a function that is not there); a kernel that
// is not a valid #hal.extern too; and a DAG that cannot become one scope is
// an error at its ops.
// RUN: rm -rf %t && split-file %s %t

// A native rewrite other than WrapInExternScope.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/unknown-rewrite.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: unknown-rewrite.mlir:6:7: error: unknown native rewrite 'Frobnicate' (known: WrapInExternScope)
// REWRITE: unknown-rewrite.mlir:1:1: error: hal-apply-kernel-patterns: invalid PDL spec '{{.*}}unknown-rewrite.mlir'

// A native constraint other than ContainsOp.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/unknown-constraint.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=CONSTRAINT
// CONSTRAINT: unknown-constraint.mlir:5:5: error: unknown native constraint 'IsBig' (known: ContainsOp)

// ContainsOp with its arguments swapped.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/constraint-args.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=CONSTRAINT-ARGS
// CONSTRAINT-ARGS: constraint-args.mlir:6:5: error: ContainsOp takes an op and an op name (a string), and returns nothing

// WrapInExternScope without ops to wrap.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/no-ops.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=NO-OPS
// NO-OPS: no-ops.mlir:7:7: error: WrapInExternScope takes the kernel (a #hal.extern or its symbol as a string), optionally a dictionary of ABI options, then the ops to wrap, and returns nothing

// A kernel that is neither a #hal.extern nor a string, a symbol that is not
// a C identifier, ABI options that are not a dictionary or that #hal.extern
// does not know.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/kernel-int.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=KERNEL-INT
// KERNEL-INT: kernel-int.mlir:6:17: error: the kernel of WrapInExternScope is not a #hal.extern nor a string
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/kernel-symbol.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=KERNEL-SYMBOL
// KERNEL-SYMBOL: kernel-symbol.mlir:6:17: error: kernel symbol 'mm-f32' is not a C identifier
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/abi-string.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=ABI-STRING
// ABI-STRING: abi-string.mlir:7:14: error: the ABI options of WrapInExternScope are not a dictionary
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/abi-unknown.mlir %t/input.mlir 2>&1 | FileCheck %s --check-prefix=ABI-UNKNOWN
// ABI-UNKNOWN: abi-unknown.mlir:6:17: error: unknown kernel ABI option 'fast' (known: status, contiguous)

// Wrapping what cannot become one scope (the fill's result is also used by
// an op between the fill and the matmul) is an error at the last op.
// RUN: not scope-opt --hal-apply-kernel-patterns=spec=%t/fill-matmul.mlir %t/between.mlir 2>&1 | FileCheck %s --check-prefix=BETWEEN
// BETWEEN: between.mlir:6:9: error: cannot wrap the ops in an extern scope: 'mm_f32': a value the ops define is used by an op between them

//--- input.mlir
func.func @matmul(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>, %acc: tensor<2x8xf32>) -> tensor<2x8xf32> {
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %mm : tensor<2x8xf32>
}

//--- unknown-rewrite.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      pdl.apply_native_rewrite "Frobnicate"(%matmul : !pdl.operation)
    }
  }
}

//--- unknown-constraint.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.apply_native_constraint "IsBig"(%matmul : !pdl.operation)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm_f32"
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %matmul : !pdl.attribute, !pdl.operation)
    }
  }
}

//--- constraint-args.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    %name = pdl.attribute = "arith.mulf"
    pdl.apply_native_constraint "ContainsOp"(%name, %matmul : !pdl.attribute, !pdl.operation)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm_f32"
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %matmul : !pdl.attribute, !pdl.operation)
    }
  }
}

//--- no-ops.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm_f32"
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel : !pdl.attribute)
    }
  }
}

//--- kernel-int.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = 42 : i64
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %matmul : !pdl.attribute, !pdl.operation)
    }
  }
}

//--- kernel-symbol.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm-f32"
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %matmul : !pdl.attribute, !pdl.operation)
    }
  }
}

//--- abi-string.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm_f32"
      %abi = pdl.attribute = "contiguous"
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %abi, %matmul : !pdl.attribute, !pdl.attribute, !pdl.operation)
    }
  }
}

//--- abi-unknown.mlir
module {
  pdl.pattern @matmul : benefit(1) {
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul" -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm_f32"
      %abi = pdl.attribute = {fast = true}
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %abi, %matmul : !pdl.attribute, !pdl.attribute, !pdl.operation)
    }
  }
}

//--- fill-matmul.mlir
module {
  pdl.pattern @fill_matmul : benefit(1) {
    %zero = pdl.operand
    %empty = pdl.operand
    %fillTypes = pdl.types
    %fill = pdl.operation "linalg.fill"(%zero, %empty : !pdl.value, !pdl.value) -> (%fillTypes : !pdl.range<type>)
    %acc = pdl.result 0 of %fill
    %x = pdl.operand
    %w = pdl.operand
    %types = pdl.types
    %matmul = pdl.operation "linalg.matmul"(%x, %w, %acc : !pdl.value, !pdl.value, !pdl.value) -> (%types : !pdl.range<type>)
    pdl.rewrite %matmul {
      %kernel = pdl.attribute = "mm_f32"
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %fill, %matmul : !pdl.attribute, !pdl.operation, !pdl.operation)
    }
  }
}

//--- between.mlir
func.func @used_between(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<2x8xf32>
  %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x8xf32>) -> tensor<2x8xf32>
  %exp = math.exp %acc : tensor<2x8xf32>
  %mm = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x8xf32>) outs(%acc : tensor<2x8xf32>) -> tensor<2x8xf32>
  return %mm, %exp : tensor<2x8xf32>, tensor<2x8xf32>
}
