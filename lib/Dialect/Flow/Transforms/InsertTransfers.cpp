//===- InsertTransfers.cpp - Explicit transfers between memories -*- C++ -*-=//
//
// This file implements flow-insert-transfers: a tensor used in a memory
// other than the one it is in moves there through a flow.tensor.transfer,
// inserted in the value's block before the first op that needs it there.
// Memories are asked of placements through util's ScopeAttrInterface
// (hasDeviceMemory): the pass knows no device dialect.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowDialect.h"
#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "flow-insert-transfers"

namespace scopeir::flow {
#define GEN_PASS_DEF_INSERTTRANSFERSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

namespace {

/// The memory `placement` computes in: the placement itself if it has
/// memory of its own, else null (host memory).
Attribute getMemory(util::ScopeAttrInterface placement) {
  return placement && placement.hasDeviceMemory() ? placement : Attribute();
}

/// Returns `op` as a scope op values flow through (its captures are its
/// entry block's arguments, its exits' operands its results), or null. An
/// isolated scope cannot use a transfer made outside it, and one whose body
/// does not run once in its place does not pass values through.
util::ScopeOpInterface getTransparentScope(Operation *op) {
  auto scope = dyn_cast_or_null<util::ScopeOpInterface>(op);
  if (!scope || op->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
      !scope.isInlinable() || scope.getScopeBody().empty())
    return {};
  return scope;
}

/// Returns true if `op` exits the body of a transparent scope.
bool isTransparentExit(Operation *op) {
  util::ScopeOpInterface scope = getTransparentScope(op->getParentOp());
  return scope && op->getParentRegion() == &scope.getScopeBody() &&
         op->getName().getStringRef() == scope.getScopeExitOpName();
}

struct InsertTransfersPass
    : public flow::impl::InsertTransfersPassBase<InsertTransfersPass> {
  void runOnOperation() override;

  /// The memory the callee of `call` computes in (null: host memory).
  Attribute getCalleeMemory(CallOpInterface call) {
    Operation *callee = call.resolveCallable();
    if (!callee)
      return {};
    auto [it, inserted] = calleeMemories.try_emplace(callee);
    if (inserted)
      it->second = getMemory(
          util::lookupPlacementAndOwner(callee, /*includeOp=*/true).attr);
    return it->second;
  }

  /// The memory `value` is in.
  Attribute getValueMemory(Value value);

  /// The memory `use` needs its value in; nullopt if it needs none.
  std::optional<Attribute> getUseMemory(OpOperand &use) {
    Operation *owner = use.getOwner();
    if (isa<TensorTransferOp, tensor::DimOp>(owner))
      return std::nullopt;
    if (auto call = dyn_cast<CallOpInterface>(owner)) {
      OperandRange args = call.getArgOperands();
      unsigned index = use.getOperandNumber();
      if (!args.empty() && index >= args.getBeginOperandIndex() &&
          index < args.getBeginOperandIndex() + args.size())
        return getCalleeMemory(call);
    }
    return Attribute();
  }

  /// Appends the uses of `value`, looking through transparent scopes: the
  /// uses of a capture's block argument stand for uses of the capture, and
  /// an exit's use is none (the scope's result is a value of its own).
  void collectUses(Value value, SmallVectorImpl<OpOperand *> &uses);

  /// Inserts the transfers `value` needs.
  void insertTransfers(Value value);

  DenseMap<Operation *, Attribute> calleeMemories;
  DenseMap<Value, Attribute> valueMemories;
};

Attribute InsertTransfersPass::getValueMemory(Value value) {
  auto it = valueMemories.find(value);
  if (it != valueMemories.end())
    return it->second;
  // A cycle (through a region's block arguments) stays in host memory.
  valueMemories[value] = Attribute();
  Attribute memory;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    // A capture is where its value is.
    Operation *parent = arg.getOwner()->getParentOp();
    util::ScopeOpInterface scope = getTransparentScope(parent);
    if (scope && arg.getOwner()->isEntryBlock() &&
        arg.getParentRegion() == &scope.getScopeBody() &&
        arg.getArgNumber() < scope.getExplicitCaptures().size())
      memory = getValueMemory(scope.getExplicitCaptures()[arg.getArgNumber()]);
  } else {
    Operation *def = value.getDefiningOp();
    unsigned index = cast<OpResult>(value).getResultNumber();
    if (auto transfer = dyn_cast<TensorTransferOp>(def)) {
      memory = transfer.getTargetMemoryAttr();
    } else if (auto call = dyn_cast<CallOpInterface>(def)) {
      memory = getCalleeMemory(call);
    } else if (util::ScopeOpInterface scope = getTransparentScope(def)) {
      // A scope's result is where every exit's value is (else on the host).
      bool first = true;
      for (Block &block : scope.getScopeBody()) {
        Operation *exit = block.getTerminator();
        if (!exit || !isTransparentExit(exit) ||
            index >= exit->getNumOperands())
          continue;
        Attribute exitMemory = getValueMemory(exit->getOperand(index));
        if (first)
          memory = exitMemory;
        else if (memory != exitMemory)
          memory = Attribute();
        first = false;
      }
    }
  }
  valueMemories[value] = memory;
  return memory;
}

void InsertTransfersPass::collectUses(Value value,
                                      SmallVectorImpl<OpOperand *> &uses) {
  for (OpOperand &use : value.getUses()) {
    Operation *owner = use.getOwner();
    if (isTransparentExit(owner))
      continue;
    if (util::ScopeOpInterface scope = getTransparentScope(owner)) {
      OperandRange captures = scope.getExplicitCaptures();
      unsigned index = use.getOperandNumber();
      if (!captures.empty() && index >= captures.getBeginOperandIndex() &&
          index < captures.getBeginOperandIndex() + captures.size()) {
        collectUses(scope.getScopeBody().front().getArgument(
                        index - captures.getBeginOperandIndex()),
                    uses);
        continue;
      }
    }
    uses.push_back(&use);
  }
}

void InsertTransfersPass::insertTransfers(Value value) {
  Attribute memory = getValueMemory(value);
  SmallVector<OpOperand *> allUses;
  collectUses(value, allUses);
  // The uses needing another memory, grouped by that memory in first-use
  // order.
  SmallVector<std::pair<Attribute, SmallVector<OpOperand *>>> groups;
  for (OpOperand *use : allUses) {
    std::optional<Attribute> needed = getUseMemory(*use);
    if (!needed || *needed == memory)
      continue;
    auto it = llvm::find_if(
        groups, [&](auto &group) { return group.first == *needed; });
    if (it == groups.end()) {
      groups.push_back({*needed, {}});
      it = std::prev(groups.end());
    }
    it->second.push_back(use);
  }
  Block *block = value.getParentBlock();
  for (auto &[target, uses] : groups) {
    // Just before the first op of the value's block holding one of the
    // uses: hoisted out of loops, branches and scopes, as late as the uses
    // allow. A use inside a scope then takes the transfer implicitly.
    Operation *anchor = nullptr;
    for (OpOperand *use : uses) {
      Operation *holder = block->findAncestorOpInBlock(*use->getOwner());
      if (!anchor || holder->isBeforeInBlock(anchor))
        anchor = holder;
    }
    OpBuilder builder(anchor);
    auto transfer = TensorTransferOp::create(builder, value.getLoc(), value,
                                             memory, target);
    valueMemories[transfer.getResult()] = target;
    LLVM_DEBUG(llvm::dbgs() << "transfer of " << value << " for " << uses.size()
                            << " use(s): " << transfer << "\n");
    for (OpOperand *use : uses)
      use->set(transfer.getResult());
  }
}

/// Returns true if the body of `op` runs on a device or is device code: an
/// executable module, or a function placed on a placement with memory of
/// its own.
bool isDeviceCode(Operation *op) {
  if (isa<ModuleOp>(op))
    return op->hasAttr(FlowDialect::getExecutablesAttrName());
  if (!isa<CallableOpInterface>(op))
    return false;
  util::ScopeAttrInterface placement =
      util::lookupPlacementAndOwner(op, /*includeOp=*/true).attr;
  return static_cast<bool>(getMemory(placement));
}

void InsertTransfersPass::runOnOperation() {
  calleeMemories.clear();
  valueMemories.clear();
  SmallVector<Value> values;
  getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != getOperation() && isDeviceCode(op))
      return WalkResult::skip();
    // The captures of a transparent scope are handled with their values.
    bool transparent = static_cast<bool>(getTransparentScope(op));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!transparent || !block.isEntryBlock())
          for (BlockArgument arg : block.getArguments())
            if (isa<RankedTensorType>(arg.getType()))
              values.push_back(arg);
    for (Value result : op->getResults())
      if (isa<RankedTensorType>(result.getType()))
        values.push_back(result);
    return WalkResult::advance();
  });
  for (Value value : values)
    insertTransfers(value);
}

} // namespace
