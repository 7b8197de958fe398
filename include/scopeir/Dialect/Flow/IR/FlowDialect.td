//===- FlowDialect.td - flow dialect definition ------------*- tablegen -*-===//
//
// The `flow` dialect: dispatch regions formed inside scopes and the dispatches
// that call their outlined executables.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_IR_FLOWDIALECT_TD
#define SCOPEIR_DIALECT_FLOW_IR_FLOWDIALECT_TD

include "mlir/IR/OpBase.td"

def Flow_Dialect : Dialect {
  let name = "flow";
  let cppNamespace = "::scopeir::flow";
  let summary = "Dispatch regions and dispatches, placed by scopes";
  let description = [{
    The `flow` dialect groups tensor computations into *dispatch regions*:
    units of work that a device runs as one kernel. Regions are formed inside
    scopes (`util.scope` and any other `ScopeOpInterface` op) and never
    across a barrier scope; each region records the placement attribute of
    its innermost placement scope and the path of scopes it came from.
    Outlining turns regions into functions grouped by placement in nested
    executable modules, called through `flow.dispatch`.

    The dialect does not know any device dialect: it asks "which device?"
    only through util's `ScopeAttrInterface` (`isPlacement()`).
  }];
  let dependentDialects = ["::scopeir::util::UtilDialect"];
  let extraClassDeclaration = [{
    /// Name of the unit attribute marking a nested module as holding
    /// executables produced by `flow-outline-dispatch-regions`.
    static llvm::StringRef getExecutablesAttrName() {
      return "flow.executables";
    }

    /// Name of the discardable attribute in which flow-record-scope-paths
    /// records a dispatchable op's scope path (the `scope_path` of the
    /// dispatch region formed around it).
    static llvm::StringRef getRecordedScopePathAttrName() {
      return "flow.scope_path";
    }
  }];
}

class Flow_Op<string mnemonic, list<Trait> traits = []>
    : Op<Flow_Dialect, mnemonic, traits>;

#endif // SCOPEIR_DIALECT_FLOW_IR_FLOWDIALECT_TD
