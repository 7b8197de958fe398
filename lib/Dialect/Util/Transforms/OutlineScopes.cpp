//===- OutlineScopes.cpp - Outline scopes into functions --------*- C++ -*-===//
//
// This file implements util-outline-scopes, which replaces each scope op by a
// call to a new private function holding its body.
//
//===----------------------------------------------------------------------===//

#include "OutliningUtils.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/DenseMap.h"

namespace scopeir::util {
#define GEN_PASS_DEF_OUTLINESCOPESPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Returns true if a call can stand for `scope` without losing state: every
/// inherent attribute of the op is its operand segment sizes, its scope
/// attributes or its tie array. Other inherent state (a pass pipeline, say)
/// has no place on a call.
static bool hasOnlyOutlinableState(ScopeOpInterface scope) {
  Operation *op = scope;
  llvm::SmallDenseSet<StringAttr> discardable;
  for (NamedAttribute attr : op->getDiscardableAttrs())
    discardable.insert(attr.getName());
  SmallVector<int64_t> ties;
  if (auto tied = dyn_cast<TiedOpInterface>(op))
    ties = tied.getTiedResultIndices();
  for (NamedAttribute attr : op->getAttrs()) {
    if (discardable.contains(attr.getName()))
      continue;
    StringRef name = attr.getName().getValue();
    if (name == "operandSegmentSizes" || name == "resultSegmentSizes")
      continue;
    if (auto array = dyn_cast<ArrayAttr>(attr.getValue());
        array && llvm::all_of(array, llvm::IsaPred<ScopeAttrInterface>))
      continue;
    if (auto array = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
        array && array.asArrayRef() == ArrayRef<int64_t>(ties))
      continue;
    return false;
  }
  return true;
}

/// Returns the name the callee of `scope` should have: the scope's own zone
/// name, or `<anchor>_scope_<counter>`.
static std::string getCalleeName(ScopeOpInterface scope, Operation *anchor,
                                 unsigned &counter) {
  for (ScopeAttrInterface attr : scope.getScopeAttributes())
    if (auto zone = dyn_cast<ZoneAttr>(attr))
      return zone.getName().str();
  std::string name;
  if (auto symbol = dyn_cast<SymbolOpInterface>(anchor))
    name = (symbol.getName() + "_").str();
  return name + "scope_" + std::to_string(counter++);
}

/// Returns true if `op` returns control from the scope body it terminates
/// (the scope verifiers require those to be util.return for util.scope).
static bool exitsScope(Operation *terminator) {
  return terminator->hasTrait<OpTrait::ReturnLike>() ||
         isa<RegionBranchTerminatorOpInterface>(terminator);
}

namespace {
/// Outlines scopes one at a time; keeps the symbol tables and name counters
/// across them.
class ScopeOutliner {
public:
  explicit ScopeOutliner(StringRef kind) : kind(kind) {}

  /// Outlines `scope` unless it is filtered out or cannot be outlined.
  void outline(ScopeOpInterface scope);

private:
  StringRef kind;
  SymbolTableCollection symbolTables;
  /// Number of unnamed scopes outlined so far from each anchor op.
  llvm::DenseMap<Operation *, unsigned> counters;
  /// The last callee outlined from each anchor op: callees follow their
  /// anchor in the order of their scopes.
  llvm::DenseMap<Operation *, Operation *> lastCallee;
};

struct OutlineScopesPass
    : public scopeir::util::impl::OutlineScopesPassBase<OutlineScopesPass> {
  using Base::Base;

  void runOnOperation() override {
    // Pre-order: an outer scope moves into its callee before the scopes
    // nested in it are visited, so those are named after, and placed next
    // to, that callee. Regions are moved, never cloned, so the collected ops
    // survive.
    SmallVector<ScopeOpInterface> scopes;
    getOperation()->walk<WalkOrder::PreOrder>(
        [&](ScopeOpInterface scope) { scopes.push_back(scope); });
    ScopeOutliner outliner(kind);
    for (ScopeOpInterface scope : scopes)
      outliner.outline(scope);
  }
};
} // namespace

void ScopeOutliner::outline(ScopeOpInterface scope) {
  Operation *op = scope;
  if (scope.isAnnotationLike() || !hasOnlyOutlinableState(scope))
    return;
  if (!kind.empty() && !scope.getScopeAttrOfKind(kind))
    return;
  Operation *symbolTableOp = SymbolTable::getNearestSymbolTable(op->getParentOp());
  if (!symbolTableOp)
    return;
  // The anchor is the op of the symbol table (usually a function) that holds
  // the scope; the callee goes after it and the callees outlined before.
  Operation *anchor = op;
  while (anchor->getParentOp() != symbolTableOp)
    anchor = anchor->getParentOp();
  if (anchor == op)
    return;

  Region &body = scope.getScopeBody();
  Block &entry = body.front();
  OperandRange explicitCaptures = scope.getExplicitCaptures();
  if (entry.getNumArguments() != explicitCaptures.size())
    return;

  // Arguments: explicit captures, then implicit captures in first-use order.
  // A constant is cloned into the callee rather than passed; a value both
  // captured explicitly and used implicitly reuses the explicit argument.
  SmallVector<Value> operands(explicitCaptures.begin(), explicitCaptures.end());
  SmallVector<Value> implicitArgs, constants;
  for (Value value : getImplicitCaptures(scope)) {
    if (isClonableConstant(value))
      constants.push_back(value);
    else if (!llvm::is_contained(explicitCaptures, value))
      implicitArgs.push_back(value);
  }
  llvm::append_range(operands, implicitArgs);

  OpBuilder builder(op->getContext());
  auto fnType = builder.getFunctionType(ValueRange(operands).getTypes(),
                                        op->getResultTypes());
  unsigned &counter = counters[anchor];
  auto fn = func::FuncOp::create(op->getLoc(),
                                 getCalleeName(scope, anchor, counter), fnType);
  fn.setPrivate();
  Operation *&previous = lastCallee[anchor];
  symbolTables.getSymbolTable(symbolTableOp)
      .insert(fn, std::next((previous ? previous : anchor)->getIterator()));
  previous = fn;

  // The callee keeps every scope attribute its body saw, innermost first.
  SmallVector<Attribute> scopeAttrs = collectScopeAttrsUpTo(op, symbolTableOp);
  if (!scopeAttrs.empty())
    fn->setAttr(UtilDialect::getScopeAttrsAttrName(),
                builder.getArrayAttr(scopeAttrs));

  // Ties survive as result attributes naming the argument.
  if (auto tied = dyn_cast<TiedOpInterface>(op)) {
    for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
      Value tiedValue = tied.getTiedResultOperand(i);
      if (!tiedValue)
        continue;
      auto it = llvm::find(explicitCaptures, tiedValue);
      if (it != explicitCaptures.end())
        fn.setResultAttr(i, "util.tied",
                         builder.getI64IntegerAttr(
                             std::distance(explicitCaptures.begin(), it)));
    }
  }

  // Move the body; add the implicit arguments and constants.
  Region &fnBody = fn.getBody();
  fnBody.takeBody(body);
  Block &fnEntry = fnBody.front();
  for (Value value : implicitArgs)
    replaceAllUsesInRegionWith(value, fnEntry.addArgument(value.getType(),
                                                          value.getLoc()),
                               fnBody);
  for (auto [value, arg] :
       llvm::zip_equal(explicitCaptures, fnEntry.getArguments()))
    replaceAllUsesInRegionWith(value, arg, fnBody);
  builder.setInsertionPointToStart(&fnEntry);
  for (Value value : constants)
    replaceAllUsesInRegionWith(
        value, builder.clone(*value.getDefiningOp())->getResult(0), fnBody);
  for (Block &block : fnBody) {
    Operation *terminator = block.getTerminator();
    if (!exitsScope(terminator))
      continue;
    builder.setInsertionPoint(terminator);
    func::ReturnOp::create(builder, terminator->getLoc(),
                           terminator->getOperands());
    terminator->erase();
  }

  // Replace the scope by the call; its discardable attributes move along.
  builder.setInsertionPoint(op);
  auto call = func::CallOp::create(builder, op->getLoc(), fn, operands);
  for (NamedAttribute attr : op->getDiscardableAttrs())
    call->setAttr(attr.getName(), attr.getValue());
  op->replaceAllUsesWith(call.getResults());
  op->erase();
}
