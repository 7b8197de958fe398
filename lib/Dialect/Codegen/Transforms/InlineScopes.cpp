//===- InlineScopes.cpp - Inline every tu scope -----------------*- C++ -*-===//
//
// This file implements the codegen-inline-scopes pass, which replaces every
// codegen.scope.tu by its body.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/IR/PatternMatch.h"

namespace scopeir::codegen {
#define GEN_PASS_DEF_INLINESCOPESPASS
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"
} // namespace scopeir::codegen

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

namespace {

struct InlineScopesPass
    : codegen::impl::InlineScopesPassBase<InlineScopesPass> {
  void runOnOperation() override {
    // Pre-order would hand inlineScope a scope whose body moved away; the
    // post-order walk inlines inner scopes first.
    SmallVector<TUOp> scopes;
    getOperation()->walk([&](TUOp scope) { scopes.push_back(scope); });
    // Nothing to inline: saying so spares the pass manager re-verifying
    // the unchanged IR.
    if (scopes.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (TUOp scope : scopes) {
      rewriter.setInsertionPoint(scope);
      if (failed(util::inlineScope(
              rewriter, cast<util::ScopeOpInterface>(scope.getOperation()))))
        return signalPassFailure();
    }
  }
};

} // namespace
