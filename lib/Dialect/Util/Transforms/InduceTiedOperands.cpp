//===- InduceTiedOperands.cpp - Tie scope results to captures ---*- C++ -*-===//
//
// This file implements util-induce-tied-operands, which ties a result of a
// scope op (a closure with ties, such as util.scope) to the capture it is
// computed in place from when that capture dies at the scope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

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
static void induceTies(ClosureOpInterface scope) {
  Operation *op = scope;
  auto tied = cast<TiedOpInterface>(op);
  OperandRange captures = scope.getClosureOperands();
  SmallVector<Operation *> returns;
  scope.getClosureReturns(returns);
  if (returns.empty())
    return;

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
    return;

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

namespace {
struct InduceTiedOperandsPass
    : public scopeir::util::impl::InduceTiedOperandsPassBase<
          InduceTiedOperandsPass> {
  void runOnOperation() override {
    // Post-order: an inner scope's new ties extend the chains of the scope
    // around it.
    getOperation()->walk([](ScopeOpInterface scope) {
      // A tie of a scope with a fixed signature would change the kernel's
      // signature (an output would become in place).
      if (tiesIndexClosureOperands(scope) && !scope.hasFixedSignature())
        induceTies(cast<ClosureOpInterface>(scope.getOperation()));
    });
  }
};
} // namespace
