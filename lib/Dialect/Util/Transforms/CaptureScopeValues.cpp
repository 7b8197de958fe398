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
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/ScopedHashTable.h"
#include "llvm/ADT/SetVector.h"

namespace scopeir::util {
#define GEN_PASS_DEF_CAPTURESCOPEVALUESPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

/// The value each use of a value switches to, per scope body.
using ValueMap = llvm::ScopedHashTable<Value, Value>;

/// Appends the capturable implicit captures of `scope`, a closure, to its
/// explicit captures, in place. `usedAbove` holds the values its body uses
/// from above as the input had them, in first-use order; `current` maps
/// such a value to what an enclosing scope already replaced it by. On
/// return `current` also maps the values this scope now passes as block
/// arguments. Returns true if the scope changed.
static bool captureImplicitValues(RewriterBase &rewriter,
                                  ScopeOpInterface scope,
                                  ArrayRef<Value> usedAbove,
                                  ValueMap &current, DimOpIndex &dimIndex) {
  auto lookup = [&](Value value) {
    Value replacement = current.lookup(value);
    return replacement ? replacement : value;
  };
  llvm::SmallSetVector<Value, 8> implicit;
  for (Value value : usedAbove)
    implicit.insert(lookup(value));
  SmallVector<Value, 8> values = implicit.takeVector();
  // Constants stay implicit (the canonicalizer would make them implicit
  // again).
  llvm::erase_if(values,
                 [](Value value) { return matchPattern(value, m_Constant()); });
  if (values.empty())
    return false;
  auto closure = cast<ClosureOpInterface>(scope.getOperation());
  bool isShapeAware = isa<ShapeAwareOpInterface>(scope.getOperation());

  // A value may be captured explicitly and also used directly: such uses
  // switch to the existing block argument.
  Region &body = closure.getClosureBodyRegion();
  llvm::SmallDenseMap<Value, Value> captureToArg;
  for (auto [capture, arg] : llvm::zip_equal(closure.getClosureOperands(),
                                             body.front().getArguments()))
    captureToArg.try_emplace(capture, arg);

  // Dims are only asked of shaped values: most scopes capture none.
  std::optional<DynamicDimBuilder> dims;
  SmallVector<Value> newCaptures, newDims;
  bool anyUse = false;
  for (Value value : values) {
    if (captureToArg.count(value)) {
      anyUse = true;
      continue;
    }
    if (!isa<ShapedType>(value.getType())) {
      newCaptures.push_back(value);
      continue;
    }
    if (!dims)
      dims.emplace(scope, /*allowCreate=*/true, dimIndex);
    FailureOr<SmallVector<Value>> valueDims = dims->getDynamicDims(value);
    // A closure that carries no dims captures only values without any.
    if (failed(valueDims) || (!isShapeAware && !valueDims->empty()))
      continue;
    newCaptures.push_back(value);
    llvm::append_range(newDims, *valueDims);
  }

  bool changed = !newCaptures.empty() || anyUse;
  if (changed) {
    // New captures go last, so their dims go after all existing capture
    // dims and existing ties keep their indices.
    unsigned firstNew = closure.getClosureOperands().size();
    rewriter.modifyOpInPlace(
        scope, [&] { closure.appendClosureOperands(newCaptures, newDims); });
    for (auto [i, value] : llvm::enumerate(newCaptures))
      captureToArg[value] = closure.getClosureBodyArgument(firstNew + i);
    // The uses inside the body (nested regions included) switch to the
    // block arguments as the walk of the body reaches them.
    for (Value value : usedAbove)
      if (Value arg = captureToArg.lookup(lookup(value)))
        current.insert(value, arg);
  }
  if (dims)
    dims->eraseUnusedOps();
  return changed;
}

namespace {

/// Rewrites the scopes nested in an op, in two walks of it: one that
/// finds what every scope uses from above, one that rewrites the scopes and
/// the uses.
class CaptureRewriter {
public:
  explicit CaptureRewriter(MLIRContext *context) : rewriter(context) {}

  /// Rewrites the scopes nested in `root`; returns true if the IR changed.
  bool run(Operation *root);

private:
  /// Returns true for the scopes the pass rewrites: closures (annotations
  /// take implicit captures only) whose captures are not a kernel's
  /// arguments (a fixed signature).
  static bool isRewritten(Operation &op) {
    // (Most ops have no region: no interface lookup for them.)
    if (op.getNumRegions() == 0)
      return false;
    auto scope = dyn_cast<ScopeOpInterface>(&op);
    return scope && isa<ClosureOpInterface>(&op) && !scope.hasFixedSignature();
  }

  /// The number of rewritten scopes around the ops of `region`.
  unsigned getLevel(Region *region) const { return levels.lookup(region); }
  /// The level of the region defining `value`; values defined above the
  /// pass's op are at level 0, with the pass's op itself.
  unsigned getLevel(Value value) const {
    return getLevel(value.getParentRegion());
  }

  /// Records in `usedAbove` the values that `op`, in a region at `level`,
  /// and the ops nested in it use from above the innermost rewritten scope
  /// around them (null outside every such scope), in the order of a
  /// post-order walk, which is what the rewrite captures them in. Each
  /// rewritten scope keeps its own list, and passes to the list of its parent
  /// only the values defined above that parent: an op is visited once, not
  /// once per scope around it.
  void collectUsedAbove(Operation &op, unsigned level,
                        llvm::SetVector<Value> *usedAbove);

  /// Rewrites `op` if it is a rewritten scope, then the scopes nested in it,
  /// outermost first, and points every use inside a scope that now has a
  /// block argument for the value at that argument.
  void rewrite(Operation &op);

  llvm::DenseMap<Region *, unsigned> levels;
  /// The rewritten scopes in pre-order, the order both walks reach them in,
  /// with what each uses from above.
  /// (LLVM's SmallVector moves its elements when it grows; std::vector
  /// would copy them.)
  SmallVector<std::pair<Operation *, SmallVector<Value, 0>>, 0> scopes;
  /// The next entry of `scopes` the rewrite reaches.
  size_t nextScope = 0;
  IRRewriter rewriter;
  DimOpIndex dimIndex;
  ValueMap current;
  bool changed = false;
};

void CaptureRewriter::collectUsedAbove(Operation &op, unsigned level,
                                       llvm::SetVector<Value> *usedAbove) {
  // (A value of the op's own block is at its level: no map lookup.)
  Block *block = op.getBlock();
  auto add = [&](Value value) {
    if (usedAbove && value.getParentBlock() != block &&
        getLevel(value) < level)
      usedAbove->insert(value);
  };
  Region *body = nullptr;
  size_t scopeIndex = scopes.size();
  if (isRewritten(op)) {
    body = &cast<ScopeOpInterface>(op).getScopeBody();
    scopes.emplace_back(&op, SmallVector<Value, 0>());
  }
  for (Region &region : op.getRegions()) {
    llvm::SetVector<Value> inner;
    bool isBody = &region == body;
    unsigned regionLevel = isBody ? level + 1 : level;
    levels[&region] = regionLevel;
    for (Block &regionBlock : region)
      for (Operation &nested : regionBlock)
        collectUsedAbove(nested, regionLevel, isBody ? &inner : usedAbove);
    if (!isBody)
      continue;
    for (Value value : inner)
      add(value);
    scopes[scopeIndex].second = inner.takeVector();
  }
  for (Value operand : op.getOperands())
    add(operand);
}

void CaptureRewriter::rewrite(Operation &op) {
  Block *block = op.getBlock();
  for (OpOperand &operand : op.getOpOperands()) {
    // Only values from above some scope are replaced, never one of the
    // op's own block.
    if (operand.get().getParentBlock() == block)
      continue;
    Value replacement = current.lookup(operand.get());
    if (!replacement)
      continue;
    rewriter.modifyOpInPlace(&op, [&] { operand.set(replacement); });
    changed = true;
    // A dim op now reading a value whose dim ops are indexed.
    dimIndex.record(&op);
  }
  if (op.getNumRegions() == 0)
    return;
  ArrayRef<Value> usedAbove;
  Region *body = nullptr;
  if (nextScope < scopes.size() && scopes[nextScope].first == &op) {
    usedAbove = scopes[nextScope++].second;
    body = &cast<ScopeOpInterface>(op).getScopeBody();
  }
  for (Region &region : op.getRegions()) {
    // The replacements of a scope hold in its body only.
    llvm::ScopedHashTableScope<Value, Value> bodyScope(current);
    if (&region == body)
      changed |= captureImplicitValues(rewriter, cast<ScopeOpInterface>(op),
                                       usedAbove, current, dimIndex);
    for (Block &regionBlock : region)
      for (Operation &nested : regionBlock)
        rewrite(nested);
  }
}

bool CaptureRewriter::run(Operation *root) {
  // Outermost first: an inner scope then captures the outer scope's block
  // arguments and reuses their dims. Rewriting a scope does not walk its
  // body: the uses it replaces are replaced as the walk of the whole IR
  // reaches them, so the pass costs the same at any nesting depth.
  collectUsedAbove(*root, /*level=*/0, /*usedAbove=*/nullptr);
  if (!scopes.empty())
    rewrite(*root);
  return changed;
}

struct CaptureScopeValuesPass
    : public scopeir::util::impl::CaptureScopeValuesPassBase<
          CaptureScopeValuesPass> {
  void runOnOperation() override {
    // Nothing to capture: the pass manager need not verify the IR again.
    if (!CaptureRewriter(&getContext()).run(getOperation()))
      markAllAnalysesPreserved();
  }
};

} // namespace
