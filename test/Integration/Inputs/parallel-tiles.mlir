// Ops the llvm-cpu backend's generic tiles take, large enough for their
// outer tiles to run on threads: a channel-wise scale and ReLU over an NCHW
// activation, a 32 x 128 x 512 matmul (read in place: fewer rows than the
// packing strategy takes) with a bias, and a softmax over 128 rows of 512.
// The input of llvm-cpu-parallel-tiles.mlir.
func.func @scale_relu(%x: tensor<1x64x56x56xf32>, %s: tensor<64xf32>) -> tensor<1x64x56x56xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<1x64x56x56xf32>
  %g = linalg.generic {
      indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>, affine_map<(n, c, h, w) -> (c)>,
                       affine_map<(n, c, h, w) -> (n, c, h, w)>],
      iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%x, %s : tensor<1x64x56x56xf32>, tensor<64xf32>) outs(%e : tensor<1x64x56x56xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %m = arith.mulf %p, %q : f32
    %r = arith.maximumf %m, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x64x56x56xf32>
  return %g : tensor<1x64x56x56xf32>
}
func.func @linear(%a: tensor<32x128xf32>, %b: tensor<128x512xf32>, %bias: tensor<512xf32>) -> tensor<32x512xf32> {
  %e = tensor.empty() : tensor<32x512xf32>
  %init = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<512xf32>) outs(%e : tensor<32x512xf32>) {
  ^bb0(%v: f32, %o: f32):
    linalg.yield %v : f32
  } -> tensor<32x512xf32>
  %r = linalg.matmul ins(%a, %b : tensor<32x128xf32>, tensor<128x512xf32>) outs(%init : tensor<32x512xf32>) -> tensor<32x512xf32>
  return %r : tensor<32x512xf32>
}
func.func @softmax(%x: tensor<128x512xf32>) -> tensor<128x512xf32> {
  %e = tensor.empty() : tensor<128x512xf32>
  %s = linalg.softmax dimension(1) ins(%x : tensor<128x512xf32>) outs(%e : tensor<128x512xf32>) -> tensor<128x512xf32>
  return %s : tensor<128x512xf32>
}
