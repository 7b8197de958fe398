//===- CaptureScopeValues.cpp - Make implicit scope captures explicit -----===//
//
// This file implements the util-capture-scope-values pass, which turns the
// values a util.scope uses from above into explicit captures with dims.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Transforms/ScopeTransformUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace scopeir::util {
#define GEN_PASS_DEF_CAPTURESCOPEVALUESPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Appends the capturable implicit captures of `scope` to its explicit
/// captures, in place.
static void captureImplicitValues(RewriterBase &rewriter, ScopeOp scope,
                                  DimOpIndex &dimIndex) {
  SmallVector<Value> values = getCapturableValues(scope);
  if (values.empty())
    return;

  // A value may be captured explicitly and also used directly: such uses
  // switch to the existing block argument.
  Block &entry = scope.getEntryBlock();
  llvm::SmallDenseMap<Value, Value> captureToArg;
  for (auto [capture, arg] :
       llvm::zip_equal(scope.getCaptures(), entry.getArguments()))
    captureToArg.try_emplace(capture, arg);

  ScopeDimBuilder dims(scope, /*allowCreate=*/true, dimIndex);
  SmallVector<Value> newCaptures, newDims;
  bool anyUse = false;
  for (Value value : values) {
    if (captureToArg.count(value)) {
      anyUse = true;
      continue;
    }
    FailureOr<SmallVector<Value>> valueDims = dims.getDynamicDims(value);
    if (failed(valueDims))
      continue;
    newCaptures.push_back(value);
    llvm::append_range(newDims, *valueDims);
    captureToArg[value] = entry.addArgument(value.getType(), value.getLoc());
  }

  if (!newCaptures.empty() || anyUse) {
    scope.getBody().walk([&](Operation *inner) {
      for (OpOperand &operand : inner->getOpOperands())
        if (Value arg = captureToArg.lookup(operand.get()))
          rewriter.modifyOpInPlace(inner, [&] { operand.set(arg); });
    });
    // New captures go last, so their dims go after all existing capture
    // dims and existing ties keep their indices.
    rewriter.modifyOpInPlace(scope, [&] {
      scope.getCapturesMutable().append(newCaptures);
      scope.getCaptureDimsMutable().append(newDims);
    });
  }
  dims.eraseUnusedOps();
}

namespace {

struct CaptureScopeValuesPass
    : public scopeir::util::impl::CaptureScopeValuesPassBase<
          CaptureScopeValuesPass> {
  void runOnOperation() override {
    // Outermost first: an inner scope then captures the outer scope's block
    // arguments and reuses their dims.
    SmallVector<ScopeOp> scopes;
    getOperation()->walk<WalkOrder::PreOrder>(
        [&](ScopeOp scope) { scopes.push_back(scope); });
    IRRewriter rewriter(&getContext());
    DimOpIndex dimIndex;
    for (ScopeOp scope : scopes)
      captureImplicitValues(rewriter, scope, dimIndex);
  }
};

} // namespace
