//===- LLVMCPUBroadcastLoads.cpp - Splats loaded from memory -----*- C++
//-*-===//
//
// This file implements llvm-cpu-broadcast-loads: an element of a vector read
// from memory that is only splatted (vector.broadcast of a vector.extract) is
// loaded on its own, so that LLVM emits one broadcast from memory per
// element instead of a vector load and shuffles.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUBROADCASTLOADSPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

namespace {

/// Rewrites `vector.broadcast (vector.extract %read[i])`, where %read is an
/// unmasked, in-bounds 1-D vector.transfer_read of consecutive elements of
/// a memref, into the broadcast of a memref.load of element i, loaded where
/// %read reads (so that no write in between can change what it sees).
struct BroadcastLoadedElement : OpRewritePattern<vector::BroadcastOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::BroadcastOp broadcast,
                                PatternRewriter &rewriter) const override {
    auto extract = broadcast.getSource().getDefiningOp<vector::ExtractOp>();
    if (!extract || isa<VectorType>(extract.getResult().getType()) ||
        !extract.getDynamicPosition().empty())
      return failure();
    auto read = extract.getSource().getDefiningOp<vector::TransferReadOp>();
    if (!read || read.getMask() || read.getVectorType().getRank() != 1 ||
        !isa<MemRefType>(read.getBase().getType()) ||
        !read.getPermutationMap().isMinorIdentity() ||
        !read.getInBoundsValues().front())
      return failure();
    int64_t position = extract.getStaticPosition().front();
    rewriter.setInsertionPoint(read);
    SmallVector<Value> indices(read.getIndices());
    Location loc = read.getLoc();
    if (position != 0)
      indices.back() = arith::AddIOp::create(
          rewriter, loc, indices.back(),
          arith::ConstantIndexOp::create(rewriter, loc, position));
    Value element =
        memref::LoadOp::create(rewriter, loc, read.getBase(), indices);
    rewriter.setInsertionPoint(broadcast);
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(
        broadcast, broadcast.getResultVectorType(), element);
    return success();
  }
};

struct LLVMCPUBroadcastLoadsPass
    : llvmcpu::impl::LLVMCPUBroadcastLoadsPassBase<LLVMCPUBroadcastLoadsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<BroadcastLoadedElement>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
