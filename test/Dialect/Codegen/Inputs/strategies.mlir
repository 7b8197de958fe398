// A strategy library for run-scope-pipelines.mlir: named sequences that
// codegen.scope.tu ops name without defining them in their module.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @lib_tile(%scope: !transform.any_op {transform.readonly}) {
    %mm = transform.structured.match ops{["linalg.matmul"]} in %scope
        : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %mm tile_sizes [2]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
