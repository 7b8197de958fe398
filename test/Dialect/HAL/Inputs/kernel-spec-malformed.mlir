module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.hal.wrap_in_extern_scope %root symbol(mlp_layer_f32)
    transform.yield
  }
}
