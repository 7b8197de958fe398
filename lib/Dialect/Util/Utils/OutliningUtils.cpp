//===- OutliningUtils.cpp - Helpers shared by outline and extract ---------===//
//
// This file implements helpers shared by util-outline-scopes and
// util-extract-scope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/IR/Operation.h"

using namespace mlir;

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

bool scopeir::util::isClonableConstant(Value value) {
  Operation *def = value.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumResults() == 1 &&
         def->getNumRegions() == 0 && def->hasTrait<OpTrait::ConstantLike>();
}
