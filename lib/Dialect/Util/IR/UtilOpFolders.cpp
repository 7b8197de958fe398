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
// away. A scope whose attributes fix its signature (an extern kernel's
// arguments and results) keeps every capture and result: the patterns that
// drop, merge or inline them leave it alone, while type refinement through
// `tensor.cast` still applies.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
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

/// Returns true if the captures and results of `op` are an interface to keep
/// (a scope attribute fixes its signature: an extern kernel's arguments).
static bool hasFixedSignature(ClosureOpInterface op) {
  auto scope = dyn_cast<ScopeOpInterface>(op.getOperation());
  return scope && scope.hasFixedSignature();
}

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

/// A closure pattern that drops closure operands and results: the derived
/// pattern's `collectExcluded` picks them (replacing the uses of what goes
/// in the body as it does), and the op is replaced by a copy without them.
/// Never applies to a scope with a fixed signature.
template <typename Derived>
struct ExcludingClosurePattern : public ClosurePattern<Derived> {
  using ClosurePattern<Derived>::ClosurePattern;

  LogicalResult rewriteClosure(ClosureOpInterface op,
                               PatternRewriter &rewriter) const {
    if (hasFixedSignature(op))
      return failure();
    SmallVector<unsigned> operands, results;
    static_cast<const Derived *>(this)->collectExcluded(op, rewriter, operands,
                                                        results);
    if (operands.empty() && results.empty())
      return failure();
    replaceExcluding(op, operands, results, rewriter);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Closure operand patterns
//===----------------------------------------------------------------------===//

/// Uses a captured constant implicitly instead of through the capture:
///   (%c as %a: i32) { use(%a) }  ->  { use(%c) }
/// The constant is not cloned into the body: the greedy rewriter hoists
/// constants to the nearest isolated region, so sinking it never converges.
/// A tied capture stays (its result is the in-place update of it), and so do
/// the captures of a scope with a fixed signature (a kernel argument).
struct InlineConstantCaptures
    : public ExcludingClosurePattern<InlineConstantCaptures> {
  using ExcludingClosurePattern::ExcludingClosurePattern;

  void collectExcluded(ClosureOpInterface op, PatternRewriter &rewriter,
                       SmallVectorImpl<unsigned> &excluded,
                       SmallVectorImpl<unsigned> &) const {
    // In an isolated body the constant must live inside; the folder keeps it
    // there, so cloning it in does converge.
    bool isolated = op->hasTrait<OpTrait::IsIsolatedFromAbove>();
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
  }
};

/// Drops a capture whose block argument is unused, unless a result is tied
/// to it (the tie names the storage the result reuses; it goes away with the
/// result when that is unused). Not on a scope with a fixed signature.
struct DropUnusedCaptures : public ExcludingClosurePattern<DropUnusedCaptures> {
  using ExcludingClosurePattern::ExcludingClosurePattern;

  void collectExcluded(ClosureOpInterface op, PatternRewriter &,
                       SmallVectorImpl<unsigned> &excluded,
                       SmallVectorImpl<unsigned> &) const {
    for (unsigned i = 0, e = op.getClosureOperands().size(); i < e; ++i)
      if (op.getClosureBodyArgument(i).use_empty() &&
          !isClosureOperandTied(op, i))
        excluded.push_back(i);
  }
};

/// Merges captures of the same value (CSE or folding can make two captures
/// equal): the block arguments of the later ones are replaced by the kept
/// one's. The kept capture is the first tied one, else the first; a result
/// tied to a dropped capture is untied and carries that capture's dims.
struct MergeDuplicateCaptures
    : public ExcludingClosurePattern<MergeDuplicateCaptures> {
  using ExcludingClosurePattern::ExcludingClosurePattern;

  void collectExcluded(ClosureOpInterface op, PatternRewriter &rewriter,
                       SmallVectorImpl<unsigned> &excluded,
                       SmallVectorImpl<unsigned> &) const {
    OperandRange captures = op.getClosureOperands();
    llvm::SmallDenseMap<Value, unsigned> kept;
    for (auto [i, capture] : llvm::enumerate(captures)) {
      auto [it, inserted] = kept.try_emplace(capture, i);
      if (!inserted && !isClosureOperandTied(op, it->second) &&
          isClosureOperandTied(op, i))
        it->second = i;
    }
    for (auto [i, capture] : llvm::enumerate(captures)) {
      unsigned keep = kept.lookup(capture);
      if (keep == i)
        continue;
      rewriter.replaceAllUsesWith(op.getClosureBodyArgument(i),
                                  op.getClosureBodyArgument(keep));
      excluded.push_back(i);
    }
  }
};

//===----------------------------------------------------------------------===//
// Closure result patterns
//===----------------------------------------------------------------------===//

/// Drops results without uses (with their dims and ties), except on a scope
/// with a fixed signature (a kernel writes every one of its outputs).
struct DropUnusedResults : public ExcludingClosurePattern<DropUnusedResults> {
  using ExcludingClosurePattern::ExcludingClosurePattern;

  void collectExcluded(ClosureOpInterface op, PatternRewriter &,
                       SmallVectorImpl<unsigned> &,
                       SmallVectorImpl<unsigned> &excluded) const {
    for (OpResult result : op.getClosureResults())
      if (result.use_empty())
        excluded.push_back(result.getResultNumber());
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
// Type refinement through tensor.cast
//===----------------------------------------------------------------------===//

/// Returns true if `refined` says at least as much about the shape as `type`
/// and differs from it: ranked tensors of one rank, element type and
/// encoding, where every static size of `type` stays.
static bool isRefinedTensorType(Type type, Type refined) {
  return type != refined && tensor::preservesStaticInformation(type, refined);
}

/// Returns the dims of a value of type `type` (one per dynamic dimension)
/// that a value of the refined type `refined` still needs: those of the
/// dimensions that stay dynamic.
static SmallVector<Value> keepDynamicDims(Type type, Type refined,
                                          ValueRange dims) {
  auto shaped = cast<ShapedType>(type);
  auto refinedShaped = cast<ShapedType>(refined);
  SmallVector<Value> kept;
  unsigned next = 0;
  for (int64_t i = 0, e = shaped.getRank(); i < e; ++i) {
    if (!shaped.isDynamicDim(i))
      continue;
    if (next < dims.size() && refinedShaped.isDynamicDim(i))
      kept.push_back(dims[next]);
    ++next;
  }
  return kept;
}

/// Gives `result` of `op` the refined type `refined`: the body's exits cast
/// what they return to it, and the uses outside go through a cast back to
/// the old type (which folds away where a use was a cast to `refined`).
static void refineResultType(ClosureOpInterface op, OpResult result,
                             Type refined, PatternRewriter &rewriter) {
  Type old = result.getType();
  SmallVector<Operation *> returns;
  op.getClosureReturns(returns);
  for (Operation *ret : returns) {
    OpOperand &operand = ret->getOpOperand(result.getResultNumber());
    rewriter.setInsertionPoint(ret);
    Value cast = tensor::CastOp::create(rewriter, operand.get().getLoc(),
                                        refined, operand.get());
    rewriter.modifyOpInPlace(ret, [&] { operand.set(cast); });
  }
  rewriter.modifyOpInPlace(op, [&] { result.setType(refined); });
  rewriter.setInsertionPointAfter(op);
  auto back = tensor::CastOp::create(rewriter, result.getLoc(), old, result);
  rewriter.replaceAllUsesExcept(result, back, back);
}

/// Folds a cast to a less static type into the capture it feeds:
///   %d = tensor.cast %s : tensor<4x16xf32> to tensor<?x16xf32>
///   util.scope (%d as %a: tensor<?x16xf32>{%n}) { use(%a) }
/// becomes
///   util.scope (%s as %a: tensor<4x16xf32>) {
///     %c = tensor.cast %a : tensor<4x16xf32> to tensor<?x16xf32>
///     use(%c) }
/// so that the body (through upstream's cast folding into its ops) and
/// everything outlined from the scope see the static shape. The capture's
/// dims shrink to the dimensions that stay dynamic; a result tied to the
/// capture takes the refined type too (its exits cast to it, its uses
/// outside cast back).
struct FoldCastIntoCaptures
    : public OpInterfaceRewritePattern<ClosureOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(ClosureOpInterface op,
                                PatternRewriter &rewriter) const override {
    OperandRange captures = op.getClosureOperands();
    // Per capture, the more static value it can take instead (or null).
    SmallVector<Value> refined(captures.size());
    bool any = false;
    for (auto [i, capture] : llvm::enumerate(captures)) {
      auto castOp = capture.getDefiningOp<tensor::CastOp>();
      if (castOp && isRefinedTensorType(capture.getType(),
                                        castOp.getSource().getType())) {
        refined[i] = castOp.getSource();
        any = true;
      }
    }
    if (!any)
      return failure();

    // The new operand dims, read while the operands have their old types.
    unsigned firstCapture = captures.getBeginOperandIndex();
    auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op.getOperation());
    SmallVector<Value> operandDims;
    if (shapeAware) {
      for (unsigned k = 0, e = op->getNumOperands(); k < e; ++k) {
        ValueRange dims = shapeAware.getOperandDynamicDims(k);
        Value source = k >= firstCapture && k - firstCapture < refined.size()
                           ? refined[k - firstCapture]
                           : Value();
        if (!source)
          llvm::append_range(operandDims, dims);
        else
          llvm::append_range(operandDims,
                             keepDynamicDims(op->getOperand(k).getType(),
                                             source.getType(), dims));
      }
    }

    auto tiedOp = dyn_cast<TiedOpInterface>(op.getOperation());
    Block &entry = op.getClosureBodyRegion().front();
    rewriter.modifyOpInPlace(op, [&] {
      MutableOperandRange mutableCaptures = op.getClosureOperandsMutable();
      for (auto [i, source] : llvm::enumerate(refined))
        if (source)
          mutableCaptures[i].set(source);
      if (shapeAware)
        shapeAware.setAllOperandDynamicDims(operandDims);
    });
    for (auto [i, source] : llvm::enumerate(refined)) {
      if (!source)
        continue;
      BlockArgument arg = entry.getArgument(i);
      Type old = arg.getType();
      Type refinedType = source.getType();
      rewriter.modifyOpInPlace(op, [&] { arg.setType(refinedType); });
      if (!arg.use_empty()) {
        rewriter.setInsertionPointToStart(&entry);
        auto cast = tensor::CastOp::create(rewriter, arg.getLoc(), old, arg);
        rewriter.replaceAllUsesExcept(arg, cast, cast);
      }
      if (Value tied = tiedOp ? tiedOp.getTiedOperandResult(i) : Value())
        refineResultType(op, cast<OpResult>(tied), source.getType(), rewriter);
    }
    return success();
  }
};

/// Refines the type of an untied result that a cast in the scope's block
/// makes more static:
///   %r = util.scope ... -> (tensor<?x32xf32>{%n}) { util.return %v }
///   %s = tensor.cast %r : tensor<?x32xf32> to tensor<4x32xf32>
/// becomes
///   %r = util.scope ... -> (tensor<4x32xf32>) {
///     %c = tensor.cast %v : tensor<?x32xf32> to tensor<4x32xf32>
///     util.return %c }
/// with other uses of the result going through a cast back. The cast
/// asserts the shape after the scope in the same block, so asserting it at
/// the scope's exits changes nothing. The result's dims shrink to the
/// dimensions that stay dynamic. Tied results keep their capture's type.
struct FoldResultCastIntoClosure
    : public OpInterfaceRewritePattern<ClosureOpInterface> {
  using OpInterfaceRewritePattern::OpInterfaceRewritePattern;

  LogicalResult matchAndRewrite(ClosureOpInterface op,
                                PatternRewriter &rewriter) const override {
    auto tiedOp = dyn_cast<TiedOpInterface>(op.getOperation());
    // Per result, the type of its first refining cast in block order (or
    // null).
    SmallVector<Type> refined(op->getNumResults());
    bool any = false;
    for (OpResult result : op.getClosureResults()) {
      if (tiedOp && tiedOp.isResultTied(result.getResultNumber()))
        continue;
      tensor::CastOp first;
      for (Operation *user : result.getUsers()) {
        auto castOp = dyn_cast<tensor::CastOp>(user);
        if (!castOp || castOp->getBlock() != op->getBlock() ||
            !isRefinedTensorType(result.getType(), castOp.getType()))
          continue;
        if (!first || castOp->isBeforeInBlock(first))
          first = castOp;
      }
      if (first) {
        refined[result.getResultNumber()] = first.getType();
        any = true;
      }
    }
    if (!any)
      return failure();

    auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op.getOperation());
    if (shapeAware) {
      // Untied results carry their own dims, in result order.
      SmallVector<Value> resultDims;
      for (OpResult result : op->getResults()) {
        unsigned index = result.getResultNumber();
        if (tiedOp && tiedOp.isResultTied(index))
          continue;
        ValueRange dims = shapeAware.getResultDynamicDims(index);
        if (!refined[index])
          llvm::append_range(resultDims, dims);
        else
          llvm::append_range(resultDims, keepDynamicDims(result.getType(),
                                                         refined[index], dims));
      }
      rewriter.modifyOpInPlace(
          op, [&] { shapeAware.setAllResultDynamicDims(resultDims); });
    }
    for (auto [index, type] : llvm::enumerate(refined))
      if (type)
        refineResultType(op, op->getResult(index), type, rewriter);
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
  // Registered once, here, for every closure and shape-aware op.
  results.add<FoldCastIntoCaptures, FoldResultCastIntoClosure,
              FoldDimOfShapeAwareValue>(context);
}
