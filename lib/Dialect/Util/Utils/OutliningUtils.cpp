//===- OutliningUtils.cpp - Helpers shared by outline and extract ---------===//
//
// This file implements the helpers shared by the passes that move a body into
// a function of its own.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Operation.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace scopeir::util;

SmallVector<Attribute> scopeir::util::collectScopeAttrsUpTo(Operation *from,
                                                            Operation *stop) {
  SmallVector<Attribute> result;
  SmallVector<ScopeAttrInterface> attrs;
  for (Operation *op = from; op && op != stop; op = op->getParentOp()) {
    attrs.clear();
    getScopeAttrsOf(op, attrs);
    llvm::append_range(result, attrs);
  }
  return result;
}

SmallVector<Attribute>
scopeir::util::collectInheritedScopeAttrs(Operation *op) {
  SmallVector<Attribute> result;
  llvm::StringSet<> kinds;
  walkEnclosingScopeAttrs(op, [&](ScopeAttrInterface attr) {
    if (attr.isInheritedByDispatches() &&
        kinds.insert(attr.getScopeKind()).second)
      result.push_back(attr);
    return false;
  });
  return result;
}

bool scopeir::util::isClonableConstant(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumResults() == 1 &&
         def->getNumRegions() == 0 && def->hasTrait<OpTrait::ConstantLike>();
}

bool scopeir::util::isClonableProducer(Operation *op) {
  if (isa<tensor::EmptyOp>(op))
    return true;
  auto fill = dyn_cast<linalg::FillOp>(op);
  return fill && fill.getOutputs()[0].getDefiningOp<tensor::EmptyOp>() &&
         !isa<ShapedType>(fill.getInputs()[0].getType());
}

SmallVector<OpOperand *>
scopeir::util::getSingleUseChain(Operation *op,
                                 function_ref<bool(OpOperand &)> accept) {
  SmallVector<OpOperand *> chain;
  Operation *tail = op;
  while (tail->getNumResults() == 1 && tail->getResult(0).hasOneUse()) {
    OpOperand &use = *tail->getResult(0).getUses().begin();
    if (!accept(use))
      break;
    chain.push_back(&use);
    tail = use.getOwner();
  }
  return chain;
}

void scopeir::util::growGroupByProducers(
    Block &block, ArrayRef<Operation *> seeds,
    function_ref<bool(Operation *)> canJoin,
    function_ref<bool(Operation *)> inGroup,
    function_ref<void(Operation *)> join) {
  SmallVector<Operation *> worklist(seeds);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != &block || !canJoin(def))
        continue;
      if (!llvm::all_of(def->getUsers(), [&](Operation *user) {
            Operation *ancestor = block.findAncestorOpInBlock(*user);
            return ancestor && inGroup(ancestor);
          }))
        continue;
      join(def);
      worklist.push_back(def);
    }
  }
}

OutlinedOperands scopeir::util::getOutlinedOperands(Region &body,
                                                    ValueRange leading) {
  OutlinedOperands result;
  llvm::append_range(result.arguments, leading);
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(body, used);
  for (Value value : used) {
    if (isClonableConstant(value))
      result.constants.push_back(value);
    else if (!llvm::is_contained(leading, value))
      result.arguments.push_back(value);
  }
  return result;
}

SmallVector<Value> scopeir::util::cloneConstants(OpBuilder &builder,
                                                 ArrayRef<Value> constants) {
  SmallVector<Value> clones;
  for (Value constant : constants)
    clones.push_back(builder.clone(*constant.getDefiningOp())->getResult(0));
  return clones;
}

void scopeir::util::replaceValuesInRegion(
    Region &region, const DenseMap<Value, Value> &replacements) {
  region.walk([&](Operation *op) {
    for (OpOperand &operand : op->getOpOperands())
      if (Value replacement = replacements.lookup(operand.get()))
        operand.set(replacement);
  });
}
