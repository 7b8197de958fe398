// relu(x * w + b) with static shapes, k = 256 (one cache block of k), on
// llvm-cpu: the input of llvm-cpu-static-layer.mlir.
func.func @main(%x: tensor<100x256xf32>, %w: tensor<256x64xf32>,
                %b: tensor<64xf32>) -> tensor<100x64xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %empty = tensor.empty() : tensor<100x64xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%empty : tensor<100x64xf32>) -> tensor<100x64xf32>
    %mm = linalg.matmul ins(%x, %w : tensor<100x256xf32>, tensor<256x64xf32>)
                        outs(%acc : tensor<100x64xf32>) -> tensor<100x64xf32>
    %act = linalg.generic {
        indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                         affine_map<(i, j) -> (i, j)>],
        iterator_types = ["parallel", "parallel"]}
        ins(%mm, %b : tensor<100x64xf32>, tensor<64xf32>) outs(%empty : tensor<100x64xf32>) {
    ^bb0(%p: f32, %q: f32, %o: f32):
      %s = arith.addf %p, %q : f32
      %t = arith.maximumf %s, %zero : f32
      linalg.yield %t : f32
    } -> tensor<100x64xf32>
    util.return %act : tensor<100x64xf32>
  } : tensor<100x64xf32>
  return %r : tensor<100x64xf32>
}
