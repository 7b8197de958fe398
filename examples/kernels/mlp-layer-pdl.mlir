// The kernel pattern spec of mlp-layer-spec.mlir as a PDL pattern (the
// PDL IR mlir-pdll makes of mlp-layer.pdll, written by hand): every
// relu(matmul(x, w) + bias) DAG becomes an extern scope computed by the C
// function mlp_layer_f32. A spec for scope-run --kernel-spec and
// hal-apply-kernel-patterns; docs/kernels.md explains it.
module {
  // Rooted at the ReLU, a linalg.generic: its first input is a matmul whose
  // init is a fill, and its body computes a maximumf (ContainsOp). The
  // operand lists are exact: a fill of 2 operands, a matmul and a generic
  // of 3.
  pdl.pattern @mlp_layer : benefit(1) {
    %zero = pdl.operand
    %empty = pdl.operand
    %fillTypes = pdl.types
    %fill = pdl.operation "linalg.fill"(%zero, %empty : !pdl.value, !pdl.value) -> (%fillTypes : !pdl.range<type>)
    %acc = pdl.result 0 of %fill
    %x = pdl.operand
    %w = pdl.operand
    %matmulTypes = pdl.types
    %matmul = pdl.operation "linalg.matmul"(%x, %w, %acc : !pdl.value, !pdl.value, !pdl.value) -> (%matmulTypes : !pdl.range<type>)
    %product = pdl.result 0 of %matmul
    %bias = pdl.operand
    %init = pdl.operand
    %reluTypes = pdl.types
    %relu = pdl.operation "linalg.generic"(%product, %bias, %init : !pdl.value, !pdl.value, !pdl.value) -> (%reluTypes : !pdl.range<type>)
    %maximumf = pdl.attribute = "arith.maximumf"
    pdl.apply_native_constraint "ContainsOp"(%relu, %maximumf : !pdl.operation, !pdl.attribute)
    pdl.rewrite %relu {
      // The kernel: a #hal.extern (its ABI options inside) or its symbol.
      %kernel = pdl.attribute = #hal.extern<"mlp_layer_f32">
      pdl.apply_native_rewrite "WrapInExternScope"(%kernel, %fill, %matmul, %relu : !pdl.attribute, !pdl.operation, !pdl.operation, !pdl.operation)
    }
  }
}
