//===- CaptureScopeValues.cpp - Make implicit scope captures explicit -----===//
//
// This file implements the util-capture-scope-values pass, which turns the
// values a scope op that is a closure (util.scope) uses from above into
// explicit captures with dims.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

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

/// Appends the capturable implicit captures of `scope`, a closure, to its
/// explicit captures, in place.
static void captureImplicitValues(RewriterBase &rewriter,
                                  ScopeOpInterface scope,
                                  DimOpIndex &dimIndex) {
  SmallVector<Value> values = getCapturableValues(scope);
  if (values.empty())
    return;
  auto closure = cast<ClosureOpInterface>(scope.getOperation());
  bool isShapeAware = isa<ShapeAwareOpInterface>(scope.getOperation());

  // A value may be captured explicitly and also used directly: such uses
  // switch to the existing block argument.
  Region &body = closure.getClosureBodyRegion();
  llvm::SmallDenseMap<Value, Value> captureToArg;
  for (auto [capture, arg] : llvm::zip_equal(closure.getClosureOperands(),
                                             body.front().getArguments()))
    captureToArg.try_emplace(capture, arg);

  DynamicDimBuilder dims(scope, /*allowCreate=*/true, dimIndex);
  SmallVector<Value> newCaptures, newDims;
  bool anyUse = false;
  for (Value value : values) {
    if (captureToArg.count(value)) {
      anyUse = true;
      continue;
    }
    FailureOr<SmallVector<Value>> valueDims = dims.getDynamicDims(value);
    // A closure that carries no dims captures only values without any.
    if (failed(valueDims) || (!isShapeAware && !valueDims->empty()))
      continue;
    newCaptures.push_back(value);
    llvm::append_range(newDims, *valueDims);
  }

  if (!newCaptures.empty() || anyUse) {
    // New captures go last, so their dims go after all existing capture
    // dims and existing ties keep their indices.
    unsigned firstNew = closure.getClosureOperands().size();
    rewriter.modifyOpInPlace(
        scope, [&] { closure.appendClosureOperands(newCaptures, newDims); });
    for (auto [i, value] : llvm::enumerate(newCaptures))
      captureToArg[value] = closure.getClosureBodyArgument(firstNew + i);
    body.walk([&](Operation *inner) {
      for (OpOperand &operand : inner->getOpOperands())
        if (Value arg = captureToArg.lookup(operand.get()))
          rewriter.modifyOpInPlace(inner, [&] { operand.set(arg); });
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
    // arguments and reuses their dims. Only closures have explicit captures
    // (annotations take implicit ones only). A scope whose captures are a
    // kernel's arguments (a fixed signature) keeps them as they are.
    SmallVector<ScopeOpInterface> scopes;
    getOperation()->walk<WalkOrder::PreOrder>([&](ScopeOpInterface scope) {
      if (isa<ClosureOpInterface>(scope.getOperation()) &&
          !scope.hasFixedSignature())
        scopes.push_back(scope);
    });
    IRRewriter rewriter(&getContext());
    DimOpIndex dimIndex;
    for (ScopeOpInterface scope : scopes)
      captureImplicitValues(rewriter, scope, dimIndex);
  }
};

} // namespace
