//===- UtilOpFolders.cpp - util folders and canonicalization ----*- C++ -*-===//
//
// This file implements folders and canonicalization patterns of the util
// dialect's ops. Scope ops deliberately get none of upstream's generic
// RegionBranchOpInterface canonicalization patterns: those rewrite operands
// without knowing about operand segments, dims and ties.
//
// The closure patterns are written against ClosureOpInterface (plus
// TiedOpInterface and ShapeAwareOpInterface where the op has them), so every
// op implementing it gets the same closure optimization by registering them
// for itself (populateClosureCanonicalizationPatterns). None of them inlines
// a body that still computes something: only a body that merely returns
// values, or one whose results are unused and that has no side effects, goes
// away.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace scopeir::util;

//===----------------------------------------------------------------------===//
// Closure helpers
//===----------------------------------------------------------------------===//

/// Returns true if closure operand `index` of `op` has a result tied to it.
static bool isClosureOperandTied(ClosureOpInterface op, unsigned index) {
  auto tiedOp = dyn_cast<TiedOpInterface>(op.getOperation());
  return tiedOp && tiedOp.getTiedOperandResult(index);
}

/// Returns the value every exiting terminator of `op` returns for result
/// `index`, or null if they differ or nothing exits.
static Value getUniqueReturnedValue(ArrayRef<Operation *> returns,
                                    unsigned index) {
  Value unique;
  for (Operation *ret : returns) {
    Value value = ret->getOperand(index);
    if (unique && unique != value)
      return {};
    unique = value;
  }
  return unique;
}

/// Maps `value`, used inside the body of `op`, to the value it stands for
/// outside: an entry block argument becomes its capture, a value defined
/// above stays itself. Returns null for values defined inside the body.
static Value mapOutOfClosure(ClosureOpInterface op, Value value) {
  Region &body = op.getClosureBodyRegion();
  if (auto arg = dyn_cast<BlockArgument>(value);
      arg && arg.getOwner() == &body.front())
    return op.getClosureOperands()[arg.getArgNumber()];
  if (body.isAncestor(value.getParentRegion()))
    return {};
  return value;
}

/// Replaces `op` by a copy without the given closure operands and results;
/// uses of the kept results move to the copy.
static void replaceExcluding(ClosureOpInterface op,
                             ArrayRef<unsigned> excludedOperands,
                             ArrayRef<unsigned> excludedResults,
                             PatternRewriter &rewriter) {
  ClosureOpInterface newOp = op.cloneReplacementExcludingOperandsAndResults(
      excludedOperands, excludedResults, rewriter);
  SmallVector<Value> replacements(op->getNumResults());
  auto newResults = newOp->getResults().begin();
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i)
    if (!llvm::is_contained(excludedResults, i))
      replacements[i] = *newResults++;
  rewriter.replaceOp(op, replacements);
}

/// Returns true if running `op` has no effect besides producing its results.
/// Scope ops declare no effects of their own (so that CSE and LICM leave them
/// alone), which upstream's isMemoryEffectFree reads as "unknown", also for
/// any op with recursive effects that contains one (an scf.for holding a
/// scope). Look through both.
static bool isFreeOfSideEffects(Operation *op) {
  bool isScope = isa<ClosureOpInterface, ScopeOpInterface>(op);
  if (!isScope && !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
    return isMemoryEffectFree(op);
  if (auto effects = dyn_cast<MemoryEffectOpInterface>(op);
      effects && !effects.hasNoEffect())
    return false;
  for (Region &region : op->getRegions())
    for (Operation &nested : region.getOps())
      if (!isFreeOfSideEffects(&nested))
        return false;
  return true;
}

namespace {

/// A closure pattern rooted on the op name it is registered for, so that
/// every closure op registers the patterns for itself alone
/// (populateClosureCanonicalizationPatterns).
template <typename Derived>
struct ClosurePattern : public RewritePattern {
  ClosurePattern(StringRef rootName, MLIRContext *context)
      : RewritePattern(rootName, /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const final {
    auto closure = dyn_cast<ClosureOpInterface>(op);
    if (!closure)
      return failure();
    return static_cast<const Derived *>(this)->rewriteClosure(closure,
                                                              rewriter);
  }
};

//===----------------------------------------------------------------------===//
// Closure operand patterns
//===----------------------------------------------------------------------===//

/// Uses a captured constant implicitly instead of through the capture:
///   (%c as %a: i32) { use(%a) }  ->  { use(%c) }
/// The constant is not cloned into the body: the greedy rewriter hoists
/// constants to the nearest isolated region, so sinking it never converges.
/// A tied capture stays (its result is the in-place update of it).
struct InlineConstantCaptures : public ClosurePattern<InlineConstantCaptures> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    // In an isolated body the constant must live inside; the folder keeps it
    // there, so cloning it in does converge.
    bool isolated = op->hasTrait<OpTrait::IsIsolatedFromAbove>();
    SmallVector<unsigned> excluded;
    for (auto [i, capture] : llvm::enumerate(op.getClosureOperands())) {
      if (isClosureOperandTied(op, i) || !matchPattern(capture, m_Constant()))
        continue;
      BlockArgument arg = op.getClosureBodyArgument(i);
      Value replacement = capture;
      if (isolated && !arg.use_empty()) {
        OpBuilder::InsertionGuard guard(rewriter);
        rewriter.setInsertionPointToStart(arg.getOwner());
        replacement =
            rewriter.clone(*capture.getDefiningOp())
                ->getResult(cast<OpResult>(capture).getResultNumber());
      }
      rewriter.replaceAllUsesWith(arg, replacement);
      excluded.push_back(i);
    }
    if (excluded.empty())
      return failure();
    replaceExcluding(op, excluded, {}, rewriter);
    return success();
  }
};

/// Drops a capture whose block argument is unused, unless a result is tied
/// to it (the tie names the storage the result reuses; it goes away with the
/// result when that is unused).
struct DropUnusedCaptures : public ClosurePattern<DropUnusedCaptures> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    SmallVector<unsigned> excluded;
    for (unsigned i = 0, e = op.getClosureOperands().size(); i < e; ++i)
      if (op.getClosureBodyArgument(i).use_empty() &&
          !isClosureOperandTied(op, i))
        excluded.push_back(i);
    if (excluded.empty())
      return failure();
    replaceExcluding(op, excluded, {}, rewriter);
    return success();
  }
};

/// Merges captures of the same value (CSE or folding can make two captures
/// equal): the block arguments of the later ones are replaced by the kept
/// one's. The kept capture is the first tied one, else the first; a result
/// tied to a dropped capture is untied and carries that capture's dims.
struct MergeDuplicateCaptures : public ClosurePattern<MergeDuplicateCaptures> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    OperandRange captures = op.getClosureOperands();
    llvm::SmallDenseMap<Value, unsigned> kept;
    for (auto [i, capture] : llvm::enumerate(captures)) {
      auto [it, inserted] = kept.try_emplace(capture, i);
      if (!inserted && !isClosureOperandTied(op, it->second) &&
          isClosureOperandTied(op, i))
        it->second = i;
    }
    if (kept.size() == captures.size())
      return failure();
    SmallVector<unsigned> excluded;
    for (auto [i, capture] : llvm::enumerate(captures)) {
      unsigned keep = kept.lookup(capture);
      if (keep == i)
        continue;
      rewriter.replaceAllUsesWith(op.getClosureBodyArgument(i),
                                  op.getClosureBodyArgument(keep));
      excluded.push_back(i);
    }
    replaceExcluding(op, excluded, {}, rewriter);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Closure result patterns
//===----------------------------------------------------------------------===//

/// Drops results without uses (with their dims and ties).
struct DropUnusedResults : public ClosurePattern<DropUnusedResults> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    SmallVector<unsigned> excluded;
    for (OpResult result : op.getClosureResults())
      if (result.use_empty())
        excluded.push_back(result.getResultNumber());
    if (excluded.empty())
      return failure();
    replaceExcluding(op, {}, excluded, rewriter);
    return success();
  }
};

/// Replaces a result that always returns a value from outside the body (a
/// value defined above, or a capture's block argument) by that value; the
/// result is then unused and DropUnusedResults removes it.
struct ForwardPassThroughResults : public ClosurePattern<ForwardPassThroughResults> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    SmallVector<Operation *> returns;
    op.getClosureReturns(returns);
    bool changed = false;
    for (OpResult result : op.getClosureResults()) {
      if (result.use_empty())
        continue;
      Value returned =
          getUniqueReturnedValue(returns, result.getResultNumber());
      if (!returned)
        continue;
      Value outside = mapOutOfClosure(op, returned);
      if (!outside || outside.getType() != result.getType())
        continue;
      rewriter.replaceAllUsesWith(result, outside);
      changed = true;
    }
    return success(changed);
  }
};

/// Two results for which every exiting terminator returns the same value
/// are the same value: uses of the later one move to the earlier one.
struct MergeDuplicateResults : public ClosurePattern<MergeDuplicateResults> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    SmallVector<Operation *> returns;
    op.getClosureReturns(returns);
    if (returns.empty())
      return failure();
    bool changed = false;
    unsigned numResults = op->getNumResults();
    for (unsigned j = 1; j < numResults; ++j) {
      Value later = op->getResult(j);
      if (later.use_empty())
        continue;
      for (unsigned i = 0; i < j; ++i) {
        bool same = llvm::all_of(returns, [&](Operation *ret) {
          return ret->getOperand(i) == ret->getOperand(j);
        });
        if (!same)
          continue;
        rewriter.replaceAllUsesWith(later, op->getResult(i));
        changed = true;
        break;
      }
    }
    return success(changed);
  }
};

//===----------------------------------------------------------------------===//
// Whole-closure patterns
//===----------------------------------------------------------------------===//

/// A body that holds nothing but its terminator has nothing to say: the
/// results become the returned values (block arguments mapped to their
/// captures) and the op goes away, whatever its attributes.
struct FoldReturnOnlyClosure : public ClosurePattern<FoldReturnOnlyClosure> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    Region &body = op.getClosureBodyRegion();
    if (!body.hasOneBlock() || !llvm::hasSingleElement(body.front()))
      return failure();
    SmallVector<Operation *> returns;
    op.getClosureReturns(returns);
    if (returns.size() != 1 || returns.front() != &body.front().back())
      return failure();
    SmallVector<Value> replacements;
    for (Value returned : returns.front()->getOperands()) {
      Value outside = mapOutOfClosure(op, returned);
      if (!outside)
        return failure();
      replacements.push_back(outside);
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// Erases a closure whose results are all unused and whose body has no side
/// effects.
struct EraseDeadClosure : public ClosurePattern<EraseDeadClosure> {
  using ClosurePattern::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    if (!op->use_empty() || !isFreeOfSideEffects(op))
      return failure();
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Dims
//===----------------------------------------------------------------------===//

/// Folds `tensor.dim`/`memref.dim` (any ShapedDimOpInterface op) with a
/// constant index of a dynamic dimension to the dim value a shape-aware op
/// carries for it:
/// - a result of a ShapeAwareOpInterface op: its result dims (a tied result
///   has its capture's dims);
/// - an entry block argument of a shape-aware closure that is not isolated
///   from above: the dims of the capture it stands for.
struct FoldDimOfShapeAwareValue
    : public OpInterfaceRewritePattern<ShapedDimOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(ShapedDimOpInterface dimOp,
                                PatternRewriter &rewriter) const override {
    Value source = dimOp.getShapedValue();
    auto shapedType = dyn_cast<ShapedType>(source.getType());
    std::optional<int64_t> index = getConstantIntValue(dimOp.getDimension());
    if (!shapedType || !shapedType.hasRank() || !index || *index < 0 ||
        *index >= shapedType.getRank() || !shapedType.isDynamicDim(*index))
      return failure();
    unsigned dynamicIndex = shapedType.getDynamicDimIndex(*index);

    ValueRange dims;
    if (auto result = dyn_cast<OpResult>(source)) {
      auto shapeAware = dyn_cast<ShapeAwareOpInterface>(result.getOwner());
      if (!shapeAware)
        return failure();
      dims = shapeAware.getResultDynamicDims(result.getResultNumber());
    } else {
      auto arg = cast<BlockArgument>(source);
      Block *block = arg.getOwner();
      Operation *parent = block->getParentOp();
      auto closure = dyn_cast_or_null<ClosureOpInterface>(parent);
      auto shapeAware = dyn_cast_or_null<ShapeAwareOpInterface>(parent);
      if (!closure || !shapeAware || !block->isEntryBlock() ||
          &closure.getClosureBodyRegion() != block->getParent() ||
          parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
        return failure();
      OperandRange captures = closure.getClosureOperands();
      if (arg.getArgNumber() >= captures.size())
        return failure();
      dims = shapeAware.getOperandDynamicDims(captures.getBeginOperandIndex() +
                                              arg.getArgNumber());
    }
    if (dynamicIndex >= dims.size())
      return failure();
    Value dim = dims[dynamicIndex];
    if (dim.getType() != dimOp->getResult(0).getType())
      return failure();
    rewriter.replaceOp(dimOp, dim);
    return success();
  }
};

} // namespace

//===----------------------------------------------------------------------===//
// ScopeOp
//===----------------------------------------------------------------------===//

void scopeir::util::populateClosureCanonicalizationPatterns(
    RewritePatternSet &patterns, StringRef rootName) {
  MLIRContext *context = patterns.getContext();
  patterns.add<InlineConstantCaptures, DropUnusedCaptures,
               MergeDuplicateCaptures, DropUnusedResults,
               ForwardPassThroughResults, MergeDuplicateResults,
               FoldReturnOnlyClosure, EraseDeadClosure>(rootName, context);
}

void ScopeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  populateClosureCanonicalizationPatterns(results, getOperationName());
  // Registered once, here, for every shape-aware op.
  results.add<FoldDimOfShapeAwareValue>(context);
}
