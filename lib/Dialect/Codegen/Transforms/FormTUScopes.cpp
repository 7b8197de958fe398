//===- FormTUScopes.cpp - Wrap root ops in tu scopes ------------*- C++ -*-===//
//
// This file implements the codegen-form-tu-scopes pass, which wraps each root
// op of a function (with its fused producers and the consumers the strategy
// table takes, or an elementwise chain) in a codegen.scope.tu carrying the
// root's strategy.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Codegen/Transforms/StrategyTable.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#define DEBUG_TYPE "codegen-form-tu-scopes"

namespace scopeir::codegen {
#define GEN_PASS_DEF_FORMTUSCOPESPASS
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"
} // namespace scopeir::codegen

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

namespace {

/// Forms the scopes of one block.
class BlockFormation {
public:
  BlockFormation(Block &block, const StrategyTable *table,
                 util::DimOpIndex &dimIndex,
                 const util::DecisionRemarks &remarks)
      : block(block), table(table), dimIndex(dimIndex), remarks(remarks) {}

  /// Forms the scopes of the block's roots; returns true if it had any.
  FailureOr<bool> run();

private:
  /// Collects the group of `root` (of `kind`) and forms its scope.
  LogicalResult formGroup(Operation *root, RootKind kind);
  /// Creates the scope of `ops` (in block order), isolated from above.
  FailureOr<TUOp> createScope(ArrayRef<Operation *> ops);
  /// Returns the strategy of the scope formed around `root`.
  FailureOr<Strategy> getStrategy(Operation *root, RootKind kind);
  /// Reports the group of `root` about to be formed: the root, its
  /// strategy and where it came from, and why the ops next to the group
  /// stay out of it.
  void explainGroup(Operation *root, RootKind kind,
                    const llvm::SmallPtrSetImpl<Operation *> &group,
                    const Strategy &strategy);
  /// Reports why `op`, a linalg or tileable op, is not a root.
  void explainNotRoot(Operation *op);

  Block &block;
  const StrategyTable *table;
  util::DimOpIndex &dimIndex;
  const util::DecisionRemarks &remarks;
  llvm::SmallPtrSet<Operation *, 16> grouped;
  /// The roots of the block in block order, with their kinds (classifying
  /// is not cheap: once per op).
  llvm::MapVector<Operation *, RootKind> roots;
};

} // namespace

FailureOr<bool> BlockFormation::run() {
  for (Operation &op : block)
    if (std::optional<RootKind> kind = classifyRoot(&op))
      roots.insert({&op, *kind});
  if (remarks.isEnabled())
    for (Operation &op : block)
      if (!roots.count(&op))
        explainNotRoot(&op);
  if (roots.empty())
    return false;
  // Contractions, convolutions, reductions and other roots first, so that
  // they take their producers (fills) before those could start chains.
  // A root that the root using it takes as a producer (takesProducer: an
  // unpack its strategy reads through) waits for that root's group.
  auto isTakenByUser = [&](Operation *op) {
    if (!table || !op->hasOneUse())
      return false;
    Operation *user = block.findAncestorOpInBlock(**op->user_begin());
    return user && user != op && roots.count(user) &&
           table->takesProducer(user, op);
  };
  for (auto [op, kind] : roots)
    if (kind != RootKind::Elementwise && !grouped.contains(op) &&
        !isTakenByUser(op) && failed(formGroup(op, kind)))
      return failure();
  for (auto [op, kind] : roots)
    if (kind != RootKind::Elementwise && !grouped.contains(op) &&
        failed(formGroup(op, kind)))
      return failure();
  for (auto [op, kind] : roots)
    if (kind == RootKind::Elementwise && !grouped.contains(op) &&
        failed(formGroup(op, kind)))
      return failure();
  return true;
}

LogicalResult BlockFormation::formGroup(Operation *root, RootKind kind) {
  llvm::SmallPtrSet<Operation *, 8> group;
  group.insert(root);
  // An elementwise chain grows through single-use elementwise consumers;
  // another root through those its strategy computes in its own tiles (the
  // table's takesConsumer).
  if (kind == RootKind::Elementwise || table)
    for (OpOperand *use : util::getSingleUseChain(root, [&](OpOperand &use) {
           auto userRoot = roots.find(use.getOwner());
           return !grouped.contains(use.getOwner()) &&
                  userRoot != roots.end() &&
                  userRoot->second == RootKind::Elementwise &&
                  (kind == RootKind::Elementwise ||
                   table->takesConsumer(root, use));
         }))
      group.insert(use->getOwner());
  // Clonable producers whose every use is in the group, transitively, and
  // those the table says the root's strategy reads through.
  util::growGroupByProducers(
      block, SmallVector<Operation *>(group.begin(), group.end()),
      [&](Operation *def) {
        return !group.contains(def) && !grouped.contains(def) &&
               (util::isClonableProducer(def) ||
                (table && table->takesProducer(root, def)));
      },
      [&](Operation *op) { return group.contains(op); },
      [&](Operation *def) { group.insert(def); });

  SmallVector<Operation *> ops(group.begin(), group.end());
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  FailureOr<Strategy> strategy = getStrategy(root, kind);
  if (failed(strategy))
    return failure();
  if (remarks.isEnabled())
    explainGroup(root, kind, group, *strategy);
  FailureOr<TUOp> scope = createScope(ops);
  if (failed(scope))
    return failure();
  scope->setStrategyInfo(*strategy);
  grouped.insert(group.begin(), group.end());
  return success();
}

FailureOr<Strategy> BlockFormation::getStrategy(Operation *root,
                                                RootKind kind) {
  if (auto attr = util::lookupScopeAttr<StrategyAttr>(root)) {
    Strategy strategy = attr.lookup(kind);
    if (!strategy.empty())
      return strategy;
  }
  if (!table)
    return Strategy();
  return table->getStrategy(root, kind);
}

void BlockFormation::explainGroup(
    Operation *root, RootKind kind,
    const llvm::SmallPtrSetImpl<Operation *> &group, const Strategy &strategy) {
  // The root and its strategy.
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "tu scope root (" << stringifyRootKind(kind) << ", " << group.size()
     << (group.size() == 1 ? " op" : " ops") << "), strategy: ";
  if (strategy.isPipeline())
    os << "pipeline \"" << strategy.pipeline.getValue() << "\"";
  else if (strategy.isSequence())
    os << strategy.sequence;
  else
    os << "none";
  StrategyAttr attr = util::lookupScopeAttr<StrategyAttr>(root);
  if (!strategy.empty())
    os << (attr && !attr.lookup(kind).empty() ? " (from #codegen.strategy)"
                                              : " (from the strategy table)");
  else
    os << (table ? " (the strategy table has none for it)"
                 : " (no #codegen.strategy entry for its kind, no table)");
  remarks.report(root, text);

  // Consumers: only an elementwise chain grows through them.
  std::string notIn = ("not in the tu scope of the " +
                       root->getName().getStringRef() + " root: ")
                          .str();
  auto report = [&](Operation *op, const Twine &why) {
    remarks.report(op, notIn + why, root, "the root of that scope");
  };
  for (Operation *op : group) {
    for (Operation *user : op->getUsers()) {
      // Other roots report themselves.
      auto userRoot = roots.find(user);
      if (group.contains(user) || userRoot == roots.end() ||
          userRoot->second != RootKind::Elementwise || grouped.contains(user) ||
          user->getBlock() != &block)
        continue;
      if (kind != RootKind::Elementwise)
        report(user, "consumers join only the tu scope of an elementwise "
                     "chain, not of a " +
                         stringifyRootKind(kind) +
                         " root (unless the strategy table takes them into "
                         "the root's tiles)");
      else if (op->getNumResults() != 1 || !op->getResult(0).hasOneUse())
        report(user, "a chain grows only through a single use of a single "
                     "result, and the " +
                         op->getName().getStringRef() + " has more");
    }
  }

  // Producers a root scope takes along: scalar fills of empties. (An empty
  // left outside is captured: it only gives a shape, and reporting every
  // empty several groups share would bury the remarks that matter.)
  for (Operation *op : group) {
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || def->getBlock() != &block || group.contains(def) ||
          !util::isClonableProducer(def) || isa<tensor::EmptyOp>(def))
        continue;
      if (grouped.contains(def)) {
        report(def, "it is in the tu scope of another root already");
        continue;
      }
      for (Operation *user : def->getUsers())
        if (!group.contains(block.findAncestorOpInBlock(*user))) {
          report(def, "it has a use outside the group (" +
                          user->getName().getStringRef() + ")");
          break;
        }
    }
  }
}

void BlockFormation::explainNotRoot(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp && !isa<TilingInterface>(op))
    return;
  if (linalgOp && !linalgOp.hasPureTensorSemantics())
    remarks.report(op, "no tu scope: a linalg op on buffers (tu scopes are "
                       "formed around ops on tensors)");
  else if (op->getNumResults() == 0)
    remarks.report(op, "no tu scope: it has no results (tu scopes are "
                       "formed around ops on tensors)");
  else if (!linalgOp)
    remarks.report(op, "no tu scope: a result is not a ranked tensor");
}

FailureOr<TUOp> BlockFormation::createScope(ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 8> group(ops.begin(), ops.end());
  Operation *last = ops.back();

  // Results used outside the group leave the scope. The scope is created
  // right before `last`: every such use must come after it.
  SmallVector<Value> escaping;
  for (Operation *op : ops)
    for (Value result : op->getResults()) {
      bool escapes = false;
      for (Operation *user : result.getUsers()) {
        Operation *ancestor = block.findAncestorOpInBlock(*user);
        if (group.contains(ancestor))
          continue;
        if (ancestor->isBeforeInBlock(last))
          return op->emitError("is used before the end of its tu scope");
        escapes = true;
      }
      if (escapes)
        escaping.push_back(result);
    }

  // The values the group uses from above become captures, in first-use
  // order; constants are cloned into the body instead.
  llvm::SetVector<Value> captures, constants;
  for (Operation *op : ops)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        // Defined by a group op or in its regions (results, block
        // arguments of nested blocks): inside.
        Operation *def =
            isa<BlockArgument>(operand)
                ? cast<BlockArgument>(operand).getOwner()->getParentOp()
                : operand.getDefiningOp();
        Operation *ancestor = def ? block.findAncestorOpInBlock(*def) : nullptr;
        if (ancestor && group.contains(ancestor))
          continue;
        if (util::isClonableConstant(operand))
          constants.insert(operand);
        else
          captures.insert(operand);
      }
    });

  // Dims above the scope, which is created right before `last`.
  util::DynamicDimBuilder dimBuilder(last, group, /*allowCreate=*/true,
                                     dimIndex);
  SmallVector<Value> captureDims, resultDims;
  auto appendDims = [&](Value value, SmallVectorImpl<Value> &dims,
                        Operation *at) -> LogicalResult {
    FailureOr<SmallVector<Value>> valueDims = dimBuilder.getDynamicDims(value);
    if (failed(valueDims)) {
      dimBuilder.eraseUnusedOps();
      return at->emitError("cannot compute the dynamic dims of this value "
                           "above its tu scope");
    }
    llvm::append_range(dims, *valueDims);
    return success();
  };
  for (Value capture : captures)
    if (failed(appendDims(capture, captureDims, ops.front())))
      return failure();
  for (Value value : escaping)
    if (failed(appendDims(value, resultDims, value.getDefiningOp())))
      return failure();
  OpBuilder builder(last);
  auto scope = TUOp::create(
      builder, ops.front()->getLoc(), ValueRange(escaping).getTypes(),
      resultDims, captures.getArrayRef(), captureDims,
      SmallVector<int64_t>(escaping.size(), util::TiedOpInterface::kUntied),
      /*scopeAttrs=*/{});
  // The temporaries of shape reification use group values: they must be
  // gone before the group moves into the scope.
  dimBuilder.eraseUnusedOps();
  Block &body = scope.getEntryBlock();
  for (Operation *op : ops)
    op->moveBefore(&body, body.end());
  builder.setInsertionPointToEnd(&body);
  YieldOp::create(builder, scope.getLoc(), escaping);
  for (auto [value, result] : llvm::zip_equal(escaping, scope.getResults()))
    value.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !scope->isAncestor(use.getOwner());
    });
  builder.setInsertionPointToStart(&body);
  SmallVector<Value> constantList(constants.begin(), constants.end());
  SmallVector<Value> clones = util::cloneConstants(builder, constantList);
  // Inside, captures read their block arguments and constants their
  // clones (which have no operands).
  llvm::DenseMap<Value, Value> inside;
  for (auto [i, arg] : llvm::enumerate(body.getArguments()))
    inside.try_emplace(captures[i], arg);
  for (auto [constant, clone] : llvm::zip_equal(constantList, clones))
    inside.try_emplace(constant, clone);
  util::replaceValuesInRegion(scope.getBody(), inside);

  // Results updated in place from a capture that dies here are tied to it.
  util::induceTiedResults(cast<util::ClosureOpInterface>(*scope));
  return scope;
}

namespace {

struct FormTUScopesPass
    : codegen::impl::FormTUScopesPassBase<FormTUScopesPass> {
  using Base::Base;

  void runOnOperation() override {
    util::DecisionRemarks decisions(DEBUG_TYPE, remarks);
    const StrategyTable *strategyTable = nullptr;
    if (!table.empty()) {
      strategyTable = StrategyTableRegistry::global().lookup(table);
      if (!strategyTable) {
        getOperation()->emitError("unknown strategy table '")
            << table << "'; registered: "
            << StrategyTableRegistry::global().getRegisteredNamesString();
        return signalPassFailure();
      }
    }
    // Blocks of the op, not inside tu scopes or linalg ops.
    SmallVector<Block *> blocks;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != getOperation() && (isa<TUOp>(op) || isa<linalg::LinalgOp>(op)))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          blocks.push_back(&block);
      return WalkResult::advance();
    });
    util::DimOpIndex dimIndex;
    bool changed = false;
    for (Block *block : blocks) {
      FailureOr<bool> formed =
          BlockFormation(*block, strategyTable, dimIndex, decisions).run();
      if (failed(formed))
        return signalPassFailure();
      changed |= *formed;
    }
    // No scope formed: the pass manager need not verify the IR again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
