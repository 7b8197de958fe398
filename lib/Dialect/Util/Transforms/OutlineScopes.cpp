//===- OutlineScopes.cpp - Outline scopes into functions --------*- C++ -*-===//
//
// This file implements util-outline-scopes, which replaces each scope op by a
// call to a new private function holding its body.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

#define DEBUG_TYPE "util-outline-scopes"

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

//===----------------------------------------------------------------------===//
// What upstream bufferization takes
//===----------------------------------------------------------------------===//

/// Returns true if `op` is a shape cast (a `tensor.cast` or `memref.cast`,
/// through CastOpInterface) to a type that says less than its source: an
/// unranked one, or fewer static sizes (or, for memrefs, a layout that is
/// not the identity). Moving such a cast out of an outlined body to the call
/// site keeps the function's signature as static as the body's values.
static bool isCastToLessStatic(Operation *op) {
  auto cast = dyn_cast<CastOpInterface>(op);
  if (!cast || op->getNumOperands() != 1 || op->getNumResults() != 1 ||
      op->getNumRegions() != 0)
    return false;
  auto source = dyn_cast<ShapedType>(op->getOperand(0).getType());
  auto target = dyn_cast<ShapedType>(op->getResult(0).getType());
  if (!source || !target || source == target || !source.hasRank() ||
      source.getElementType() != target.getElementType() ||
      isa<TensorType>(source) != isa<TensorType>(target))
    return false;
  if (!target.hasRank())
    return true;
  if (source.getRank() != target.getRank())
    return false;
  for (auto [from, to] : llvm::zip_equal(source.getShape(), target.getShape()))
    if (!ShapedType::isDynamic(to) && from != to)
      return false;
  auto sourceMemref = dyn_cast<MemRefType>(source);
  auto targetMemref = dyn_cast<MemRefType>(target);
  if (sourceMemref && targetMemref &&
      sourceMemref.getLayout() != targetMemref.getLayout() &&
      targetMemref.getLayout().isIdentity())
    return false;
  return true;
}

/// Returns true if `value` (defined above a scope) is a `tensor.empty`-like
/// value: produced without effects, regions or operands other than sizes.
/// It holds no data, so the outlined function can create its own instead of
/// receiving it: what is computed into it is then the function's own buffer.
static bool isRematerializableEmpty(Value value) {
  Operation *def = value.getDefiningOp();
  return def && isa<TensorType>(value.getType()) && def->getNumResults() == 1 &&
         def->getNumRegions() == 0 && isMemoryEffectFree(def) &&
         llvm::all_of(def->getOperandTypes(),
                      [](Type type) { return type.isIndex(); });
}

namespace {

/// How the call site obtains one result of an outlined scope.
struct ResultPlan {
  enum class Kind {
    /// Returned by the callee.
    Returned,
    /// A constant of the body: cloned at the call site and not returned, so
    /// that later passes still read it (a tile size, a dimension).
    Constant,
    /// A value from above the scope (a capture) that the body passes
    /// through: used directly at the call site.
    PassThrough,
  };
  Kind kind = Kind::Returned;
  /// Returned: the value the callee returns; Constant: the constant;
  /// PassThrough: the value above the scope.
  Value value;
  /// Casts to less static types peeled off the returned value, nearest to
  /// the return first; the call site applies them again (the last first).
  SmallVector<Operation *> casts;
};

/// What outlining one scope decided before changing anything.
struct OutlinePlan {
  SmallVector<ResultPlan> results;
  /// Per explicit capture: its argument index, or -1 when the callee
  /// creates the value itself (a captured constant or `tensor.empty`).
  SmallVector<int64_t> captureArgs;
  /// Per explicit capture with an argument: the value passed, which differs
  /// from the capture when a cast to an unranked type moved into the callee.
  SmallVector<Value> captureOperands;
  /// Implicit captures passed as arguments, in first-use order.
  SmallVector<Value> implicitArgs;
  /// Values from above recreated in the callee, operands first: constants,
  /// `tensor.empty`-like values and casts to unranked types.
  llvm::SetVector<Value> cloned;
};

/// Outlines scopes: first declares a callee for every scope to outline, in
/// pre-order, then moves the bodies in, inner scopes first.
class ScopeOutliner {
public:
  ScopeOutliner(StringRef kind, bool bufferizationSafe, bool emitRemarks)
      : kind(kind), bufferizationSafe(bufferizationSafe),
        remarks(DEBUG_TYPE, emitRemarks) {}

  /// Creates and inserts the (empty) callee of `scope`, or returns null if
  /// the scope is filtered out or cannot be outlined.
  func::FuncOp declareCallee(ScopeOpInterface scope);

  /// Moves the body of `scope` into `callee` and replaces the scope by a
  /// call; or, when outlining it would leave a function upstream
  /// bufferization cannot take (`bufferizationSafe`), erases `callee`, keeps
  /// the scope and says why in a remark.
  void outline(ScopeOpInterface scope, func::FuncOp callee);

private:
  /// Decides arguments and results, or fails with a remark on `scope`.
  FailureOr<OutlinePlan> plan(ScopeOpInterface scope);

  /// Returns true if `value`, a value of `scope`'s body or above it, is
  /// certainly a buffer the outlined function allocates itself once
  /// bufferized: reached from allocations (`tensor.empty`, ops that
  /// bufferize to an allocation, call results, `memref.alloc`) through
  /// in-place updates and views only, never from an argument, a constant or
  /// anything unknown.
  bool isOwnBuffer(Value value, ScopeOpInterface scope, const OutlinePlan &plan,
                   bufferization::AnalysisState &state,
                   DenseMap<Value, bool> &memo);

  StringRef kind;
  bool bufferizationSafe;
  DecisionRemarks remarks;
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
    // moved in post-order. Inner scopes first: an inner scope is a call by
    // the time its parent's arguments are computed, so values only the
    // inner scope op needed (its result dims) are not passed to the
    // parent's callee. Earlier scopes first: a constant an earlier scope
    // returns is back at its call site, a constant again, by the time a
    // later scope that uses it is outlined.
    ScopeOutliner outliner(kind, bufferizationSafe, remarks);
    llvm::MapVector<Operation *, func::FuncOp> callees;
    getOperation()->walk<WalkOrder::PreOrder>([&](ScopeOpInterface scope) {
      if (func::FuncOp callee = outliner.declareCallee(scope))
        callees[scope] = callee;
    });
    SmallVector<ScopeOpInterface> postOrder;
    getOperation()->walk<WalkOrder::PostOrder>([&](ScopeOpInterface scope) {
      if (callees.count(scope))
        postOrder.push_back(scope);
    });
    for (ScopeOpInterface scope : postOrder)
      outliner.outline(scope, callees.lookup(scope));
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
  if (scope.isAnnotationLike() || !scope.isOutlinable()) {
    remarks.report(op,
                   scope.isAnnotationLike()
                       ? "not outlined: an annotation "
                         "(util-lower-annotations makes it a util.scope)"
                       : "not outlined: this scope op is not outlinable "
                         "(it holds state a call could not carry, such as a "
                         "pass pipeline)");
    return {};
  }
  if (!kind.empty() && !scope.getScopeAttrOfKind(kind)) {
    remarks.report(op, "not outlined: no scope attribute of kind '" + kind +
                           "' (option kind)");
    return {};
  }
  // A scope never stands in transform IR (the verifier rejects it); a
  // function there would be one too.
  if (getEnclosingTransformOp(op)) {
    remarks.report(op, "not outlined: inside transform IR");
    return {};
  }
  Region &body = scope.getScopeBody();
  if (body.empty() ||
      body.front().getNumArguments() != scope.getExplicitCaptures().size()) {
    remarks.report(op, "not outlined: its entry block does not take one "
                       "argument per explicit capture");
    return {};
  }
  Operation *anchor = getAnchor(op);
  if (!anchor) {
    remarks.report(op, "not outlined: not inside a function or other op of "
                       "a symbol table");
    return {};
  }

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

bool ScopeOutliner::isOwnBuffer(Value value, ScopeOpInterface scope,
                                const OutlinePlan &plan,
                                bufferization::AnalysisState &state,
                                DenseMap<Value, bool> &memo) {
  if (auto it = memo.find(value); it != memo.end())
    return it->second;
  memo[value] = false; // Cycles (loop-carried values) prove nothing.
  bool result = [&] {
    Operation *scopeOp = scope;
    // From above: only what the callee creates itself.
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner() == &scope.getScopeBody().front()) {
      unsigned index = arg.getArgNumber();
      return plan.captureArgs[index] < 0;
    }
    if (!scopeOp->isProperAncestor(value.getParentRegion()->getParentOp()) &&
        value.getParentRegion() != &scope.getScopeBody())
      return plan.cloned.contains(value) && isRematerializableEmpty(value);
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return false;
    Operation *def = result.getOwner();
    // A function returns buffers its caller owns.
    if (isa<CallOpInterface>(def))
      return true;
    if (def->hasTrait<OpTrait::ConstantLike>())
      return false;
    if (isa<BaseMemRefType>(value.getType())) {
      if (auto view = dyn_cast<ViewLikeOpInterface>(def))
        return isOwnBuffer(view.getViewSource(), scope, plan, state, memo);
      auto effects = dyn_cast<MemoryEffectOpInterface>(def);
      return effects &&
             effects.getEffectOnValue<MemoryEffects::Allocate>(value)
                 .has_value() &&
             !effects.hasEffect<MemoryEffects::Free>();
    }
    if (!isa<TensorType>(value.getType()))
      return false;
    auto bufferizable = state.getOptions().dynCastBufferizableOp(def);
    if (!bufferizable)
      return false;
    bufferization::AliasingOpOperandList aliases =
        state.getAliasingOpOperands(value);
    if (aliases.getNumAliases() == 0)
      return bufferizable.bufferizesToAllocation(value);
    return llvm::all_of(aliases, [&](bufferization::AliasingOpOperand alias) {
      return isOwnBuffer(alias.opOperand->get(), scope, plan, state, memo);
    });
  }();
  memo[value] = result;
  return result;
}

FailureOr<OutlinePlan> ScopeOutliner::plan(ScopeOpInterface scope) {
  Operation *op = scope;
  Region &body = scope.getScopeBody();
  Block &entry = body.front();
  OperandRange explicitCaptures = scope.getExplicitCaptures();
  OutlinePlan plan;

  SmallVector<Operation *> exits = getScopeExits(scope);
  auto isInBody = [&](Value value) {
    return op->isProperAncestor(value.getParentRegion()->getParentOp()) ||
           value.getParentRegion() == &body;
  };

  // Results. With one exit, what later passes should see stays at the call
  // site: constants, casts to less static types, values passed through.
  auto tiedOp = dyn_cast<TiedOpInterface>(op);
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
    ResultPlan &result = plan.results.emplace_back();
    if (exits.size() != 1) {
      result.value = Value();
      continue;
    }
    Value value = exits.front()->getOperand(i);
    while (Operation *def = value.getDefiningOp()) {
      if (!isInBody(value) || !isCastToLessStatic(def))
        break;
      result.casts.push_back(def);
      value = def->getOperand(0);
    }
    result.value = value;
    if (auto arg = dyn_cast<BlockArgument>(value);
        arg && arg.getOwner() == &entry) {
      result.kind = ResultPlan::Kind::PassThrough;
      result.value = explicitCaptures[arg.getArgNumber()];
    } else if (!isInBody(value)) {
      result.kind = ResultPlan::Kind::PassThrough;
    } else if (isClonableConstant(value)) {
      result.kind = ResultPlan::Kind::Constant;
    }
  }

  // Explicit captures: a constant or a `tensor.empty` is created in the
  // callee (unless a result is tied to it: the tie names its storage); a
  // cast to an unranked type moves into the callee, which then takes the
  // ranked value.
  llvm::SmallDenseSet<int64_t> tiedCaptures;
  if (tiedOp)
    for (int64_t tie : tiedOp.getTiedResultIndices())
      if (tie >= 0)
        tiedCaptures.insert(tie);
  auto isCastToUnrankedFromAbove = [&](Value value) {
    Operation *def = value.getDefiningOp();
    return def && !isInBody(value) && isCastToLessStatic(def) &&
           !cast<ShapedType>(value.getType()).hasRank();
  };
  auto addCloned = [&](Value value) {
    // Operands first: sizes of an empty, the source of a cast.
    Operation *def = value.getDefiningOp();
    for (Value operand : def->getOperands())
      if (isClonableConstant(operand))
        plan.cloned.insert(operand);
    plan.cloned.insert(value);
  };
  int64_t nextArg = 0;
  for (auto [i, capture] : llvm::enumerate(explicitCaptures)) {
    if (!tiedCaptures.contains(i) && isClonableConstant(capture)) {
      plan.captureArgs.push_back(-1);
      plan.cloned.insert(capture);
      continue;
    }
    if (!tiedCaptures.contains(i) && isRematerializableEmpty(capture)) {
      plan.captureArgs.push_back(-1);
      addCloned(capture);
      continue;
    }
    plan.captureArgs.push_back(nextArg++);
    if (!tiedCaptures.contains(i) && isCastToUnrankedFromAbove(capture))
      plan.captureOperands.push_back(capture.getDefiningOp()->getOperand(0));
    else
      plan.captureOperands.push_back(capture);
  }

  // Implicit captures, in first-use order: constants and empties are
  // created in the callee, casts to unranked types too (the callee takes
  // their ranked source); a value also captured explicitly reuses that
  // capture's argument; the rest are arguments.
  llvm::SetVector<Value> implicitArgs;
  auto addArg = [&](Value value) {
    if (isClonableConstant(value)) {
      plan.cloned.insert(value);
      return;
    }
    if (!llvm::is_contained(explicitCaptures, value))
      implicitArgs.insert(value);
  };
  for (Value value : getImplicitCaptures(scope)) {
    if (isClonableConstant(value)) {
      plan.cloned.insert(value);
    } else if (llvm::is_contained(explicitCaptures, value)) {
      continue;
    } else if (isRematerializableEmpty(value)) {
      for (Value size : value.getDefiningOp()->getOperands())
        addArg(size);
      addCloned(value);
    } else if (isCastToUnrankedFromAbove(value)) {
      addArg(value.getDefiningOp()->getOperand(0));
      plan.cloned.insert(value);
    } else {
      implicitArgs.insert(value);
    }
  }
  // Sizes of explicitly captured empties the callee creates.
  for (auto [i, capture] : llvm::enumerate(explicitCaptures))
    if (plan.captureArgs[i] < 0)
      for (Value size : capture.getDefiningOp()->getOperands())
        addArg(size);
  plan.implicitArgs = implicitArgs.takeVector();

  if (!bufferizationSafe)
    return plan;

  // What upstream bufferization takes from a function: ranked results it
  // allocates itself. (A returned unranked tensor crashes One-Shot
  // Bufferize in MLIR 22; a returned argument, view of one or constant is a
  // buffer the function does not own, which buffer deallocation copies.)
  // Only aliasing queries are asked, so a plain AnalysisState does; a
  // OneShotAnalysisState would first ask every op of the body for its
  // model, which a dialect may promise without it being registered (calls,
  // which are never asked, are one such case).
  bufferization::BufferizationOptions options;
  bufferization::AnalysisState state(options);
  DenseMap<Value, bool> memo;
  for (auto [i, result] : llvm::enumerate(plan.results)) {
    if (result.kind != ResultPlan::Kind::Returned)
      continue;
    SmallVector<Value> returned;
    if (result.value)
      returned.push_back(result.value);
    else
      for (Operation *exit : exits)
        returned.push_back(exit->getOperand(i));
    for (Value value : returned) {
      auto shaped = dyn_cast<ShapedType>(value.getType());
      if (!shaped || !isa<TensorType, BaseMemRefType>(shaped))
        continue;
      if (!shaped.hasRank()) {
        op->emitRemark("not outlined: result #")
            << i << " would be returned as " << value.getType()
            << ", and upstream One-Shot Bufferize cannot bufferize a "
               "function returning an unranked value";
        return failure();
      }
      if (!isOwnBuffer(value, scope, plan, state, memo)) {
        op->emitRemark("not outlined: result #")
            << i
            << " is not a buffer the outlined function allocates (it is "
               "computed in place from, or is a view of, an argument, a "
               "value from above the scope or a constant), and buffer "
               "deallocation would copy it (bufferization.clone) on return";
        return failure();
      }
    }
  }
  return plan;
}

//===----------------------------------------------------------------------===//
// Result dims at the call
//===----------------------------------------------------------------------===//

/// Returns, per result of `scope`, the type the callee should return it as:
/// the returned value's type with every dynamic size that the scope's result
/// dims (`ShapeAwareOpInterface`) give as a constant made static, or null
/// when nothing is gained (or the result is not returned, or is tied). A call
/// carries no dims, and a call's result shape cannot be reified from its
/// operands; a static size still can be read from the call's result type, so
/// the dims of the scope's result stay known at the call site (to an
/// enclosing scope that computes its own result dims above itself, say).
static SmallVector<Type>
getResultTypesWithStaticDims(ScopeOpInterface scope,
                             ArrayRef<ResultPlan> results) {
  Operation *op = scope;
  SmallVector<Type> refined(results.size());
  auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op);
  if (!shapeAware)
    return refined;
  auto tiedOp = dyn_cast<TiedOpInterface>(op);
  for (auto [i, result] : llvm::enumerate(results)) {
    if (result.kind != ResultPlan::Kind::Returned || !result.value)
      continue;
    if (tiedOp && tiedOp.getTiedResultOperandIndex(i))
      continue;
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(i).getType());
    auto valueType = dyn_cast<RankedTensorType>(result.value.getType());
    if (!resultType || !valueType ||
        valueType.getRank() != resultType.getRank())
      continue;
    ValueRange dims = shapeAware.getResultDynamicDims(i);
    if (dims.size() != static_cast<size_t>(resultType.getNumDynamicDims()))
      continue;
    SmallVector<int64_t> shape(valueType.getShape());
    bool changed = false;
    for (unsigned d = 0, dynIndex = 0, e = shape.size(); d < e; ++d) {
      if (!resultType.isDynamicDim(d))
        continue;
      std::optional<int64_t> size = getConstantIntValue(dims[dynIndex++]);
      if (!size || *size < 0 || !ShapedType::isDynamic(shape[d]))
        continue;
      shape[d] = *size;
      changed = true;
    }
    if (changed)
      refined[i] = valueType.clone(shape);
  }
  return refined;
}

/// Returns, per result of `scope`, the sizes of a full-size
/// `tensor.extract_slice` to apply to the call's result (once cast back from
/// the static type above, if any), or an empty list: when one of its dynamic
/// sizes is not a constant, an identity slice (it bufferizes to a subview of
/// the whole buffer) whose shape, unlike the call's, reifies to the dims the
/// scope carried. Only where the nearest scope enclosing `scope` carries no
/// dims of its own (an annotation, which `util-lower-annotations` gives dims
/// computed above it, through the values its body returns); elsewhere a
/// `tensor.dim` of the call's result reads them, and a dim only the scope op
/// used is not kept alive.
static SmallVector<SmallVector<OpFoldResult>>
getResultSliceSizes(ScopeOpInterface scope, ArrayRef<ResultPlan> results) {
  Operation *op = scope;
  SmallVector<SmallVector<OpFoldResult>> slices(results.size());
  auto shapeAware = dyn_cast<ShapeAwareOpInterface>(op);
  auto parent = op->getParentOfType<ScopeOpInterface>();
  if (!shapeAware || !parent || isa<ShapeAwareOpInterface>(*parent))
    return slices;
  auto tiedOp = dyn_cast<TiedOpInterface>(op);
  Builder builder(op->getContext());
  for (auto [i, result] : llvm::enumerate(results)) {
    if (result.kind != ResultPlan::Kind::Returned ||
        (tiedOp && tiedOp.getTiedResultOperandIndex(i)))
      continue;
    auto resultType = dyn_cast<RankedTensorType>(op->getResult(i).getType());
    auto valueType = dyn_cast<RankedTensorType>(
        result.value ? result.value.getType() : op->getResult(i).getType());
    if (!resultType || !valueType || valueType.hasStaticShape() ||
        valueType.getRank() != resultType.getRank())
      continue;
    ValueRange dims = shapeAware.getResultDynamicDims(i);
    if (dims.size() != static_cast<size_t>(resultType.getNumDynamicDims()))
      continue;
    SmallVector<OpFoldResult> sizes;
    bool needed = false;
    for (unsigned d = 0, dynIndex = 0, e = valueType.getRank(); d < e; ++d) {
      Value dim = resultType.isDynamicDim(d) ? dims[dynIndex++] : Value();
      if (!valueType.isDynamicDim(d)) {
        sizes.push_back(builder.getIndexAttr(valueType.getDimSize(d)));
        continue;
      }
      // A constant dim is a static size of the callee's result already.
      needed |= !getConstantIntValue(dim).has_value();
      sizes.push_back(dim);
    }
    if (needed)
      slices[i] = std::move(sizes);
  }
  return slices;
}

void ScopeOutliner::outline(ScopeOpInterface scope, func::FuncOp callee) {
  Operation *op = scope;
  FailureOr<OutlinePlan> maybePlan = plan(scope);
  if (failed(maybePlan)) {
    callee.erase();
    return;
  }
  OutlinePlan &plan = *maybePlan;
  Region &body = scope.getScopeBody();
  OperandRange explicitCaptures = scope.getExplicitCaptures();
  OpBuilder builder(op->getContext());

  // The callee's signature: arguments as planned, results for what is
  // returned.
  SmallVector<Value> operands(plan.captureOperands);
  llvm::append_range(operands, plan.implicitArgs);
  SmallVector<Operation *> exits = getScopeExits(scope);
  SmallVector<Type> staticTypes =
      getResultTypesWithStaticDims(scope, plan.results);
  SmallVector<SmallVector<OpFoldResult>> sliceSizes =
      getResultSliceSizes(scope, plan.results);
  SmallVector<Type> resultTypes;
  for (auto [i, result] : llvm::enumerate(plan.results))
    if (result.kind == ResultPlan::Kind::Returned)
      resultTypes.push_back(staticTypes[i]  ? staticTypes[i]
                            : result.value ? result.value.getType()
                                           : op->getResult(i).getType());
  callee.setFunctionType(
      builder.getFunctionType(ValueRange(operands).getTypes(), resultTypes));

  // The callee keeps every scope attribute its body saw, innermost first.
  SmallVector<Attribute> scopeAttrs =
      collectScopeAttrsUpTo(op, callee->getParentOp());
  if (!scopeAttrs.empty())
    callee->setAttr(UtilDialect::getScopeAttrsAttrName(),
                    builder.getArrayAttr(scopeAttrs));

  // Ties survive as result attributes naming the argument, where the result
  // is returned unchanged and its capture is still an argument.
  if (auto tied = dyn_cast<TiedOpInterface>(op)) {
    unsigned calleeResult = 0;
    for (auto [i, result] : llvm::enumerate(plan.results)) {
      if (result.kind != ResultPlan::Kind::Returned)
        continue;
      std::optional<unsigned> tie = tied.getTiedResultOperandIndex(i);
      if (tie && result.casts.empty() && plan.captureArgs[*tie] >= 0)
        callee.setResultAttr(calleeResult, UtilDialect::getTiedResultAttrName(),
                             builder.getI64IntegerAttr(plan.captureArgs[*tie]));
      ++calleeResult;
    }
  }

  // Move the body; turn the captures into arguments and recreate the values
  // planned to be cloned.
  Region &calleeBody = callee.getBody();
  calleeBody.takeBody(body);
  Block &calleeEntry = calleeBody.front();
  builder.setInsertionPointToStart(&calleeEntry);
  //
  // The values from above are replaced in one walk of the body at the end,
  // not one use-list walk per value: a value from above (a constant, a
  // function argument) is often used by every scope of a long function, and
  // walking its whole use list for each scope made outlining quadratic in
  // the length of the function. The first replacement recorded for a value
  // wins, as it would when replacing one value after another.
  IRMapping mapping;
  DenseMap<Value, Value> fromAbove;
  for (Value value : plan.implicitArgs) {
    BlockArgument arg =
        calleeEntry.addArgument(value.getType(), value.getLoc());
    mapping.map(value, arg);
    fromAbove.try_emplace(value, arg);
  }
  for (Value value : plan.cloned) {
    Operation *clone = builder.clone(*value.getDefiningOp(), mapping);
    mapping.map(value, clone->getResult(0));
    fromAbove.try_emplace(value, clone->getResult(0));
  }
  llvm::BitVector erasedArgs(calleeEntry.getNumArguments());
  for (auto [i, capture] : llvm::enumerate(explicitCaptures)) {
    BlockArgument arg = calleeEntry.getArgument(i);
    if (plan.captureArgs[i] < 0) {
      arg.replaceAllUsesWith(mapping.lookup(capture));
      erasedArgs.set(i);
      continue;
    }
    Value passed = plan.captureOperands[plan.captureArgs[i]];
    if (passed != capture) {
      // A cast to an unranked type moved in: the argument is its source.
      arg.setType(passed.getType());
      IRMapping castMapping;
      castMapping.map(passed, arg);
      Operation *cast = builder.clone(*capture.getDefiningOp(), castMapping);
      arg.replaceAllUsesExcept(cast->getResult(0), cast);
    }
    fromAbove.try_emplace(capture, arg);
  }
  replaceValuesInRegion(calleeBody, fromAbove);
  calleeEntry.eraseArguments(erasedArgs);

  // Returns: only what is returned.
  SmallVector<Operation *> peeled;
  for (Operation *terminator : exits) {
    SmallVector<Value> returned;
    builder.setInsertionPoint(terminator);
    for (auto [i, result] : llvm::enumerate(plan.results)) {
      if (result.kind != ResultPlan::Kind::Returned)
        continue;
      Value value = result.value ? result.value : terminator->getOperand(i);
      if (staticTypes[i])
        value = tensor::CastOp::create(builder, terminator->getLoc(),
                                       staticTypes[i], value);
      returned.push_back(value);
    }
    func::ReturnOp::create(builder, terminator->getLoc(), returned);
    terminator->erase();
  }
  for (ResultPlan &result : plan.results) {
    llvm::append_range(peeled, result.casts);
    if (result.kind == ResultPlan::Kind::Constant)
      peeled.push_back(result.value.getDefiningOp());
  }
  // Implicit captures only the old returns used (values passed through) are
  // no longer arguments. (Explicit ones stay: ties name them by index.)
  unsigned numCaptureArgs = plan.captureOperands.size();
  llvm::BitVector unusedArgs(calleeEntry.getNumArguments());
  for (BlockArgument arg :
       calleeEntry.getArguments().drop_front(numCaptureArgs))
    if (arg.use_empty())
      unusedArgs.set(arg.getArgNumber());
  if (unusedArgs.any()) {
    SmallVector<Value> kept;
    for (auto [i, value] : llvm::enumerate(operands))
      if (!unusedArgs.test(i))
        kept.push_back(value);
    operands = std::move(kept);
    calleeEntry.eraseArguments(unusedArgs);
    callee.setFunctionType(
        builder.getFunctionType(ValueRange(operands).getTypes(), resultTypes));
  }

  // Replace the scope by the call; its discardable attributes move along.
  // Constants and casts peeled off the results are recreated around it.
  builder.setInsertionPoint(op);
  auto call = func::CallOp::create(builder, op->getLoc(), callee, operands);
  for (NamedAttribute attr : op->getDiscardableAttrs())
    call->setAttr(attr.getName(), attr.getValue());
  SmallVector<Value> replacements;
  unsigned callResult = 0;
  for (auto [i, result] : llvm::enumerate(plan.results)) {
    Value value;
    switch (result.kind) {
    case ResultPlan::Kind::Returned:
    {
      value = call->getResult(callResult++);
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointAfter(call);
      if (staticTypes[i])
        value = tensor::CastOp::create(builder, op->getLoc(),
                                       result.value.getType(), value);
      if (!sliceSizes[i].empty()) {
        auto type = cast<RankedTensorType>(value.getType());
        SmallVector<OpFoldResult> offsets(type.getRank(),
                                          builder.getIndexAttr(0));
        SmallVector<OpFoldResult> strides(type.getRank(),
                                          builder.getIndexAttr(1));
        value = tensor::ExtractSliceOp::create(builder, op->getLoc(), type,
                                               value, offsets, sliceSizes[i],
                                               strides);
      }
      break;
    }
    case ResultPlan::Kind::PassThrough:
      value = result.value;
      break;
    case ResultPlan::Kind::Constant: {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPoint(call);
      value = builder.clone(*result.value.getDefiningOp())->getResult(0);
      break;
    }
    }
    builder.setInsertionPointAfter(value.getDefiningOp() &&
                                           value.getDefiningOp()->getBlock() ==
                                               call->getBlock()
                                       ? value.getDefiningOp()
                                       : call.getOperation());
    for (Operation *cast : llvm::reverse(result.casts)) {
      IRMapping castMapping;
      castMapping.map(cast->getOperand(0), value);
      value = builder.clone(*cast, castMapping)->getResult(0);
    }
    replacements.push_back(value);
  }
  remarks.report(op, "outlined into @" + callee.getSymName());
  op->replaceAllUsesWith(replacements);
  op->erase();
  // Peeled casts and constants left without use in the callee go.
  for (Operation *peeledOp : peeled)
    if (isOpTriviallyDead(peeledOp))
      peeledOp->erase();
}
