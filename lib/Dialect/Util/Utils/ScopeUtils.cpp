//===- ScopeUtils.cpp - Helpers for scope transformations -------*- C++ -*-===//
//
// This file implements the helpers shared by the structural scope passes:
// rebuilding a scope op as util.scope, inlining a scope, inducing ties.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

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

Value scopeir::util::getInPlaceSource(Operation *scope, Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (!dps || !scope->isAncestor(dps))
      break;
    OpOperand *init = dps.getTiedOpOperand(result);
    if (!init)
      break;
    value = init->get();
  }
  return value;
}

void scopeir::util::appendCapturableValues(ScopeOpInterface scope,
                                           DynamicDimBuilder &dims,
                                           function_ref<bool()> keep,
                                           ScopeOpOperands &operands) {
  for (Value value : getCapturableValues(scope)) {
    if (llvm::is_contained(operands.captures, value) || !keep())
      continue;
    FailureOr<SmallVector<Value>> valueDims = dims.getDynamicDims(value);
    if (failed(valueDims))
      continue;
    operands.captures.push_back(value);
    llvm::append_range(operands.captureDims, *valueDims);
  }
}

LogicalResult scopeir::util::chooseCapturesAndTies(
    ScopeOpInterface scope, DynamicDimBuilder &dims,
    function_ref<bool()> keepCapture, function_ref<bool()> keepTie,
    ScopeOpOperands &operands) {
  appendCapturableValues(scope, dims, keepCapture, operands);
  Operation *exit = scope.getScopeBody().front().getTerminator();
  for (OpResult result : scope->getResults()) {
    // Tie only where the result is certainly the capture updated in place.
    int64_t tie = TiedOpInterface::kUntied;
    Value source =
        getInPlaceSource(scope, exit->getOperand(result.getResultNumber()));
    auto it = llvm::find(operands.captures, source);
    if (it != operands.captures.end() && source.getType() == result.getType() &&
        !llvm::is_contained(operands.ties, it - operands.captures.begin()) &&
        keepTie())
      tie = it - operands.captures.begin();
    operands.ties.push_back(tie);
    if (tie != TiedOpInterface::kUntied)
      continue;
    FailureOr<SmallVector<Value>> resultDims = dims.getDynamicDims(result);
    if (failed(resultDims))
      return failure();
    llvm::append_range(operands.resultDims, *resultDims);
  }
  return success();
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

void scopeir::util::moveOpsIntoScope(RewriterBase &rewriter, Operation *scope,
                                     Block::iterator begin,
                                     Block::iterator end, ValueRange results) {
  assert(scope->getNumRegions() == 1 &&
         scope->getNumResults() == results.size() &&
         "a one-region scope op with a result per returned value");
  OpBuilder::InsertionGuard guard(rewriter);
  Region &region = scope->getRegion(0);
  Block *body =
      region.empty() ? rewriter.createBlock(&region) : &region.front();
  assert(body->empty() && "the scope's body must be empty");
  body->getOperations().splice(body->end(),
                               scope->getBlock()->getOperations(), begin, end);
  rewriter.setInsertionPointToEnd(body);
  ReturnOp::create(rewriter, scope->getLoc(), results);
  for (auto [value, result] : llvm::zip_equal(results, scope->getResults()))
    rewriter.replaceUsesWithIf(value, result, [&](OpOperand &use) {
      return !scope->isAncestor(use.getOwner());
    });
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

//===----------------------------------------------------------------------===//
// Ties
//===----------------------------------------------------------------------===//

/// Follows `value` back through the ops that produce it in place from one of
/// their operands and returns the block argument the chain starts at, or null
/// if some op of the chain computes its result into fresh storage.
static BlockArgument traceInPlaceSource(Value value) {
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *def = result.getOwner();
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(def)) {
      OpOperand *init = dps.getTiedOpOperand(result);
      if (!init)
        return {};
      value = init->get();
      continue;
    }
    if (auto tied = dyn_cast<TiedOpInterface>(def)) {
      value = tied.getTiedResultOperand(result.getResultNumber());
      if (!value)
        return {};
      continue;
    }
    if (auto loop = dyn_cast<LoopLikeOpInterface>(def)) {
      // The loop updates its init in place if every iteration updates its
      // iter_arg in place.
      BlockArgument iterArg = loop.getTiedLoopRegionIterArg(result);
      OpOperand *init = loop.getTiedLoopInit(result);
      OpOperand *yielded =
          iterArg ? loop.getTiedLoopYieldedValue(iterArg) : nullptr;
      if (!init || !yielded || traceInPlaceSource(yielded->get()) != iterArg)
        return {};
      value = init->get();
      continue;
    }
    return {};
  }
  return cast<BlockArgument>(value);
}

/// Returns true if capture `index` of `scope` dies at the scope: it is
/// defined in the scope's block, the scope reads it only through that
/// capture, and its other uses are all in ops before the scope in the block.
/// Defining it in the same block means a scope inside a loop never consumes
/// a value that the next iteration reads again.
static bool diesAtScope(ClosureOpInterface scope, unsigned index) {
  OperandRange captures = scope.getClosureOperands();
  Value capture = captures[index];
  Operation *op = scope;
  Block *block = op->getBlock();
  Block *definingBlock = isa<BlockArgument>(capture)
                             ? cast<BlockArgument>(capture).getOwner()
                             : capture.getDefiningOp()->getBlock();
  if (definingBlock != block)
    return false;
  for (OpOperand &use : capture.getUses()) {
    Operation *user = use.getOwner();
    if (user == op &&
        use.getOperandNumber() == captures.getBeginOperandIndex() + index)
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == op || !ancestor->isBeforeInBlock(op))
      return false;
  }
  return true;
}

/// Returns the entry block argument of `scope` that every value the body
/// returns for result `index` is produced in place from, or null.
static BlockArgument getInPlaceCapture(ClosureOpInterface scope,
                                       ArrayRef<Operation *> returns,
                                       unsigned index) {
  Block *entry = &scope.getClosureBodyRegion().front();
  BlockArgument source;
  for (Operation *ret : returns) {
    BlockArgument arg = traceInPlaceSource(ret->getOperand(index));
    if (!arg || arg.getOwner() != entry || (source && source != arg))
      return {};
    source = arg;
  }
  return source;
}

/// Ties every result of `scope` that qualifies. `scope` is a closure whose
/// ties index its closure operands.
static bool induceTies(ClosureOpInterface scope) {
  Operation *op = scope;
  auto tied = cast<TiedOpInterface>(op);
  OperandRange captures = scope.getClosureOperands();
  SmallVector<Operation *> returns;
  scope.getClosureReturns(returns);
  if (returns.empty())
    return false;

  SmallVector<int64_t> ties = tied.getTiedResultIndices();
  bool changed = false;
  for (OpResult result : op->getResults()) {
    unsigned i = result.getResultNumber();
    // Ties are storage hints: only shaped values have storage to share.
    if (ties[i] != TiedOpInterface::kUntied ||
        !isa<ShapedType>(result.getType()))
      continue;
    BlockArgument arg = getInPlaceCapture(scope, returns, i);
    if (!arg)
      continue;
    unsigned capture = arg.getArgNumber();
    if (llvm::is_contained(ties, capture) ||
        result.getType() != captures[capture].getType() ||
        !diesAtScope(scope, capture))
      continue;
    ties[i] = capture;
    changed = true;
  }
  if (!changed)
    return false;

  // A tied result has its capture's dims: keep only the untied results'.
  if (auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op)) {
    SmallVector<Value> resultDims;
    for (OpResult result : op->getResults())
      if (ties[result.getResultNumber()] == TiedOpInterface::kUntied)
        llvm::append_range(resultDims, shapeAware.getResultDynamicDims(
                                           result.getResultNumber()));
    shapeAware.setAllResultDynamicDims(resultDims);
  }
  tied.setTiedResultIndices(ties);
  return true;
}

/// Returns true if the ties of `op` index its closure operands.
static bool tiesIndexClosureOperands(Operation *op) {
  auto closure = dyn_cast<ClosureOpInterface>(op);
  auto tied = dyn_cast<TiedOpInterface>(op);
  if (!closure || !tied)
    return false;
  OperandRange captures = closure.getClosureOperands();
  OperandRange tiedRange = tied.getTiedOperandsRange();
  // (The begin index of an empty range is not defined.)
  return captures.size() == tiedRange.size() &&
         (captures.empty() ||
          captures.getBeginOperandIndex() == tiedRange.getBeginOperandIndex());
}

bool scopeir::util::induceTiedResults(ClosureOpInterface scope) {
  return tiesIndexClosureOperands(scope) && induceTies(scope);
}
