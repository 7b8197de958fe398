//===- FlowOpFolders.cpp - flow canonicalization patterns -------*- C++ -*-===//
//
// This file implements the canonicalization patterns of the flow dialect's
// ops. Like scope ops, dispatch regions get none of upstream's generic
// RegionBranchOpInterface patterns: those do not know about result dims.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

namespace {

/// Drops the results of a dispatch region that have no uses, with their
/// dims and the matching flow.return operands. A region left with no results
/// whose body has no side effects is erased.
struct DropUnusedDispatchRegionResults
    : public OpRewritePattern<DispatchRegionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DispatchRegionOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<unsigned> kept;
    for (OpResult result : op->getResults())
      if (!result.use_empty())
        kept.push_back(result.getResultNumber());
    if (kept.size() == op.getNumResults()) {
      if (op.getNumResults() != 0 || !isBodyEffectFree(op))
        return failure();
      rewriter.eraseOp(op);
      return success();
    }

    auto terminator = cast<ReturnOp>(op.getBodyBlock().getTerminator());
    SmallVector<Type> types;
    SmallVector<Value> dims, returned;
    for (unsigned i : kept) {
      types.push_back(op.getResult(i).getType());
      llvm::append_range(dims, op.getResultDynamicDims(i));
      returned.push_back(terminator.getOperand(i));
    }
    auto newOp =
        DispatchRegionOp::create(rewriter, op.getLoc(), types, dims,
                                 op.getPlacementAttr(), op.getScopePathAttr());
    newOp.setStraddledPathsAttr(op.getStraddledPathsAttr());
    newOp.setScopeAttrsAttr(op.getScopeAttrsAttr());
    // Keep discardable attributes (inherent ones went through the builder).
    for (NamedAttribute attr : op->getDiscardableAttrs())
      newOp->setDiscardableAttr(attr.getName(), attr.getValue());
    rewriter.eraseBlock(&newOp.getBodyBlock());
    rewriter.inlineRegionBefore(op.getBody(), newOp.getBody(),
                                newOp.getBody().end());
    rewriter.setInsertionPoint(terminator);
    rewriter.replaceOpWithNewOp<ReturnOp>(terminator, returned);

    SmallVector<Value> replacements(op.getNumResults());
    for (auto [newIndex, oldIndex] : llvm::enumerate(kept))
      replacements[oldIndex] = newOp.getResult(newIndex);
    rewriter.replaceOp(op, replacements);
    return success();
  }

private:
  static bool isBodyEffectFree(DispatchRegionOp op) {
    for (Operation &nested : op.getBodyBlock().without_terminator())
      if (!isMemoryEffectFree(&nested))
        return false;
    return true;
  }
};

} // namespace

void DispatchRegionOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                   MLIRContext *context) {
  results.add<DropUnusedDispatchRegionResults>(context);
}
