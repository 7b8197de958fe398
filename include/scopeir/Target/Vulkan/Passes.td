//===- Passes.td - passes of the vulkan target backend -----*- tablegen -*-===//
//
// Code generation passes of the `vulkan` backend: buffers to kernels on
// upstream's gpu dialect, kernels to SPIR-V binaries embedded in the host
// module, launches and transfers to calls of the Vulkan runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_VULKAN_PASSES_TD
#define SCOPEIR_TARGET_VULKAN_PASSES_TD

include "mlir/Pass/PassBase.td"

def VulkanReadOnlyArgumentsPass
    : Pass<"vulkan-read-only-arguments", "::mlir::func::FuncOp"> {
  let summary = "Marks a function's tensor arguments read-only for "
                "bufferization";
  let description = [{
    Sets `bufferization.writable = false` on every tensor argument of the
    function. One-Shot Bufferize then never writes into an argument's
    buffer: a result computed in place of an argument gets a buffer of its
    own, and a copy into it inside the function. Why: the arguments of a
    function placed on a device with memory of its own are device values
    whose host buffers are only handles, and a caller that must keep an
    argument intact would otherwise copy it on the host, reading a handle.
    Inside the function the copy is device code like any other.
  }];
}

def VulkanCopiesToLinalgPass
    : Pass<"vulkan-copies-to-linalg", "::mlir::func::FuncOp"> {
  let summary = "Turns memref.copy and bufferization.clone into linalg.copy";
  let description = [{
    Replaces every `memref.copy` by a `linalg.copy` of the same buffers, and
    every `bufferization.clone` by a new buffer (`memref.alloc`, identity
    layout, cast to the clone's type) that a `linalg.copy` fills, so that
    the copies bufferization and buffer deallocation made inside a device
    function become loops, then kernels, like the function's other linalg
    ops. Why clones: deallocation clones each result a function does not
    own (an argument it returns, a constant global), and left as it is the
    clone would copy on the host, through the handle of a device value.
    A clone of an unranked buffer, or into a layout no new buffer can be
    cast to, is an error at the clone.
  }];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def VulkanOutlineKernelsPass
    : Pass<"vulkan-outline-kernels", "::mlir::ModuleOp"> {
  let summary = "Outlines the loop nests of vulkan functions into gpu "
                "kernels";
  let description = [{
    In every function placed on a `vulkan` device, after its buffer
    pipeline (linalg ops as `scf.parallel` loops over `memref.load` and
    `memref.store`), turns each outermost loop nest into a kernel: a
    `gpu.func` in a `gpu.module` named after the function, launched by a
    `gpu.launch_func` where the loop was. The module carries the device's
    SPIR-V target environment (`spirv.target_env`: the config's
    `target_env`, else derived from the limits and features of the Vulkan
    device the runtime selects); a device that cannot be found is an error
    at the function.

    - An `scf.parallel` is distributed: its iterations, linearized, are the
      global invocations of a 1-D grid of workgroups of `workgroup_size`
      threads (the config's, 64 by default, at most the device's), split
      over a second grid dimension beyond 65535 workgroups; each invocation
      delinearizes its index into the loop's induction variables and runs
      the body, reductions included (a matmul or a convolution is a loop
      over its reduction dimensions per output element). Any other loop
      (`scf.for`, `scf.while`, a store outside loops) runs in one invocation.
    - An `scf.parallel` whose body holds parallel loops of its own (the grid
      of a `codegen.scope.workgroups`, a tile inside) runs one iteration per
      workgroup: its trip count is the grid; each parallel loop directly in
      its body is strided over the workgroup's threads and followed by a
      barrier (workgroup scope; storage and workgroup memory); a buffer the
      body allocates (a tile's temporary) becomes a buffer of workgroup
      memory (memory space 3) of the largest size its dims can have. The
      rest of the body runs in every thread of the workgroup: harmless for
      loads and stores, not for atomic updates, which run in thread 0 only
      (the counting of `codegen-check-stores`); one whose old value the
      body uses there is an error.
    - A loop nest that calls or prints (the host scan of
      `codegen-check-stores`) stays host code, with the buffers it uses and
      the nests using them; those must be buffers the function allocates.
      A loop nest touching no buffer stays host code too. A buffer a
      `flow.buffer.transfer` fills in host memory (a download) is host
      memory: host code may read it.
    - Buffers become kernel arguments in use order: 1-D views of their
      dense row-major data (`memref.collapse_shape` on the host), indexed by
      row-major linearization inside the kernel (loads, stores and
      `memref.atomic_rmw`). The scalars the kernel
      uses (sizes, bounds, values computed on the host) travel in one
      `memref<Nxi32>` parameter buffer, the last argument; constants are
      cloned into the kernel.
    - The launch records what each argument is for the runtime as
      `vulkan.bindings` (read, written, a constant of the module, the
      parameters; VulkanABI.h).

    Math ops the SPIR-V conversion does not lower are rewritten first:
    `exp2` through `exp`, `trunc` through `floor`, `erf`, `erfc`, `atan2`
    and `cbrt` by upstream's polynomial approximations (the CPU backends
    call libm, so results differ in the last bits).

    Errors, each at the op concerned and naming the device: a math op with
    no SPIR-V lowering left after that, a type the
    device lacks (an `i64` without the `Int64` capability, `f16` without
    `Float16`, 8- and 16-bit buffers without their storage features), a
    buffer that is not dense row-major, a use of a buffer inside a kernel
    other than loads, stores and sizes, host code reading device data (a
    load outside any loop whose value the host uses, a call on a device
    value), a tile buffer without a constant size bound. Placement never
    changes silently.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::spirv::SPIRVDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def VulkanLowerToRuntimePass
    : Pass<"vulkan-lower-to-runtime", "::mlir::ModuleOp"> {
  let summary = "Serializes SPIR-V kernels and lowers launches and "
                "transfers to Vulkan runtime calls";
  let description = [{
    Runs after upstream's `convert-gpu-to-spirv` turned every `gpu.module`
    of `vulkan-outline-kernels` into a `spirv.module`:

    - serializes each `spirv.module` (`spirv::serialize`) into a constant
      global `memref<Nxi32>` of the host module; with `validator` set (a
      `spirv-val` executable), validates each binary first and reports its
      messages as an error at the module;
    - replaces each `gpu.launch_func` by a call of `scopeir_vk_dispatch`
      with the binary, the entry point's name (a constant global), the grid
      and a table of (address, bytes, flags) per argument;
    - replaces each `flow.buffer.transfer` between a `vulkan` device and
      the host (or between two `vulkan` devices) by a call of
      `scopeir_vk_upload`, `scopeir_vk_download` or `scopeir_vk_copy`;
    - calls `scopeir_vk_flush` before every return of a function placed on
      a `vulkan` device, so that its work starts while the host goes on;
    - erases the `gpu.module` and `spirv.module` ops.

    The entry points are those of `scopeir/Runtime/VulkanABI.h`; addresses
    and sizes are passed as `i64`.
  }];
  let options = [
    Option<"validator", "validator", "std::string", /*default=*/"\"\"",
           "A spirv-val executable run on every binary (empty: none)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // SCOPEIR_TARGET_VULKAN_PASSES_TD
