// Pads of NCHW activations on llvm-cpu: the input of llvm-cpu-pads.mlir.
// @static: the max-pooling pad (-inf, one pixel) and the stem's pad (zeros,
// three pixels) of a 1x8x13x32 activation (32 wide: whole 16-wide tiles,
// copied as static blocks); @dynamic: the same with unknown sizes and
// uneven pads; @int8: an integer pad with a value that is no zero.
func.func @static(%x: tensor<1x8x13x32xf32>) -> (tensor<1x8x15x34xf32>, tensor<1x8x19x38xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %r:2 = util.annotate [#hal.device.target<"llvm-cpu">] {
    %a = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%i: index, %j: index, %k: index, %l: index):
      tensor.yield %ninf : f32
    } : tensor<1x8x13x32xf32> to tensor<1x8x15x34xf32>
    %b = tensor.pad %x low[0, 0, 3, 3] high[0, 0, 3, 3] {
    ^bb0(%i: index, %j: index, %k: index, %l: index):
      tensor.yield %zero : f32
    } : tensor<1x8x13x32xf32> to tensor<1x8x19x38xf32>
    util.return %a, %b : tensor<1x8x15x34xf32>, tensor<1x8x19x38xf32>
  } : tensor<1x8x15x34xf32>, tensor<1x8x19x38xf32>
  return %r#0, %r#1 : tensor<1x8x15x34xf32>, tensor<1x8x19x38xf32>
}

func.func @dynamic(%x: tensor<?x?x?x?xf32>) -> tensor<?x?x?x?xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %a = tensor.pad %x low[0, 0, 1, 2] high[0, 0, 2, 1] {
    ^bb0(%i: index, %j: index, %k: index, %l: index):
      tensor.yield %ninf : f32
    } : tensor<?x?x?x?xf32> to tensor<?x?x?x?xf32>
    util.return %a : tensor<?x?x?x?xf32>
  } : tensor<?x?x?x?xf32>
  return %r : tensor<?x?x?x?xf32>
}

func.func @int8(%x: tensor<3x40xi8>) -> tensor<5x44xi8> {
  %seven = arith.constant 7 : i8
  %r = util.annotate [#hal.device.target<"llvm-cpu">] {
    %a = tensor.pad %x low[1, 2] high[1, 2] {
    ^bb0(%i: index, %j: index):
      tensor.yield %seven : i8
    } : tensor<3x40xi8> to tensor<5x44xi8>
    util.return %a : tensor<5x44xi8>
  } : tensor<5x44xi8>
  return %r : tensor<5x44xi8>
}
