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
  mlp_layer_scalar(x, w, bias, out, 1);
  return SCOPEIR_KERNEL_OK;
}
