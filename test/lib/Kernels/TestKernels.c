/*===- TestKernels.c - Kernels for scopeir's tests ----------------*- C -*-===*\
|*                                                                            *|
|* This file implements kernels whose only use is in tests: one that writes   *|
|* the descriptor it received into its output, so that a test sees whether    *|
|* an argument arrived strided or copied, one that updates a tied result in   *|
|* place, and per element type a copy and a wrong copy, so that               *|
|* --check-kernels is exercised on every element type.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "scopeir/Runtime/KernelABI.h"

typedef SCOPEIR_MEMREF(int64_t, 1) descriptor_words;

/* out = [offset, sizes[0], sizes[1], strides[0], strides[1]] of x. */
int32_t describe_f32_2d(const scopeir_memref_f32_2d *x, descriptor_words *out) {
  if (out->sizes[0] != 5)
    return SCOPEIR_KERNEL_BAD_SHAPE;
  int64_t words[5] = {x->offset, x->sizes[0], x->sizes[1], x->strides[0],
                      x->strides[1]};
  for (int64_t i = 0; i < 5; ++i)
    out->aligned[out->offset + i * out->strides[0]] = words[i];
  return SCOPEIR_KERNEL_OK;
}

/* describe_f32_2d for an extern scope requiring contiguous buffers (one
 * symbol has one ABI). */
int32_t describe_contiguous_f32_2d(const scopeir_memref_f32_2d *x,
                                   descriptor_words *out) {
  return describe_f32_2d(x, out);
}

/* negate_f32(x): x = -x in place (a result tied to its argument), any
 * strides. */
int32_t negate_f32(scopeir_memref_f32_1d *x) {
  for (int64_t i = 0; i < x->sizes[0]; ++i)
    x->aligned[x->offset + i * x->strides[0]] *= -1.0f;
  return SCOPEIR_KERNEL_OK;
}

/* copy_<t>(in, out): out = in, one-dimensional, any strides, element by
 * element as raw bytes. copy_wrong_<t> also flips bit FLIP of element 0 (the
 * lowest exponent bit of a float, bit 0 of an integer), a change every
 * element type's check must notice. An i1 element is one byte. */
#define DEFINE_COPY_KERNELS(SUFFIX, UINT, FLIP)                                \
  typedef SCOPEIR_MEMREF(UINT, 1) memref_##SUFFIX##_1d;                        \
  static int32_t copy_##SUFFIX##_impl(const memref_##SUFFIX##_1d *in,          \
                                      memref_##SUFFIX##_1d *out, int wrong) {  \
    if (in->sizes[0] != out->sizes[0])                                         \
      return SCOPEIR_KERNEL_BAD_SHAPE;                                         \
    for (int64_t i = 0; i < in->sizes[0]; ++i) {                               \
      UINT v = in->aligned[in->offset + i * in->strides[0]];                   \
      if (wrong && i == 0)                                                     \
        v ^= (UINT)(FLIP);                                                     \
      out->aligned[out->offset + i * out->strides[0]] = v;                     \
    }                                                                          \
    return SCOPEIR_KERNEL_OK;                                                  \
  }                                                                            \
  int32_t copy_##SUFFIX(const memref_##SUFFIX##_1d *in,                        \
                        memref_##SUFFIX##_1d *out) {                           \
    return copy_##SUFFIX##_impl(in, out, 0);                                   \
  }                                                                            \
  int32_t copy_wrong_##SUFFIX(const memref_##SUFFIX##_1d *in,                  \
                              memref_##SUFFIX##_1d *out) {                     \
    return copy_##SUFFIX##_impl(in, out, 1);                                   \
  }

DEFINE_COPY_KERNELS(i1, uint8_t, 1)
DEFINE_COPY_KERNELS(i8, uint8_t, 1)
DEFINE_COPY_KERNELS(i16, uint16_t, 1)
DEFINE_COPY_KERNELS(i32, uint32_t, 1)
DEFINE_COPY_KERNELS(i64, uint64_t, 1)
DEFINE_COPY_KERNELS(f16, uint16_t, 0x0400)
DEFINE_COPY_KERNELS(bf16, uint16_t, 0x0080)
DEFINE_COPY_KERNELS(f32, uint32_t, 0x00800000u)
DEFINE_COPY_KERNELS(f64, uint64_t, 0x0010000000000000ull)
