/* A kernel library for test/Python/kernels.py: `linear_f32` computes a
   torch Linear layer, y = x W^T + b, from its extern scope's captures in
   first-use order (the weight, the bias, the input), and counts its calls. */

#include "scopeir/Runtime/KernelABI.h"

int64_t linear_f32_calls = 0;

int32_t linear_f32(scopeir_memref_f32_2d *weight, scopeir_memref_f32_1d *bias,
                   scopeir_memref_f32_2d *x, scopeir_memref_f32_2d *y) {
  int64_t rows = x->sizes[0], in = x->sizes[1], out = weight->sizes[0];
  if (weight->sizes[1] != in || bias->sizes[0] != out || y->sizes[0] != rows ||
      y->sizes[1] != out)
    return SCOPEIR_KERNEL_BAD_SHAPE;
  ++linear_f32_calls;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < out; ++j) {
      float sum = bias->aligned[bias->offset + j * bias->strides[0]];
      for (int64_t k = 0; k < in; ++k)
        sum += x->aligned[x->offset + i * x->strides[0] + k * x->strides[1]] *
               weight->aligned[weight->offset + j * weight->strides[0] +
                               k * weight->strides[1]];
      y->aligned[y->offset + i * y->strides[0] + j * y->strides[1]] = sum;
    }
  return SCOPEIR_KERNEL_OK;
}
