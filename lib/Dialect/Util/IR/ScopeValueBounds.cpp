//===- ScopeValueBounds.cpp - Value bounds through scope ops --------------===//
//
// This file implements the ValueBoundsOpInterface model of scope-like and
// shape-aware ops.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/ScopeValueBounds.h"

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

using namespace mlir;
using namespace scopeir::util;

/// Records that `value` (dimension `dim` of it, if any) equals `other`'s.
static void bindEqual(Value value, std::optional<int64_t> dim, Value other,
                      ValueBoundsConstraintSet &cstr) {
  if (dim)
    cstr.bound(value)[*dim] == cstr.getExpr(other, *dim);
  else
    cstr.bound(value) == cstr.getExpr(other);
}

static void populateResultBounds(Operation *op, OpResult result,
                                 std::optional<int64_t> dim,
                                 ValueBoundsConstraintSet &cstr) {
  unsigned index = result.getResultNumber();
  if (auto tied = dyn_cast<TiedOpInterface>(op))
    if (Value operand = tied.getTiedResultOperand(index))
      return bindEqual(result, dim, operand, cstr);

  auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op);
  if (auto type = dyn_cast<ShapedType>(result.getType());
      shapeAware && type) {
    // The op carries its shaped results' dims: a static dim the analysis
    // knows from the type, a dynamic one is the carried value.
    if (!dim || !type.hasRank() || !type.isDynamicDim(*dim))
      return;
    ValueRange dims = shapeAware.getResultDynamicDims(index);
    unsigned position = type.getDynamicDimIndex(*dim);
    if (position < dims.size())
      cstr.bound(result)[*dim] == cstr.getExpr(dims[position]);
    return;
  }

  // Otherwise (an index result, or a scope that carries no dims) a scope
  // runs its body once: the result is what the body returns for it, when
  // the body is one block (the analysis handles no unstructured control
  // flow).
  auto scope = dyn_cast<ScopeOpInterface>(op);
  if (!scope || !scope.getScopeBody().hasOneBlock())
    return;
  SmallVector<Value> returned;
  getReturnedValues(scope, index, returned);
  if (returned.size() == 1)
    bindEqual(result, dim, returned.front(), cstr);
}

void scopeir::util::populateScopeValueBounds(Operation *op, Value value,
                                             std::optional<int64_t> dim,
                                             ValueBoundsConstraintSet &cstr) {
  if (auto result = dyn_cast<OpResult>(value)) {
    if (result.getOwner() == op)
      populateResultBounds(op, result, dim, cstr);
    return;
  }

  // An entry block argument of the body standing for an explicit capture.
  auto arg = cast<BlockArgument>(value);
  Block *block = arg.getOwner();
  if (!block->isEntryBlock() || block->getParentOp() != op)
    return;
  ValueRange captures;
  if (auto closure = dyn_cast<ClosureOpInterface>(op)) {
    if (block->getParent() != &closure.getClosureBodyRegion())
      return;
    captures = closure.getClosureOperands();
  } else if (auto scope = dyn_cast<ScopeOpInterface>(op)) {
    if (block->getParent() != &scope.getScopeBody())
      return;
    captures = scope.getExplicitCaptures();
  } else {
    return;
  }
  if (arg.getArgNumber() < captures.size())
    bindEqual(arg, dim, captures[arg.getArgNumber()], cstr);
}
