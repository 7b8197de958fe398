//===- HALAttrs.td - hal attributes ------------------------*- tablegen -*-===//
//
// `#hal.device.target<"backend", {config}>`: a device placement.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALATTRS_TD
#define SCOPEIR_DIALECT_HAL_IR_HALATTRS_TD

include "scopeir/Dialect/HAL/IR/HALDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"

def HAL_DeviceTargetAttr : HAL_Attr<"DeviceTarget", "device.target", [
    DeclareAttrInterfaceMethods<Util_ScopeAttrInterface,
        ["isScopeBarrier", "isPlacement", "getScopeDisplayName"]>]> {
  let summary = "A device: the target backend that compiles the ops placed on it";
  let description = [{
    Places ops on the device compiled by the target backend `backend`, with an
    optional backend-specific configuration dictionary. As a scope attribute
    its kind is `device`; it is a barrier (dispatch formation never fuses
    across it) and a placement (it answers "which device runs this op"); its
    display name is the backend name (executable modules are named after
    it).

    ```mlir
    %y = util.annotate [#hal.device.target<"llvm-cpu">] { ... } : tensor<4xf32>
    func.func @f() attributes {hal.device = #hal.device.target<"llvm-cpu-loops">}
    module attributes {hal.device = #hal.device.target<"llvm-cpu", {tile = 8}>}
    ```

    The verifier only checks that the name is not empty: whether a backend of
    that name is registered is checked where code is generated
    (`hal-run-backend-pipelines`, `scope-run`), so IR parses in tools that
    link no backend.
  }];
  let parameters = (ins
    StringRefParameter<"target backend name">:$backend,
    OptionalParameter<"::mlir::DictionaryAttr">:$config
  );
  let assemblyFormat = "`<` $backend (`,` $config^)? `>`";
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$backend), [{
      return $_get($_ctxt, backend, ::mlir::DictionaryAttr());
    }]>,
  ];
  let genVerifyDecl = 1;
}

#endif // SCOPEIR_DIALECT_HAL_IR_HALATTRS_TD
