//===- HALAttrs.td - hal attributes ------------------------*- tablegen -*-===//
//
// `#hal.device.target<"backend", {config}>`: a device placement;
// `#hal.extern<"symbol", {abi options}>`: a kernel replacing a scope's DAG.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALATTRS_TD
#define SCOPEIR_DIALECT_HAL_IR_HALATTRS_TD

include "scopeir/Dialect/HAL/IR/HALDialect.td"
include "scopeir/Dialect/Util/IR/UtilInterfaces.td"

def HAL_DeviceTargetAttr : HAL_Attr<"DeviceTarget", "device.target", [
    DeclareAttrInterfaceMethods<Util_ScopeAttrInterface,
        ["isScopeBarrier", "isPlacement", "getScopeDisplayName",
         "hasDeviceMemory"]>]> {
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
    link no backend. The device has memory of its own (`hasDeviceMemory`)
    when its registered backend says so (`TargetBackend::hasDeviceMemory`,
    `vulkan`); a device whose backend is not registered computes in host
    memory.
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

def HAL_ExternAttr : HAL_Attr<"Extern", "extern", [
    DeclareAttrInterfaceMethods<Util_ScopeAttrInterface,
        ["isScopeBarrier", "getScopeDisplayName", "fixesScopeSignature"]>]> {
  let summary = "A hand-written kernel that computes a scope's ops";
  let description = [{
    On a scope with explicit captures, says "the ops of this scope are
    computed by the C function `symbol` of a kernel library": the scope's
    body stays as the *decomposition* of the kernel, the ops it replaces.
    The decomposition is the meaning of the scope: it is what runs when no
    kernel library provides the symbol, and the reference a kernel's results
    are checked against.

    ```mlir
    %h = util.scope [#hal.extern<"mlp_layer_f32">]
        (%x as %a: tensor<?x16xf32>{%n}, %w as %b: tensor<16x32xf32>,
         %bias as %c: tensor<32xf32>) -> (tensor<?x32xf32>{%n}) {
      ...  // matmul, bias, relu on %a, %b, %c
      util.return %act : tensor<?x32xf32>
    }
    ```

    The explicit captures are the kernel's arguments, in order, and the
    results its outputs; a tied result is an output written in place into
    its capture's buffer. Values the body uses implicitly (constants, dims)
    belong to the decomposition only. As a scope attribute its kind is
    `extern`; it is a barrier (dispatch formation never fuses ops into or
    out of the scope), not a placement (the kernel runs where the scope's
    ops would), and it fixes the scope's signature: closure optimization
    keeps every capture and result. Its display name is the symbol.
    Outlined, such a scope becomes a `hal.dispatch.extern` of the symbol
    whose `decomposition` is a function holding the scope's body.

    ABI options:
    - `status` (bool, default `true`): the kernel returns an `int32_t`
      status, 0 on success; with `false` it returns `void`.
    - `contiguous` (bool, default `false`): the kernel requires dense
      row-major buffers: a strided tensor argument (a slice, a transposed
      view) is copied into one first. Without it each tensor argument is
      passed as the buffer it is, its strides and offset in its descriptor.

    The symbol must be a C identifier.
  }];
  let parameters = (ins
    StringRefParameter<"kernel symbol">:$symbol,
    OptionalParameter<"::mlir::DictionaryAttr">:$abi
  );
  let assemblyFormat = "`<` $symbol (`,` $abi^)? `>`";
  let builders = [
    AttrBuilder<(ins "::llvm::StringRef":$symbol), [{
      return $_get($_ctxt, symbol, ::mlir::DictionaryAttr());
    }]>,
  ];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The scope kind of extern kernels.
    static constexpr ::llvm::StringLiteral kScopeKind = "extern";

    /// Returns true if the kernel returns an int32_t status (ABI option
    /// `status`).
    bool returnsStatus() const;
    /// Returns true if the kernel requires dense row-major buffers (ABI
    /// option `contiguous`): only then are strided arguments copied.
    bool requiresContiguous() const;
  }];
}

#endif // SCOPEIR_DIALECT_HAL_IR_HALATTRS_TD
