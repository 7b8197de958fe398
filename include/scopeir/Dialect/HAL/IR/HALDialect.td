//===- HALDialect.td - hal dialect definition --------------*- tablegen -*-===//
//
// The `hal` dialect: devices that scopes place their ops on.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALDIALECT_TD
#define SCOPEIR_DIALECT_HAL_IR_HALDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def HAL_Dialect : Dialect {
  let name = "hal";
  let cppNamespace = "::scopeir::hal";
  let summary = "Devices and the target backends that compile for them";
  let description = [{
    The `hal` dialect says where ops run. `#hal.device.target<"backend">`
    names a registered target backend (see `TargetBackend.h`); as a scope
    attribute it places the scope's ops on that device, on a function
    (`hal.device = #hal.device.target<...>`) it places the function, and on a
    module it is the default device of every function without one.
    `hal.device.scope` is sugar for `util.annotate` with a single device.

    Parsing never consults the backend registry, so IR naming a backend
    that is not linked into a tool still parses; `hal-run-backend-pipelines`
    (and `scope-run`) reject unknown backends.
  }];
  let dependentDialects = ["::scopeir::util::UtilDialect"];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute placing a function or module on a
    /// device.
    static llvm::StringRef getDeviceAttrName() { return "hal.device"; }

  private:
    void registerAttributes();
  public:
  }];
}

class HAL_Op<string mnemonic, list<Trait> traits = []>
    : Op<HAL_Dialect, mnemonic, traits>;

class HAL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<HAL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // SCOPEIR_DIALECT_HAL_IR_HALDIALECT_TD
