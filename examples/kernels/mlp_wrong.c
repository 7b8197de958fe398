/*===- mlp_wrong.c - A deliberately wrong mlp_layer_f32 -----------*- C -*-===*\
|*                                                                            *|
|* This file implements an mlp_layer_f32 with a bug a hand-written kernel     *|
|* could have: it forgets the ReLU, so negative sums pass through. Its only   *|
|* use is to prove that scope-run --check-kernels catches such a kernel.      *|
|* mlp_layer_failing_f32 always fails (status 7): scope-run must end with     *|
|* an error naming it.                                                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mlp_layer.h"

int32_t mlp_layer_f32(const scopeir_memref_f32_2d *x,
                      const scopeir_memref_f32_2d *w,
                      const scopeir_memref_f32_1d *bias,
                      scopeir_memref_f32_2d *out) {
  if (!mlp_layer_shapes_fit(x, w, bias, out))
    return SCOPEIR_KERNEL_BAD_SHAPE;
  mlp_layer_scalar(x, w, bias, out, 0 /* the bug: no ReLU */);
  return SCOPEIR_KERNEL_OK;
}

SCOPEIR_KERNEL_EXPORT int32_t mlp_layer_failing_f32(
    const scopeir_memref_f32_2d *x, const scopeir_memref_f32_2d *w,
    const scopeir_memref_f32_1d *bias, scopeir_memref_f32_2d *out) {
  (void)x;
  (void)w;
  (void)bias;
  (void)out;
  return 7;
}
