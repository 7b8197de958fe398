//===- ReduceRewrites.cpp - Delta debugging over rewrite sites ------------===//
//
// This file implements scope-reduce-rewrites: it shrinks a test case by
// trying simplifying rewrites on chunks of their sites and keeping the
// variants the interestingness test still accepts.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Reducer/Tester.h"
#include "llvm/ADT/STLExtras.h"

namespace scopeir::reduce {
#define GEN_PASS_DEF_REDUCEREWRITESPASS
#include "Passes.h.inc"
} // namespace scopeir::reduce

using namespace mlir;
using namespace scopeir;

namespace {

enum class RewriteKind { Forward, Zero, Then, InlineScope, DropScopeAttr };

struct KindName {
  RewriteKind kind;
  const char *name;
};
constexpr KindName kKindNames[] = {
    {RewriteKind::Forward, "forward"},
    {RewriteKind::Zero, "zero"},
    {RewriteKind::Then, "then"},
    {RewriteKind::InlineScope, "inline-scope"},
    {RewriteKind::DropScopeAttr, "drop-scope-attr"},
};

/// The operand `forward` replaces `result` by: the first one of its type
/// whose contents are defined. (A linalg op's init is often a tensor.empty:
/// forwarding it would make the program read uninitialized memory, and a
/// reduction would chase differences in garbage.)
static Value getForwardedOperand(OpResult result) {
  for (Value operand : result.getOwner()->getOperands())
    if (operand.getType() == result.getType() &&
        !operand.getDefiningOp<tensor::EmptyOp>())
      return operand;
  return {};
}

/// Returns true if the rewrite of `kind` applies to `op`.
static bool isSite(Operation *op, RewriteKind kind) {
  switch (kind) {
  case RewriteKind::Forward:
    return !op->hasTrait<OpTrait::IsTerminator>() &&
           llvm::any_of(op->getResults(), [](OpResult result) {
             return !result.use_empty() && getForwardedOperand(result);
           });
  case RewriteKind::Zero: {
    if (isa<arith::ConstantOp>(op) || op->getNumResults() != 1 ||
        op->use_empty())
      return false;
    auto type = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    return type && type.hasStaticShape() &&
           isa<FloatType>(type.getElementType());
  }
  case RewriteKind::Then:
    return isa<scf::IfOp>(op);
  case RewriteKind::InlineScope:
    return isa<util::ScopeOpInterface>(op);
  case RewriteKind::DropScopeAttr: {
    if (!isa<util::ScopeOp, util::AnnotateOp>(op))
      return false;
    auto attrs = op->getAttrOfType<ArrayAttr>("scope_attrs");
    return attrs && !attrs.empty();
  }
  }
  llvm_unreachable("unknown rewrite kind");
}

static SmallVector<Operation *> collectSites(ModuleOp module,
                                             RewriteKind kind) {
  SmallVector<Operation *> sites;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != module && isSite(op, kind))
      sites.push_back(op);
  });
  return sites;
}

static void applyRewrite(IRRewriter &rewriter, Operation *op,
                         RewriteKind kind) {
  rewriter.setInsertionPoint(op);
  switch (kind) {
  case RewriteKind::Forward:
    for (OpResult result : op->getResults())
      if (Value operand = getForwardedOperand(result))
        rewriter.replaceAllUsesWith(result, operand);
    return;
  case RewriteKind::Zero: {
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    auto zero = DenseElementsAttr::get(
        type, rewriter.getFloatAttr(type.getElementType(), 0.0));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, zero);
    return;
  }
  case RewriteKind::Then: {
    auto ifOp = cast<scf::IfOp>(op);
    Block *then = ifOp.thenBlock();
    auto yield = cast<scf::YieldOp>(then->getTerminator());
    SmallVector<Value> results(yield.getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(then, ifOp);
    rewriter.replaceOp(ifOp, results);
    return;
  }
  case RewriteKind::InlineScope:
    (void)util::inlineScope(rewriter, cast<util::ScopeOpInterface>(op));
    return;
  case RewriteKind::DropScopeAttr: {
    auto attrs = op->getAttrOfType<ArrayAttr>("scope_attrs");
    rewriter.modifyOpInPlace(op, [&] {
      if (attrs.size() == 1)
        op->removeAttr("scope_attrs");
      else
        op->setAttr("scope_attrs",
                    ArrayAttr::get(op->getContext(),
                                   attrs.getValue().drop_front()));
    });
    return;
  }
  }
}

/// Erases what the rewrites left unused: trivially dead ops, calls without
/// uses, then private functions nothing refers to.
static void eraseDeadCode(ModuleOp module) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> dead;
    module.walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (op == module)
        return;
      if (isOpTriviallyDead(op) ||
          (isa<func::CallOp>(op) && op->use_empty()))
        dead.push_back(op);
    });
    // Post-order: users before the ops they use, so erasing in this order
    // never leaves a use behind.
    for (Operation *op : dead) {
      if (op->use_empty()) {
        op->erase();
        changed = true;
      }
    }
    for (auto func :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (func.isPublic())
        continue;
      std::optional<SymbolTable::UseRange> uses =
          SymbolTable::getSymbolUses(func, module);
      if (uses && uses->empty()) {
        func.erase();
        changed = true;
      }
    }
  }
}

struct ReduceRewritesPass
    : public scopeir::reduce::impl::ReduceRewritesPassBase<ReduceRewritesPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Delta debugging over the sites of `kind`; returns true if some variant
  /// was kept.
  bool reduceKind(RewriteKind kind, const Tester &tester);

  size_t currentSize = 0;
};

bool ReduceRewritesPass::reduceKind(RewriteKind kind, const Tester &tester) {
  ModuleOp module = getOperation();
  bool progress = false;
  size_t numSites = collectSites(module, kind).size();
  for (size_t chunk = numSites; chunk >= 1; chunk /= 2) {
    size_t begin = 0;
    while (true) {
      OwningOpRef<ModuleOp> variant = module.clone();
      SmallVector<Operation *> sites = collectSites(*variant, kind);
      if (begin >= sites.size())
        break;
      size_t end = std::min(sites.size(), begin + chunk);
      IRRewriter rewriter(&getContext());
      // Later sites first: a rewrite never erases a site that precedes it
      // in pre-order (it may erase nested ones, which come after it).
      for (size_t i = end; i > begin; --i)
        applyRewrite(rewriter, sites[i - 1], kind);
      eraseDeadCode(*variant);
      bool kept = false;
      // A variant that does not verify is never shown to the test.
      ScopedDiagnosticHandler silence(&getContext(),
                                      [](Diagnostic &) { return success(); });
      if (succeeded(verify(*variant))) {
        auto [interesting, size] = tester.isInteresting(*variant);
        if (interesting == Tester::Interestingness::True &&
            size < currentSize) {
          module.getBodyRegion().takeBody(variant->getBodyRegion());
          module->setAttrs((*variant)->getAttrDictionary());
          currentSize = size;
          progress = kept = true;
        }
      }
      // The sites were renumbered by a kept variant: try the same chunk
      // position again.
      if (!kept)
        begin += chunk;
    }
    if (chunk == 1)
      break;
  }
  return progress;
}

void ReduceRewritesPass::runOnOperation() {
  SmallVector<RewriteKind> order;
  if (kinds.empty()) {
    for (const KindName &entry : kKindNames)
      order.push_back(entry.kind);
  } else {
    for (const std::string &name : kinds) {
      const KindName *entry = llvm::find_if(
          kKindNames, [&](const KindName &k) { return name == k.name; });
      if (entry == std::end(kKindNames)) {
        getOperation()->emitError("scope-reduce-rewrites: unknown kind '")
            << name << "'";
        return signalPassFailure();
      }
      order.push_back(entry->kind);
    }
  }
  if (testerName.empty()) {
    getOperation()->emitError(
        "scope-reduce-rewrites: no interestingness test (test=...)");
    return signalPassFailure();
  }

  Tester tester(testerName, testerArgs);
  auto [interesting, size] = tester.isInteresting(getOperation());
  if (interesting != Tester::Interestingness::True) {
    getOperation()->emitError(
        "scope-reduce-rewrites: the input is not interesting");
    return signalPassFailure();
  }
  currentSize = size;
  for (unsigned round = 0; round < rounds; ++round) {
    bool progress = false;
    for (RewriteKind kind : order)
      progress |= reduceKind(kind, tester);
    if (!progress)
      break;
  }
}

} // namespace
