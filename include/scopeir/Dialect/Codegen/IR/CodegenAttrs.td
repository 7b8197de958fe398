//===- CodegenAttrs.td - codegen attributes ----------------*- tablegen -*-===//
//
// `#codegen.strategy<...>`: the strategies of the tu scopes formed in a scope.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENATTRS_TD
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENATTRS_TD

include "scopeir/Dialect/Codegen/IR/CodegenDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"

def Codegen_StrategyAttr : Codegen_Attr<"Strategy", "strategy", [
    DeclareAttrInterfaceMethods<Util_ScopeAttrInterface,
        ["isInheritedByDispatches"]>]> {
  let summary = "The code generation strategies of the root ops of a scope";
  let description = [{
    Chooses how the root ops inside a scope are compiled: the strategy that
    `codegen-form-tu-scopes` gives the `codegen.scope.tu` it forms around
    each root op found there, instead of the backend's default for that kind
    of root. A strategy is a textual pass pipeline (a string, run on the tu
    scope) or a transform dialect named sequence (a symbol, applied to the tu
    scope, optionally with parameters in parentheses).

    ```mlir
    // Every root op of the layer: one named sequence.
    util.annotate [#codegen.strategy<@my_matmul>] { ... }
    // Per kind of root; kinds not listed keep the backend's strategy.
    util.annotate [#codegen.strategy<contraction = @tile_4x4(4, 4),
                                     reduction = "canonicalize,cse">] { ... }
    ```

    The kinds are `contraction`, `convolution`, `reduction`, `elementwise`
    (a chain of elementwise ops) and `other`; `default` (what the short form
    without a kind sets) applies to every kind not listed.

    As a scope attribute its kind is `codegen.strategy`; it is neither a
    barrier (dispatch formation fuses across it) nor a placement. It is
    inherited by dispatches (`isInheritedByDispatches`): dispatch regions
    formed inside record it and outlining carries it to their executable
    functions, where the backend's tu scopes look it up.
  }];
  let parameters = (ins "::mlir::DictionaryAttr":$entries);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The scope kind of strategy attributes.
    static constexpr ::llvm::StringLiteral kScopeKind = "codegen.strategy";
    /// The entry that applies to every kind not listed.
    static constexpr ::llvm::StringLiteral kDefaultEntry = "default";

    /// Returns the strategy this attribute gives roots of `kind`: the
    /// kind's entry, else the default entry; an empty strategy if neither
    /// exists.
    ::scopeir::codegen::Strategy lookup(::scopeir::codegen::RootKind kind) const;
  }];
}

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENATTRS_TD
