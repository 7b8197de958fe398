//===- ScopeUtils.cpp - Helpers for scope transformations -------*- C++ -*-===//
//
// This file implements the helpers shared by the structural scope passes:
// rebuilding a scope op as util.scope, inlining a scope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace scopeir::util;

//===----------------------------------------------------------------------===//
// Rewriting scopes
//===----------------------------------------------------------------------===//

SmallVector<Value> scopeir::util::getCapturableValues(ScopeOpInterface scope) {
  SmallVector<Value> values = getImplicitCaptures(scope);
  llvm::erase_if(values,
                 [](Value value) { return matchPattern(value, m_Constant()); });
  return values;
}

ScopeOp scopeir::util::replaceWithScopeOp(RewriterBase &rewriter,
                                          ScopeOpInterface scope,
                                          const ScopeOpOperands &operands) {
  Operation *op = scope;
  SmallVector<Attribute> scopeAttrs;
  for (ScopeAttrInterface attr : scope.getScopeAttributes())
    scopeAttrs.push_back(attr);

  rewriter.setInsertionPoint(op);
  auto newOp = ScopeOp::create(rewriter, op->getLoc(), op->getResultTypes(),
                               operands.resultDims, operands.captures,
                               operands.captureDims, operands.ties, scopeAttrs);
  Block *newEntry = &newOp.getBody().front();

  llvm::SmallDenseMap<Value, Value> captureToArg;
  for (auto [capture, arg] :
       llvm::zip_equal(operands.captures, newEntry->getArguments()))
    captureToArg[capture] = arg;
  SmallVector<Value> oldArgValues;
  for (Value capture : scope.getExplicitCaptures()) {
    Value arg = captureToArg.lookup(capture);
    assert(arg && "explicit captures must stay explicit");
    oldArgValues.push_back(arg);
  }

  // Implicit uses of the new captures become uses of their arguments.
  Region &oldBody = scope.getScopeBody();
  oldBody.walk([&](Operation *inner) {
    for (OpOperand &operand : inner->getOpOperands())
      if (Value arg = captureToArg.lookup(operand.get()))
        rewriter.modifyOpInPlace(inner, [&] { operand.set(arg); });
  });

  Block *oldEntry = &oldBody.front();
  rewriter.inlineRegionBefore(oldBody, newOp.getBody(), newOp.getBody().end());
  rewriter.mergeBlocks(oldEntry, newEntry, oldArgValues);
  newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
  rewriter.replaceOp(op, newOp->getResults());
  return newOp;
}

void scopeir::util::replaceScopeExits(
    RewriterBase &rewriter, Region &body,
    function_ref<void(OpBuilder &, Location, ValueRange)> build) {
  OpBuilder::InsertionGuard guard(rewriter);
  for (Block &block : body) {
    if (block.empty() || !isScopeExit(&block.back()))
      continue;
    Operation *exit = &block.back();
    rewriter.setInsertionPoint(exit);
    build(rewriter, exit->getLoc(), exit->getOperands());
    rewriter.eraseOp(exit);
  }
}

/// Returns true if blocks may be added to the region holding `op`: a CFG
/// region whose op is known to accept several blocks.
static bool canSplitParentRegion(Operation *op) {
  Region *region = op->getParentRegion();
  Operation *parent = region->getParentOp();
  if (!parent || !mayHaveSSADominance(*region))
    return false;
  // A region already holding several blocks evidently accepts them; for a
  // single-block region only trust ops whose regions are CFGs by definition
  // (region constraints such as SizedRegion<1> are not queryable).
  if (!region->hasOneBlock())
    return true;
  return isa<FunctionOpInterface, ScopeOpInterface, scf::ExecuteRegionOp>(
      parent);
}

LogicalResult scopeir::util::inlineScope(RewriterBase &rewriter,
                                         ScopeOpInterface scope) {
  Operation *op = scope;
  Region &body = scope.getScopeBody();
  SmallVector<Value> captures(scope.getExplicitCaptures());
  Block *entry = &body.front();
  if (entry->getNumArguments() != captures.size())
    return op->emitOpError("cannot inline a scope whose entry block has ")
           << entry->getNumArguments() << " arguments for " << captures.size()
           << " explicit captures";

  // A single block that returns: splice its ops in place.
  if (body.hasOneBlock() && !entry->empty() && isScopeExit(&entry->back())) {
    Operation *terminator = &entry->back();
    // A returned entry block argument is its capture: the block and its
    // arguments are gone once inlined.
    SmallVector<Value> results;
    for (Value value : terminator->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(value);
      results.push_back(arg && arg.getOwner() == entry
                            ? captures[arg.getArgNumber()]
                            : value);
    }
    rewriter.eraseOp(terminator);
    rewriter.inlineBlockBefore(entry, op, captures);
    rewriter.replaceOp(op, results);
    return success();
  }

  if (canSplitParentRegion(op)) {
    // Split the parent block after the scope; the body's blocks go in
    // between and its returns branch to the continuation with the results.
    Block *parentBlock = op->getBlock();
    Block *continuation =
        rewriter.splitBlock(parentBlock, std::next(op->getIterator()));
    SmallVector<Location> locs(op->getNumResults(), op->getLoc());
    SmallVector<Value> results(
        continuation->addArguments(op->getResultTypes(), locs));
    replaceScopeExits(rewriter, body,
                      [&](OpBuilder &builder, Location loc, ValueRange values) {
                        cf::BranchOp::create(builder, loc, continuation,
                                             values);
                      });
    rewriter.inlineRegionBefore(body, continuation);
    rewriter.replaceAllOpUsesWith(op, results);
    rewriter.eraseOp(op);
    rewriter.mergeBlocks(entry, parentBlock, captures);
    return success();
  }

  // The parent region takes one block: keep the CFG in an scf.execute_region.
  rewriter.setInsertionPoint(op);
  auto executeRegion = scf::ExecuteRegionOp::create(rewriter, op->getLoc(),
                                                    op->getResultTypes());
  Region &newBody = executeRegion.getRegion();
  rewriter.inlineRegionBefore(body, newBody, newBody.end());
  for (auto [arg, capture] : llvm::zip_equal(entry->getArguments(), captures))
    rewriter.replaceAllUsesWith(arg, capture);
  entry->eraseArguments(0, entry->getNumArguments());
  replaceScopeExits(rewriter, newBody,
                    [](OpBuilder &builder, Location loc, ValueRange values) {
                      scf::YieldOp::create(builder, loc, values);
                    });
  rewriter.replaceOp(op, executeRegion->getResults());
  return success();
}
