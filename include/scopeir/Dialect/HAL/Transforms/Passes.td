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
    body.
  }];
  let dependentDialects = ["::scopeir::util::UtilDialect"];
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
      bufferization: loops, vector lowering).

    A function must be homogeneous: a scope inside it placed on a different
    device is an error (outline device scopes first with
    `util-outline-scopes`), never a silent re-placement. A device naming a
    backend that is not registered is an error at the op carrying it that
    lists the registered backends.

    Every dialect any registered pipeline may create is loaded before the
    pass runs (nested pipelines must not load dialects while running).
  }];
  let options = [
    Option<"phase", "phase", "std::string", /*default=*/"\"tensor\"",
           "Which pipeline of each backend to run: 'tensor' or 'buffer'">,
    Option<"hostBackend", "host-backend", "std::string",
           /*default=*/"::scopeir::hal::kDefaultHostBackend.str()",
           "Backend compiling functions placed on no device">,
  ];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif // SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_TD
