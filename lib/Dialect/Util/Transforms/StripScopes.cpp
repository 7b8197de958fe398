//===- StripScopes.cpp - Remove scopes by inlining their bodies -----------===//
//
// This file implements the util-strip-scopes pass, which inlines the bodies
// of scope ops (all of them, or those selected by a scope attribute kind).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace scopeir::util {
#define GEN_PASS_DEF_STRIPSCOPESPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

namespace {

struct StripScopesPass
    : public scopeir::util::impl::StripScopesPassBase<StripScopesPass> {
  using Base::Base;

  /// What to do with one scope op.
  enum class Action { Keep, Strip, DropKind };

  Action classify(ScopeOpInterface scope) {
    // A body that does not mean the op when run once in its place (the
    // workgroups of a codegen.scope.workgroups) is code, not a grouping.
    if (!scope.isInlinable())
      return Action::Keep;
    if (kind.empty())
      return Action::Strip;
    SmallVector<ScopeAttrInterface> attrs = scope.getScopeAttributes();
    bool hasKind = llvm::any_of(
        attrs, [&](ScopeAttrInterface a) { return a.getScopeKind() == kind; });
    if (invert)
      return hasKind ? Action::Keep : Action::Strip;
    if (!hasKind)
      return Action::Keep;
    bool onlyKind = llvm::all_of(
        attrs, [&](ScopeAttrInterface a) { return a.getScopeKind() == kind; });
    return onlyKind ? Action::Strip : Action::DropKind;
  }

  LogicalResult initializeOptions(
      StringRef options,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    if (failed(Base::initializeOptions(options, errorHandler)))
      return failure();
    if (invert && kind.empty())
      return errorHandler("util-strip-scopes: 'invert' needs 'kind'");
    return success();
  }

  void runOnOperation() override {

    // Outermost first: a multi-block scope nested in a scope that is
    // stripped then lands in the enclosing region directly.
    SmallVector<ScopeOpInterface> scopes;
    getOperation()->walk<WalkOrder::PreOrder>(
        [&](ScopeOpInterface scope) { scopes.push_back(scope); });

    IRRewriter rewriter(&getContext());
    bool failedAny = false;
    for (ScopeOpInterface scope : scopes) {
      switch (classify(scope)) {
      case Action::Keep:
        break;
      case Action::Strip:
        if (failed(inlineScope(rewriter, scope)))
          failedAny = true;
        break;
      case Action::DropKind: {
        SmallVector<Attribute> kept;
        for (ScopeAttrInterface attr : scope.getScopeAttributes())
          if (attr.getScopeKind() != kind)
            kept.push_back(attr);
        rewriter.startOpModification(scope);
        if (succeeded(scope.setScopeAttributes(kept))) {
          rewriter.finalizeOpModification(scope);
        } else {
          rewriter.cancelOpModification(scope);
          scope->emitOpError("carries scope attributes of other kinds than '")
              << kind
              << "', which cannot be kept when removing that kind from a "
                 "scope op other than util.scope or util.annotate";
          failedAny = true;
        }
        break;
      }
      }
    }
    if (outlined)
      stripOutlinedScopeAttrs();
    if (failedAny)
      signalPassFailure();
  }

  /// An outlined scope leaves its attributes on its function as a
  /// `util.scope_attrs` array and its ties as `util.tied` result
  /// attributes: with `outlined` they are removed like the attributes of a
  /// scope op (by kind, if given), so that nothing of util is left for tools
  /// that do not know it.
  void stripOutlinedScopeAttrs() {
    StringAttr arrayName =
        StringAttr::get(&getContext(), UtilDialect::getScopeAttrsAttrName());
    StringAttr tiedName =
        StringAttr::get(&getContext(), UtilDialect::getTiedResultAttrName());
    getOperation()->walk([&](Operation *op) {
      if (kind.empty()) {
        if (auto function = dyn_cast<FunctionOpInterface>(op))
          for (unsigned i = 0, e = function.getNumResults(); i < e; ++i)
            function.removeResultAttr(i, tiedName);
      }
      auto array = op->getAttrOfType<ArrayAttr>(arrayName);
      if (!array)
        return;
      auto isOfKind = [&](Attribute attr) {
        auto scopeAttr = dyn_cast<ScopeAttrInterface>(attr);
        return scopeAttr && scopeAttr.getScopeKind() == kind;
      };
      SmallVector<Attribute> kept;
      if (!kind.empty() && !invert)
        llvm::copy_if(array, std::back_inserter(kept),
                      [&](Attribute attr) { return !isOfKind(attr); });
      else if (invert && llvm::any_of(array, isOfKind))
        kept.assign(array.begin(), array.end());
      if (kept.empty())
        op->removeAttr(arrayName);
      else
        op->setAttr(arrayName, ArrayAttr::get(&getContext(), kept));
    });
  }
};

} // namespace
