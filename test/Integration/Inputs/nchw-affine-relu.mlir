// relu(x * s[c] + b[c]) on NCHW activations (an inference batch norm and
// ReLU), static and with dynamic H and W, on llvm-cpu: the input of
// llvm-cpu-nchw-elementwise.mlir.
#nchw = affine_map<(n, c, h, w) -> (n, c, h, w)>
#chan = affine_map<(n, c, h, w) -> (c)>
func.func @static(%x: tensor<1x8x13x21xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8x13x21xf32> {
  %zero = arith.constant 0.0 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty() : tensor<1x8x13x21xf32>
    %g = linalg.generic {indexing_maps = [#nchw, #chan, #chan, #nchw],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %s, %b : tensor<1x8x13x21xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x13x21xf32>) {
    ^bb0(%p: f32, %q: f32, %t: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %a = arith.addf %m, %t : f32
      %y = arith.maximumf %a, %zero : f32
      linalg.yield %y : f32
    } -> tensor<1x8x13x21xf32>
    util.return %g : tensor<1x8x13x21xf32>
  } : tensor<1x8x13x21xf32>
  return %r : tensor<1x8x13x21xf32>
}
func.func @dynamic(%x: tensor<1x8x?x?xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<1x8x?x?xf32> {
  %zero = arith.constant 0.0 : f32
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %h = tensor.dim %x, %c2 : tensor<1x8x?x?xf32>
  %w = tensor.dim %x, %c3 : tensor<1x8x?x?xf32>
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %e = tensor.empty(%h, %w) : tensor<1x8x?x?xf32>
    %g = linalg.generic {indexing_maps = [#nchw, #chan, #chan, #nchw],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %s, %b : tensor<1x8x?x?xf32>, tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<1x8x?x?xf32>) {
    ^bb0(%p: f32, %q: f32, %t: f32, %o: f32):
      %m = arith.mulf %p, %q : f32
      %a = arith.addf %m, %t : f32
      %y = arith.maximumf %a, %zero : f32
      linalg.yield %y : f32
    } -> tensor<1x8x?x?xf32>
    util.return %g : tensor<1x8x?x?xf32>
  } : tensor<1x8x?x?xf32>
  return %r : tensor<1x8x?x?xf32>
}
