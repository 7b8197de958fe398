//===- CodegenOps.td - codegen ops -------------------------*- tablegen -*-===//
//
// codegen.scope.tu and codegen.yield.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_TD
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_TD

include "scopeir/Dialect/Codegen/IR/CodegenDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Codegen_ScopeAttrArray : TypedArrayAttrBase<AnyAttr,
    "array of attributes implementing ScopeAttrInterface">;

//===----------------------------------------------------------------------===//
// codegen.scope.tu
//===----------------------------------------------------------------------===//

def Codegen_TUOp : Codegen_Op<"scope.tu", [
    AttrSizedOperandSegments,
    IsolatedFromAbove,
    RecursiveMemoryEffects,
    RecursivelySpeculatable,
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
        ["getEntrySuccessorOperands", "getRegionInvocationBounds"]>,
    DeclareOpInterfaceMethods<Util_ScopeOpInterface,
        ["getExplicitCaptures", "isOutlinable", "getScopeExitOpName"]>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<Util_ClosureOpInterface>,
  ]> {
  let summary = "An isolated scope compiled by its own strategy";
  let description = [{
    A *translation unit* of code generation: a part of a function that is
    compiled by its own strategy, while conversions that must see the whole
    function (bufferization) still convert it together with the rest.

    The op is a scope like `util.scope` (explicit captures that become the
    entry block arguments, results optionally tied to a capture, dynamic
    dims of captures and untied results as `index` operands, scope
    attributes) but it is **isolated from above**: every value the body uses
    is a capture, so a pass manager can nest on it
    (`OpPassManager("codegen.scope.tu")`) without outlining the body into a
    function of a temporary module. Exiting blocks end in `codegen.yield`.

    It carries at most one strategy:
    - `pipeline = "..."`: a textual pass pipeline run on the op;
    - `strategy = @name` or `strategy = @name(params)`: a transform dialect
      named sequence applied to the op (its first argument is the scope
      op, the others are bound to the parameters, `!transform.param`), found
      in the module or in a strategy library.

    `codegen-run-scope-pipelines` runs the strategies (and removes them from
    the ops it ran); `codegen-inline-scopes` removes the scopes after
    bufferization.

    ```mlir
    %r = codegen.scope.tu strategy = @matmul_4x4
        (%a as %x: tensor<?x8xf32>{%m}, %b as %y: tensor<8x4xf32>,
         %c as %z: tensor<?x4xf32>{%m}) -> (%c) {
      %0 = linalg.matmul ins(%x, %y : tensor<?x8xf32>, tensor<8x4xf32>)
                         outs(%z : tensor<?x4xf32>) -> tensor<?x4xf32>
      codegen.yield %0 : tensor<?x4xf32>
    }
    ```

    Its memory effects are those of its body and it is speculatable when its
    body is (unlike `util.scope`, it says nothing that merging two equal
    scopes or hoisting one would change: CSE may merge two equal tu scopes
    and LICM may hoist one). `--canonicalize` optimizes it as a closure
    (`ClosureOpInterface`): captured constants are cloned into the body,
    unused and duplicate captures and results go, and a body that only
    returns values folds away.
  }];

  let arguments = (ins
    Variadic<AnyType>:$captures,
    Variadic<Index>:$capture_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<Codegen_ScopeAttrArray>:$scope_attrs,
    OptionalAttr<DenseI64ArrayAttr>:$tied_operands,
    OptionalAttr<StrAttr>:$pipeline,
    OptionalAttr<FlatSymbolRefAttr>:$strategy,
    OptionalAttr<ArrayAttr>:$strategy_args
  );
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region MinSizedRegion<1>:$body);

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;

  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$resultDims,
      "::mlir::ValueRange":$captures,
      "::mlir::ValueRange":$captureDims,
      "::llvm::ArrayRef<int64_t>":$tiedOperands,
      "::llvm::ArrayRef<::mlir::Attribute>":$scopeAttrs,
      CArg<"const ::scopeir::codegen::Strategy &", "{}">:$strategy)>,
  ];

  let extraClassDeclaration = [{
    /// Returns the entry block of the body.
    ::mlir::Block &getEntryBlock() { return getBody().front(); }

    /// Returns the dynamic dims of capture `index` (a slice of capture_dims).
    ::mlir::ValueRange getCaptureDynamicDims(unsigned index);

    /// Returns the scope attributes as an ArrayAttr (empty if absent).
    ::mlir::ArrayAttr getScopeAttrsOrEmpty();

    /// Returns the strategy of this scope (empty if it has none).
    ::scopeir::codegen::Strategy getStrategyInfo();

    /// Replaces the strategy of this scope (an empty one removes it).
    void setStrategyInfo(const ::scopeir::codegen::Strategy &strategy);
  }];
}

//===----------------------------------------------------------------------===//
// codegen.yield
//===----------------------------------------------------------------------===//

def Codegen_YieldOp : Codegen_Op<"yield", [
    Pure, ReturnLike, Terminator, ParentOneOf<["TUOp"]>]> {
  let summary = "Returns values from a codegen scope";
  let description = [{
    Terminates an exiting block of a `codegen.scope.tu`; its operands become
    the scope's results and must match their types.

    ```mlir
    codegen.yield %x, %y : tensor<?x4xf32>, tensor<?xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* nothing to do */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_TD
