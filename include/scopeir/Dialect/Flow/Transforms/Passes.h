//===- Passes.h - flow dialect passes ---------------------------*- C++ -*-===//
//
// This file declares the flow dialect's passes and the placement check they
// share.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_H
#define SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"

namespace scopeir::flow {

#define GEN_PASS_DECL
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"

/// Returns true if `op` is a unit of work that dispatch region formation
/// puts into a region: a linalg op on tensors, or another op implementing
/// TilingInterface whose results are ranked tensors.
bool isDispatchableOp(mlir::Operation *op);

/// Returns the path of scope ops enclosing `op`, outermost first: for each
/// scope its zone name, else its attributes printed and joined, else the
/// scope op's name.
mlir::ArrayAttr getScopePath(mlir::Operation *op);

/// Checks that every dispatchable op (a linalg op or another tileable op)
/// nested in `root` sits in a dispatch region whose placement is the op's
/// innermost placement (util::lookupPlacement), that every region's placement
/// is the one of the scopes around it, and that every `flow.dispatch` calls
/// an executable placed where the dispatch is. Emits an error at each
/// violating op, with a note at the scope that placed it.
mlir::LogicalResult verifyDispatchPlacement(mlir::Operation *root);

} // namespace scopeir::flow

#endif // SCOPEIR_DIALECT_FLOW_TRANSFORMS_PASSES_H
