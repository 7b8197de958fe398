//===- LowerAnnotations.cpp - Annotation-like scope ops to util.scope -----===//
//
// This file implements the util-lower-annotations pass, which rewrites every
// annotation-like ScopeOpInterface op into a util.scope with explicit
// captures and dims computed above the scope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace scopeir::util {
#define GEN_PASS_DEF_LOWERANNOTATIONSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Computes the operands of the util.scope replacing `scope` (captures, their
/// dims, result dims) or reports why a result dim cannot be computed.
static FailureOr<ScopeOpOperands>
computeScopeOperands(ScopeOpInterface scope, DynamicDimBuilder &dims) {
  Operation *op = scope;
  ScopeOpOperands operands;

  // Explicit captures stay; implicit ones join them when their dims are
  // known (a value whose dims cannot be computed stays implicit).
  for (auto [i, capture] : llvm::enumerate(scope.getExplicitCaptures())) {
    FailureOr<SmallVector<Value>> captureDims = dims.getDynamicDims(capture);
    if (failed(captureDims)) {
      op->emitOpError("capture #")
          << i << ": cannot compute its dynamic dimensions above the scope";
      return failure();
    }
    operands.captures.push_back(capture);
    llvm::append_range(operands.captureDims, *captureDims);
  }
  appendCapturableValues(
      scope, dims, [] { return true; }, operands);

  for (OpResult result : op->getResults()) {
    auto type = dyn_cast<ShapedType>(result.getType());
    operands.ties.push_back(TiedOpInterface::kUntied);
    if (!type || !type.hasRank())
      continue;
    for (int64_t i = 0, e = type.getRank(); i < e; ++i) {
      if (!type.isDynamicDim(i))
        continue;
      FailureOr<Value> dim = dims.getDim(result, i);
      if (succeeded(dim)) {
        operands.resultDims.push_back(*dim);
        continue;
      }
      InFlightDiagnostic diag = op->emitOpError("result #")
                                << result.getResultNumber()
                                << ": cannot compute dynamic dimension #" << i
                                << " above the scope";
      SmallVector<Value> returned;
      getReturnedValues(scope, result.getResultNumber(), returned);
      for (Value value : returned)
        diag.attachNote(value.getLoc()) << "returned value defined here";
      return failure();
    }
  }
  return operands;
}

namespace {

struct LowerAnnotationsPass
    : public scopeir::util::impl::LowerAnnotationsPassBase<
          LowerAnnotationsPass> {
  void runOnOperation() override {
    // Outermost first: an inner annotation then sees the outer scope's
    // block arguments, whose dims are already known.
    SmallVector<ScopeOpInterface> annotations;
    getOperation()->walk<WalkOrder::PreOrder>([&](ScopeOpInterface scope) {
      if (scope.isAnnotationLike())
        annotations.push_back(scope);
    });
    // Nothing to lower: saying so spares the pass manager re-verifying the
    // unchanged IR.
    if (annotations.empty())
      return markAllAnalysesPreserved();

    IRRewriter rewriter(&getContext());
    DimOpIndex dimIndex;
    bool failedAny = false;
    for (ScopeOpInterface scope : annotations) {
      DynamicDimBuilder dims(scope, /*allowCreate=*/true, dimIndex);
      // A dim the annotation's ops compute from data (an element of a
      // tensor) may go through a linalg.generic: computing it above the
      // scope repeats it, which beats refusing a valid annotation.
      dims.setCloneRegionOps(true);
      FailureOr<ScopeOpOperands> operands = computeScopeOperands(scope, dims);
      if (succeeded(operands))
        replaceWithScopeOp(rewriter, scope, *operands);
      else
        failedAny = true;
      dims.eraseUnusedOps();
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
