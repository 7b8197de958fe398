// A kernel spec that matches nothing (compile-pipeline.mlir only prints the
// pipeline).
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}
