//===- HALOps.td - hal ops ---------------------------------*- tablegen -*-===//
//
// hal.device.scope.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALOPS_TD
#define SCOPEIR_DIALECT_HAL_IR_HALOPS_TD

include "scopeir/Dialect/HAL/IR/HALDialect.td"
include "scopeir/Dialect/HAL/IR/HALAttrs.td"
include "scopeir/Dialect/Util/IR/UtilOpBase.td"

//===----------------------------------------------------------------------===//
// hal.device.scope
//===----------------------------------------------------------------------===//

def HAL_DeviceScopeOp
    : Util_AnnotationLikeScopeOp<HAL_Dialect, "device.scope"> {
  let summary = "Places the ops of its region on a device";
  let description = [{
    Sugar for `util.annotate [#hal.device.target<...>]`: the ops of the region
    run on the given device. Like `util.annotate` it takes implicit captures
    only and plain result types; every exiting block ends in `util.return`.
    It implements `ScopeOpInterface`, so every scope pass treats it as a
    scope carrying that one attribute, and `util-lower-annotations` rewrites
    it into `util.scope`.

    ```mlir
    %y = hal.device.scope <#hal.device.target<"llvm-cpu">> {
      %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>)
                         outs(%c : tensor<4x4xf32>) -> tensor<4x4xf32>
      util.return %0 : tensor<4x4xf32>
    } : tensor<4x4xf32>
    ```

    Like `util.annotate` it declares no memory effects and is not
    speculatable, so CSE never merges two of them and LICM never hoists one.
  }];

  let arguments = (ins HAL_DeviceTargetAttr:$target);

  let assemblyFormat = [{
    ` ` `<` qualified($target) `>` $body (`:` type($results)^)?
    attr-dict-with-keyword
  }];
}

#endif // SCOPEIR_DIALECT_HAL_IR_HALOPS_TD
