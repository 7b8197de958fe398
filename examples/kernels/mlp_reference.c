/*===- mlp_reference.c - mlp_layer_f32 as plain loops -------------*- C -*-===*\
|*                                                                            *|
|* This file implements mlp_layer_f32 (matmul, bias, ReLU) with scalar loops *|
|* over any strides: the reference a faster kernel can be compared with.      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mlp_layer.h"

int32_t mlp_layer_f32(const scopeir_memref_f32_2d *x,
                      const scopeir_memref_f32_2d *w,
                      const scopeir_memref_f32_1d *bias,
                      scopeir_memref_f32_2d *out) {
  if (!mlp_layer_shapes_fit(x, w, bias, out))
    return SCOPEIR_KERNEL_BAD_SHAPE;
  int64_t m = x->sizes[0], k = x->sizes[1], n = w->sizes[1];
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int64_t p = 0; p < k; ++p)
        sum += SCOPEIR_AT2(x, i, p) * SCOPEIR_AT2(w, p, j);
      sum += bias->aligned[bias->offset + j * bias->strides[0]];
      SCOPEIR_AT2(out, i, j) = sum > 0.0f ? sum : 0.0f;
    }
  return SCOPEIR_KERNEL_OK;
}
