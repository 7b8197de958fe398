//===- KernelABI.h - The C ABI of scopeir's extern kernels ------*- C -*-===//
//
// This file declares, in C, what compiled code and a kernel library share:
// the memref descriptor a tensor reaches a kernel as, the status a kernel
// returns, and the check entry point scope-run --check-kernels provides.
// docs/kernels.md explains the ABI; a kernel library includes this file and
// nothing else of scopeir.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_KERNELABI_H
#define SCOPEIR_RUNTIME_KERNELABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A rank-N memref descriptor as MLIR's C interface lays it out
/// (StridedMemRefType<T, N> of mlir/ExecutionEngine/CRunnerUtils.h):
/// element (i0, ..., iN-1) is
/// aligned[offset + i0 * strides[0] + ... + iN-1 * strides[N-1]]. A kernel
/// reads and writes through `aligned` only; it never frees a buffer or
/// keeps a pointer after it returns.
#define SCOPEIR_MEMREF(T, N)                                                   \
  struct {                                                                     \
    T *allocated;                                                              \
    T *aligned;                                                                \
    int64_t offset;                                                            \
    int64_t sizes[N];                                                          \
    int64_t strides[N];                                                        \
  }

typedef SCOPEIR_MEMREF(float, 1) scopeir_memref_f32_1d;
typedef SCOPEIR_MEMREF(float, 2) scopeir_memref_f32_2d;
typedef SCOPEIR_MEMREF(double, 1) scopeir_memref_f64_1d;
typedef SCOPEIR_MEMREF(double, 2) scopeir_memref_f64_2d;

/// Statuses a kernel returns (unless its #hal.extern says
/// `{status = false}`): 0 on success; anything else ends the program with an
/// error naming the kernel and the status (scopeir_kernel_failed below).
enum {
  SCOPEIR_KERNEL_OK = 0,
  /// The arguments' shapes do not fit together.
  SCOPEIR_KERNEL_BAD_SHAPE = 1,
};

/// An unranked memref descriptor (UnrankedMemRefType<T> of
/// mlir/ExecutionEngine/CRunnerUtils.h): the rank and a pointer to a
/// rank-`rank` descriptor.
typedef struct {
  int64_t rank;
  void *descriptor;
} scopeir_unranked_memref;

/// Called by code compiled with kernel checks (hal-lower-dispatch-externs
/// {check}) after each kernel call and its decomposition, per result:
/// compares result `result` of kernel `symbol` (the address of a
/// NUL-terminated string) as the kernel computed it (`kernel`) with the
/// decomposition's (`reference`). One entry point per element type a kernel
/// result can have: _i1 (a byte per element), _i8, _i16, _i32, _i64, _f16,
/// _bf16, _f32, _f64 (the element type of both descriptors).
#define SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(SUFFIX)                            \
  void _mlir_ciface_scopeir_check_kernel_output_##SUFFIX(                      \
      int64_t symbol, int64_t result, scopeir_unranked_memref *kernel,         \
      scopeir_unranked_memref *reference);
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(i1)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(i8)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(i16)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(i32)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(i64)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(f16)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(bf16)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(f32)
SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT(f64)
#undef SCOPEIR_DECLARE_CHECK_KERNEL_OUTPUT

#ifdef __cplusplus
} // extern "C"

namespace scopeir::runtime {
/// The prefix of the function a kernel call is compiled to call through the
/// C interface: `_mlir_ciface_scopeir_kernel_<symbol>` is bound to
/// `<symbol>`.
inline constexpr const char *kKernelCallPrefix = "_mlir_ciface_scopeir_kernel_";
/// The name of the declaration the compiler creates for `<symbol>`.
inline constexpr const char *kKernelDeclPrefix = "scopeir_kernel_";
/// The name of the check declaration for an element type, without its
/// suffix (i1, i8, i16, i32, i64, f16, bf16, f32, f64).
inline constexpr const char *kCheckKernelOutputPrefix =
    "scopeir_check_kernel_output_";
/// The function a kernel call calls when the kernel returned a nonzero
/// status: `void scopeir_kernel_failed(int64_t symbol, int32_t status)`,
/// `symbol` the address of the kernel's NUL-terminated name. scope-run's
/// reports the kernel and the status on stderr and exits with status 1; a
/// program compiled ahead of time must define it.
inline constexpr const char *kKernelFailedFunction = "scopeir_kernel_failed";
} // namespace scopeir::runtime
#endif

#endif // SCOPEIR_RUNTIME_KERNELABI_H
