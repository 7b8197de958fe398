//===- Passes.td - hal dialect passes ----------------------*- tablegen -*-===//
//
// Device placement and per-device code generation.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_TD
#define SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

def WrapCrossDeviceCallsPass
    : Pass<"hal-wrap-cross-device-calls", "mlir::ModuleOp"> {
  let summary = "Wrap calls to functions on another device in a device scope";
  let description = [{
    Prepares inlining across devices. Every `func.call` whose callee carries a
    device (`hal.device` on the callee) different from the placement of the
    call site (the innermost placement of the enclosing scopes, function and
    module) is wrapped in a scope carrying the callee's device:

    ```mlir
    %r = util.scope [#hal.device.target<"llvm-cpu">] -> (tensor<4xf32>) {
      %0 = func.call @callee(%x) : (tensor<4xf32>) -> tensor<4xf32>
      util.return %0 : tensor<4xf32>
    }
    ```

    so that a following `--inline` puts the callee's body inside the scope:
    the callee's ops keep running on the callee's device instead of being
    refused or silently re-placed on the caller's. Calls whose callee has no
    device of its own, or the same device as the call site, are left alone
    (plain inlining is then correct).

    Limits: only `func.call` to a `func.func` in the same symbol table is
    considered (the func dialect's inliner hooks, not ours, decide whether a
    `func.call` is inlined, so this runs before `--inline` rather than from an
    inliner interface). When a result is dynamically shaped its dims are not
    known above the call, so the wrapper is a `util.annotate` instead; after
    inlining, `util-lower-annotations` computes the dims from the inlined
    body. A callee whose result size it computes from data (a branch on a
    value it reads from a tensor it computes, say) has no such dims before it
    runs: its calls are not wrapped but marked `no_inline`, so they stay
    calls of the callee compiled for its own device (checked once per callee,
    on a copy of it, with the dim builder `util-lower-annotations` uses).
  }];
  // The dim builder creates arith, tensor and memref ops.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::tensor::TensorDialect",
    "::scopeir::util::UtilDialect",
  ];
}

def WrapDeviceEntryPointsPass
    : Pass<"hal-wrap-device-entry-points", "mlir::ModuleOp"> {
  let summary = "Move the bodies of entry points placed on a device with "
                "memory of its own into a scope placed on it";
  let description = [{
    The host calls a module's public functions (scope-run's entry point
    among them) with host buffers and takes host buffers back. A public
    function placed, by its own `hal.device` or by the module's, on a
    device with memory of its own (util's `hasDeviceMemory()`: `vulkan`)
    would treat its arguments as values already on that device, and hand
    back device values: nothing would move them. This pass makes such a
    function a host function whose body runs in a scope placed on the
    device:

    ```mlir
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32>
        attributes {hal.device = #hal.device.target<"vulkan">} {
      %r = linalg.add ...
      return %r : tensor<4xf32>
    }
    // becomes
    func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
      %0 = util.annotate [#hal.device.target<"vulkan">] {
        %r = linalg.add ...
        util.return %r : tensor<4xf32>
      } : tensor<4xf32>
      return %0 : tensor<4xf32>
    }
    ```

    so that `flow-insert-transfers` moves the arguments up and the results
    down at the scope's edge, as for `scope-run --device=vulkan`. The
    placement means the same: every op of the body still runs on the
    device. A module placed on such a device keeps its other functions
    there: the module's `hal.device` moves onto each function without one.
    A caller on the same device now passes host values to the function (a
    call no longer keeps them resident); a call the inliner inlined is not
    affected.

    A public function whose body has several blocks is an error at the
    function (its body cannot move into one scope). Functions placed on
    devices computing in host memory, private functions and declarations
    are left alone.
  }];
  let dependentDialects = ["::scopeir::util::UtilDialect"];
}

def VerifyDeviceTargetsPass
    : Pass<"hal-verify-device-targets", "mlir::ModuleOp"> {
  let summary = "Check that every device names a registered backend that "
                "accepts its config";
  let description = [{
    Walks every attribute dictionary of the module: each
    `#hal.device.target<"backend", {config}>` must name a registered target
    backend, and that backend must accept the `config` dictionary (the
    llvm-cpu backend checks its keys and values). An unknown backend is an
    error at the op carrying the attribute that lists the registered
    backends; a bad config is the backend's own error at that op.

    The compile pipeline runs it first, so that a misspelt device is
    reported before anything is compiled, wherever it is nested (a scope, a
    function's `hal.device`, a `config` of a strategy).
  }];
}

//===----------------------------------------------------------------------===//
// Code generation
//===----------------------------------------------------------------------===//

def RunBackendPipelinesPass
    : Pass<"hal-run-backend-pipelines", "mlir::ModuleOp"> {
  let summary = "Compile each function with its device's backend pipeline";
  let description = [{
    Runs, on every `func.func` of the module, one phase of the codegen
    pipeline of the target backend the function is placed on: the function's
    own `hal.device`, else the module's default `hal.device`, else the host
    backend (`host-backend`, `llvm-cpu-loops` by default).

    - `phase=tensor` runs each backend's tensor pipeline (before
      bufferization: tiling, vectorization);
    - `phase=buffer` runs each backend's buffer pipeline (after
      bufferization: loops, vector lowering), then checks the backend's
      contract on the function (`hal-verify-backend-contract`): only ops
      the host lowering to LLVM handles may remain, and anything else is an
      error naming the backend and the op;
    - `phase=openmp` runs each backend's OpenMP pipeline, after the host's
      parallel loops became OpenMP loops (`convert-scf-to-openmp`, only
      with more than one thread): a backend's threading policy;
    - `phase=executable` runs, on the module, the executable pipeline of
      every registered backend that has one, in name order (a device with
      memory of its own: its kernels compiled to device binaries, its
      launches and transfers turned into runtime calls), then checks the
      contract on every function as `phase=buffer` does.

    A function must be homogeneous: a scope inside it placed on a different
    device is an error (outline device scopes first with
    `util-outline-scopes`), never a silent re-placement. A device naming a
    backend that is not registered is an error at the op carrying it that
    lists the registered backends.

    Every dialect any registered pipeline may create is loaded before the
    pass runs (nested pipelines must not load dialects while running).

    Each function is verified after its pipeline ran, also where the pass
    manager does not verify (`--verify-each=0`): IR that a nested pass left
    invalid (upstream canonicalization does on a program whose static sizes
    contradict each other through casts) is an error at the function, never
    a success.
  }];
  let options = [
    Option<"phase", "phase", "std::string", /*default=*/"\"tensor\"",
           "Which pipeline of each backend to run: 'tensor', 'buffer', "
           "'openmp' or 'executable'">,
    Option<"hostBackend", "host-backend", "std::string",
           /*default=*/"::scopeir::hal::kDefaultHostBackend.str()",
           "Backend compiling functions placed on no device">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}


def VerifyElementTypesPass
    : Pass<"hal-verify-element-types", "mlir::ModuleOp"> {
  let summary = "Check that every value has an element type the backends "
                "handle";
  let description = [{
    The built-in backends and the host lowering handle integers of 1, 8,
    16, 32 and 64 bits, `index`, and the floats `f16`, `bf16`, `f32` and
    `f64`, as scalars and as the elements of tensors, buffers and vectors.
    Any other integer or float type (sub-byte integers such as `i4`, 8-,
    6- and 4-bit floats such as `f8E4M3FN` or `f4E2M1FN`, `i128`, ...) is an
    error at the first op of each function that has a value of that type
    (a result or a block argument), naming the type, instead of a failure
    to lower it later or a wrong result: LLVM stores a vector of `i4` (or a
    constant array of it) packed, while a buffer of `i4` holds one element
    per byte.

    The compile pipeline runs it right after `hal-verify-device-targets`.
  }];
}

def VerifyBackendContractPass
    : Pass<"hal-verify-backend-contract", "mlir::func::FuncOp"> {
  let summary = "Check that a backend left only ops the host lowering "
                "handles";
  let description = [{
    The contract between a target backend's buffer pipeline and the host
    lowering to LLVM (the last phase of the compile pipeline): once a
    backend has compiled a function, every op in it must belong to a
    dialect the host lowering converts, `builtin`, `func`, `arith`, `math`,
    `index`, `memref`, `bufferization`, `vector`, `scf`, `affine`, `cf`,
    `ub` or `llvm`, or to `omp` (parallel regions), or be a
    `util.optimization_barrier` (which the host lowering keeps until the
    LLVM dialect, `util-lower-optimization-barriers`). Any other op is an
    error at the op naming the backend (`backend`) and the op, instead of a
    failure to legalize it to LLVM later, which would name neither (a
    linalg op a backend did not lower, a tensor op bufferization kept, an
    op of a dialect the host never lowers such as `complex`).

    `hal-run-backend-pipelines{phase=buffer}` runs it at the end of every
    backend's buffer pipeline, so no backend can opt out. There, with
    `allow-transfers`, a `flow.buffer.transfer` (a value moving to or from
    a device with memory of its own) is accepted: the executable pipeline
    of that device's backend lowers it, and the check runs again, without
    the option, on every function after the executable pipelines.
  }];
  let options = [
    Option<"backend", "backend", "std::string", /*default=*/"\"\"",
           "The backend whose output is checked (for the diagnostic)">,
    Option<"allowTransfers", "allow-transfers", "bool", /*default=*/"false",
           "Accept flow.buffer.transfer, which executable pipelines lower">,
  ];
}

//===----------------------------------------------------------------------===//
// Extern kernels
//===----------------------------------------------------------------------===//

def ApplyKernelPatternsPass
    : Pass<"hal-apply-kernel-patterns", "mlir::ModuleOp"> {
  let summary =
      "Wrap the DAGs a transform script or PDL patterns match in extern scopes";
  let description = [{
    Loads the spec `spec`, a transform script or PDL patterns.

    A transform script (a module with the
    `transform.with_named_sequence` attribute): the pass applies its entry
    sequence `@__transform_main` to the module: typically a
    `transform.foreach_match` whose matchers find the DAG a kernel replaces
    (`transform.match.operation_name`, `transform.get_producer_of_operand`,
    `transform.match.structured`, ...) and whose actions wrap the matched
    ops with `transform.hal.wrap_in_extern_scope ... symbol("S")`, the
    rewrite scopeir provides. docs/kernels.md has a complete example.

    A spec that cannot be read or parsed is an error located in the spec
    file (file, line and column); a spec without `@__transform_main`, or
    whose application fails, is an error too. The spec is parsed once per
    pass instance. Matching runs on whatever shapes the module has: a DAG
    matched on dynamic shapes becomes an extern scope on dynamic shapes, and
    the scope canonicalization refines its types when specialization makes
    them static.

    With `remarks`, the pass says what the spec decided: `extern scope for
    kernel 'S' formed by the spec (N ops)` at each extern scope it formed,
    and, for each matcher of a `transform.foreach_match` in
    `@__transform_main` whose first step is a
    `transform.match.operation_name` of its argument, a remark at each op of
    such a name left outside every extern scope: `not matched by @matcher:
    <message>`, the message of the step that failed when the matcher is run
    on that op alone, with a note at that step in the spec (or `matched ...
    but not wrapped` when the matcher accepts it). Matchers starting
    otherwise name no candidates and are not reported on. The same lines
    are the pass's `-debug-only=hal-apply-kernel-patterns` output where LLVM
    has it. Without it nothing is reported and the output is the same.

    PDL patterns (a module of `pdl.pattern`s and no `@__transform_main`,
    written in PDL IR or compiled from PDLL by `mlir-pdll`): the pass
    applies them once to each op of the module, in a walk collected before
    the first rewrite, skipping ops inside an extern scope, so a wrapped DAG
    is not matched again (a greedy driver would loop). A pattern's rewrite
    calls the native rewrite `WrapInExternScope(kernel, [abi,] ops...)`,
    `kernel` a `#hal.extern` or its symbol as a string (mlir-pdll cannot
    parse `#hal.extern`), `abi` an optional dictionary of ABI options; a
    pattern may call the native constraint `ContainsOp(op, name)`, which
    holds if an op nested in `op` has the name `name` (a string). Any other
    native call, or one whose arguments are of other kinds, is an error at
    the spec when it is loaded, since PDL's bytecode assumes every function
    it calls exists; so is a constant kernel that is not a valid
    `#hal.extern`. Ops a rewrite cannot wrap are an error at the last of
    them, and the pass fails. With `remarks`, only the scopes the spec
    formed are reported: a PDL match that fails says nothing.
  }];
  let options = [
    Option<"spec", "spec", "std::string", /*default=*/"\"\"",
           "The spec (.mlir) to apply: a transform script or PDL patterns">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark at each extern scope the spec formed and at each "
           "op a matcher looks for that was left out, saying why">,
  ];
  let dependentDialects = [
    "::mlir::pdl::PDLDialect",
    "::mlir::pdl_interp::PDLInterpDialect",
    "::mlir::transform::TransformDialect",
    "::scopeir::hal::HALDialect",
    "::scopeir::util::UtilDialect",
  ];
}

def OutlineExternScopesPass
    : Pass<"hal-outline-extern-scopes", "mlir::ModuleOp"> {
  let summary = "Outline each extern scope into a hal.dispatch.extern";
  let description = [{
    Replaces every `util.scope` carrying `#hal.extern<"symbol", {abi}>` by a
    `hal.dispatch.extern "symbol"` of the scope's explicit captures (its
    arguments, dims and ties unchanged) and moves the scope's body into a new
    private function, `@<symbol>_decomposition` (renamed on a clash), which
    becomes the call's `decomposition`. Values the body uses implicitly are
    the decomposition's extra operands (`decomposition_operands`), except
    constants (`arith.constant` and other constant-like ops without
    operands), which are cloned into the function: once the signature is
    static, the canonicalizer has lifted the body's constants out, and they
    must not become kernel arguments. The function carries the placement of
    the scope (`hal.device`), so that it compiles as the scope's ops would.

    Scopes whose symbol is listed in `fallback` (kernels no loaded library
    provides) are left in place: their ops are compiled as the ops of any
    other barrier scope, which is the decomposition running instead of the
    kernel.

    With `drop-decompositions`, the other scopes' bodies are erased instead
    of outlined: the calls have no decomposition. The compile pipeline sets
    it unless kernels are checked (`check-kernels`, which runs each
    decomposition beside its kernel): a decomposition no call can run would
    be formed into dispatches and compiled only to be dropped as dead.

    The compile pipeline runs it after `util-lower-annotations` (a
    `util.annotate [#hal.extern<...>]` is a `util.scope` by then, whose
    captures the lowering made explicit) and before dispatch formation:
    formation never looks into a `hal.dispatch.extern`, and a decomposition
    function forms its regions like any other function.
  }];
  let options = [
    ListOption<"fallback", "fallback", "std::string",
               "Kernel symbols whose scopes stay in place (no library "
               "provides them)">,
    Option<"dropDecompositions", "drop-decompositions", "bool",
           /*default=*/"false",
           "Erase the other extern scopes' bodies instead of outlining them "
           "(no call will run its decomposition)">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::scopeir::hal::HALDialect",
  ];
}

def LowerDispatchExternsPass
    : Pass<"hal-lower-dispatch-externs", "mlir::ModuleOp"> {
  let summary = "Lower hal.dispatch.extern to a call of the kernel's C "
                "function";
  let description = [{
    Runs on tensors, just before bufferization. Each
    `hal.dispatch.extern "symbol"` becomes a `func.call` of the external
    function `@scopeir_kernel_<symbol>`, declared with
    `llvm.emit_c_interface`, so that the compiled code calls
    `_mlir_ciface_scopeir_kernel_<symbol>` with a pointer to a memref
    descriptor per tensor (MLIR's C interface) and a scalar by value;
    `scope-run` binds that name to `symbol` of a loaded kernel library.
    A tensor argument is cast to dynamic dims (`tensor.cast`) and reaches
    the call as `bufferization.to_buffer ... read_only` of a memref of any
    strides and offset (`strided<[?, ?], offset: ?>`), so that the kernel
    receives the buffer the tensor has (a slice, a transposed view) without
    a copy; with the `contiguous` ABI option, of an identity-layout memref,
    which bufferization makes a dense copy for (or `util-realloc-call-operands`,
    where bufferization takes the cast as valid). Each result is a
    `memref.alloc` of its dims, passed after the inputs (cast to dynamic
    dims), and becomes the result tensor through
    `bufferization.to_tensor ... restrict writable`. A result tied to an
    argument is the argument's buffer copied into a fresh allocation, passed
    in the argument's place (not after the inputs), which the kernel updates
    in place (the caller's tensor keeps value semantics). Parameters have
    dynamic dims, so calls of one kernel on different shapes of the same
    ranks call one declaration; calls whose C signatures differ otherwise
    (rank, element type, scalars, `status`, `contiguous`) are an error.
    With the `status` ABI option (the default) the kernel returns an `i32`;
    a nonzero status calls the runtime's `scopeir_kernel_failed(name,
    status)` (scope-run's reports the kernel and the status and exits with
    status 1; a program compiled ahead of time defines its own).

    `fallback` lists the symbols no loaded library provides: their calls
    become calls of their `decomposition` (an error if there is none).

    With `check`, every kernel call is followed by a call of its
    decomposition on the same inputs and, per result, by a call of
    `scopeir_check_kernel_output_<t>(symbol, result index, kernel buffer,
    reference buffer)` (`t`: i1, i8, i16, i32, i64, f16, bf16, f32 or f64,
    the element types scope-run exchanges; the buffers as unranked memrefs
    through the C interface;
    `include/scopeir/Runtime/KernelABI.h`), which the runner provides and
    which compares the two; the kernel's results are the ones used
    afterwards. A result of another element type (an `i4`, an `f8E4M3FN`)
    is an error with `check`.

    Why on tensors: bufferization of the call is then upstream
    bufferization's own (`to_buffer`/`to_tensor` are its materialization
    ops), with copies inserted where the analysis needs them, and no
    bufferization model of `hal.dispatch.extern` is needed.
  }];
  let options = [
    ListOption<"fallback", "fallback", "std::string",
               "Kernel symbols no loaded library provides: call their "
               "decomposition instead">,
    Option<"check", "check", "bool", /*default=*/"false",
           "Run each kernel's decomposition on the same inputs and compare "
           "the results at run time">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_TD
