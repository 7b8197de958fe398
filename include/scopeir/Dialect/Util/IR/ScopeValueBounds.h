//===- ScopeValueBounds.h - Value bounds through scope ops ------*- C++ -*-===//
//
// This file declares the ValueBoundsOpInterface model shared by the ops of
// every scopeir dialect that group a region or carry dims: what the sizes of
// their results and of their body's captured arguments are.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_SCOPEVALUEBOUNDS_H
#define SCOPEIR_DIALECT_UTIL_IR_SCOPEVALUEBOUNDS_H

#include "mlir/Interfaces/ValueBoundsOpInterface.h"

namespace scopeir::util {

/// Adds to `cstr` what `op` says about `value`, one of its results or one of
/// its body's entry block arguments: dimension `dim` of a shaped value, or
/// the value itself if `dim` is empty (an index). A tied result has its
/// operand's size; an untied result the dim the op carries for it
/// (ShapeAwareOpInterface); the result of a scope that carries no dims, the
/// size of the one value its body returns for it; an entry block argument
/// standing for an explicit capture, the capture's. Anything else gets no
/// constraint (the analysis treats it as unknown).
void populateScopeValueBounds(mlir::Operation *op, mlir::Value value,
                              std::optional<int64_t> dim,
                              mlir::ValueBoundsConstraintSet &cstr);

/// ValueBoundsOpInterface for a scope-like or shape-aware op, so that
/// upstream's value bounds analysis (and what is built on it: dim folding,
/// loop shape reasoning) sees through it.
template <typename OpTy>
struct ScopeValueBoundsModel
    : public mlir::ValueBoundsOpInterface::ExternalModel<
          ScopeValueBoundsModel<OpTy>, OpTy> {
  void populateBoundsForIndexValue(mlir::Operation *op, mlir::Value value,
                                   mlir::ValueBoundsConstraintSet &cstr) const {
    populateScopeValueBounds(op, value, std::nullopt, cstr);
  }
  void populateBoundsForShapedValueDim(
      mlir::Operation *op, mlir::Value value, int64_t dim,
      mlir::ValueBoundsConstraintSet &cstr) const {
    populateScopeValueBounds(op, value, dim, cstr);
  }
};

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_SCOPEVALUEBOUNDS_H
