// A strategy library replacing the built-in one: its AVX-512 contraction
// strategy only tiles the root by 4 x 4 x 4 with scf.for loops.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @llvm_cpu_contraction_12x32(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) {
    %tiled, %loops:3 = transform.structured.tile_using_for %root tile_sizes [4, 4, 4]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
