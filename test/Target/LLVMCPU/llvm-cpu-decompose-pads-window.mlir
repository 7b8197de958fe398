// RUN: scope-opt --split-input-file --llvm-cpu-decompose-pads %s | FileCheck %s --check-prefix=ALL
// RUN: scope-opt --split-input-file "--llvm-cpu-decompose-pads=keep-window-pads" %s | FileCheck %s --check-prefix=KEEP

// With keep-window-pads, the pad of a depthwise convolution's input stays
// for the strategy that tiles it with the convolution; without, it is a
// fill and a copy as every other pad.
// ALL-LABEL: func.func @depthwise_input
//   ALL-NOT:   tensor.pad
//       ALL:   linalg.copy
//       ALL:   linalg.depthwise_conv_2d_nchw_chw
// KEEP-LABEL: func.func @depthwise_input
//       KEEP:   %[[P:.+]] = tensor.pad
//   KEEP-NOT:   linalg.copy
//       KEEP:   linalg.depthwise_conv_2d_nchw_chw {{.+}} ins(%[[P]],
func.func @depthwise_input(%x: tensor<1x8x7x7xf32>, %w: tensor<8x3x3xf32>, %init: tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32> {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %z : f32
  } : tensor<1x8x7x7xf32> to tensor<1x8x9x9xf32>
  %r = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w : tensor<1x8x9x9xf32>, tensor<8x3x3xf32>) outs(%init : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  return %r : tensor<1x8x7x7xf32>
}

// -----

// The same for a max pooling's pad (of -inf).
// KEEP-LABEL: func.func @pooling_input
//       KEEP:   tensor.pad
//   KEEP-NOT:   linalg.copy
//       KEEP:   linalg.pooling_nchw_max
func.func @pooling_input(%x: tensor<2x4x8x8xf32>, %init: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %ninf = arith.constant 0xFF800000 : f32
  %p = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 0, 0] {
  ^bb0(%a: index, %b: index, %c: index, %d: index):
    tensor.yield %ninf : f32
  } : tensor<2x4x8x8xf32> to tensor<2x4x9x9xf32>
  %k = tensor.empty() : tensor<3x3xf32>
  %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%p, %k : tensor<2x4x9x9xf32>, tensor<3x3xf32>) outs(%init : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %r : tensor<2x4x4x4xf32>
}

// -----

// Pads the strategy does not take are decomposed with keep-window-pads
// too: one that pads the channels (a tile of channels would not be a tile
// of the source), one of a dynamic source, one read by a convolution, one
// with a second user.
// KEEP-LABEL: func.func @not_taken
//   KEEP-NOT:   tensor.pad
//       KEEP:   return
func.func @not_taken(%x: tensor<1x8x7x7xf32>, %d: tensor<1x8x?x7xf32>, %w: tensor<8x3x3xf32>, %k: tensor<8x8x3x3xf32>,
                     %init: tensor<1x8x7x7xf32>, %init9: tensor<1x10x7x7xf32>)
    -> (tensor<1x10x7x7xf32>, tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>, tensor<1x8x9x9xf32>) {
  %z = arith.constant 0.0 : f32
  %p = tensor.pad %x low[0, 1, 1, 1] high[0, 1, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %e: index):
    tensor.yield %z : f32
  } : tensor<1x8x7x7xf32> to tensor<1x10x9x9xf32>
  %w10 = tensor.empty() : tensor<10x3x3xf32>
  %r0 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%p, %w10 : tensor<1x10x9x9xf32>, tensor<10x3x3xf32>) outs(%init9 : tensor<1x10x7x7xf32>) -> tensor<1x10x7x7xf32>
  %q = tensor.pad %d low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %e: index):
    tensor.yield %z : f32
  } : tensor<1x8x?x7xf32> to tensor<1x8x9x9xf32>
  %r1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%q, %w : tensor<1x8x9x9xf32>, tensor<8x3x3xf32>) outs(%init : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %s = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %e: index):
    tensor.yield %z : f32
  } : tensor<1x8x7x7xf32> to tensor<1x8x9x9xf32>
  %r2 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%s, %k : tensor<1x8x9x9xf32>, tensor<8x8x3x3xf32>) outs(%init : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  %t = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%a: index, %b: index, %c: index, %e: index):
    tensor.yield %z : f32
  } : tensor<1x8x7x7xf32> to tensor<1x8x9x9xf32>
  %r3 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%t, %w : tensor<1x8x9x9xf32>, tensor<8x3x3xf32>) outs(%init : tensor<1x8x7x7xf32>) -> tensor<1x8x7x7xf32>
  return %r0, %r1, %r2, %r3, %t : tensor<1x10x7x7xf32>, tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>, tensor<1x8x7x7xf32>, tensor<1x8x9x9xf32>
}
