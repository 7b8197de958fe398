// A kernel pattern spec (scope-run --kernel-spec, hal-apply-kernel-patterns):
// every relu(matmul(x, w) + bias) DAG, as examples/mlp.mlir's layer 1 writes
// it, becomes an extern scope computed by the C function mlp_layer_f32
// (examples/kernels/mlp_*.c). docs/kernels.md walks through it.
module attributes {transform.with_named_sequence} {
  // Matches from the ReLU's maximumf, which foreach_match visits inside the
  // linalg.generic: the generic must take a matmul whose init is a fill.
  // Yields the three ops the kernel replaces.
  transform.named_sequence @match_mlp_layer(
      %max: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op, !transform.any_op) {
    transform.match.operation_name %max ["arith.maximumf"] : !transform.any_op
    %relu = transform.get_parent_op %max {op_name = "linalg.generic"}
        : (!transform.any_op) -> !transform.any_op
    %matmul = transform.get_producer_of_operand %relu[0]
        : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %matmul ["linalg.matmul"] : !transform.any_op
    %fill = transform.get_producer_of_operand %matmul[2]
        : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %fill ["linalg.fill"] : !transform.any_op
    transform.yield %fill, %matmul, %relu
        : !transform.any_op, !transform.any_op, !transform.any_op
  }

  // Wraps one match in util.scope [#hal.extern<"mlp_layer_f32">]: the
  // tensors the ops use from outside (x, w, bias) are the kernel's
  // arguments, the ReLU's result its output.
  transform.named_sequence @wrap_mlp_layer(
      %fill: !transform.any_op {transform.readonly},
      %matmul: !transform.any_op {transform.readonly},
      %relu: !transform.any_op {transform.readonly}) {
    %ops = transform.merge_handles %fill, %matmul, %relu : !transform.any_op
    transform.hal.wrap_in_extern_scope %ops symbol("mlp_layer_f32")
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }

  // The entry hal-apply-kernel-patterns calls with the module.
  transform.named_sequence @__transform_main(
      %root: !transform.any_op {transform.consumed}) {
    transform.foreach_match in %root @match_mlp_layer -> @wrap_mlp_layer
        : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
