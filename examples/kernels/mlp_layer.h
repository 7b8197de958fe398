/*===- mlp_layer.h - What the example mlp_layer_f32 kernels share -*- C -*-===*\
|*                                                                            *|
|* This file declares the signature of mlp_layer_f32 and the shape check the *|
|* example kernels share.                                                     *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SCOPEIR_EXAMPLES_KERNELS_MLP_LAYER_H
#define SCOPEIR_EXAMPLES_KERNELS_MLP_LAYER_H

#include "scopeir/Runtime/KernelABI.h"

#define SCOPEIR_KERNEL_EXPORT __attribute__((visibility("default")))

/* out = relu(x * w + bias): x is MxK, w is KxN, bias N, out MxN (allocated
 * by the caller). Returns SCOPEIR_KERNEL_BAD_SHAPE if the shapes do not fit
 * together. */
SCOPEIR_KERNEL_EXPORT int32_t mlp_layer_f32(const scopeir_memref_f32_2d *x,
                                            const scopeir_memref_f32_2d *w,
                                            const scopeir_memref_f32_1d *bias,
                                            scopeir_memref_f32_2d *out);

/* Element (i, j) of a rank-2 descriptor. */
#define SCOPEIR_AT2(m, i, j)                                                   \
  ((m)->aligned[(m)->offset + (i) * (m)->strides[0] + (j) * (m)->strides[1]])

static inline int mlp_layer_shapes_fit(const scopeir_memref_f32_2d *x,
                                       const scopeir_memref_f32_2d *w,
                                       const scopeir_memref_f32_1d *bias,
                                       const scopeir_memref_f32_2d *out) {
  return x->sizes[1] == w->sizes[0] && w->sizes[1] == bias->sizes[0] &&
         out->sizes[0] == x->sizes[0] && out->sizes[1] == w->sizes[1];
}

/* out = x * w + bias with scalar loops over any strides, then the ReLU if
 * `relu` is nonzero; the shapes must fit. */
static inline void mlp_layer_scalar(const scopeir_memref_f32_2d *x,
                                    const scopeir_memref_f32_2d *w,
                                    const scopeir_memref_f32_1d *bias,
                                    scopeir_memref_f32_2d *out, int relu) {
  int64_t m = x->sizes[0], k = x->sizes[1], n = w->sizes[1];
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (int64_t p = 0; p < k; ++p)
        sum += SCOPEIR_AT2(x, i, p) * SCOPEIR_AT2(w, p, j);
      sum += bias->aligned[bias->offset + j * bias->strides[0]];
      SCOPEIR_AT2(out, i, j) = relu && !(sum > 0.0f) ? 0.0f : sum;
    }
}

#endif /* SCOPEIR_EXAMPLES_KERNELS_MLP_LAYER_H */
