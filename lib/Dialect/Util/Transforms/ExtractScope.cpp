//===- ExtractScope.cpp - Extract one scope into a standalone module ------===//
//
// This file implements util-extract-scope, which replaces a module by a
// function running one of its scopes and the symbols that scope references.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

namespace scopeir::util {
#define GEN_PASS_DEF_EXTRACTSCOPEPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// Appends "the module has N scope ops; zones: ..." to `diag`.
static void describeScopes(InFlightDiagnostic &diag,
                           ArrayRef<ScopeOpInterface> scopes) {
  llvm::SetVector<StringRef> zones;
  for (ScopeOpInterface scope : scopes)
    if (StringRef name = getScopeName(scope); !name.empty())
      zones.insert(name);
  diag << "; the module has " << scopes.size() << " scope op"
       << (scopes.size() == 1 ? "" : "s") << "; zones: ";
  if (zones.empty()) {
    diag << "none";
    return;
  }
  llvm::interleaveComma(zones, diag,
                        [&](StringRef name) { diag << "'" << name << "'"; });
}

/// Erases every op of `block`, innermost first. Destroying an op that still
/// holds ops drops the references of everything nested in it once per
/// region around it (a region and each of its blocks do so when destroyed),
/// which costs the nesting depth times the ops; emptied first, every region
/// is destroyed empty and the teardown is linear in the ops.
static void eraseAllOps(Block *block) {
  block->dropAllReferences();
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(*block)))
    op.walk([](Operation *nested) { nested->erase(); });
}

/// Returns the op directly in `module`'s body that holds `op`, or null.
static Operation *getTopLevelAncestor(Operation *op, ModuleOp module) {
  while (op && op->getParentOp() != module)
    op = op->getParentOp();
  return op;
}

namespace {
struct ExtractScopePass
    : public scopeir::util::impl::ExtractScopePassBase<ExtractScopePass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Returns the selected scope and its pre-order index, or emits an error.
  FailureOr<std::pair<ScopeOpInterface, int64_t>> select();

  /// Builds the (detached) function running `scope` alone.
  func::FuncOp buildFunction(ScopeOpInterface scope, StringRef name);

  /// Returns the ops of the module's body that `root` references,
  /// transitively, in module order.
  SmallVector<Operation *> collectReferencedSymbols(Operation *root);
};
} // namespace

FailureOr<std::pair<ScopeOpInterface, int64_t>> ExtractScopePass::select() {
  ModuleOp module = getOperation();
  SmallVector<ScopeOpInterface> scopes;
  module->walk<WalkOrder::PreOrder>(
      [&](ScopeOpInterface scope) { scopes.push_back(scope); });

  bool byZone = !zoneName.empty(), byIndex = scopeIndex >= 0;
  if (byZone == byIndex) {
    InFlightDiagnostic diag = module.emitError();
    if (byZone)
      diag << "util-extract-scope takes zone=<name> or index=<n>, not both";
    else
      diag << "util-extract-scope needs zone=<name> or index=<n>";
    describeScopes(diag, scopes);
    return failure();
  }

  if (byIndex) {
    int64_t index = scopeIndex;
    if (index >= static_cast<int64_t>(scopes.size())) {
      InFlightDiagnostic diag = module.emitError()
                                << "no scope op at index " << index;
      describeScopes(diag, scopes);
      return failure();
    }
    return std::make_pair(scopes[index], index);
  }

  SmallVector<int64_t> matches;
  for (auto [i, scope] : llvm::enumerate(scopes))
    if (getScopeName(scope) == zoneName)
      matches.push_back(i);
  if (matches.empty()) {
    InFlightDiagnostic diag = module.emitError()
                              << "no scope op has zone '" << zoneName << "'";
    describeScopes(diag, scopes);
    return failure();
  }
  if (matches.size() > 1) {
    InFlightDiagnostic diag = module.emitError()
                              << "zone '" << zoneName << "' names "
                              << matches.size()
                              << " scope ops; select one with index=<n>";
    for (int64_t i : matches)
      diag.attachNote(scopes[i]->getLoc()) << "scope op at index " << i;
    return failure();
  }
  return std::make_pair(scopes[matches.front()], matches.front());
}

func::FuncOp ExtractScopePass::buildFunction(ScopeOpInterface scope,
                                             StringRef name) {
  Operation *op = scope;
  MLIRContext *ctx = op->getContext();
  OpBuilder builder(ctx);
  Location loc = op->getLoc();
  auto fn = func::FuncOp::create(loc, name, builder.getFunctionType({}, {}));
  Block *entry = fn.addEntryBlock();
  builder.setInsertionPointToStart(entry);

  IRMapping mapping;
  auto addArgument = [&](Value value) {
    if (mapping.contains(value))
      return;
    if (isClonableConstant(value)) {
      mapping.map(value, builder.clone(*value.getDefiningOp())->getResult(0));
      return;
    }
    mapping.map(value, entry->addArgument(value.getType(), value.getLoc()));
  };

  // Explicit captures are arguments; their dims are read off them.
  OperandRange explicitCaptures = scope.getExplicitCaptures();
  for (Value capture : explicitCaptures)
    if (!mapping.contains(capture))
      mapping.map(capture,
                  entry->addArgument(capture.getType(), capture.getLoc()));
  if (auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op)) {
    llvm::SmallDenseMap<int64_t, Value> positions;
    for (OpOperand &operand : op->getOpOperands()) {
      if (!llvm::is_contained(explicitCaptures, operand.get()))
        continue;
      Value arg = mapping.lookup(operand.get());
      auto shaped = dyn_cast<ShapedType>(arg.getType());
      if (!shaped || !shaped.hasRank() ||
          !isa<RankedTensorType, MemRefType>(shaped))
        continue;
      ValueRange dims =
          shapeAware.getOperandDynamicDims(operand.getOperandNumber());
      unsigned next = 0;
      for (auto [i, size] : llvm::enumerate(shaped.getShape())) {
        if (!ShapedType::isDynamic(size) || next >= dims.size())
          continue;
        Value dim = dims[next++];
        if (mapping.contains(dim))
          continue;
        Value &position = positions[i];
        if (!position)
          position = arith::ConstantIndexOp::create(builder, loc, i);
        Value computed =
            isa<MemRefType>(shaped)
                ? memref::DimOp::create(builder, loc, arg, position).getResult()
                : tensor::DimOp::create(builder, loc, arg, position)
                      .getResult();
        mapping.map(dim, computed);
      }
    }
  }
  // Then implicit captures in first-use order (constants cloned), then
  // whatever else the op reads from above (a result dim, a dim of an
  // unranked capture).
  OutlinedOperands outlined =
      getOutlinedOperands(scope.getScopeBody(), explicitCaptures);
  for (Value value : outlined.constants)
    addArgument(value);
  for (Value value :
       ArrayRef(outlined.arguments).drop_front(explicitCaptures.size()))
    addArgument(value);
  for (Value value : op->getOperands())
    addArgument(value);

  Operation *clone = builder.clone(*op, mapping);
  func::ReturnOp::create(builder, loc, clone->getResults());
  fn.setFunctionType(
      builder.getFunctionType(entry->getArgumentTypes(), op->getResultTypes()));

  // The scopes and functions that enclosed the scope are gone: record their
  // attributes so lookups inside answer as before.
  SmallVector<Attribute> scopeAttrs =
      collectScopeAttrsUpTo(op->getParentOp(), getOperation());
  if (!scopeAttrs.empty())
    fn->setAttr(UtilDialect::getScopeAttrsAttrName(),
                builder.getArrayAttr(scopeAttrs));
  return fn;
}

SmallVector<Operation *>
ExtractScopePass::collectReferencedSymbols(Operation *root) {
  ModuleOp module = getOperation();
  SymbolTableCollection symbolTables;
  llvm::SmallPtrSet<Operation *, 8> found;
  SmallVector<Operation *> worklist = {root};
  while (!worklist.empty()) {
    Operation *next = worklist.pop_back_val();
    next->walk([&](Operation *user) {
      user->getAttrDictionary().walk([&](SymbolRefAttr ref) {
        Operation *symbol = symbolTables.lookupNearestSymbolFrom(user, ref);
        Operation *top = getTopLevelAncestor(symbol, module);
        if (top && top != root && found.insert(top).second)
          worklist.push_back(top);
      });
    });
  }
  SmallVector<Operation *> result;
  for (Operation &op : module.getBody()->getOperations())
    if (found.contains(&op))
      result.push_back(&op);
  return result;
}

void ExtractScopePass::runOnOperation() {
  FailureOr<std::pair<ScopeOpInterface, int64_t>> selected = select();
  if (failed(selected))
    return signalPassFailure();
  auto [scope, position] = *selected;

  // The scope's symbol references resolve in its nearest symbol table; they
  // would not resolve from the module if that were a nested one.
  Operation *symbolTableOp =
      SymbolTable::getNearestSymbolTable(scope->getParentOp());
  if (symbolTableOp != getOperation()) {
    scope->emitError("cannot extract a scope nested in a symbol table other "
                     "than the module")
            .attachNote(symbolTableOp->getLoc())
        << "nested symbol table is here";
    return signalPassFailure();
  }

  std::string name = getScopeName(scope).str();
  if (name.empty())
    name = "scope_" + std::to_string(position);
  func::FuncOp fn = buildFunction(scope, name);
  SmallVector<Operation *> symbols = collectReferencedSymbols(scope);
  SmallVector<Operation *> copies;
  for (Operation *symbol : symbols)
    copies.push_back(symbol->clone());

  ModuleOp module = getOperation();
  Block *body = module.getBody();
  eraseAllOps(body);
  for (Operation *copy : copies)
    body->push_back(copy);
  SymbolTable(module).insert(fn, body->begin());
}
