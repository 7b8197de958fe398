//===- InduceTiedOperands.cpp - Tie scope results to captures ---*- C++ -*-===//
//
// This file implements util-induce-tied-operands, which ties a scope result
// to the capture it is computed in place from when that capture dies at the
// scope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Transforms/ScopeTransformUtils.h"

#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace scopeir::util {
#define GEN_PASS_DEF_INDUCETIEDOPERANDSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

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
static bool diesAtScope(ScopeOp scope, unsigned index) {
  Value capture = scope.getCaptures()[index];
  Block *block = scope->getBlock();
  Block *definingBlock = isa<BlockArgument>(capture)
                             ? cast<BlockArgument>(capture).getOwner()
                             : capture.getDefiningOp()->getBlock();
  if (definingBlock != block)
    return false;
  for (OpOperand &use : capture.getUses()) {
    Operation *user = use.getOwner();
    if (user == scope.getOperation() &&
        use.getOperandNumber() ==
            scope.getCaptures().getBeginOperandIndex() + index)
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == scope.getOperation() ||
        !ancestor->isBeforeInBlock(scope))
      return false;
  }
  return true;
}

/// Returns the entry block argument of `scope` that every value the body
/// returns for result `index` is produced in place from, or null.
static BlockArgument getInPlaceCapture(ScopeOp scope, unsigned index) {
  SmallVector<Value> returned;
  getReturnedValues(scope, index, returned);
  BlockArgument source;
  for (Value value : returned) {
    BlockArgument arg = traceInPlaceSource(value);
    if (!arg || arg.getOwner() != &scope.getEntryBlock() ||
        (source && source != arg))
      return {};
    source = arg;
  }
  return source;
}

/// Ties every result of `scope` that qualifies.
static void induceTies(ScopeOp scope) {
  SmallVector<int64_t> ties = scope.getTiedResultIndices();
  bool changed = false;
  for (OpResult result : scope->getResults()) {
    unsigned i = result.getResultNumber();
    // Ties are storage hints: only shaped values have storage to share.
    if (ties[i] != TiedOpInterface::kUntied ||
        !isa<ShapedType>(result.getType()))
      continue;
    BlockArgument arg = getInPlaceCapture(scope, i);
    if (!arg)
      continue;
    unsigned capture = arg.getArgNumber();
    if (llvm::is_contained(ties, capture) ||
        result.getType() != scope.getCaptures()[capture].getType() ||
        !diesAtScope(scope, capture))
      continue;
    ties[i] = capture;
    changed = true;
  }
  if (!changed)
    return;

  // A tied result has its capture's dims: keep only the untied results'.
  SmallVector<Value> resultDims;
  for (OpResult result : scope->getResults())
    if (ties[result.getResultNumber()] == TiedOpInterface::kUntied)
      llvm::append_range(resultDims,
                         scope.getResultDynamicDims(result.getResultNumber()));
  scope.getResultDimsMutable().assign(resultDims);
  scope.setTiedOperandsAttr(DenseI64ArrayAttr::get(scope.getContext(), ties));
}

namespace {
struct InduceTiedOperandsPass
    : public scopeir::util::impl::InduceTiedOperandsPassBase<
          InduceTiedOperandsPass> {
  void runOnOperation() override {
    // Post-order: an inner scope's new ties extend the chains of the scope
    // around it.
    getOperation()->walk([](ScopeOp scope) { induceTies(scope); });
  }
};
} // namespace
