//===- UtilAttrs.td - util attributes ----------------------*- tablegen -*-===//
//
// `#util.zone<"name">`: a tracing zone.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILATTRS_TD
#define SCOPEIR_DIALECT_UTIL_IR_UTILATTRS_TD

include "scopeir/Dialect/Util/IR/UtilDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"

def Util_ZoneAttr : Util_Attr<"Zone", "zone", [
    DeclareAttrInterfaceMethods<Util_ScopeAttrInterface,
        ["getScopeDisplayName"]>]> {
  let summary = "A named tracing zone";
  let description = [{
    Marks a scope as a tracing zone: when tracing is on, the scope's execution
    is timed under `name`; when it is off, zone scopes are stripped and cost
    nothing. Zones are not barriers: dispatch formation fuses across them.
    Zones nest; `lookupScopeAttrStack<ZoneAttr>` returns them outermost
    first.

    ```mlir
    util.scope [#util.zone<"encoder">] { ... }
    ```
  }];
  let parameters = (ins StringRefParameter<"zone name">:$name);
  let assemblyFormat = "`<` $name `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The scope kind of zones.
    static constexpr ::llvm::StringLiteral kScopeKind = "zone";
  }];
}

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILATTRS_TD
