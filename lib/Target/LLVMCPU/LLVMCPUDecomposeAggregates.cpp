//===- LLVMCPUDecomposeAggregates.cpp - Aggregate linalg ops ----*- C++ -*-===//
//
// This file implements llvm-cpu-decompose-aggregates: linalg.pack,
// linalg.unpack and the ops of AggregatedOpInterface (linalg.softmax, ...)
// become ops that bufferize and lower to loops.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUFilterLayout.h"
#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUDECOMPOSEAGGREGATESPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

/// Tiles `op` (a linalg.pack or linalg.unpack) so that every tile has unit
/// outer dims: size 1 along each loop of a pack (its loops are the outer
/// dims of the packed tensor), the inner tile along each tiled dim of an
/// unpack (its loops are the dims of the unpacked tensor). Returns the
/// tiled ops.
static FailureOr<SmallVector<Operation *>>
tileToUnitOuterDims(RewriterBase &rewriter, TilingInterface op) {
  SmallVector<OpFoldResult> sizes;
  auto one = rewriter.getIndexAttr(1);
  if (auto pack = dyn_cast<linalg::PackOp>(op.getOperation())) {
    sizes.assign(pack.getSourceRank(), one);
  } else {
    auto unpack = cast<linalg::UnPackOp>(op.getOperation());
    sizes.assign(unpack.getDestRank(), one);
    for (auto [dim, tile] : llvm::zip_equal(unpack.getInnerDimsPos(),
                                            unpack.getMixedTiles()))
      sizes[dim] = tile;
  }
  scf::SCFTilingOptions options;
  options.setTileSizes(sizes);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> result =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, result->replacements);
  return SmallVector<Operation *>(result->tiledOps.begin(),
                                  result->tiledOps.end());
}

/// Decomposes a pack or unpack with unit outer dims.
static LogicalResult decomposeUnitTile(RewriterBase &rewriter,
                                       Operation *tile) {
  PatternRewriter::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(tile);
  // The patterns' rewriter interface: a PatternRewriter over `rewriter`'s
  // listener.
  struct Rewriter : PatternRewriter {
    Rewriter(MLIRContext *context) : PatternRewriter(context) {}
  } patternRewriter(tile->getContext());
  patternRewriter.setInsertionPoint(tile);
  if (auto pack = dyn_cast<linalg::PackOp>(tile))
    return linalg::DecomposeOuterUnitDimsPackOpPattern(tile->getContext())
        .matchAndRewrite(pack, patternRewriter);
  return linalg::DecomposeOuterUnitDimsUnPackOpPattern(tile->getContext())
      .matchAndRewrite(cast<linalg::UnPackOp>(tile), patternRewriter);
}

/// Returns true if `op` unpacks panels packed ahead of the call
/// (llvm-cpu-hoist-filter-packing) for the one op that reads them in place
/// (readsPackedAhead: a convolution's filter, a matmul's right-hand side).
static bool isReadAsPanels(Operation *op) {
  return isa<linalg::UnPackOp>(op) && op->hasOneUse() &&
         readsPackedAhead(*op->user_begin(), op->getResult(0));
}

namespace {

struct LLVMCPUDecomposeAggregatesPass
    : llvmcpu::impl::LLVMCPUDecomposeAggregatesPassBase<
          LLVMCPUDecomposeAggregatesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<linalg::PackOp, linalg::UnPackOp, linalg::AggregatedOpInterface>(
              op) &&
          llvm::any_of(op->getResultTypes(), llvm::IsaPred<TensorType>) &&
          !(keepPanelUnpacks && isReadAsPanels(op)))
        ops.push_back(op);
    });
    if (ops.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops)
      if (failed(decompose(rewriter, op))) {
        op->emitError("llvm-cpu-decompose-aggregates: cannot decompose '")
            << op->getName() << "'";
        return signalPassFailure();
      }
  }

  LogicalResult decompose(IRRewriter &rewriter, Operation *op) {
    rewriter.setInsertionPoint(op);
    if (auto pack = dyn_cast<linalg::PackOp>(op))
      if (succeeded(linalg::lowerPack(rewriter, pack)))
        return success();
    if (auto unpack = dyn_cast<linalg::UnPackOp>(op))
      if (succeeded(linalg::lowerUnPack(rewriter, unpack)))
        return success();
    if (isa<linalg::PackOp, linalg::UnPackOp>(op)) {
      // A dynamic inner tile: one tile at a time.
      FailureOr<SmallVector<Operation *>> tiles =
          tileToUnitOuterDims(rewriter, cast<TilingInterface>(op));
      if (failed(tiles))
        return failure();
      for (Operation *tile : *tiles)
        if (failed(decomposeUnitTile(rewriter, tile)))
          return failure();
      return success();
    }
    FailureOr<SmallVector<Value>> results =
        cast<linalg::AggregatedOpInterface>(op).decomposeOperation(rewriter);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }
};

} // namespace
