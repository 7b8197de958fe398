//===- CodegenOps.td - codegen ops -------------------------*- tablegen -*-===//
//
// codegen.scope.tu, codegen.scope.workgroups, codegen.store and
// codegen.yield.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_TD
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_TD

include "scopeir/Dialect/Codegen/IR/CodegenDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"
include "scopeir/Dialect/Util/IR/UtilOpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"

//===----------------------------------------------------------------------===//
// codegen.scope.tu
//===----------------------------------------------------------------------===//

def Codegen_TUOp : Util_CapturingScopeOp<Codegen_Dialect, "scope.tu", [
    IsolatedFromAbove,
    RecursiveMemoryEffects,
    RecursivelySpeculatable,
  ], ["isOutlinable", "getScopeExitOpName", "isDispatchRoot"]> {
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

  let arguments = !con(scopeArguments, (ins
    OptionalAttr<StrAttr>:$pipeline,
    OptionalAttr<FlatSymbolRefAttr>:$strategy,
    OptionalAttr<ArrayAttr>:$strategy_args
  ));

  let extraClassDeclaration = scopeClassDeclaration # [{
    /// Returns the strategy of this scope (empty if it has none).
    ::scopeir::codegen::Strategy getStrategyInfo();

    /// Replaces the strategy of this scope (an empty one removes it).
    void setStrategyInfo(const ::scopeir::codegen::Strategy &strategy);
  }];
}

//===----------------------------------------------------------------------===//
// codegen.scope.workgroups
//===----------------------------------------------------------------------===//

def Codegen_WorkgroupsOp : Codegen_Op<"scope.workgroups", [
    AttrSizedOperandSegments,
    IsolatedFromAbove,
    RecursiveMemoryEffects,
    DeclareOpInterfaceMethods<Util_ScopeOpInterface,
        ["getExplicitCaptures", "isOutlinable", "getScopeExitOpName",
         "isInlinable", "isDispatchRoot"]>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
  ]> {
  let summary = "Hand-written code distributed over a grid of workgroups";
  let description = [{
    Code someone wrote for a grid of *workgroups*, on tensors, before
    dispatch formation. The body runs once per workgroup of the grid, whose
    size (1 to 3 `index` values, static or dynamic) is the first operand
    list; the workgroups are independent (in parallel, in any order). Each
    computes some tiles of the declared results and writes them with
    `codegen.store`; every element of every untied result must be stored
    exactly once, by one workgroup (`--codegen-check-stores` checks it at
    run time; `codegen-lower-workgroups` rejects an untied result that no
    store names).

    Like `codegen.scope.tu` the op is isolated from above with explicit
    captures, and untied results declare their dynamic dims. The entry
    block's arguments are, in order: one per capture, the workgroup ids
    (one per grid dimension), the workgroup counts (the grid size, one per
    dimension), and one *result handle* per result: a value of the result's
    type that names the result to `codegen.store` and is used by nothing
    else (the body cannot read a result).

    A result may be *tied* to a capture (`-> (%t)`): it is then the capture
    with the tiles the workgroups store replaced, so each of its elements is
    stored at most once and an element no workgroup stores keeps the
    capture's value (an untied result has every element stored exactly
    once). The body reads the capture as it was before the scope; where the
    capture dies at the scope and the stores into the result all sit at the
    top of a one-block body, bufferization writes the tiles into the
    capture's buffer (a copy of it otherwise).

    Stores may sit anywhere in the body, in loops and conditionals
    included; the body may have several blocks (each exiting block ends in
    `codegen.yield` without operands). A single-block body's terminator is
    implicit in the custom syntax.

    ```mlir
    %r = codegen.scope.workgroups (%i, %j) in (%ni = %c4, %nj = %c2)
        (%a as %x: tensor<128x64xf32>) -> (tensor<128x64xf32>) as (%out) {
      %oi = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
      %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
      %t = tensor.extract_slice %x[%oi, %oj] [32, 32] [1, 1]
          : tensor<128x64xf32> to tensor<32x32xf32>
      %e = math.exp %t : tensor<32x32xf32>
      codegen.store %e into %out[%oi, %oj] [32, 32] [1, 1]
          : tensor<32x32xf32> into tensor<128x64xf32>
    }
    ```

    The op is a scope (`ScopeOpInterface`) that strip passes keep (its body
    does not mean the op when inlined: `isInlinable` is false), that is not
    outlined, and that dispatch formation makes a root of its own dispatch
    (`isDispatchRoot`); `codegen-fuse-into-workgroups` fuses elementwise
    consumers of its results into it, and `codegen-lower-workgroups` turns
    it into an `scf.forall` over the grid.
  }];

  let arguments = (ins
    Variadic<AnyType>:$captures,
    Variadic<Index>:$capture_dims,
    Variadic<Index>:$result_dims,
    Variadic<Index>:$workgroup_count,
    OptionalAttr<DenseI64ArrayAttr>:$tied_operands
  );
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region MinSizedRegion<1>:$body);

  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;

  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$resultDims,
      "::mlir::ValueRange":$captures,
      "::mlir::ValueRange":$captureDims,
      "::mlir::ValueRange":$workgroupCount,
      CArg<"::llvm::ArrayRef<int64_t>", "{}">:$tiedOperands)>,
  ];

  let extraClassDeclaration = [{
    /// Returns the body's entry block, whose arguments are the captures,
    /// ids, counts and result handles.
    ::mlir::Block &getEntryBlock() { return getBody().front(); }

    /// Returns the number of grid dimensions (1 to 3).
    unsigned getGridRank() { return getWorkgroupCount().size(); }

    /// Returns the entry block arguments standing for the captures.
    ::mlir::Block::BlockArgListType getCaptureArguments() {
      return getEntryBlock().getArguments().take_front(getCaptures().size());
    }
    /// Returns the entry block arguments holding the workgroup ids.
    ::mlir::Block::BlockArgListType getWorkgroupIds() {
      return getEntryBlock().getArguments().slice(getCaptures().size(),
                                                   getGridRank());
    }
    /// Returns the entry block arguments holding the workgroup counts.
    ::mlir::Block::BlockArgListType getWorkgroupCounts() {
      return getEntryBlock().getArguments().slice(
          getCaptures().size() + getGridRank(), getGridRank());
    }
    /// Returns the entry block arguments naming the results to stores.
    ::mlir::Block::BlockArgListType getResultHandles() {
      return getEntryBlock().getArguments().take_back(getNumResults());
    }

    /// Returns the result that `handle` (a result handle) names, or null.
    ::mlir::OpResult getResultOfHandle(::mlir::Value handle);

    /// Returns the dynamic dims of capture `index` (a slice of capture_dims).
    ::mlir::ValueRange getCaptureDynamicDims(unsigned index);
  }];
}

//===----------------------------------------------------------------------===//
// codegen.store
//===----------------------------------------------------------------------===//

def Codegen_StoreOp : Codegen_Op<"store", [
    AttrSizedOperandSegments,
    OffsetSizeAndStrideOpInterface,
    MemoryEffects<[MemWrite]>,
  ]> {
  let summary = "Writes one tile of one result of a workgroups scope";
  let description = [{
    Writes `source` into the region `[offsets] [sizes] [strides]` of the
    result of the enclosing `codegen.scope.workgroups` that the result
    handle `dest` names, as `tensor.parallel_insert_slice` writes into an
    `scf.forall` result: the write becomes visible in the result once all
    workgroups have run, and nothing in the body reads it. Offsets, sizes
    and strides are static or `index` values, one of each per dimension of
    the result; `source` has the result's rank and element type and the
    shape `sizes` (a dynamic size, a dynamic dim).

    A store sits anywhere in the body of its scope: in its blocks, or in
    the regions of control-flow ops (ops implementing
    `RegionBranchOpInterface`: `scf.for`, `scf.if`, `scf.while`, ...) nested
    there, so that a workgroup may store once per iteration of a loop over
    its sub-tiles, or only under a condition. It may not sit in the region
    of another kind of op (a `linalg.generic` payload, say), whose regions
    are not code the workgroup runs as written.

    ```mlir
    codegen.store %tile into %out[%i, 0] [32, %n] [1, 1]
        : tensor<32x?xf32> into tensor<?x?xf32>
    ```

    The verifier checks what is static: ranks, element types, the tile's
    shape against static sizes, non-negative offsets and sizes, positive
    strides, and that a tile with static offset, size and stride stays
    within a static dimension of the result. What is dynamic is checked at
    run time by `codegen-lower-workgroups{check-stores}`.
  }];

  let arguments = (ins
    AnyRankedTensor:$source,
    AnyRankedTensor:$dest,
    Variadic<Index>:$offsets,
    Variadic<Index>:$sizes,
    Variadic<Index>:$strides,
    DenseI64ArrayAttr:$static_offsets,
    DenseI64ArrayAttr:$static_sizes,
    DenseI64ArrayAttr:$static_strides
  );

  let assemblyFormat = [{
    $source `into` $dest ``
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` type($source) `into` type($dest)
  }];

  let builders = [
    OpBuilder<(ins "::mlir::Value":$source, "::mlir::Value":$dest,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$offsets,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$sizes,
      "::llvm::ArrayRef<::mlir::OpFoldResult>":$strides)>,
  ];

  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// Returns the rank of the result written (OffsetSizeAndStrideOpInterface).
    std::array<unsigned, 3> getArrayAttrMaxRanks() {
      unsigned rank = getDest().getType().getRank();
      return {rank, rank, rank};
    }
    /// Offsets, sizes and strides follow source and dest.
    static unsigned getOffsetSizeAndStrideStartOperandIndex() { return 2; }

    /// Returns the workgroups scope this store writes into (the nearest
    /// one around it; null if there is none).
    WorkgroupsOp getScope();
  }];
}

//===----------------------------------------------------------------------===//
// codegen.yield
//===----------------------------------------------------------------------===//

def Codegen_YieldOp : Util_ScopeExitOp<Codegen_Dialect, "yield", [
    ParentOneOf<["TUOp", "WorkgroupsOp"]>]> {
  let summary = "Returns values from a codegen scope";
  let description = [{
    Terminates an exiting block of a `codegen.scope.tu`; its operands become
    the scope's results and must match their types. In a
    `codegen.scope.workgroups` it takes no operands (the results are
    written by `codegen.store`) and is implicit in the custom syntax.

    ```mlir
    codegen.yield %x, %y : tensor<?x4xf32>, tensor<?xf32>
    ```
  }];
}

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_TD
