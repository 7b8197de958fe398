//===- BufferDeallocationOpInterfaceImpl.cpp - util.scope deallocation ----===//
//
// This file implements the BufferDeallocationOpInterface external model of
// util.scope for the ownership-based buffer deallocation pass.
//
// The pass handles a region op with RegionBranchOpInterface by appending one
// `i1` ownership operand per forwarded memref and one `i1` ownership result
// per memref result to the op's operand and result lists. On util.scope that
// generic rewrite would land in the result_dims segment and break
// `operandSegmentSizes` and the `tied_operands` array. This model rebuilds
// the scope through its own builder instead, and takes no ownership of the
// memrefs it captures (their ownership in the body is `false`): their owner
// above the scope deallocates them.
//
// A scope must cost nothing at run time, so the model gives a memref result
// the ownership the returned value would have with the body inlined whenever
// that is known statically, instead of an ownership computed at run time:
//
// - a result that is (a view of) a memref from above the scope, an explicit
//   capture or one used implicitly, has that memref's ownership in the
//   parent block, as a view would, and is not deallocated by itself;
// - a result that is (a view of) an allocation made in the body, which the
//   body would otherwise hand over at run time, is owned (`true`) in the
//   parent block, which deallocates it;
// - a result that is (a view of) a global is not owned (`false`).
//
// Only the other results get an extra untied `i1` result carrying their
// ownership at run time, as upstream's region ops do.
//
// Before the pass processes the scope op itself it has processed the body
// (blocks are visited in post-order): each memref entry block argument got a
// trailing `i1` ownership argument, and each util.return got a trailing `i1`
// ownership operand per memref it yields, the result of the
// `bufferization.dealloc` the pass put before it, which retains the returned
// memrefs. The static cases above are read off that dealloc: a returned value
// keeps ownership when the dealloc frees its allocation under a `true`
// condition, and gets none when every memref the dealloc may free is a
// different allocation made in the body.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Bufferization/BufferizableOpInterfaceImpl.h"

#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace scopeir::util;

namespace {

static bool isMemref(Value value) {
  return isa<BaseMemRefType>(value.getType());
}

/// Returns the memref `value` is a view of: follows view-like ops and the
/// results of nested scopes whose exits all return views of one memref
/// (into their bodies, and out through their captures), and stops at
/// anything else.
static Value getViewOrigin(Value value) {
  while (true) {
    Operation *def = value.getDefiningOp();
    if (auto view = dyn_cast_or_null<ViewLikeOpInterface>(def)) {
      value = view.getViewSource();
      continue;
    }
    auto scope = dyn_cast_or_null<ScopeOp>(def);
    if (!scope)
      return value;
    unsigned index = cast<OpResult>(value).getResultNumber();
    Value origin;
    for (Block &block : scope.getBody()) {
      auto ret = dyn_cast<ReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      Value returned = getViewOrigin(ret.getOperand(index));
      if (origin && returned != origin)
        return value;
      origin = returned;
    }
    if (!origin)
      return value;
    if (auto arg = dyn_cast<BlockArgument>(origin);
        arg && scope->isAncestor(arg.getOwner()->getParentOp())) {
      if (arg.getOwner() != &scope.getEntryBlock())
        return value;
      value = scope.getCaptures()[arg.getArgNumber()];
      continue;
    }
    value = origin;
  }
}

/// Returns true if `value` is the result of an op that allocates it on the
/// heap (not on the stack: an alloca is never deallocated).
static bool isHeapAllocation(Value value) {
  auto result = dyn_cast<OpResult>(value);
  if (!result)
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(result.getOwner());
  if (!effects)
    return false;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffectsOnValue(value, instances);
  return llvm::any_of(instances, [](MemoryEffects::EffectInstance &instance) {
    return isa<MemoryEffects::Allocate>(instance.getEffect()) &&
           !isa<SideEffects::AutomaticAllocationScopeResource>(
               instance.getResource());
  });
}

/// How the ownership of one memref result reaches the parent block.
struct ResultOwnership {
  enum class Kind {
    /// No exit seen yet.
    None,
    /// A view of `origin`, a memref defined above the scope (an explicit or
    /// implicit capture): it has the ownership of `origin` in the parent
    /// block, like any view of it, and is not deallocated by itself.
    ViewOfAbove,
    /// A view of a global: not owned.
    NotOwned,
    /// A view of a buffer `origin` the body would free under `condition`
    /// (an allocation of the body, say): the body hands it over instead, and
    /// the parent deallocates it under the same condition (`true`: statically
    /// owned, no extra result).
    HandedOver,
    /// Only known at run time: the body retains the value and an extra `i1`
    /// result carries the ownership the pass computed.
    Dynamic,
  };
  Kind kind = Kind::None;
  Value origin;
  Value condition;
};

/// Returns true if `ownership` needs an `i1` result of the scope.
static bool needsOwnershipResult(const ResultOwnership &ownership) {
  return ownership.kind == ResultOwnership::Kind::Dynamic ||
         (ownership.kind == ResultOwnership::Kind::HandedOver &&
          !ownership.condition);
}

struct ScopeOpDeallocationModel
    : BufferDeallocationOpInterface::ExternalModel<ScopeOpDeallocationModel,
                                                   ScopeOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    auto scope = cast<ScopeOp>(op);
    Block &entry = scope.getEntryBlock();
    unsigned numCaptures = scope.getCaptures().size();
    unsigned numResults = scope.getNumResults();
    unsigned numMemrefCaptures = llvm::count_if(scope.getCaptures(), isMemref);
    unsigned numMemrefResults = llvm::count_if(scope.getResults(), isMemref);
    if (numMemrefCaptures == 0 && numMemrefResults == 0)
      return op;

    // Check the shape the pass left the body in before rebuilding the op, so
    // that a change in the pass's protocol is a diagnostic, not invalid IR.
    if (entry.getNumArguments() != numCaptures + numMemrefCaptures)
      return scope.emitOpError("unexpected entry block arguments during "
                               "buffer deallocation: expected ")
             << numCaptures + numMemrefCaptures << ", found "
             << entry.getNumArguments();
    SmallVector<ReturnOp> returns;
    for (Block &block : scope.getBody()) {
      auto ret = dyn_cast<ReturnOp>(block.getTerminator());
      if (!ret)
        continue;
      if (ret.getNumOperands() != numResults + numMemrefResults)
        return ret.emitOpError("unexpected operands during buffer "
                               "deallocation: expected ")
               << numResults + numMemrefResults << ", found "
               << ret.getNumOperands();
      returns.push_back(ret);
    }

    SmallVector<unsigned> memrefResults;
    for (auto [i, result] : llvm::enumerate(scope.getResults()))
      if (isMemref(result))
        memrefResults.push_back(i);
    llvm::SmallPtrSet<Value, 4> ownershipArgs;
    for (BlockArgument arg : entry.getArguments().drop_front(numCaptures))
      ownershipArgs.insert(arg);

    // Classify each memref result in each exit, then join over the exits.
    SmallVector<SmallVector<ResultOwnership>> exitOwnerships;
    for (ReturnOp ret : returns) {
      SmallVector<ResultOwnership> &here = exitOwnerships.emplace_back();
      for (auto [j, i] : llvm::enumerate(memrefResults))
        here.push_back(classify(scope, ret.getOperand(i),
                                ret.getOperand(numResults + j), ownershipArgs));
      // A buffer handed over must be returned once: through two results it
      // would be freed twice.
      SmallVector<Value> origins;
      for (unsigned i : memrefResults)
        origins.push_back(getViewOrigin(ret.getOperand(i)));
      for (ResultOwnership &ownership : here)
        if (ownership.kind == ResultOwnership::Kind::HandedOver &&
            llvm::count(origins, ownership.origin) > 1)
          ownership.kind = ResultOwnership::Kind::Dynamic;
    }
    SmallVector<ResultOwnership> ownerships(memrefResults.size());
    for (ArrayRef<ResultOwnership> here : exitOwnerships) {
      for (auto [joined, ownership] : llvm::zip_equal(ownerships, here)) {
        if (joined.kind == ResultOwnership::Kind::None) {
          joined = ownership;
          continue;
        }
        if (joined.kind != ownership.kind) {
          joined.kind = ResultOwnership::Kind::Dynamic;
          continue;
        }
        // Views of something above must agree on what; handed-over buffers
        // are different allocations in each exit, and only a `true`
        // condition in every exit makes the result statically owned.
        if (joined.kind == ResultOwnership::Kind::ViewOfAbove &&
            joined.origin != ownership.origin)
          joined.kind = ResultOwnership::Kind::Dynamic;
        if (joined.kind == ResultOwnership::Kind::HandedOver &&
            !matchPattern(ownership.condition, m_One()))
          joined.condition = {};
      }
    }
    // A view of a memref from above has that memref's ownership in the
    // parent block, where the pass knows it; a memref defined further above
    // is not owned by the parent block.
    Block *parentBlock = scope->getBlock();
    SmallVector<Value> parentOwnership(ownerships.size());
    for (auto [ownership, indicator] :
         llvm::zip_equal(ownerships, parentOwnership)) {
      if (ownership.kind == ResultOwnership::Kind::None)
        ownership.kind = ResultOwnership::Kind::Dynamic;
      if (ownership.kind == ResultOwnership::Kind::HandedOver &&
          !matchPattern(ownership.condition, m_One()))
        ownership.condition = {};
      if (ownership.kind != ResultOwnership::Kind::ViewOfAbove)
        continue;
      Ownership aboveOwnership =
          state.getOwnership(ownership.origin, parentBlock);
      if (aboveOwnership.isUnique())
        indicator = aboveOwnership.getIndicator();
      else if (ownership.origin.getParentBlock() == parentBlock)
        ownership.kind = ResultOwnership::Kind::Dynamic;
      else
        ownership.kind = ResultOwnership::Kind::NotOwned;
    }
    // A dynamic result keeps everything the pass did in every exit.
    for (auto [j, ownership] : llvm::enumerate(ownerships))
      if (ownership.kind == ResultOwnership::Kind::Dynamic)
        for (SmallVector<ResultOwnership> &here : exitOwnerships)
          here[j].kind = ResultOwnership::Kind::Dynamic;

    // The scope takes no ownership of the memrefs it captures: their owner
    // above the scope deallocates them (retaining whatever aliases them).
    // Their ownership inside the body is thus the constant `false`, built in
    // the body rather than captured (the closure canonicalization would drop
    // constant captures again).
    if (numMemrefCaptures != 0) {
      OpBuilder bodyBuilder = OpBuilder::atBlockBegin(&entry);
      Value falseValue = arith::ConstantOp::create(
          bodyBuilder, scope.getLoc(), bodyBuilder.getBoolAttr(false));
      for (BlockArgument ownership :
           entry.getArguments().drop_front(numCaptures))
        ownership.replaceAllUsesWith(falseValue);
      entry.eraseArguments(numCaptures, numMemrefCaptures);
    }

    // Each return yields an ownership only for results that need one: the
    // pass's for dynamic results, the handed-over buffer's condition
    // otherwise. The dealloc before it no longer retains the other values
    // (each is known not to alias what it frees) and no longer frees the
    // buffers it hands over.
    unsigned numOwnershipResults =
        llvm::count_if(ownerships, needsOwnershipResult);
    for (auto [ret, here] : llvm::zip_equal(returns, exitOwnerships)) {
      SmallVector<Value> operands(ret.getOperands().take_front(numResults));
      llvm::MapVector<DeallocOp, DeallocHandover> handovers;
      for (auto [j, i] : llvm::enumerate(memrefResults)) {
        Value indicator = ret.getOperand(numResults + j);
        const ResultOwnership &exit = here[j];
        if (exit.kind == ResultOwnership::Kind::Dynamic) {
          operands.push_back(indicator);
          continue;
        }
        if (needsOwnershipResult(ownerships[j]))
          operands.push_back(exit.condition);
        DeallocHandover &handover =
            handovers[indicator.getDefiningOp<DeallocOp>()];
        handover.unretained.insert(ret.getOperand(i));
        if (exit.kind == ResultOwnership::Kind::HandedOver)
          handover.handedOver.insert(exit.origin);
      }
      ret->setOperands(operands);
      for (auto &[dealloc, handover] : handovers)
        rewriteDealloc(dealloc, handover);
    }

    OpBuilder builder(scope);
    SmallVector<Type> resultTypes(scope.getResultTypes());
    resultTypes.append(numOwnershipResults, builder.getI1Type());
    SmallVector<int64_t> ties = scope.getTiedResultIndices();
    ties.append(numOwnershipResults, TiedOpInterface::kUntied);

    auto newScope = ScopeOp::create(
        builder, scope.getLoc(), resultTypes, scope.getResultDims(),
        scope.getCaptures(), scope.getCaptureDims(), ties,
        llvm::to_vector(scope.getScopeAttrsOrEmpty().getValue()));
    newScope->setDiscardableAttrs(scope->getDiscardableAttrDictionary());
    newScope.getBody().front().erase();
    newScope.getBody().takeBody(scope.getBody());
    scope->replaceAllUsesWith(newScope->getResults().take_front(numResults));

    Value trueValue, falseValue;
    auto getConstant = [&](Value &cache, bool value) {
      if (!cache)
        cache = arith::ConstantOp::create(builder, scope.getLoc(),
                                          builder.getBoolAttr(value));
      return cache;
    };
    unsigned nextOwnershipResult = numResults;
    for (auto [i, ownership, indicator] :
         llvm::zip_equal(memrefResults, ownerships, parentOwnership)) {
      Value result = newScope->getResult(i);
      switch (ownership.kind) {
      case ResultOwnership::Kind::ViewOfAbove:
        state.updateOwnership(result, indicator);
        break;
      case ResultOwnership::Kind::NotOwned:
        state.updateOwnership(result, getConstant(falseValue, false));
        break;
      case ResultOwnership::Kind::HandedOver:
      case ResultOwnership::Kind::Dynamic:
      case ResultOwnership::Kind::None:
        state.updateOwnership(result,
                              needsOwnershipResult(ownership)
                                  ? newScope->getResult(nextOwnershipResult++)
                                  : getConstant(trueValue, true));
        state.addMemrefToDeallocate(result, parentBlock);
        break;
      }
    }
    scope->erase();
    return newScope.getOperation();
  }

private:
  /// What the dealloc before a return no longer does.
  struct DeallocHandover {
    /// Retained values whose updated ownership is no longer needed.
    llvm::SmallDenseSet<Value, 4> unretained;
    /// Buffers handed over to the parent block rather than freed.
    llvm::SmallDenseSet<Value, 4> handedOver;
  };

  /// Replaces `dealloc` by one that neither retains `handover.unretained`
  /// (where nothing else uses their updated ownership) nor frees
  /// `handover.handedOver`.
  static void rewriteDealloc(DeallocOp dealloc,
                             const DeallocHandover &handover) {
    SmallVector<Value> memrefs, conditions, retained;
    for (auto [memref, condition] :
         llvm::zip_equal(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (handover.handedOver.contains(getViewOrigin(memref)))
        continue;
      memrefs.push_back(memref);
      conditions.push_back(condition);
    }
    SmallVector<Value> keptResults;
    for (auto [value, result] : llvm::zip_equal(
             dealloc.getRetained(), dealloc.getUpdatedConditions())) {
      if (handover.unretained.contains(value) && result.use_empty())
        continue;
      retained.push_back(value);
      keptResults.push_back(result);
    }
    if (memrefs.empty() && retained.empty()) {
      dealloc.erase();
      return;
    }
    OpBuilder builder(dealloc);
    auto newDealloc = DeallocOp::create(builder, dealloc.getLoc(), memrefs,
                                        conditions, retained);
    for (auto [result, newResult] :
         llvm::zip_equal(keptResults, newDealloc.getUpdatedConditions()))
      result.replaceAllUsesWith(newResult);
    dealloc.erase();
  }

  /// Classifies `value`, returned from the body of `scope` with the ownership
  /// `indicator` the pass computed for it: the result of the dealloc the
  /// pass put before the return, which retains `value` and frees each of
  /// its memrefs under its condition. `ownershipArgs` are the ownership
  /// arguments of the captures, which become `false`.
  ///
  /// Static answers need the buffer of `value` told apart from every other
  /// buffer the dealloc may free: a fresh allocation of the body is distinct
  /// from any other allocation and from anything that existed before the
  /// scope (a capture, a memref used implicitly, a global).
  static ResultOwnership
  classify(ScopeOp scope, Value value, Value indicator,
           const llvm::SmallPtrSetImpl<Value> &ownershipArgs) {
    ResultOwnership dynamic;
    dynamic.kind = ResultOwnership::Kind::Dynamic;
    auto isDefinedInBody = [&](Value v) {
      return scope->isAncestor(v.getParentRegion()->getParentOp());
    };
    auto isFreshAllocation = [&](Value v) {
      return isHeapAllocation(v) && isDefinedInBody(v);
    };

    auto dealloc = indicator.getDefiningOp<DeallocOp>();
    if (!dealloc)
      return dynamic;
    auto updated = llvm::find(dealloc.getUpdatedConditions(), indicator);
    if (updated == dealloc.getUpdatedConditions().end() ||
        dealloc.getRetained()[std::distance(
            dealloc.getUpdatedConditions().begin(), updated)] != value)
      return dynamic;

    Value origin = getViewOrigin(value);
    auto arg = dyn_cast<BlockArgument>(origin);
    bool isCapture = arg && arg.getOwner() == &scope.getEntryBlock();
    if (isCapture)
      origin = scope.getCaptures()[arg.getArgNumber()];
    bool isFromAbove = isCapture || !isDefinedInBody(origin);
    bool isGlobal = origin.getDefiningOp<memref::GetGlobalOp>() != nullptr;
    // A root whose buffer is known apart from fresh allocations.
    bool isKnownRoot = isFromAbove || isGlobal || isFreshAllocation(origin);

    // The memrefs the dealloc may free: the buffer of `value` itself, and
    // the others.
    Value ownCondition;
    unsigned numOwn = 0;
    bool othersAreFresh = true, noOthers = true;
    for (auto [memref, condition] :
         llvm::zip_equal(dealloc.getMemrefs(), dealloc.getConditions())) {
      if (matchPattern(condition, m_Zero()) ||
          ownershipArgs.contains(condition))
        continue;
      Value freed = getViewOrigin(memref);
      if (freed == origin) {
        ownCondition = condition;
        ++numOwn;
        continue;
      }
      noOthers = false;
      if (!isFreshAllocation(freed))
        othersAreFresh = false;
    }
    // `value` can be told apart from the others only if it is a known root
    // and they are fresh allocations, or if there are no others.
    if (!noOthers && !(isKnownRoot && othersAreFresh))
      return dynamic;

    ResultOwnership result;
    if (numOwn == 1 && !isFromAbove && !isGlobal) {
      // Freed here under `ownCondition` unless retained: hand it over.
      result.kind = ResultOwnership::Kind::HandedOver;
      result.origin = origin;
      result.condition = ownCondition;
      return result;
    }
    if (numOwn != 0)
      return dynamic;
    if (isFromAbove) {
      result.kind = ResultOwnership::Kind::ViewOfAbove;
      result.origin = origin;
      return result;
    }
    if (isGlobal) {
      result.kind = ResultOwnership::Kind::NotOwned;
      return result;
    }
    return dynamic;
  }
};

} // namespace

void scopeir::util::registerBufferDeallocationOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, UtilDialect *dialect) {
    ScopeOp::attachInterface<ScopeOpDeallocationModel>(*ctx);
    ctx->loadDialect<arith::ArithDialect>();
  });
}
