//===- FlowOps.td - flow ops -------------------------------*- tablegen -*-===//
//
// flow.dispatch.region, flow.return and flow.dispatch; the tensor ops of
// IREE's test conventions: flow.tensor.dynamic_constant,
// flow.tensor.tie_shape and flow.tensor.bitcast.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_IR_FLOWOPS_TD
#define SCOPEIR_DIALECT_FLOW_IR_FLOWOPS_TD

include "scopeir/Dialect/Flow/IR/FlowDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def Flow_ScopePathArrayAttr : TypedArrayAttrBase<StrArrayAttr,
    "array of scope paths">;

//===----------------------------------------------------------------------===//
// flow.dispatch.region
//===----------------------------------------------------------------------===//

def Flow_DispatchRegionOp : Flow_Op<"dispatch.region", [
    DeclareOpInterfaceMethods<RegionBranchOpInterface,
        ["getRegionInvocationBounds"]>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>,
  ]> {
  let summary = "A group of ops that one device runs as one dispatch";
  let description = [{
    Executes its single-block region once; the operands of the terminating
    `flow.return` become the results. Values defined above are used
    implicitly (the region is not isolated from above); outlining turns them
    into the arguments of the executable function.

    Every dynamically shaped result lists its dynamic dimensions as `index`
    values defined above the region, in order: `tensor<?x4xf32>{%d}`.

    `placement` records the placement attribute (an attribute implementing
    util's `ScopeAttrInterface` with `isPlacement()`) of the innermost
    placement scope the region was formed in; absent, the region runs on the
    default host target. `scope_attrs` records the scope attributes of the
    enclosing scopes that dispatches inherit (`isInheritedByDispatches`, such
    as `#codegen.strategy`), innermost first and one per kind; outlining puts
    them on the executable function. `scope_path` records the scopes the region came from,
    outermost first: one entry per scope, its zone name or the printed form of
    its attributes. When the region's ops came from several scopes (fusion
    across stripped zones), `scope_path` is their innermost common scope and
    `straddled_paths` lists, in op order and without repetition, the longer
    paths of ops that came from scopes nested in it: the zones the region
    straddles.

    ```mlir
    %r = flow.dispatch.region on(#hal.device.target<"llvm-cpu">)
        -> (tensor<?x4xf32>{%d}) {
      %m = linalg.matmul ins(%a, %b : tensor<?x8xf32>, tensor<8x4xf32>)
                         outs(%f : tensor<?x4xf32>) -> tensor<?x4xf32>
      flow.return %m : tensor<?x4xf32>
    } attributes {scope_path = ["encoder"],
                  straddled_paths = [["encoder", "ffn"]]}
    ```

    Like `util.scope`, the op declares no memory effects and is not
    speculatable: CSE never merges two regions, LICM never hoists one and
    generic DCE never deletes one. Its canonicalizer drops unused results
    (with their dims) and erases a region left without results whose body
    has no side effects.
  }];

  let arguments = (ins
    Variadic<Index>:$result_dims,
    OptionalAttr<AnyAttr>:$placement,
    OptionalAttr<ArrayAttr>:$scope_attrs,
    OptionalAttr<StrArrayAttr>:$scope_path,
    OptionalAttr<Flow_ScopePathArrayAttr>:$straddled_paths
  );
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);

  let assemblyFormat = [{
    (`on` `(` $placement^ `)`)?
    (`->` custom<ShapedTypeList>(type($results), $result_dims)^)?
    $body attr-dict-with-keyword
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;

  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$resultDims,
      "::mlir::Attribute":$placement,
      "::mlir::ArrayAttr":$scopePath)>,
  ];

  let extraClassDeclaration = [{
    /// Returns the region's single block.
    ::mlir::Block &getBodyBlock() { return getBody().front(); }

    /// Returns the placement as a scope attribute (null if absent).
    ::scopeir::util::ScopeAttrInterface getPlacementScopeAttr();
  }];
}

//===----------------------------------------------------------------------===//
// flow.return
//===----------------------------------------------------------------------===//

def Flow_ReturnOp : Flow_Op<"return", [
    Pure, ReturnLike, Terminator, HasParent<"DispatchRegionOp">]> {
  let summary = "Returns values from a dispatch region";
  let description = [{
    Terminates the body of a `flow.dispatch.region`; its operands become the
    region's results and must match their types.

    ```mlir
    flow.return %x : tensor<?x4xf32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* nothing to do */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// flow.dispatch
//===----------------------------------------------------------------------===//

def Flow_DispatchOp : Flow_Op<"dispatch", [
    AttrSizedOperandSegments,
    CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>,
  ]> {
  let summary = "Runs an outlined executable function";
  let description = [{
    Calls `@module::@function`, a function of a nested executable module
    produced by `flow-outline-dispatch-regions`. The arguments are passed to
    the function one to one; the dynamic dimensions of dynamically shaped
    arguments and results are operands too (`{%d}` after each type), so the
    shapes of the results are known above the dispatch.

    ```mlir
    %r = flow.dispatch @llvm_cpu_executables::@main_dispatch_0(%a, %b)
        : (tensor<?x8xf32>{%n}, tensor<8x4xf32>) -> (tensor<?x4xf32>{%n})
    ```

    `scope_path` and `straddled_paths` are those of the dispatch region the
    dispatch replaces (see `flow.dispatch.region`).

    The dispatch declares no memory effects (the same choice as
    `flow.dispatch.region`).
  }];

  let arguments = (ins
    SymbolRefAttr:$callee,
    Variadic<AnyType>:$arguments,
    Variadic<Index>:$argument_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<DictArrayAttr>:$arg_attrs,
    OptionalAttr<DictArrayAttr>:$res_attrs,
    OptionalAttr<StrArrayAttr>:$scope_path,
    OptionalAttr<Flow_ScopePathArrayAttr>:$straddled_paths
  );
  let results = (outs Variadic<AnyType>:$results);

  let assemblyFormat = [{
    $callee `(` $arguments `)` `:`
    custom<ShapedTypeList>(type($arguments), $argument_dims) `->`
    custom<ShapedTypeList>(type($results), $result_dims)
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;

  let builders = [
    OpBuilder<(ins "::mlir::SymbolRefAttr":$callee,
      "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$arguments,
      "::mlir::ValueRange":$argumentDims,
      "::mlir::ValueRange":$resultDims)>,
  ];

  let extraClassDeclaration = [{
    /// Returns the dynamic dims of argument `index` (a slice of
    /// argument_dims).
    ::mlir::ValueRange getArgumentDynamicDims(unsigned index);

    // CallOpInterface.
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return getCalleeAttr();
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      setCalleeAttr(::llvm::cast<::mlir::SymbolRefAttr>(
          ::llvm::cast<::mlir::SymbolRefAttr>(callee)));
    }
    ::mlir::Operation::operand_range getArgOperands() {
      return getArguments();
    }
    ::mlir::MutableOperandRange getArgOperandsMutable() {
      return getArgumentsMutable();
    }
  }];
}

//===----------------------------------------------------------------------===//
// flow.tensor.transfer
//===----------------------------------------------------------------------===//

def Flow_TensorTransferOp : Flow_Op<"tensor.transfer", [
    Pure,
    AllTypesMatch<["source", "result"]>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>,
  ]> {
  let summary = "Moves a tensor from one memory to another";
  let description = [{
    The value of `source`, held in the memory of `from`, as a value held in
    the memory of `to`. Each side is a placement attribute with memory of
    its own (util's `ScopeAttrInterface`, `hasDeviceMemory()`), or `host`,
    the memory of the host and of every device computing in it. The two
    sides differ.

    ```mlir
    %on_gpu = flow.tensor.transfer %x : tensor<?x16xf32>
        from host to #hal.device.target<"vulkan">
    %back = flow.tensor.transfer %y : tensor<?x32xf32>
        from #hal.device.target<"vulkan"> to host
    ```

    Values move between memories only through this op
    (`flow-insert-transfers` inserts one at every edge a value crosses);
    the backend of the device with memory of its own lowers it, once
    bufferized into `flow.buffer.transfer`, to a copy by its runtime. The
    result has the source's type and shape.

    The op is pure: it computes the same value elsewhere, so CSE merges
    two transfers of one value to one memory, LICM hoists a transfer of a
    loop-invariant value out of the loop, and a round trip
    (`A -> B -> A`) folds to the original value.
  }];
  let arguments = (ins
    AnyRankedTensor:$source,
    OptionalAttr<AnyAttr>:$source_memory,
    OptionalAttr<AnyAttr>:$target_memory
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `:` type($source)
    `from` custom<Memory>($source_memory) `to` custom<Memory>($target_memory)
    attr-dict
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// flow.buffer.transfer
//===----------------------------------------------------------------------===//

def Flow_BufferTransferOp : Flow_Op<"buffer.transfer", []> {
  let summary = "Copies a buffer from one memory into a buffer of another";
  let description = [{
    The bufferized form of `flow.tensor.transfer`: copies `source`, held in
    the memory of `from`, into `target`, held in the memory of `to` (each a
    placement with memory of its own, or `host`; the two differ). Both are
    dense row-major buffers (identity layout) of one shape and element
    type. The backend of the device with memory of its own lowers it to a
    call of its runtime (its executable pipeline); one left over is an
    error of the backend contract.

    ```mlir
    flow.buffer.transfer %x, %dev : memref<?x16xf32>, memref<?x16xf32>
        from host to #hal.device.target<"vulkan">
    ```

    Host code never reads or writes a buffer of another memory: such a
    buffer is a handle its device's runtime keys the device's copy by.
  }];
  let arguments = (ins
    Arg<AnyMemRef, "the buffer copied", [MemRead]>:$source,
    Arg<AnyMemRef, "the buffer written", [MemWrite]>:$target,
    OptionalAttr<AnyAttr>:$source_memory,
    OptionalAttr<AnyAttr>:$target_memory
  );
  let assemblyFormat = [{
    $source `,` $target `:` type($source) `,` type($target)
    `from` custom<Memory>($source_memory) `to` custom<Memory>($target_memory)
    attr-dict
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// flow.tensor.dynamic_constant / flow.tensor.tie_shape / flow.tensor.bitcast
//===----------------------------------------------------------------------===//

def Flow_TensorDynamicConstantOp : Flow_Op<"tensor.dynamic_constant"> {
  let summary = "A tensor constant whose dims are unknown before run time";
  let description = [{
    A constant of a statically shaped tensor value that the program sees
    with a dynamically shaped type, as IREE's op of the same name: the
    compiler must treat the value and its dynamic dims as unknown until run
    time, so that code for dynamic shapes is what runs. IREE's end-to-end
    tests write their dynamically shaped inputs with it.

    The result type has the value's element type and rank; each of its
    static dims equals the value's.

    `flow-lower-tensor-ops` rewrites it into an `arith.constant`, a
    `tensor.cast` to the dynamic type and a `util.optimization_barrier`
    (which hides the value and its dims until the end of compilation, see
    `util-lower-unfoldable-constants`).

    ```mlir
    %t = flow.tensor.dynamic_constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
        -> tensor<?x2xi32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "attr-dict $value `->` type($result)";
  let hasVerifier = 1;
}

def Flow_TensorTieShapeOp : Flow_Op<"tensor.tie_shape", [
    Pure, AllTypesMatch<["operand", "result"]>]> {
  let summary = "Ties run-time dims to a tensor";
  let description = [{
    Returns its operand, stating that its dynamic dims are the given `index`
    values (one per dynamic dim, in order), as IREE's op of the same name.
    It is a witness of shape computations only: `flow-lower-tensor-ops`
    replaces it by its operand.

    ```mlir
    %t = flow.tensor.tie_shape %x : tensor<?x?xi32>{%h, %w}
    ```
  }];
  let arguments = (ins AnyRankedTensor:$operand, Variadic<Index>:$dynamic_dims);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` type($result) (`{` $dynamic_dims^ `}`)?
  }];
  let hasVerifier = 1;
}

def Flow_TensorBitCastOp : Flow_Op<"tensor.bitcast", [
    Pure, AttrSizedOperandSegments]> {
  let summary = "Reinterprets the bits of a tensor";
  let description = [{
    Returns a tensor of the result type holding the bits of the source, as
    IREE's op of the same name: the two must hold the same number of bits.
    Dynamic dims of the source and the result are listed after their types.

    `flow-lower-tensor-ops` lowers a bitcast between equal shapes whose
    element types have the same width to an elementwise `arith.bitcast`;
    any other bitcast (one that regroups bits across elements, as between
    `tensor<4xi8>` and `tensor<8xi4>`) is reported there as unsupported.

    ```mlir
    %f = flow.tensor.bitcast %i : tensor<?xi32>{%n} -> tensor<?xf32>{%n}
    ```
  }];
  let arguments = (ins
    AnyRankedTensor:$source,
    Variadic<Index>:$source_dims,
    Variadic<Index>:$result_dims
  );
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $source `:` type($source) (`{` $source_dims^ `}`)? `->`
    type($result) (`{` $result_dims^ `}`)? attr-dict-with-keyword
  }];
  let hasVerifier = 1;
}

#endif // SCOPEIR_DIALECT_FLOW_IR_FLOWOPS_TD
