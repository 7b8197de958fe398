module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.hal.wrap_in_extern_scope %mm symbol("not a C name") : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
