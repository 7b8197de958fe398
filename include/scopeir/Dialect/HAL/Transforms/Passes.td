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

def LLVMCPUApplyStrategiesPass : Pass<"hal-llvm-cpu-apply-strategies"> {
  let summary = "Apply the llvm-cpu backend's per-root transform strategies";
  let description = [{
    Finds the roots of the op it runs on (linalg ops on tensors that a
    strategy knows: today contractions) and applies to each, one at a
    time, a transform-dialect named sequence from the backend's strategy
    library, with the root's handle as first argument and parameters
    computed from the target CPU. The library
    (`lib/Dialect/HAL/Transforms/LLVMCPUStrategies.mlir`) is compiled in;
    `strategy-library=FILE` loads another file defining the same names.

    | root | strategy | when |
    |---|---|---|
    | contraction (one m, n and k dim, no batch dim, f32, a k-major right-hand side, k dynamic or at least 64) | `@llvm_cpu_contraction_12x32` (32 x 512-bit registers) or `@llvm_cpu_contraction_6x16` (16 x 256-bit) | pack to the mmt4d layout, tile for cache and registers, vectorize, lower to `vector.fma` |

    | convolution (`linalg.conv_2d_nhwc_hwcf`, static f32, output channels a multiple of the vector width) | `@llvm_cpu_conv2d_nhwc_hwcf` | direct: register tiles of output pixels x channels accumulated over the filter window |

    Ops no strategy takes are left for `hal-llvm-cpu-tile-and-vectorize`.
    The target is the host CPU unless `cpu` (and `cpu-features`) name
    another; a CPU whose widest vectors are 128-bit gets no strategy.
    `cache-tiles` (3 values) sets the cache block of a contraction in
    register tiles along m and n and in steps along k. The `config` of the
    llvm-cpu device the anchor op is placed on (`cpu`, `cpu_features`,
    `cache_tiles`) overrides these options; a malformed config is an error
    at the anchor op.

    The pass anchors on any op (a function today, a `codegen.scope.tu`
    later): it only touches the roots nested in it and the ops a strategy
    creates around them. A strategy that fails is an error at the root.
  }];
  let options = [
    Option<"strategyLibrary", "strategy-library", "std::string",
           /*default=*/"\"\"",
           "A transform module replacing the built-in strategy library">,
    Option<"cpu", "cpu", "std::string", /*default=*/"\"\"",
           "LLVM CPU name to size register tiles for (empty: the host)">,
    Option<"cpuFeatures", "cpu-features", "std::string", /*default=*/"\"\"",
           "Comma-separated +/- LLVM features modifying `cpu`'s">,
    ListOption<"cacheTiles", "cache-tiles", "int64_t",
               "Contraction cache block: register tiles along m, along n, "
               "and k steps (default: chosen from the register tile)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::transform::TransformDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def LLVMCPULowerParallelTilesPass : Pass<"hal-llvm-cpu-lower-parallel-tiles"> {
  let summary = "Turn llvm-cpu's parallel tiles into parallel or serial loops";
  let description = [{
    After bufferization, every `scf.forall` in the op (the outer tiles of the
    llvm-cpu strategies) becomes an `scf.parallel` loop, which the host
    lowering runs on an OpenMP thread pool when scope-run uses more than one
    thread, or an `scf.for` loop when the config of the op's llvm-cpu device
    sets `threads = 1`. Anchors on any op (a function or a scope). An
    `scf.forall` still on tensors is an error.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def LLVMCPUConfigureOpenMPPass
    : Pass<"hal-llvm-cpu-configure-openmp", "mlir::ModuleOp"> {
  let summary = "Apply llvm-cpu's threading policy to its OpenMP loops";
  let description = [{
    Runs after `convert-scf-to-openmp`, on the functions placed on llvm-cpu
    devices:

    - each `omp.wsloop` without a schedule gets `schedule(guided)`: tiles
      are handed out in shrinking chunks, so that a descheduled or slower
      thread does not hold the others at the closing barrier (the tiles of
      llvm-cpu's strategies are independent, so which thread computes one
      does not change the results);
    - each `omp.parallel` of a device whose config sets `threads = N` gets
      `num_threads` N, unless it already asks for no more.

    Functions on other devices are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::omp::OpenMPDialect",
  ];
}

#endif // SCOPEIR_DIALECT_HAL_TRANSFORMS_PASSES_TD
