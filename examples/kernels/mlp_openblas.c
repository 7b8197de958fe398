/*===- mlp_openblas.c - mlp_layer_f32 on OpenBLAS -----------------*- C -*-===*\
|*                                                                            *|
|* This file implements mlp_layer_f32 (matmul, bias, ReLU) with OpenBLAS's   *|
|* cblas_sgemm for the matmul and one loop for bias and ReLU.                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "mlp_layer.h"

#include <cblas.h>

/* How BLAS can read a rank-2 operand: its rows contiguous (row-major, a
 * dense buffer or a slice of whole-row steps), its columns contiguous (a
 * transposed view: BLAS reads it transposed), or neither. */
enum layout { ROW_MAJOR, COLUMN_MAJOR, OTHER };

static enum layout get_layout(const scopeir_memref_f32_2d *m, int64_t *ld) {
  int64_t rows = m->sizes[0] > 1 ? m->sizes[0] : 1;
  int64_t columns = m->sizes[1] > 1 ? m->sizes[1] : 1;
  if (m->strides[1] == 1 && m->strides[0] >= columns) {
    *ld = m->strides[0];
    return ROW_MAJOR;
  }
  if (m->strides[0] == 1 && m->strides[1] >= rows) {
    *ld = m->strides[1];
    return COLUMN_MAJOR;
  }
  return OTHER;
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
  /* The arguments keep the strides of the tensors they are (a slice, a
   * transposed view): BLAS takes a row-major or column-major operand with
   * its leading dimension; any other layout runs the scalar loops. */
  int64_t ldx, ldw, ldout;
  enum layout xl = get_layout(x, &ldx), wl = get_layout(w, &ldw);
  if (xl == OTHER || wl == OTHER || get_layout(out, &ldout) != ROW_MAJOR) {
    mlp_layer_scalar(x, w, bias, out, 1);
    return SCOPEIR_KERNEL_OK;
  }
  /* out = x * w, then out = max(out + bias, 0) row by row. */
  cblas_sgemm(CblasRowMajor, xl == ROW_MAJOR ? CblasNoTrans : CblasTrans,
              wl == ROW_MAJOR ? CblasNoTrans : CblasTrans, (int)m, (int)n,
              (int)k, 1.0f, x->aligned + x->offset, (int)ldx,
              w->aligned + w->offset, (int)ldw, 0.0f,
              out->aligned + out->offset, (int)ldout);
  const float *b = bias->aligned + bias->offset;
  int64_t bstride = bias->strides[0];
  for (int64_t i = 0; i < m; ++i) {
    float *row = out->aligned + out->offset + i * ldout;
    for (int64_t j = 0; j < n; ++j) {
      float v = row[j] + b[j * bstride];
      row[j] = v > 0.0f ? v : 0.0f;
    }
  }
  return SCOPEIR_KERNEL_OK;
}
