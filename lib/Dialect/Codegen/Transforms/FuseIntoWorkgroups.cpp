//===- FuseIntoWorkgroups.cpp - Fuse consumers into workgroups --*- C++ -*-===//
//
// This file implements codegen-fuse-into-workgroups: an elementwise linalg
// consumer of a result of a codegen.scope.workgroups moves into the scope,
// applied to each stored tile.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "codegen-fuse-into-workgroups"

namespace scopeir::codegen {
#define GEN_PASS_DEF_FUSEINTOWORKGROUPSPASS
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"
} // namespace scopeir::codegen

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

namespace {

/// What fusing one consumer needs, found by analyzeConsumer.
struct FusionPlan {
  linalg::LinalgOp consumer;
  /// The scope result the consumer reads.
  OpResult result;
  /// The consumer's operands that are other values read in the tile: they
  /// become captures (each once).
  SmallVector<Value> newCaptures;
  /// Values used in the consumer's payload from above: constants are
  /// cloned into the body, the others captured.
  SmallVector<Value> payloadValues;
};

} // namespace

/// Prints `map` for a remark.
static std::string describe(AffineMap map) {
  std::string text;
  llvm::raw_string_ostream os(text);
  map.print(os);
  return text;
}

/// Returns a plan to fuse `consumer`, a user of `result`, into its scope, or
/// the reason why it cannot be fused.
static FailureOr<FusionPlan>
analyzeConsumer(WorkgroupsOp scope, OpResult result, linalg::LinalgOp consumer,
                DominanceInfo &dominance, std::string &reason) {
  auto fail = [&](const Twine &why) -> FailureOr<FusionPlan> {
    reason = why.str();
    return failure();
  };
  Operation *op = consumer;
  if (!consumer.hasPureTensorSemantics())
    return fail("it is not on tensors");
  if (op->getBlock() != scope->getBlock())
    return fail("it is not in the block of the scope");
  if (consumer.getNumLoops() != consumer.getNumParallelLoops())
    return fail("it is not elementwise: it has a reduction loop, so an "
                "output element combines elements that other workgroups "
                "store");
  if (op->getNumResults() != 1 || consumer.getNumDpsInits() != 1)
    return fail("it has more than one result");
  auto resultType = cast<RankedTensorType>(result.getType());
  if (consumer.getNumLoops() != static_cast<unsigned>(resultType.getRank()))
    return fail("its iteration space is not the shape of the result");
  OpOperand *init = consumer.getDpsInitOperand(0);
  if (!consumer.getMatchingIndexingMap(init).isIdentity())
    return fail("its output is written through indexing map " +
                describe(consumer.getMatchingIndexingMap(init)) +
                ", not the identity");

  FusionPlan plan;
  plan.consumer = consumer;
  plan.result = result;
  bool readsResult = false;
  for (OpOperand &operand : op->getOpOperands()) {
    Value value = operand.get();
    AffineMap map = consumer.getMatchingIndexingMap(&operand);
    unsigned number = operand.getOperandNumber();
    if (value == result) {
      if (consumer.isDpsInit(&operand))
        return fail("it writes into the result in place");
      if (!map.isIdentity())
        return fail("it reads the result through indexing map " +
                    describe(map) +
                    ", not the identity: a workgroup would need elements "
                    "that other workgroups store");
      readsResult = true;
      continue;
    }
    // An init whose payload argument is unused is only a shape: the fused
    // op writes into a new tile.
    if (consumer.isDpsInit(&operand) &&
        !consumer.payloadUsesValueFromOperand(&operand))
      continue;
    if (value.getDefiningOp() == scope)
      return fail("operand #" + Twine(number) +
                  " is another result of the same scope");
    if (!map.isProjectedPermutation())
      return fail("operand #" + Twine(number) +
                  " is read through indexing "
                  "map " +
                  describe(map) +
                  ", which is not a projection of "
                  "the tile's indices");
    if (!isa<RankedTensorType>(value.getType()))
      return fail("operand #" + Twine(number) + " is not a ranked tensor");
    if (!dominance.properlyDominates(value, scope))
      return fail("operand #" + Twine(number) +
                  " is defined after the scope, which cannot capture it");
    if (!llvm::is_contained(plan.newCaptures, value))
      plan.newCaptures.push_back(value);
  }
  if (!readsResult)
    return fail("it reads the result only as its output");

  SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  for (Value value : above) {
    if (matchPattern(value, m_Constant()))
      continue;
    if (!dominance.properlyDominates(value, scope))
      return fail("its body uses a value defined after the scope");
    plan.payloadValues.push_back(value);
  }
  return plan;
}

/// Fuses the consumer of `plan` into `scope`; returns the new scope.
static WorkgroupsOp fuse(RewriterBase &rewriter, WorkgroupsOp scope,
                         const FusionPlan &plan) {
  Location loc = scope.getLoc();
  linalg::LinalgOp consumer = plan.consumer;
  unsigned resultIndex = plan.result.getResultNumber();
  bool keepResult = !llvm::all_of(plan.result.getUsers(), [&](Operation *u) {
    return u == consumer.getOperation();
  });

  // Captures: the old ones, the consumer's other operands and the values
  // its payload uses from above; each new one with its dims.
  rewriter.setInsertionPoint(scope);
  SmallVector<Value> captures(scope.getCaptures());
  SmallVector<Value> captureDims(scope.getCaptureDims());
  SmallVector<Value> added(plan.newCaptures);
  llvm::append_range(added, plan.payloadValues);
  for (Value value : added) {
    captures.push_back(value);
    if (auto type = dyn_cast<RankedTensorType>(value.getType()))
      for (int64_t d = 0; d < type.getRank(); ++d)
        if (type.isDynamicDim(d))
          captureDims.push_back(tensor::DimOp::create(rewriter, loc, value, d));
  }

  // Results: the old ones (but the fused one if only the consumer used it),
  // then the consumer's.
  SmallVector<Type> resultTypes;
  SmallVector<Value> resultDims;
  SmallVector<int64_t> newIndexOfOld(scope.getNumResults(), -1);
  for (OpResult result : scope.getResults()) {
    if (result == plan.result && !keepResult)
      continue;
    newIndexOfOld[result.getResultNumber()] = resultTypes.size();
    resultTypes.push_back(result.getType());
    llvm::append_range(resultDims,
                       scope.getResultDynamicDims(result.getResultNumber()));
  }
  Type fusedType = consumer->getResult(0).getType();
  unsigned fusedIndex = resultTypes.size();
  resultTypes.push_back(fusedType);
  llvm::append_range(resultDims, scope.getResultDynamicDims(resultIndex));

  auto fused =
      WorkgroupsOp::create(rewriter, loc, resultTypes, resultDims, captures,
                           captureDims, scope.getWorkgroupCount());
  Block &newBody = fused.getBodyBlock();
  // The built body has a terminator of its own; the old body brings its.
  rewriter.eraseOp(newBody.getTerminator());
  // A placeholder handle for a result that goes: its stores are erased.
  BlockArgument placeholder;
  if (!keepResult)
    placeholder = newBody.addArgument(plan.result.getType(), loc);

  SmallVector<Value> replacements(
      fused.getCaptureArguments().take_front(scope.getCaptures().size()));
  llvm::append_range(replacements, fused.getWorkgroupIds());
  llvm::append_range(replacements, fused.getWorkgroupCounts());
  unsigned numHandles = fused.getNumResults();
  unsigned firstHandle =
      newBody.getNumArguments() - numHandles - (keepResult ? 0 : 1);
  for (unsigned i = 0, e = scope.getNumResults(); i < e; ++i)
    replacements.push_back(
        newIndexOfOld[i] >= 0
            ? Value(newBody.getArgument(firstHandle + newIndexOfOld[i]))
            : Value(placeholder));
  rewriter.mergeBlocks(&scope.getBodyBlock(), &newBody, replacements);
  Value storedHandle =
      keepResult ? newBody.getArgument(firstHandle + newIndexOfOld[resultIndex])
                 : Value(placeholder);
  Value fusedHandle = newBody.getArgument(firstHandle + fusedIndex);

  // Block arguments of the added captures.
  IRMapping captured;
  for (auto [i, value] : llvm::enumerate(added))
    captured.map(value, newBody.getArgument(scope.getCaptures().size() + i));

  SmallVector<StoreOp> stores;
  for (StoreOp store : newBody.getOps<StoreOp>())
    if (store.getDest() == storedHandle)
      stores.push_back(store);
  for (StoreOp store : stores) {
    rewriter.setInsertionPointAfter(store);
    Location storeLoc = store.getLoc();
    SmallVector<OpFoldResult> offsets = store.getMixedOffsets();
    SmallVector<OpFoldResult> sizes = store.getMixedSizes();
    SmallVector<OpFoldResult> strides = store.getMixedStrides();
    SmallVector<Value> operands;
    for (OpOperand &operand : consumer->getOpOperands()) {
      Value value = operand.get();
      if (value == plan.result) {
        operands.push_back(store.getSource());
        continue;
      }
      if (consumer.isDpsInit(&operand) &&
          !consumer.payloadUsesValueFromOperand(&operand)) {
        operands.push_back(tensor::EmptyOp::create(
            rewriter, storeLoc, sizes,
            getElementTypeOrSelf(operand.get().getType())));
        continue;
      }
      // The elements of the operand at the tile's indices: each of its
      // dims is a loop dim of the tile.
      AffineMap map = consumer.getMatchingIndexingMap(&operand);
      SmallVector<OpFoldResult> sliceOffsets, sliceSizes, sliceStrides;
      for (AffineExpr expr : map.getResults()) {
        unsigned d = cast<AffineDimExpr>(expr).getPosition();
        sliceOffsets.push_back(offsets[d]);
        sliceSizes.push_back(sizes[d]);
        sliceStrides.push_back(strides[d]);
      }
      operands.push_back(tensor::ExtractSliceOp::create(
          rewriter, storeLoc, captured.lookup(value), sliceOffsets, sliceSizes,
          sliceStrides));
    }
    auto tileType = RankedTensorType::get(
        cast<RankedTensorType>(store.getSource().getType()).getShape(),
        getElementTypeOrSelf(fusedType));
    Operation *tileOp =
        mlir::clone(rewriter, consumer, TypeRange{tileType}, operands);
    // The payload's values from above: constants cloned, others captured.
    for (Region &region : tileOp->getRegions()) {
      SetVector<Value> above;
      getUsedValuesDefinedAbove(region, above);
      for (Value value : above) {
        Value inside = captured.lookupOrNull(value);
        if (!inside) {
          OpBuilder::InsertionGuard guard(rewriter);
          rewriter.setInsertionPointToStart(&newBody);
          inside = rewriter.clone(*value.getDefiningOp())
                       ->getResult(cast<OpResult>(value).getResultNumber());
          captured.map(value, inside);
        }
        replaceAllUsesInRegionWith(value, inside, region);
      }
    }
    StoreOp::create(rewriter, storeLoc, tileOp->getResult(0), fusedHandle,
                    offsets, sizes, strides);
    if (!keepResult)
      rewriter.eraseOp(store);
  }
  if (!keepResult)
    newBody.eraseArgument(placeholder.getArgNumber());

  // The scope's results, then the consumer's.
  for (OpResult result : scope.getResults())
    if (newIndexOfOld[result.getResultNumber()] >= 0)
      rewriter.replaceAllUsesWith(
          result, fused->getResult(newIndexOfOld[result.getResultNumber()]));
  rewriter.replaceOp(consumer, fused->getResult(fusedIndex));
  rewriter.eraseOp(scope);
  return fused;
}

namespace {

struct FuseIntoWorkgroupsPass
    : codegen::impl::FuseIntoWorkgroupsPassBase<FuseIntoWorkgroupsPass> {
  using Base::Base;

  void runOnOperation() override {
    util::DecisionRemarks decisions(DEBUG_TYPE, remarks);
    SmallVector<WorkgroupsOp> scopes;
    getOperation()->walk([&](WorkgroupsOp scope) { scopes.push_back(scope); });
    // No scope to fuse into: the pass manager need not verify the IR again.
    if (scopes.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (WorkgroupsOp scope : scopes) {
      // Fuse one consumer at a time: each fusion makes a new scope whose
      // results the next consumer of the chain reads.
      llvm::SmallPtrSet<Operation *, 8> refused;
      while (true) {
        std::optional<FusionPlan> plan;
        DominanceInfo dominance(scope->getParentOp());
        for (OpResult result : scope.getResults()) {
          for (Operation *user : result.getUsers()) {
            auto consumer = dyn_cast<linalg::LinalgOp>(user);
            if (!consumer && !user->hasTrait<OpTrait::IsTerminator>() &&
                refused.insert(user).second)
              decisions.report(user,
                               "not fused into codegen.scope.workgroups: not "
                               "a linalg op",
                               scope, "the scope");
            if (!consumer || refused.contains(user))
              continue;
            std::string reason;
            FailureOr<FusionPlan> found =
                analyzeConsumer(scope, result, consumer, dominance, reason);
            if (succeeded(found)) {
              plan = *found;
              break;
            }
            refused.insert(user);
            LLVM_DEBUG(llvm::dbgs()
                       << "[" DEBUG_TYPE "] " << user->getName() << " at "
                       << user->getLoc() << ": not fused: " << reason << "\n");
            InFlightDiagnostic remark =
                user->emitRemark("not fused into codegen.scope.workgroups: ")
                << reason;
            remark.attachNote(scope.getLoc()) << "the scope";
          }
          if (plan)
            break;
        }
        if (!plan)
          break;
        decisions.report(plan->consumer, "fused into codegen.scope.workgroups",
                         scope, "the scope");
        scope = fuse(rewriter, scope, *plan);
      }
    }
  }
};

} // namespace
