//===- CheckABI.h - What compiled checks and the runtime share --*- C -*-===//
//
// This file declares the C interface between compiled code and scopeir's
// check runtime: the entry points `check-lower-to-runtime` calls for the
// check dialect's expectations, and the layout of what they receive. The
// compiler names the entry points from here, the runtime defines them.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_CHECKABI_H
#define SCOPEIR_RUNTIME_CHECKABI_H

#include <stdint.h>

/// A check site is a constant string that compiled code passes by address,
/// one per expectation:
///
///   "<location>\0<op>\0"
///
/// `location` is `file:line:col` (or `unknown`), `op` the name of the op
/// that was lowered (`check.expect_eq_const`). Reports start with them.

/// The element types a tensor expectation handles, as
/// X(suffix, storage type of one element). A tensor of `index` elements is
/// compared as `i64`; `i1` elements are bytes holding 0 or 1; `f16` and
/// `bf16` elements are their bits.
#define SCOPEIR_CHECK_ELEMENT_TYPES(X)                                         \
  X(i1, uint8_t)                                                               \
  X(i8, int8_t)                                                                \
  X(i16, int16_t)                                                              \
  X(i32, int32_t)                                                              \
  X(i64, int64_t)                                                              \
  X(index, int64_t)                                                            \
  X(f16, uint16_t)                                                             \
  X(bf16, uint16_t)                                                            \
  X(f32, float)                                                                \
  X(f64, double)

/// The element types of `expect_almost_eq`: the floats above.
#define SCOPEIR_CHECK_FLOAT_TYPES(X)                                           \
  X(f16, uint16_t)                                                             \
  X(bf16, uint16_t)                                                            \
  X(f32, float)                                                                \
  X(f64, double)

#ifdef __cplusplus
extern "C" {
#endif

/// An unranked memref as MLIR's C interface passes one (a pointer to this):
/// the rank and a pointer to the ranked descriptor
/// `{T *allocated; T *aligned; int64_t offset; int64_t sizes[rank];
///   int64_t strides[rank];}`. Element (i0, ..., iN-1) is
/// aligned[offset + i0 * strides[0] + ... + iN-1 * strides[N-1]].
typedef struct {
  int64_t rank;
  void *descriptor;
} scopeir_check_memref;

/// Reports a failure at `site` unless `value` is nonzero.
void scopeir_check_expect_true(int64_t value, const char *site);

/// Reports a failure at `site` unless `value` is zero.
void scopeir_check_expect_false(int64_t value, const char *site);

/// Per element type of SCOPEIR_CHECK_ELEMENT_TYPES:
/// `_mlir_ciface_scopeir_check_expect_eq_<suffix>(lhs, rhs, site)` reports a
/// failure unless the two tensors have the same shape and bitwise equal
/// elements.
#define SCOPEIR_CHECK_DECLARE_EXPECT_EQ(suffix, storage)                       \
  void _mlir_ciface_scopeir_check_expect_eq_##suffix(                          \
      scopeir_check_memref *lhs, scopeir_check_memref *rhs,                    \
      const char *site);
SCOPEIR_CHECK_ELEMENT_TYPES(SCOPEIR_CHECK_DECLARE_EXPECT_EQ)
#undef SCOPEIR_CHECK_DECLARE_EXPECT_EQ

/// Per element type of SCOPEIR_CHECK_FLOAT_TYPES:
/// `_mlir_ciface_scopeir_check_expect_almost_eq_<suffix>(lhs, rhs, atol,
/// rtol, site)` reports a failure unless the tensors have the same shape
/// and every pair of elements l, r satisfies l == r, both NaN, or
/// isfinite(r) && |l - r| <= atol + rtol * |r| (in double precision).
#define SCOPEIR_CHECK_DECLARE_EXPECT_ALMOST_EQ(suffix, storage)                \
  void _mlir_ciface_scopeir_check_expect_almost_eq_##suffix(                   \
      scopeir_check_memref *lhs, scopeir_check_memref *rhs, float atol,        \
      float rtol, const char *site);
SCOPEIR_CHECK_FLOAT_TYPES(SCOPEIR_CHECK_DECLARE_EXPECT_ALMOST_EQ)
#undef SCOPEIR_CHECK_DECLARE_EXPECT_ALMOST_EQ

#ifdef __cplusplus
} // extern "C"

namespace scopeir::runtime {
/// The names compiled code calls: the scalar entry points, and the
/// prefixes of the tensor ones, which take an element type suffix (the
/// `_mlir_ciface_` prefix comes from the C interface, `llvm.emit_c_interface`).
inline constexpr const char *kCheckExpectTrueSymbol =
    "scopeir_check_expect_true";
inline constexpr const char *kCheckExpectFalseSymbol =
    "scopeir_check_expect_false";
inline constexpr const char *kCheckExpectEqPrefix = "scopeir_check_expect_eq_";
inline constexpr const char *kCheckExpectAlmostEqPrefix =
    "scopeir_check_expect_almost_eq_";
} // namespace scopeir::runtime
#endif

#endif // SCOPEIR_RUNTIME_CHECKABI_H
