/*===- TestKernels.c - Kernels for scopeir's tests ----------------*- C -*-===*\
|*                                                                            *|
|* This file implements kernels whose only use is in tests: one that writes  *|
|* the descriptor it received into its output, so that a test sees whether   *|
|* an argument arrived strided or copied.                                    *|
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
