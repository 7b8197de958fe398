//===- LLVMCPUVectorizeCopies.cpp - Small copies as transfers ---*- C++ -*-===//
//
// This file implements llvm-cpu-vectorize-copies: static memref.copy ops of
// small blocks become a vector read and write instead of calls of the
// strided runtime copy.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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
          type.getNumElements() == 0 ||
          type.getNumElements() > maxElements ||
          !type.getElementType().isIntOrFloat() ||
          type.getElementType().getIntOrFloatBitWidth() < 8)
        continue;
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
