// Hand-distributed code on a vulkan device (vulkan-workgroups.mlir): the
// matmul of examples/workgroups.mlir at ?x64x64 with 16x16 tiles, in a
// vulkan scope, followed by the bias add and ReLU; @reference computes the
// same on the host with a plain linalg.matmul.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func @main(%a: tensor<?x64xf32>, %b: tensor<64x64xf32>,
                %bias: tensor<64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %r = util.annotate [#hal.device.target<"vulkan">] {
    %rows = affine.apply affine_map<()[s0] -> (s0 ceildiv 16)>()[%m]
    %mm = codegen.scope.workgroups (%i, %j) in (%ni = %rows, %nj = %c4)
        (%a as %x: tensor<?x64xf32>{%m}, %b as %y: tensor<64x64xf32>)
        -> (tensor<?x64xf32>{%m}) as (%out) {
      %zero = arith.constant 0.0 : f32
      %d0 = arith.constant 0 : index
      %mx = tensor.dim %x, %d0 : tensor<?x64xf32>
      %oi = affine.apply affine_map<(d0) -> (d0 * 16)>(%i)
      %oj = affine.apply affine_map<(d0) -> (d0 * 16)>(%j)
      // The rows of this tile: 16, or what is left of M.
      %h = affine.min affine_map<(d0)[s0] -> (16, s0 - d0)>(%oi)[%mx]
      %ta = tensor.extract_slice %x[%oi, 0] [%h, 64] [1, 1]
          : tensor<?x64xf32> to tensor<?x64xf32>
      %tb = tensor.extract_slice %y[0, %oj] [64, 16] [1, 1]
          : tensor<64x64xf32> to tensor<64x16xf32>
      %e = tensor.empty(%h) : tensor<?x16xf32>
      %f = linalg.fill ins(%zero : f32) outs(%e : tensor<?x16xf32>) -> tensor<?x16xf32>
      %t = linalg.matmul ins(%ta, %tb : tensor<?x64xf32>, tensor<64x16xf32>)
                         outs(%f : tensor<?x16xf32>) -> tensor<?x16xf32>
      codegen.store %t into %out[%oi, %oj] [%h, 16] [1, 1]
          : tensor<?x16xf32> into tensor<?x64xf32>
    }
    %e = tensor.empty(%m) : tensor<?x64xf32>
    %biased = linalg.generic {indexing_maps = [#id, #row, #id],
                              iterator_types = ["parallel", "parallel"]}
        ins(%mm, %bias : tensor<?x64xf32>, tensor<64xf32>)
        outs(%e : tensor<?x64xf32>) {
    ^bb0(%v: f32, %w: f32, %o: f32):
      %s = arith.addf %v, %w : f32
      linalg.yield %s : f32
    } -> tensor<?x64xf32>
    %relu = linalg.generic {indexing_maps = [#id, #id],
                            iterator_types = ["parallel", "parallel"]}
        ins(%biased : tensor<?x64xf32>) outs(%e : tensor<?x64xf32>) {
    ^bb0(%v: f32, %o: f32):
      %z = arith.constant 0.0 : f32
      %s = arith.maximumf %v, %z : f32
      linalg.yield %s : f32
    } -> tensor<?x64xf32>
    util.return %relu : tensor<?x64xf32>
  } : tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

func.func @reference(%a: tensor<?x64xf32>, %b: tensor<64x64xf32>,
                     %bias: tensor<64xf32>) -> tensor<?x64xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x64xf32>
  %init = tensor.empty(%m) : tensor<?x64xf32>
  %f = linalg.fill ins(%zero : f32) outs(%init : tensor<?x64xf32>) -> tensor<?x64xf32>
  %mm = linalg.matmul ins(%a, %b : tensor<?x64xf32>, tensor<64x64xf32>)
                      outs(%f : tensor<?x64xf32>) -> tensor<?x64xf32>
  %relu = linalg.generic {indexing_maps = [#id, #row, #id],
                          iterator_types = ["parallel", "parallel"]}
      ins(%mm, %bias : tensor<?x64xf32>, tensor<64xf32>)
      outs(%init : tensor<?x64xf32>) {
  ^bb0(%v: f32, %w: f32, %o: f32):
    %s = arith.addf %v, %w : f32
    %z = arith.constant 0.0 : f32
    %r = arith.maximumf %s, %z : f32
    linalg.yield %r : f32
  } -> tensor<?x64xf32>
  return %relu : tensor<?x64xf32>
}
