//===- LLVMCPUPads.h - Pads of llvm-cpu's window ops ------------*- C++ -*-===//
//
// This file declares what llvm-cpu-decompose-pads, llvm-cpu-apply-strategies
// and the llvm-cpu strategy table share about window ops and their pads:
// the decomposition of a pad into a fill and a copy, the pads a window op's
// strategy takes along (tiled with the op, one padded tile of channels at a
// time), and the window ops tiled by images with the epilogues their tiles
// compute.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUPADS_H
#define SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUPADS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace scopeir::llvmcpu {

/// Returns true if `op` is on tensors and all its operands are statically
/// shaped f32 tensors (the window ops the taps take, and the ops of most
/// other strategies).
inline bool hasStaticF32Operands(mlir::linalg::LinalgOp op) {
  return op.hasPureTensorSemantics() &&
         llvm::all_of(op->getOperandTypes(), [](mlir::Type type) {
           auto shaped = llvm::dyn_cast<mlir::ShapedType>(type);
           return shaped && shaped.hasStaticShape() &&
                  shaped.getElementType().isF32();
         });
}

/// Rewrites `pad` into a fill of the padded shape and a copy of the source
/// into its interior (llvm-cpu-decompose-pads), or fails and leaves it
/// unchanged: a padding value computed from the indices, or a constant low
/// pad at or past a static result size.
mlir::LogicalResult decomposePad(mlir::RewriterBase &rewriter,
                                 mlir::tensor::PadOp pad);

/// Returns true if `value` is a tensor.pad that `user`'s strategy takes
/// along: `user` is a depthwise NCHW convolution or an NCHW max or sum
/// pooling with static f32 operands, reading `value` (its only use) as its
/// input; the pad has a static source, constant pads on the rows and
/// columns only, and one padding value. llvm-cpu-apply-strategies tiles
/// such an op by images and channels with the pad fused into the tiles, so
/// that each tile's padded input is written and read while it is in cache
/// (a separate pad wrote and read back the whole padded tensor).
bool isTakenWindowPad(mlir::Operation *user, mlir::Value value);

/// Returns true if llvm-cpu-apply-strategies tiles `op` by images (and by
/// channels where it takes its input's pad along): an NCHW convolution,
/// depthwise convolution or pooling with static f32 operands over more
/// than one image, or a depthwise convolution or pooling whose input pad
/// it takes (isTakenWindowPad).
bool isImageTiledWindowOp(mlir::Operation *op);

/// Returns true if the owner of `use` is an epilogue that
/// llvm-cpu-apply-strategies computes in the tiles of `window`
/// (isImageTiledWindowOp), reading `use`, the result of `window` or of the
/// epilogue before it: an elementwise linalg.generic (all loops parallel)
/// whose result has the type of `window`'s, written through an identity
/// map without reading its initial value, that reads `use` through an
/// identity map and its other operands through projected permutations (a
/// batch norm's per-channel vectors, a residual). Each tile then computes
/// its slice of the epilogue right after its slice of the window op, while
/// that is in cache, into the tile of the output the window op wrote.
bool isTiledEpilogue(mlir::Operation *window, mlir::OpOperand &use);

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUPADS_H
