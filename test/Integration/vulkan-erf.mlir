// End to end on a Vulkan device (lavapipe in CI): math.erf (GELU's), which
// SPIR-V's GLSL set lacks, runs as upstream's polynomial approximation,
// within 1e-6 of erf as Python's math module computes it (the values
// below).
// REQUIRES: vulkan
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo "4xf32=0.276326390 0.842700793 0.995322265 0.999977910" > %t/expected.txt
// RUN: scope-run %s --input="4xf32=0.25 1 2 3" > %t/vulkan.txt
// RUN: %python %scopeir_src_root/utils/compare-outputs.py --rtol=0 --atol=1e-6 %t/vulkan.txt %t/expected.txt
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %e = tensor.empty() : tensor<4xf32>
    %y = linalg.erf ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %y : tensor<4xf32>
  } : tensor<4xf32>
  return %r : tensor<4xf32>
}
