//===- OutlineScopes.cpp - Outline scopes into functions --------*- C++ -*-===//
//
// This file implements util-outline-scopes, which replaces each scope op by a
// call to a new private function holding its body.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"

namespace scopeir::util {
#define GEN_PASS_DEF_OUTLINESCOPESPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Returns the name the callee of `scope` should have: the scope's own zone
/// name, or `<anchor>_scope_<counter>`.
static std::string getCalleeName(ScopeOpInterface scope, Operation *anchor,
                                 unsigned &counter) {
  if (StringRef scopeName = getScopeName(scope); !scopeName.empty())
    return scopeName.str();
  std::string name;
  if (auto symbol = dyn_cast<SymbolOpInterface>(anchor))
    name = (symbol.getName() + "_").str();
  return name + "scope_" + std::to_string(counter++);
}

namespace {
/// Outlines scopes: first declares a callee for every scope to outline, in
/// pre-order, then moves the bodies in, inner scopes first.
class ScopeOutliner {
public:
  explicit ScopeOutliner(StringRef kind) : kind(kind) {}

  /// Creates and inserts the (empty) callee of `scope`, or returns null if
  /// the scope is filtered out or cannot be outlined.
  func::FuncOp declareCallee(ScopeOpInterface scope);

  /// Moves the body of `scope` into `callee` and replaces the scope by a call.
  void outline(ScopeOpInterface scope, func::FuncOp callee);

private:
  StringRef kind;
  SymbolTableCollection symbolTables;
  /// Number of unnamed scopes declared so far in each anchor op.
  llvm::DenseMap<Operation *, unsigned> counters;
  /// The last callee declared for each anchor op: callees follow their
  /// anchor in the order of their scopes.
  llvm::DenseMap<Operation *, Operation *> lastCallee;
};

struct OutlineScopesPass
    : public scopeir::util::impl::OutlineScopesPassBase<OutlineScopesPass> {
  using Base::Base;

  void runOnOperation() override {
    // Names and positions follow the pre-order of the scopes. Bodies are
    // moved inner scopes first: an inner scope is a call by the time its
    // parent's arguments are computed, so values only the inner scope op
    // needed (its result dims) are not passed to the parent's callee.
    ScopeOutliner outliner(kind);
    SmallVector<std::pair<ScopeOpInterface, func::FuncOp>> work;
    getOperation()->walk<WalkOrder::PreOrder>([&](ScopeOpInterface scope) {
      if (func::FuncOp callee = outliner.declareCallee(scope))
        work.emplace_back(scope, callee);
    });
    for (auto [scope, callee] : llvm::reverse(work))
      outliner.outline(scope, callee);
  }
};
} // namespace

/// Returns the op directly in the nearest symbol table above `op` that holds
/// `op` (usually a function), or null if there is none or it is `op`.
static Operation *getAnchor(Operation *op) {
  Operation *symbolTableOp =
      SymbolTable::getNearestSymbolTable(op->getParentOp());
  if (!symbolTableOp)
    return nullptr;
  Operation *anchor = op;
  while (anchor->getParentOp() != symbolTableOp)
    anchor = anchor->getParentOp();
  return anchor == op ? nullptr : anchor;
}

func::FuncOp ScopeOutliner::declareCallee(ScopeOpInterface scope) {
  Operation *op = scope;
  if (scope.isAnnotationLike() || !scope.isOutlinable())
    return {};
  if (!kind.empty() && !scope.getScopeAttrOfKind(kind))
    return {};
  Region &body = scope.getScopeBody();
  if (body.empty() ||
      body.front().getNumArguments() != scope.getExplicitCaptures().size())
    return {};
  Operation *anchor = getAnchor(op);
  if (!anchor)
    return {};

  OpBuilder builder(op->getContext());
  auto callee = func::FuncOp::create(
      op->getLoc(), getCalleeName(scope, anchor, counters[anchor]),
      builder.getFunctionType({}, {}));
  callee.setPrivate();
  Operation *&previous = lastCallee[anchor];
  symbolTables.getSymbolTable(anchor->getParentOp())
      .insert(callee, std::next((previous ? previous : anchor)->getIterator()));
  previous = callee;
  return callee;
}

void ScopeOutliner::outline(ScopeOpInterface scope, func::FuncOp callee) {
  Operation *op = scope;
  Region &body = scope.getScopeBody();
  OperandRange explicitCaptures = scope.getExplicitCaptures();

  // Arguments: explicit captures, then implicit captures in first-use order.
  // A constant is cloned into the callee rather than passed; a value both
  // captured explicitly and used implicitly reuses the explicit argument.
  OutlinedOperands outlined = getOutlinedOperands(body, explicitCaptures);
  ArrayRef<Value> operands = outlined.arguments;
  ArrayRef<Value> implicitArgs = operands.drop_front(explicitCaptures.size());

  OpBuilder builder(op->getContext());
  callee.setFunctionType(builder.getFunctionType(
      ValueRange(operands).getTypes(), op->getResultTypes()));

  // The callee keeps every scope attribute its body saw, innermost first.
  SmallVector<Attribute> scopeAttrs =
      collectScopeAttrsUpTo(op, callee->getParentOp());
  if (!scopeAttrs.empty())
    callee->setAttr(UtilDialect::getScopeAttrsAttrName(),
                    builder.getArrayAttr(scopeAttrs));

  // Ties survive as result attributes naming the argument.
  if (auto tied = dyn_cast<TiedOpInterface>(op)) {
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      Value tiedValue = tied.getTiedResultOperand(i);
      if (!tiedValue)
        continue;
      auto it = llvm::find(explicitCaptures, tiedValue);
      if (it != explicitCaptures.end())
        callee.setResultAttr(i, "util.tied",
                             builder.getI64IntegerAttr(
                                 std::distance(explicitCaptures.begin(), it)));
    }
  }

  // Move the body; add the implicit arguments and constants.
  Region &calleeBody = callee.getBody();
  calleeBody.takeBody(body);
  Block &calleeEntry = calleeBody.front();
  for (Value value : implicitArgs)
    replaceAllUsesInRegionWith(
        value, calleeEntry.addArgument(value.getType(), value.getLoc()),
        calleeBody);
  for (auto [value, arg] :
       llvm::zip_equal(explicitCaptures, calleeEntry.getArguments()))
    replaceAllUsesInRegionWith(value, arg, calleeBody);
  builder.setInsertionPointToStart(&calleeEntry);
  for (auto [value, clone] : llvm::zip_equal(
           outlined.constants, cloneConstants(builder, outlined.constants)))
    replaceAllUsesInRegionWith(value, clone, calleeBody);
  IRRewriter rewriter(builder);
  replaceScopeExits(rewriter, calleeBody,
                    [](OpBuilder &builder, Location loc, ValueRange values) {
                      func::ReturnOp::create(builder, loc, values);
                    });

  // Replace the scope by the call; its discardable attributes move along.
  builder.setInsertionPoint(op);
  auto call = func::CallOp::create(builder, op->getLoc(), callee, operands);
  for (NamedAttribute attr : op->getDiscardableAttrs())
    call->setAttr(attr.getName(), attr.getValue());
  op->replaceAllUsesWith(call.getResults());
  op->erase();
}
