//===- CodegenDialect.td - codegen dialect definition ------*- tablegen -*-===//
//
// The `codegen` dialect: scopes that say how a part of a function is compiled.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENDIALECT_TD
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Codegen_Dialect : Dialect {
  let name = "codegen";
  let cppNamespace = "::scopeir::codegen";
  let summary = "Scopes that carry their own code generation strategy";
  let description = [{
    The `codegen` dialect lets one function mix code generation strategies.
    `codegen.scope.tu` (a *translation unit*) is a scope that is isolated
    from above, so that a pass pipeline can be nested on it, and that carries
    at most one strategy: a textual pass pipeline or a transform dialect
    named sequence. `codegen-run-scope-pipelines` runs each scope's strategy
    on it; bufferization then converts the whole function at once, across the
    scopes, and `codegen-inline-scopes` removes them.

    `#codegen.strategy<...>` is the user-level form: a scope attribute
    (util's `ScopeAttrInterface`, kind `codegen.strategy`) that a model puts
    on any `util.scope` or `util.annotate` to choose the strategies of the tu
    scopes a backend forms for the ops inside, per kind of root op. It
    survives dispatch formation and outlining into executables.

    The dialect depends on `util` only: devices and backends reach it through
    util's interfaces and through the strategy table registry
    (`StrategyTable.h`).
  }];
  let dependentDialects = ["::scopeir::util::UtilDialect"];
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
  private:
    void registerAttributes();
  public:
  }];
}

class Codegen_Op<string mnemonic, list<Trait> traits = []>
    : Op<Codegen_Dialect, mnemonic, traits>;

class Codegen_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Codegen_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENDIALECT_TD
