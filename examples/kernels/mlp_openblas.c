/*===- mlp_openblas.c - mlp_layer_f32 on OpenBLAS -----------------*- C -*-===*\
|*                                                                            *|
|* This file implements mlp_layer_f32 (matmul, bias, ReLU) with OpenBLAS's   *|
|* cblas_sgemm for the matmul and one loop for bias and ReLU.                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mlp_layer.h"

#include <cblas.h>

/* Returns true if `m` has unit inner stride and a row stride BLAS takes. */
static int is_row_major(const scopeir_memref_f32_2d *m) {
  int64_t columns = m->sizes[1] > 1 ? m->sizes[1] : 1;
  return m->strides[1] == 1 && m->strides[0] >= columns;
}

int32_t mlp_layer_f32(const scopeir_memref_f32_2d *x,
                      const scopeir_memref_f32_2d *w,
                      const scopeir_memref_f32_1d *bias,
                      scopeir_memref_f32_2d *out) {
  if (!mlp_layer_shapes_fit(x, w, bias, out))
    return SCOPEIR_KERNEL_BAD_SHAPE;
  int64_t m = x->sizes[0], k = x->sizes[1], n = w->sizes[1];
  if (m == 0 || n == 0)
    return SCOPEIR_KERNEL_OK;
  /* The ABI passes strides; BLAS takes a leading dimension per operand, so
   * a layout with a non-unit inner stride is rejected rather than read
   * wrongly (scopeir always passes dense row-major buffers). */
  if (!is_row_major(x) || !is_row_major(w) || !is_row_major(out))
    return SCOPEIR_KERNEL_BAD_SHAPE;
  /* out = x * w, then out = max(out + bias, 0) row by row. */
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k,
              1.0f, x->aligned + x->offset, (int)x->strides[0],
              w->aligned + w->offset, (int)w->strides[0], 0.0f,
              out->aligned + out->offset, (int)out->strides[0]);
  const float *b = bias->aligned + bias->offset;
  int64_t bstride = bias->strides[0];
  for (int64_t i = 0; i < m; ++i) {
    float *row = out->aligned + out->offset + i * out->strides[0];
    for (int64_t j = 0; j < n; ++j) {
      float v = row[j] + b[j * bstride];
      row[j] = v > 0.0f ? v : 0.0f;
    }
  }
  return SCOPEIR_KERNEL_OK;
}
