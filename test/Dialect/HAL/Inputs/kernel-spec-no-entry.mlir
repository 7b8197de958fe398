module attributes {transform.with_named_sequence} {
  transform.named_sequence @main(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}
