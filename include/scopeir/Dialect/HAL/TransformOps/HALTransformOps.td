//===- HALTransformOps.td - hal transform dialect extension -*- tablegen -*-===//
//
// Transform ops that kernel pattern specs (hal-apply-kernel-patterns) use:
// wrapping matched ops in an extern scope.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TRANSFORMOPS_HALTRANSFORMOPS_TD
#define SCOPEIR_DIALECT_HAL_TRANSFORMOPS_HALTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def WrapInExternScopeOp : Op<Transform_Dialect, "hal.wrap_in_extern_scope", [
    FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
    DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let cppNamespace = "::scopeir::hal";
  let summary = "Wraps payload ops in a util.scope carrying #hal.extern";
  let description = [{
    Wraps the payload ops of `targets` (ops of one block, in any order, the
    DAG a kernel replaces) in a `util.scope [#hal.extern<symbol, abi>]`
    placed where the last of them was:

    - the explicit captures (the kernel's arguments) are the ranked tensors
      the ops use from outside the set (tensor constants such as weights
      included), in first-use order, except the results of `tensor.empty`
      (shape only: cloned into the scope);
    - other values used from outside (scalars and their constants, `index`
      dims) stay implicit captures: they belong to the decomposition;
    - the results (the kernel's outputs) are the ops' results used outside
      the set, in op order; their dynamic dims are computed above the scope.

    `targets` is consumed; `scope` is the new scope op. A silenceable failure
    that names the reason, changing nothing, if the ops are in several
    blocks, if a value they define is used by an op between them outside
    the set, or if a capture's or result's dims cannot be computed above
    the scope (`transform.foreach_match` then reports a failed action). An
    ABI option `#hal.extern` does not know is a definite failure.

    ```mlir
    %ops = transform.merge_handles %fill, %matmul, %relu : !transform.any_op
    %scope = transform.hal.wrap_in_extern_scope %ops symbol("mlp_layer_f32")
        : (!transform.any_op) -> !transform.any_op
    ```
  }];
  let arguments = (ins TransformHandleTypeInterface:$targets,
                       StrAttr:$symbol,
                       OptionalAttr<DictionaryAttr>:$abi);
  let results = (outs TransformHandleTypeInterface:$scope);
  let hasVerifier = 1;
  let assemblyFormat = [{
    $targets `symbol` `(` $symbol `)` (`abi` $abi^)? attr-dict `:`
    functional-type(operands, results)
  }];
}

#endif // SCOPEIR_DIALECT_HAL_TRANSFORMOPS_HALTRANSFORMOPS_TD
