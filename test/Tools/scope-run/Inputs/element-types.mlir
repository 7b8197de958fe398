// Functions over every element type scope-run exchanges (element-types.mlir).
func.func @f16(%a: tensor<4xf16>) -> tensor<4xf16> {
  %e = tensor.empty() : tensor<4xf16>
  %r = linalg.add ins(%a, %a : tensor<4xf16>, tensor<4xf16>) outs(%e : tensor<4xf16>) -> tensor<4xf16>
  return %r : tensor<4xf16>
}
func.func @bf16(%a: tensor<2x2xbf16>) -> tensor<2x2xbf16> {
  %e = tensor.empty() : tensor<2x2xbf16>
  %r = linalg.add ins(%a, %a : tensor<2x2xbf16>, tensor<2x2xbf16>) outs(%e : tensor<2x2xbf16>) -> tensor<2x2xbf16>
  return %r : tensor<2x2xbf16>
}
func.func @i8(%a: tensor<4xi8>) -> tensor<4xi8> {
  %e = tensor.empty() : tensor<4xi8>
  %r = linalg.add ins(%a, %a : tensor<4xi8>, tensor<4xi8>) outs(%e : tensor<4xi8>) -> tensor<4xi8>
  return %r : tensor<4xi8>
}
func.func @i16(%a: tensor<4xi16>) -> tensor<4xi16> {
  %e = tensor.empty() : tensor<4xi16>
  %r = linalg.add ins(%a, %a : tensor<4xi16>, tensor<4xi16>) outs(%e : tensor<4xi16>) -> tensor<4xi16>
  return %r : tensor<4xi16>
}
func.func @scalars(%x: f32, %n: i64) -> (f32, i64) {
  %c = arith.constant 2.0 : f32
  %y = arith.mulf %x, %c : f32
  %m = arith.addi %n, %n : i64
  return %y, %m : f32, i64
}
func.func @scale(%t: tensor<3xf32>, %s: f32) -> (tensor<3xf32>, f32) {
  %e = tensor.empty() : tensor<3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%t : tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%in: f32, %out: f32):
    %m = arith.mulf %in, %s : f32
    linalg.yield %m : f32
  } -> tensor<3xf32>
  return %r, %s : tensor<3xf32>, f32
}
func.func @half_scalar(%x: f16) -> f16 {
  %r = arith.addf %x, %x : f16
  return %r : f16
}
func.func @bool(%x: i1) -> i1 {
  %t = arith.constant true
  %r = arith.xori %x, %t : i1
  return %r : i1
}
