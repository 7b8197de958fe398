//===- Passes.td - check dialect passes --------------------*- tablegen -*-===//
//
// Lowering the check dialect's expectations to calls of the check runtime.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CHECK_TRANSFORMS_PASSES_TD
#define SCOPEIR_DIALECT_CHECK_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def LowerToRuntimePass : Pass<"check-lower-to-runtime", "mlir::ModuleOp"> {
  let summary = "Turn expectations into calls of the check runtime";
  let description = [{
    Rewrites every `check.expect_*` op into a `func.call` of an entry point
    of the check runtime (`include/scopeir/Runtime/CheckABI.h`), passing the
    address of a constant *site*: an internal `llvm.mlir.global` named
    `__scopeir_check_site_<n>` holding `<location>\0<op>\0` (the op's
    `file:line:col`, or `unknown`, and its name), with which the runtime
    starts its report. Equal sites are emitted once per module.

    - `check.expect_true` / `check.expect_false`: the operand is
      sign-extended to `i64` and passed to `scopeir_check_expect_true` /
      `scopeir_check_expect_false`.
    - `check.expect_eq` and `check.expect_almost_eq`: the buffer of each
      tensor (`bufferization.to_buffer ... read_only`, in a fully dynamic
      strided layout, so bufferization copies nothing) is cast to an
      unranked memref and passed, with the tolerances of
      `expect_almost_eq`, to `scopeir_check_expect_eq_<type>` /
      `scopeir_check_expect_almost_eq_<type>`, one entry point per element
      type (`i1`, `i8`, `i16`, `i32`, `i64`, `index`, `f16`, `bf16`, `f32`,
      `f64`; floats only for `almost_eq`). The declarations carry
      `llvm.emit_c_interface`: the runtime receives unranked memref
      descriptors and walks their strides.
    - `check.expect_eq_const` / `check.expect_almost_eq_const`: the constant
      becomes an `arith.constant` and the op is lowered as the op without
      `_const` (the site still names the `_const` op).

    ```mlir
    check.expect_eq_const(%r, dense<[1, 2]> : tensor<2xi32>) : tensor<2xi32>
    // becomes
    %site = llvm.mlir.addressof @__scopeir_check_site_0 : !llvm.ptr
    %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
    %0 = bufferization.to_buffer %r read_only
        : tensor<2xi32> to memref<2xi32, strided<[?], offset: ?>>
    %lhs = memref.cast %0 : memref<2xi32, strided<[?], offset: ?>> to memref<*xi32>
    %1 = bufferization.to_buffer %cst read_only
        : tensor<2xi32> to memref<2xi32, strided<[?], offset: ?>>
    %rhs = memref.cast %1 : memref<2xi32, strided<[?], offset: ?>> to memref<*xi32>
    call @scopeir_check_expect_eq_i32(%lhs, %rhs, %site)
        : (memref<*xi32>, memref<*xi32>, !llvm.ptr) -> ()
    ```

    A failed expectation is reported and counted by the runtime; the
    program goes on. The compile pipeline runs the pass first, so the calls
    are host code that dispatch formation leaves alone. An element type
    without an entry point is an error at the op, naming the type.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

#endif // SCOPEIR_DIALECT_CHECK_TRANSFORMS_PASSES_TD
