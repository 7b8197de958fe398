//===- LLVMCPUVectorizeCopies.cpp - Small copies as transfers ---*- C++ -*-===//
//
// This file implements llvm-cpu-vectorize-copies: static memref.copy ops of
// small blocks become a vector read and write instead of calls of the
// strided runtime copy.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/IR/PatternMatch.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUVECTORIZECOPIESPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

/// Whether `copy` copies a block onto itself: the same value, or two
/// subviews of the same buffer with the same offsets, sizes and strides
/// (what bufferization leaves for the in-place insert of a tile).
static bool isSelfCopy(memref::CopyOp copy) {
  Value source = copy.getSource(), target = copy.getTarget();
  if (source == target)
    return true;
  auto sourceView = source.getDefiningOp<memref::SubViewOp>();
  auto targetView = target.getDefiningOp<memref::SubViewOp>();
  return sourceView && targetView &&
         OperationEquivalence::isEquivalentTo(
             sourceView, targetView, OperationEquivalence::IgnoreLocations);
}

/// Rewrites `copy` (static shapes, both sides with unit innermost stride,
/// not contiguous as a whole) into loops over its outer dims copying one
/// contiguous row of its trailing dims at a time: a copy the LLVM lowering
/// makes a `memcpy`, or, for a row of at most `maxRowElements`, a vector
/// read and write. Returns failure (and changes nothing) for other copies.
static LogicalResult copyByRows(RewriterBase &rewriter, memref::CopyOp copy,
                                int64_t maxRowElements) {
  auto sourceType = cast<MemRefType>(copy.getSource().getType());
  auto targetType = cast<MemRefType>(copy.getTarget().getType());
  int64_t rank = sourceType.getRank();
  int64_t rowDims = std::min(sourceType.getNumContiguousTrailingDims(),
                             targetType.getNumContiguousTrailingDims());
  if (rowDims == 0 || rowDims == rank)
    return failure();
  ArrayRef<int64_t> shape = sourceType.getShape();
  Location loc = copy.getLoc();
  rewriter.setInsertionPoint(copy);
  SmallVector<OpFoldResult> offsets;
  for (int64_t d = 0; d < rank - rowDims; ++d) {
    Value lower = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value upper = arith::ConstantIndexOp::create(rewriter, loc, shape[d]);
    Value step = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, lower, upper, step);
    rewriter.setInsertionPointToStart(loop.getBody());
    offsets.push_back(loop.getInductionVar());
  }
  SmallVector<OpFoldResult> sizes(rank - rowDims, rewriter.getIndexAttr(1));
  SmallVector<int64_t> rowShape(shape.take_back(rowDims));
  for (int64_t size : rowShape) {
    offsets.push_back(rewriter.getIndexAttr(0));
    sizes.push_back(rewriter.getIndexAttr(size));
  }
  SmallVector<OpFoldResult> strides(rank, rewriter.getIndexAttr(1));
  auto row = [&](Value memref) {
    auto type = memref::SubViewOp::inferRankReducedResultType(
        rowShape, cast<MemRefType>(memref.getType()), offsets, sizes, strides);
    return memref::SubViewOp::create(rewriter, loc, type, memref, offsets,
                                     sizes, strides);
  };
  auto rowCopy = memref::CopyOp::create(rewriter, loc, row(copy.getSource()),
                                        row(copy.getTarget()));
  rewriter.eraseOp(copy);
  if (ShapedType::getNumElements(rowShape) <= maxRowElements)
    (void)linalg::vectorizeCopy(rewriter, rowCopy);
  return success();
}

namespace {

struct LLVMCPUVectorizeCopiesPass
    : llvmcpu::impl::LLVMCPUVectorizeCopiesPassBase<
          LLVMCPUVectorizeCopiesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation()->walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    IRRewriter rewriter(&getContext());
    for (memref::CopyOp copy : copies) {
      if (isSelfCopy(copy)) {
        rewriter.eraseOp(copy);
        continue;
      }
      auto type = dyn_cast<MemRefType>(copy.getSource().getType());
      auto targetType = dyn_cast<MemRefType>(copy.getTarget().getType());
      if (!type || !targetType || !type.hasStaticShape() ||
          !targetType.hasStaticShape() || type.getRank() == 0 ||
          type.getNumElements() == 0 || !type.getElementType().isIntOrFloat() ||
          type.getElementType().getIntOrFloatBitWidth() < 8)
        continue;
      // A larger copy of rows (a slice of a wider tensor passed to a
      // dispatch): one contiguous row at a time.
      if (type.getNumElements() > maxElements) {
        (void)copyByRows(rewriter, copy, maxElements);
        continue;
      }
      rewriter.setInsertionPoint(copy);
      // Sub-byte elements (i1: a byte each in memory) are skipped above:
      // the LLVM lowering packs vectors of them into bits (upstream issue 14
      // in docs/testing.md). vectorizeCopy fails only on shapes vectors
      // cannot take; the copy then stays.
      (void)linalg::vectorizeCopy(rewriter, copy);
    }
  }
};

} // namespace
