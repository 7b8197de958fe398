//===- HALOps.td - hal ops ---------------------------------*- tablegen -*-===//
//
// hal.device.scope and hal.dispatch.extern.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALOPS_TD
#define SCOPEIR_DIALECT_HAL_IR_HALOPS_TD

include "scopeir/Dialect/HAL/IR/HALDialect.td"
include "scopeir/Dialect/HAL/IR/HALAttrs.td"
include "scopeir/Dialect/Util/IR/UtilOpBase.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

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

//===----------------------------------------------------------------------===//
// hal.dispatch.extern
//===----------------------------------------------------------------------===//

def HAL_KernelArgument : AnyTypeOf<[
    RankedTensorOf<[AnyFloat, AnySignlessInteger]>, AnyFloat,
    AnySignlessInteger, Index]>;

def HAL_DispatchExternOp : HAL_Op<"dispatch.extern", [
    AttrSizedOperandSegments,
    NoMemoryEffect,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>,
    DeclareOpInterfaceMethods<Util_ExternCallOpInterface>,
    DeclareOpInterfaceMethods<Util_TiedOpInterface>,
    DeclareOpInterfaceMethods<Util_ShapeAwareOpInterface>,
    DeclareOpInterfaceMethods<ReifyRankedShapedTypeOpInterface,
        ["reifyResultShapes"]>,
  ]> {
  let summary = "Calls a hand-written kernel of a kernel library";
  let description = [{
    Computes its results by calling the C function `symbol` of a kernel
    library loaded at run time: each
    argument is passed in order (a tensor as a pointer to its memref
    descriptor, a scalar by value), then each untied result as an output
    the caller allocates. A result written `%arg` in the result list is tied:
    the kernel updates that argument's buffer in place, and the result has
    its type and dims. Every dynamically shaped argument and untied result
    lists its dynamic dims (`{%d}` after its type), so result shapes are
    known above the call.

    ```mlir
    %h = hal.dispatch.extern "mlp_layer_f32"(%x, %w, %b)
        : (tensor<?x16xf32>{%n}, tensor<16x32xf32>, tensor<32xf32>)
        -> (tensor<?x32xf32>{%n})
        decomposition @mlp_layer_f32_decomposition(%n : index)
    ```

    `decomposition` names the function holding the ops the kernel replaces,
    taking the arguments followed by `decomposition_operands` (the values
    the ops used besides the kernel's arguments) and returning the results;
    it is what runs in place of a kernel no loaded library provides, and the
    reference the kernel is checked against. The verifier checks that its
    type is the arguments and decomposition operands to the results. `abi`
    holds the ABI options of `#hal.extern` (`status`, `contiguous`).

    It is what outlining a scope carrying `#hal.extern` produces. It has
    value semantics (no memory effects on tensors) but is not speculatable:
    a kernel may fail on inputs it was not meant for.
  }];

  let arguments = (ins
    StrAttr:$symbol,
    Variadic<HAL_KernelArgument>:$arguments,
    Variadic<Index>:$argument_dims,
    Variadic<Index>:$result_dims,
    OptionalAttr<DenseI64ArrayAttr>:$tied_operands,
    OptionalAttr<FlatSymbolRefAttr>:$decomposition,
    Variadic<AnyType>:$decomposition_operands,
    OptionalAttr<DictionaryAttr>:$abi
  );
  let results = (outs Variadic<RankedTensorOf<[AnyFloat, AnySignlessInteger]>>:$results);

  let assemblyFormat = [{
    $symbol `(` $arguments `)` `:`
    custom<ShapedTypeList>(type($arguments), $argument_dims) `->`
    custom<TiedShapedResultList>(ref($arguments), ref(type($arguments)),
                                 type($results), $result_dims,
                                 $tied_operands)
    (`decomposition` $decomposition^
        (`(` $decomposition_operands^ `:` type($decomposition_operands) `)`)?)?
    attr-dict-with-keyword
  }];
  let hasVerifier = 1;

  let builders = [
    OpBuilder<(ins "::scopeir::hal::ExternAttr":$kernel,
      "::mlir::TypeRange":$resultTypes,
      "::mlir::ValueRange":$arguments,
      "::mlir::ValueRange":$argumentDims,
      "::mlir::ValueRange":$resultDims,
      "::llvm::ArrayRef<int64_t>":$tiedOperands,
      "::mlir::FlatSymbolRefAttr":$decomposition,
      "::mlir::ValueRange":$decompositionOperands)>,
  ];

  let extraClassDeclaration = [{
    /// Returns the dynamic dims of argument `index` (a slice of
    /// argument_dims).
    ::mlir::ValueRange getArgumentDynamicDims(unsigned index);

    /// Returns the kernel as the scope attribute it was outlined from:
    /// the symbol and the ABI options.
    ::scopeir::hal::ExternAttr getKernel();
  }];
}

#endif // SCOPEIR_DIALECT_HAL_IR_HALOPS_TD
