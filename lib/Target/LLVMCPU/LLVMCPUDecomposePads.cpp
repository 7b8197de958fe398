//===- LLVMCPUDecomposePads.cpp - tensor.pad as fill and copy ---*- C++ -*-===//
//
// This file implements llvm-cpu-decompose-pads: a tensor.pad with a uniform
// padding value becomes a linalg.fill of the padded shape and a linalg.copy
// of the source into its interior, ops the backend tiles and vectorizes.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUPads.h"
#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUDECOMPOSEPADSPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

/// Rewrites `pad` into fill + extract_slice + copy + insert_slice, or fails
/// (leaving it unchanged) when its padding value depends on the indices.
LogicalResult llvmcpu::decomposePad(RewriterBase &rewriter, tensor::PadOp pad) {
  Value value = pad.getConstantPaddingValue();
  if (!value)
    return failure();
  // A constant low pad at or past a static result size leaves the source
  // no element along that dim (or fewer than none: a dynamic source the
  // program cannot have at run time). Its interior slice would start out of
  // bounds, which the slice ops' verifiers reject: left as it is.
  for (auto [low, size] :
       llvm::zip_equal(pad.getMixedLowPad(), pad.getResultType().getShape())) {
    std::optional<int64_t> offset = getConstantIntValue(low);
    if (offset && !ShapedType::isDynamic(size) && *offset >= size)
      return failure();
  }
  Location loc = pad.getLoc();
  rewriter.setInsertionPoint(pad);

  // The padded shape: the result type's static sizes, the others computed
  // from the source's and the pads' (the op's own shape reification).
  ReifiedRankedShapedTypeDims reified;
  if (failed(reifyResultShapes(rewriter, pad, reified)))
    return failure();
  RankedTensorType type = pad.getResultType();
  Value empty = tensor::EmptyOp::create(rewriter, loc, reified.front(),
                                        type.getElementType());
  Value fill =
      linalg::FillOp::create(rewriter, loc, value, empty).getResult(0);

  // The source goes to [low, low + size) along each dim.
  SmallVector<OpFoldResult> offsets = pad.getMixedLowPad();
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(rewriter, loc, pad.getSource());
  SmallVector<OpFoldResult> strides(type.getRank(),
                                    rewriter.getIndexAttr(1));
  Value interior = tensor::ExtractSliceOp::create(
      rewriter, loc, pad.getSource().getType(), fill, offsets, sizes, strides);
  Value copy = linalg::CopyOp::create(rewriter, loc, pad.getSource(), interior)
                   .getResult(0);
  Value padded = tensor::InsertSliceOp::create(rewriter, loc, copy, fill,
                                               offsets, sizes, strides);
  // Reification folds what it can: a pad by a constant SSA value has a
  // dynamic result type and a static reified size.
  if (padded.getType() != type)
    padded = tensor::CastOp::create(rewriter, loc, type, padded);
  rewriter.replaceOp(pad, padded);
  return success();
}

bool llvmcpu::isTakenWindowPad(Operation *user, Value value) {
  auto pad = value.getDefiningOp<tensor::PadOp>();
  if (!pad || !value.hasOneUse() ||
      !isa<linalg::DepthwiseConv2DNchwChwOp, linalg::PoolingNchwMaxOp,
           linalg::PoolingNchwSumOp>(user))
    return false;
  auto window = cast<linalg::LinalgOp>(user);
  if (window.getDpsInputs()[0] != value || !hasStaticF32Operands(window) ||
      !pad.getSourceType().hasStaticShape() || !pad.getConstantPaddingValue())
    return false;
  // Pads on the rows and columns only (dims 2 and 3 of NCHW): the tiles of
  // images and channels are then tiles of the source too.
  for (ArrayRef<OpFoldResult> pads :
       {pad.getMixedLowPad(), pad.getMixedHighPad()})
    for (auto [dim, amount] : llvm::enumerate(pads)) {
      std::optional<int64_t> constant = getConstantIntValue(amount);
      if (!constant || *constant < 0 || (dim < 2 && *constant != 0))
        return false;
    }
  return true;
}

namespace {

struct LLVMCPUDecomposePadsPass
    : llvmcpu::impl::LLVMCPUDecomposePadsPassBase<LLVMCPUDecomposePadsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<tensor::PadOp> pads;
    getOperation()->walk([&](tensor::PadOp pad) {
      Value result = pad.getResult();
      if (keepWindowPads && result.hasOneUse() &&
          isTakenWindowPad(*result.user_begin(), result))
        return;
      pads.push_back(pad);
    });
    if (pads.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (tensor::PadOp pad : pads)
      (void)decomposePad(rewriter, pad);
  }
};

} // namespace
