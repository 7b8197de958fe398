// Wraps every linalg.matmul (and the fill of its init) in an extern scope
// for "mm_f32".
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_matmul(%mm: !transform.any_op {transform.readonly})
      -> (!transform.any_op, !transform.any_op) {
    transform.match.operation_name %mm ["linalg.matmul"] : !transform.any_op
    %fill = transform.get_producer_of_operand %mm[2] : (!transform.any_op) -> !transform.any_op
    transform.match.operation_name %fill ["linalg.fill"] : !transform.any_op
    transform.yield %fill, %mm : !transform.any_op, !transform.any_op
  }
  transform.named_sequence @wrap(%fill: !transform.any_op {transform.readonly},
                                 %mm: !transform.any_op {transform.readonly}) {
    %ops = transform.merge_handles %fill, %mm : !transform.any_op
    transform.hal.wrap_in_extern_scope %ops symbol("mm_f32") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    transform.foreach_match in %root @match_matmul -> @wrap : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
