// One MLP layer (matmul + ReLU) annotated as tracing zone "ffn".
//
//   scope-opt examples/annotate.mlir --util-lower-annotations
//   scope-opt examples/annotate.mlir --util-lower-annotations --util-strip-scopes
//
// The first turns util.annotate into util.scope with explicit captures; the
// second then removes the scope again, giving back the plain layer.

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @mlp(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %y = util.annotate [#util.zone<"ffn">] {
    %zero = arith.constant 0.0 : f32
    %init = tensor.empty() : tensor<4x8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<4x8xf32>) -> tensor<4x8xf32>
    %mm = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x8xf32>)
                        outs(%acc : tensor<4x8xf32>) -> tensor<4x8xf32>
    %v = linalg.generic {indexing_maps = [#map, #map],
                         iterator_types = ["parallel", "parallel"]}
        ins(%mm : tensor<4x8xf32>) outs(%init : tensor<4x8xf32>) {
    ^bb0(%in: f32, %out: f32):
      %r = arith.maximumf %in, %zero : f32
      linalg.yield %r : f32
    } -> tensor<4x8xf32>
    util.return %v : tensor<4x8xf32>
  } : tensor<4x8xf32>
  return %y : tensor<4x8xf32>
}
