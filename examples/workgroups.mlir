// Hand-distributed code that still fuses.
//
//   out = relu(a * b + bias)      a: ?x1024, b: 1024x1024, bias: 1024
//
// @main computes the matmul in a codegen.scope.workgroups written by hand:
// a grid of ceil(M / 512) x 2 workgroups, each computing one 512x512 tile of
// the output (the last row of tiles is shorter when M is not a multiple of
// 512) and storing it with codegen.store. Each workgroup's matmul runs
// llvm-cpu's contraction strategy, which packs the workgroup's slices of a
// and b: with 512x512 tiles each row of a and column of b is packed twice
// at M = 1024, where 32x32 tiles packed it 32 times and ran about 2x slower
// than @reference (bench/inputs/workgroups-32x32.mlir, bench/workgroups.py).
// Each tile is computed in place in the result (codegen-lower-workgroups
// makes the tile's empty tensor the slice its store writes): at M = 1024
// on one thread the fused program runs within 1.01x of @reference (1.16x
// while each tile was copied into the result; bench/README.md has the
// profile). The 8 MB packed twice are what is left.
// The bias add and the ReLU follow as ordinary linalg ops. `codegen-fuse-into-workgroups` moves both into the
// scope, so that each workgroup adds the bias to its own tile and applies the
// ReLU before storing it: one dispatch instead of two. @reference is the same
// computation with a plain linalg.matmul.
//
// Run it (unfused, then fused), on all cores:
//   scope-run examples/workgroups.mlir --host-backend=llvm-cpu --threads=2 \
//     --input=40x1024xf32=0.5 --input=1024x1024xf32=0.25 --input=1024xf32=-100
//   scope-opt --codegen-fuse-into-workgroups examples/workgroups.mlir |
//     scope-run - --host-backend=llvm-cpu --threads=2 --dump-dispatches ...
// See docs/codegen.md (workgroups) and test/Integration/workgroups.mlir.

#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func @main(%a: tensor<?x1024xf32>, %b: tensor<1024x1024xf32>,
                %bias: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %m = tensor.dim %a, %c0 : tensor<?x1024xf32>
  %rows = affine.apply affine_map<()[s0] -> (s0 ceildiv 512)>()[%m]
  %mm = codegen.scope.workgroups (%i, %j) in (%ni = %rows, %nj = %c2)
      (%a as %x: tensor<?x1024xf32>{%m}, %b as %y: tensor<1024x1024xf32>)
      -> (tensor<?x1024xf32>{%m}) as (%out) {
    %zero = arith.constant 0.0 : f32
    %d0 = arith.constant 0 : index
    %mx = tensor.dim %x, %d0 : tensor<?x1024xf32>
    %oi = affine.apply affine_map<(d0) -> (d0 * 512)>(%i)
    %oj = affine.apply affine_map<(d0) -> (d0 * 512)>(%j)
    // The rows of this tile: 512, or what is left of M.
    %h = affine.min affine_map<(d0)[s0] -> (512, s0 - d0)>(%oi)[%mx]
    %ta = tensor.extract_slice %x[%oi, 0] [%h, 1024] [1, 1]
        : tensor<?x1024xf32> to tensor<?x1024xf32>
    %tb = tensor.extract_slice %y[0, %oj] [1024, 512] [1, 1]
        : tensor<1024x1024xf32> to tensor<1024x512xf32>
    %e = tensor.empty(%h) : tensor<?x512xf32>
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x512xf32>) -> tensor<?x512xf32>
    %t = linalg.matmul ins(%ta, %tb : tensor<?x1024xf32>, tensor<1024x512xf32>)
                       outs(%f : tensor<?x512xf32>) -> tensor<?x512xf32>
    codegen.store %t into %out[%oi, %oj] [%h, 512] [1, 1]
        : tensor<?x512xf32> into tensor<?x1024xf32>
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

func.func @reference(%a: tensor<?x1024xf32>, %b: tensor<1024x1024xf32>,
                     %bias: tensor<1024xf32>) -> tensor<?x1024xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x1024xf32>
  %init = tensor.empty(%m) : tensor<?x1024xf32>
  %f = linalg.fill ins(%zero : f32) outs(%init : tensor<?x1024xf32>) -> tensor<?x1024xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x1024xf32>, tensor<1024x1024xf32>)
                      outs(%f : tensor<?x1024xf32>) -> tensor<?x1024xf32>
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
