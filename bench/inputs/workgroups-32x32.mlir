// examples/workgroups.mlir's @main with the distribution it had first: a
// grid of ceil(M / 32) x 32 workgroups, one 32x32 output tile each. Each
// workgroup's matmul runs llvm-cpu's contraction strategy on its own slices,
// packing its 32 rows of a and 32 columns of b again (each slice is packed
// 32 times in all), which bench/workgroups.py measures against the
// example's larger tiles and against llvm-cpu's own strategy (@reference).

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func @main(%a: tensor<?x1024xf32>, %b: tensor<1024x1024xf32>,
                %bias: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %m = tensor.dim %a, %c0 : tensor<?x1024xf32>
  %rows = affine.apply affine_map<()[s0] -> (s0 ceildiv 32)>()[%m]
  %mm = codegen.scope.workgroups (%i, %j) in (%ni = %rows, %nj = %c32)
      (%a as %x: tensor<?x1024xf32>{%m}, %b as %y: tensor<1024x1024xf32>)
      -> (tensor<?x1024xf32>{%m}) as (%out) {
    %zero = arith.constant 0.0 : f32
    %d0 = arith.constant 0 : index
    %mx = tensor.dim %x, %d0 : tensor<?x1024xf32>
    %oi = affine.apply affine_map<(d0) -> (d0 * 32)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 32)>(%j)
    // The rows of this tile: 32, or what is left of M.
    %h = affine.min affine_map<(d0)[s0] -> (32, s0 - d0)>(%oi)[%mx]
    %ta = tensor.extract_slice %x[%oi, 0] [%h, 1024] [1, 1]
        : tensor<?x1024xf32> to tensor<?x1024xf32>
    %tb = tensor.extract_slice %y[0, %oj] [1024, 32] [1, 1]
        : tensor<1024x1024xf32> to tensor<1024x32xf32>
    %e = tensor.empty(%h) : tensor<?x32xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x32xf32>) -> tensor<?x32xf32>
    %t = linalg.matmul ins(%ta, %tb : tensor<?x1024xf32>, tensor<1024x32xf32>)
                       outs(%f : tensor<?x32xf32>) -> tensor<?x32xf32>
    codegen.store %t into %out[%oi, %oj] [%h, 32] [1, 1]
        : tensor<?x32xf32> into tensor<?x1024xf32>
  }
  // relu(mm + bias), bias broadcast along the rows.
  %e = tensor.empty(%m) : tensor<?x1024xf32>
  %biased = linalg.generic {indexing_maps = [#id, #row, #id],
                            iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<?x1024xf32>, tensor<1024xf32>)
      outs(%e : tensor<?x1024xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    linalg.yield %s : f32
  } -> tensor<?x1024xf32>
  %relu = linalg.generic {indexing_maps = [#id, #id],
                          iterator_types = ["parallel", "parallel"]}
      ins(%biased : tensor<?x1024xf32>) outs(%e : tensor<?x1024xf32>) {
  ^bb0(%v: f32, %o: f32):
    %z = arith.constant 0.0 : f32
    %s = arith.maximumf %v, %z : f32
    linalg.yield %s : f32
  } -> tensor<?x1024xf32>
  return %relu : tensor<?x1024xf32>
}
