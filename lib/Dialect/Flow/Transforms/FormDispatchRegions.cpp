//===- FormDispatchRegions.cpp - Form dispatch regions in scopes ---------===//
//
// This file implements flow-form-dispatch-regions: it groups linalg ops into
// flow.dispatch.region ops one block at a time, so a region never crosses the
// boundary of a scope, and records each region's placement and scope path.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#define DEBUG_TYPE "flow-form-dispatch-regions"

namespace scopeir::flow {
#define GEN_PASS_DEF_FORMDISPATCHREGIONSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

//===----------------------------------------------------------------------===//
// Op classification
//===----------------------------------------------------------------------===//

/// Returns true for a linalg op whose loops are all parallel (this includes
/// `linalg.fill` and broadcasts).
static bool isElementwiseOp(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && isDispatchableOp(op) && linalg::isElementwise(linalgOp);
}

/// Returns true for a linalg.unpack of a block argument whose single use is
/// a contraction or a convolution: an argument in a layout its caller
/// prepared (the filters and weights that llvm-cpu-hoist-filter-packing
/// packs ahead of the call). It joins its user's region as a producer,
/// whose codegen may read the argument in the layout it is in rather than
/// unpack it in every call.
static bool isArgumentUnpack(Operation *op) {
  auto unpack = dyn_cast<linalg::UnPackOp>(op);
  if (!unpack || !isDispatchableOp(op) ||
      !isa<BlockArgument>(unpack.getSource()) || !unpack->hasOneUse())
    return false;
  auto user = dyn_cast<linalg::LinalgOp>(*unpack->user_begin());
  return user && (linalg::isaContractionOpInterface(user) ||
                  linalg::isaConvolutionOpInterface(user));
}

/// Returns true for a tensor.pad whose single use is the input of a
/// depthwise NCHW convolution or an NCHW pooling: it joins its user's
/// region as a producer, so that the backend may pad one tile of the input
/// at a time while it is in cache (llvm-cpu) instead of writing and
/// reading back the whole padded tensor between two dispatches.
static bool isWindowInputPad(Operation *op) {
  auto pad = dyn_cast<tensor::PadOp>(op);
  if (!pad || !isDispatchableOp(op) || !pad->hasOneUse())
    return false;
  Operation *user = *pad->user_begin();
  if (!isa<linalg::DepthwiseConv2DNchwChwOp, linalg::PoolingNchwMaxOp,
           linalg::PoolingNchwSumOp>(user) ||
      user->getBlock() != op->getBlock() || !isDispatchableOp(user))
    return false;
  return cast<linalg::LinalgOp>(user).getDpsInputs()[0] == pad.getResult();
}

/// Returns true for an op that starts a dispatch region: a contraction
/// (matmul, batch_matmul, ...), a convolution, a reduction, or any other
/// tileable op that is not elementwise (but an argument's unpack and a
/// window op's input pad, which join their user).
static bool isRootOp(Operation *op) {
  // Contractions (linalg::isaContractionOpInterface), convolutions
  // (linalg::isaConvolutionOpInterface) and reductions all have a loop that
  // is not parallel; so does every other op this accepts (tensor.pad,
  // linalg.pack, a transpose-like generic with a non-identity output...).
  return isDispatchableOp(op) && !isElementwiseOp(op) &&
         !isArgumentUnpack(op) && !isWindowInputPad(op);
}

//===----------------------------------------------------------------------===//
// Grouping
//===----------------------------------------------------------------------===//

namespace {

/// Groups the dispatchable ops of one block and turns each group into a
/// dispatch region.
class BlockFormation {
public:
  BlockFormation(Block &block, const util::DecisionRemarks &remarks)
      : block(block), remarks(remarks) {}

  LogicalResult run();

private:
  /// Starts a group at `op` and grows it by consumer, then producer fusion.
  void formGroup(Operation *op);
  bool isGrouped(Operation *op) const { return groupOf.count(op); }
  /// Returns true if `op` is in group `g`.
  bool isIn(Operation *op, unsigned g) const {
    auto it = groupOf.find(op);
    return it != groupOf.end() && it->second == g;
  }
  LogicalResult createRegion(ArrayRef<Operation *> ops);
  /// Says why `op` starts a dispatch region.
  static std::string describeRoot(Operation *op);
  /// Reports why the ops next to group `g` (the consumers of its last op,
  /// the producers of its ops) did not join it.
  void explainUnfused(unsigned g, Operation *last);

  Block &block;
  const util::DecisionRemarks &remarks;
  DenseMap<Operation *, unsigned> groupOf;
  SmallVector<SmallVector<Operation *>> groups;
  /// The dim ops of the block's values, found once for all regions.
  util::DimOpIndex dimIndex;
  /// Producers cloned into some region.
  llvm::SmallPtrSet<Operation *, 8> clonedFrom;
};

} // namespace

void BlockFormation::formGroup(Operation *root) {
  unsigned g = groups.size();
  groups.emplace_back();
  SmallVector<Operation *> &group = groups.back();
  auto add = [&](Operation *op) {
    group.push_back(op);
    groupOf[op] = g;
  };
  add(root);
  if (remarks.isEnabled())
    remarks.report(root, describeRoot(root));
  // A scope that is a dispatch root (codegen.scope.workgroups) is code
  // written for one dispatch: what fuses into it is fused into its body
  // beforehand (codegen-fuse-into-workgroups), and nothing joins it here.
  if (auto scope = dyn_cast<util::ScopeOpInterface>(root);
      scope && scope.isDispatchRoot())
    return;

  // Consumers: follow single-use chains into elementwise ops that iterate
  // over the value they consume (identity indexing map of the same rank).
  Operation *last = root;
  while (last->getNumResults() == 1 && last->getResult(0).hasOneUse()) {
    OpOperand &use = *last->getResult(0).getUses().begin();
    Operation *user = use.getOwner();
    if (user->getBlock() != &block || isGrouped(user) ||
        !isElementwiseOp(user) || isa<linalg::FillOp>(user))
      break;
    auto consumer = cast<linalg::LinalgOp>(user);
    if (!consumer.getMatchingIndexingMap(&use).isIdentity())
      break;
    add(user);
    last = user;
  }

  // Producers: elementwise ops, arguments' unpacks and window ops' input
  // pads of this block whose results feed only this group. Clonable
  // producers are left for createRegion.
  util::growGroupByProducers(
      block, SmallVector<Operation *>(group),
      [&](Operation *producer) {
        return !isGrouped(producer) &&
               ((isElementwiseOp(producer) &&
                 !util::isClonableProducer(producer)) ||
                isArgumentUnpack(producer) || isWindowInputPad(producer));
      },
      [&](Operation *op) { return isIn(op, g); }, add);
  if (remarks.isEnabled())
    explainUnfused(g, last);
}

/// The scope path of a region and the paths it straddles.
struct RegionScopePaths {
  ArrayAttr common;
  /// Null if every op came from `common` itself.
  ArrayAttr straddled;
};

/// Returns the scope path of a region holding `ops`: the longest common
/// prefix of the paths recorded on them by flow-record-scope-paths (which
/// are removed), or the path of the scopes around them if none is recorded;
/// and the recorded paths longer than that prefix, in op order, each once.
static RegionScopePaths getRegionScopePaths(ArrayRef<Operation *> ops) {
  std::optional<SmallVector<Attribute>> common;
  SmallVector<ArrayAttr> recordedPaths;
  for (Operation *op : ops) {
    auto recorded = op->getAttrOfType<ArrayAttr>(
        FlowDialect::getRecordedScopePathAttrName());
    if (!recorded)
      continue;
    op->removeAttr(FlowDialect::getRecordedScopePathAttrName());
    if (!llvm::is_contained(recordedPaths, recorded))
      recordedPaths.push_back(recorded);
    if (!common) {
      common.emplace(recorded.begin(), recorded.end());
      continue;
    }
    unsigned length = 0;
    while (length < common->size() && length < recorded.size() &&
           (*common)[length] == recorded[length])
      ++length;
    common->resize(length);
  }
  MLIRContext *context = ops.front()->getContext();
  if (!common)
    return {getScopePath(ops.back()), nullptr};
  SmallVector<Attribute> straddled;
  for (ArrayAttr path : recordedPaths)
    if (path.size() > common->size())
      straddled.push_back(path);
  return {ArrayAttr::get(context, *common),
          straddled.empty() ? nullptr : ArrayAttr::get(context, straddled)};
}

LogicalResult BlockFormation::createRegion(ArrayRef<Operation *> unordered) {
  SmallVector<Operation *> ops(unordered.begin(), unordered.end());
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  llvm::SmallPtrSet<Operation *, 8> group(ops.begin(), ops.end());
  Operation *last = ops.back();

  // Results used outside the group escape the region.
  SmallVector<Value> escaping;
  for (Operation *op : ops)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), [&](Operation *user) {
            return !group.contains(block.findAncestorOpInBlock(*user));
          }))
        escaping.push_back(result);

  // Result dims above the region, which is created right before `last`.
  // (Following destination-style inits also outside the group avoids a
  // tensor.dim of a producer about to be cloned into the region: a fill.)
  util::DynamicDimBuilder dimBuilder(last, group, /*allowCreate=*/true,
                                     dimIndex);
  SmallVector<Value> dims;
  for (Value value : escaping) {
    FailureOr<SmallVector<Value>> valueDims = dimBuilder.getDynamicDims(value);
    if (failed(valueDims)) {
      dimBuilder.eraseUnusedOps();
      return value.getDefiningOp()->emitError(
          "cannot compute the dynamic dims of this result above its dispatch "
          "region");
    }
    llvm::append_range(dims, *valueDims);
  }

  OpBuilder builder(last);
  RegionScopePaths paths = getRegionScopePaths(ops);
  auto region = DispatchRegionOp::create(
      builder, last->getLoc(), ValueRange(escaping).getTypes(), dims,
      util::lookupPlacement(last), paths.common);
  region.setStraddledPathsAttr(paths.straddled);
  if (SmallVector<Attribute> inherited = util::collectInheritedScopeAttrs(last);
      !inherited.empty())
    region.setScopeAttrsAttr(builder.getArrayAttr(inherited));
  // The temporaries of shape reification use group values: they must be
  // gone before the group moves into the region.
  dimBuilder.eraseUnusedOps();
  Block &body = region.getBodyBlock();
  for (Operation *op : ops)
    op->moveBefore(&body, body.end());
  builder.setInsertionPointToEnd(&body);
  ReturnOp::create(builder, region.getLoc(), escaping);
  for (auto [value, result] : llvm::zip_equal(escaping, region.getResults()))
    value.replaceUsesWithIf(result, [&](OpOperand &use) {
      return !region->isAncestor(use.getOwner());
    });

  // Clone cheap producers (tensor.empty, fills of one) into the region,
  // before its first original op, operands first.
  IRMapping cloned;
  std::function<Value(Value)> materialize = [&](Value value) -> Value {
    Operation *def = value.getDefiningOp();
    if (!def || region->isAncestor(def) || !util::isClonableProducer(def))
      return value;
    if (Value mapped = cloned.lookupOrNull(value))
      return mapped;
    for (Value operand : def->getOperands())
      cloned.map(operand, materialize(operand));
    builder.setInsertionPoint(ops.front());
    Operation *clone = builder.clone(*def, cloned);
    clonedFrom.insert(def);
    return clone->getResult(cast<OpResult>(value).getResultNumber());
  };
  for (Operation *op : ops)
    for (OpOperand &operand : op->getOpOperands())
      if (Value inside = materialize(operand.get()); inside != operand.get())
        operand.set(inside);
  return success();
}

//===----------------------------------------------------------------------===//
// Remarks
//===----------------------------------------------------------------------===//

std::string BlockFormation::describeRoot(Operation *op) {
  if (auto scope = dyn_cast<util::ScopeOpInterface>(op);
      scope && scope.isDispatchRoot())
    return "dispatch root: a scope written as one dispatch; nothing joins it "
           "here (codegen-fuse-into-workgroups fuses into its body)";
  if (!isRootOp(op))
    return "dispatch root: an elementwise op that no other root's region "
           "took";
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return "dispatch root: a tileable op that is not a linalg op";
  if (linalgOp.getNumReductionLoops() != 0)
    return "dispatch root: it has a reduction loop";
  return "dispatch root: not elementwise (an operand or result not indexed "
         "by a permutation of the loops, or a payload that is not "
         "elementwise)";
}

void BlockFormation::explainUnfused(unsigned g, Operation *last) {
  ArrayRef<Operation *> group = groups[g];
  Operation *root = group.front();
  auto inGroup = [&](Operation *op) { return isIn(op, g); };
  // A root, or an op that started a region of its own, says why itself.
  auto isOwnRoot = [&](Operation *op) {
    auto it = groupOf.find(op);
    return isRootOp(op) ||
           (it != groupOf.end() && groups[it->second].front() == op);
  };
  std::string into = ("not fused into the dispatch region of the " +
                      root->getName().getStringRef() + " root")
                         .str();
  auto report = [&](Operation *op, const Twine &why) {
    remarks.report(op, into + ": " + why, root, "the root of that region");
  };
  std::string boundary = "(a region never crosses a scope or region "
                         "boundary)";
  auto inOtherRegion = [&](Operation *op) -> std::string {
    return ("it is in the region of the " +
            groups[groupOf.lookup(op)].front()->getName().getStringRef() +
            " root already")
        .str();
  };

  // Consumers of the chain's last op; through a scope's terminator, the
  // consumers of the scope's result.
  std::string asConsumer =
      ("as a consumer of the " + last->getName().getStringRef() + ": ").str();
  for (OpOperand &use : last->getUses()) {
    Operation *user = use.getOwner();
    if (user->hasTrait<OpTrait::IsTerminator>()) {
      auto scope = dyn_cast<util::ScopeOpInterface>(user->getParentOp());
      if (!scope || use.getOperandNumber() >= scope->getNumResults())
        continue;
      for (Operation *outside :
           scope->getResult(use.getOperandNumber()).getUsers())
        if (isDispatchableOp(outside))
          report(outside, asConsumer +
                              "it reads the value as a result of "
                              "the enclosing " +
                              scope->getName().getStringRef() + " " + boundary);
      continue;
    }
    if (!isDispatchableOp(user) || inGroup(user))
      continue;
    if (user->getBlock() != &block) {
      report(user, asConsumer + "it is in another block " + boundary);
      continue;
    }
    if (isOwnRoot(user))
      continue;
    if (isGrouped(user))
      report(user, asConsumer + inOtherRegion(user));
    else if (last->getNumResults() != 1)
      report(user, asConsumer + "the producer has " +
                       Twine(last->getNumResults()) + " results");
    else if (!last->getResult(0).hasOneUse())
      report(user, asConsumer + "the producer's result has more than one "
                                "use");
    else if (isa<linalg::FillOp>(user))
      report(user, asConsumer + "it is a linalg.fill (it overwrites the "
                                "value)");
    else if (AffineMap map =
                 cast<linalg::LinalgOp>(user).getMatchingIndexingMap(&use);
             !map.isIdentity()) {
      std::string text;
      llvm::raw_string_ostream os(text);
      map.print(os);
      report(user, asConsumer + "it reads the producer's result through " +
                       text + ", not the identity (another iteration space)");
    }
  }

  // Elementwise producers of the group's ops, each once. (A producer in
  // an enclosing block was formed into a region of its own before this
  // block: its consumer in the enclosing block reported it.)
  llvm::SmallPtrSet<Operation *, 8> seen;
  for (Operation *op : group) {
    for (Value operand : op->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || producer->getBlock() != &block ||
          !isDispatchableOp(producer) || inGroup(producer) ||
          isOwnRoot(producer) || util::isClonableProducer(producer) ||
          !seen.insert(producer).second)
        continue;
      std::string asProducer =
          ("as a producer of the " + op->getName().getStringRef() + ": ").str();
      if (isGrouped(producer)) {
        report(producer, asProducer + inOtherRegion(producer));
        continue;
      }
      for (Operation *user : producer->getUsers()) {
        Operation *ancestor = block.findAncestorOpInBlock(*user);
        if (!ancestor || !inGroup(ancestor)) {
          report(producer, asProducer + "it has a use outside the region (" +
                               user->getName().getStringRef() + ")");
          break;
        }
      }
    }
  }
}

LogicalResult BlockFormation::run() {
  SmallVector<Operation *> candidates;
  for (Operation &op : block)
    if (isDispatchableOp(&op))
      candidates.push_back(&op);
  for (Operation *op : candidates)
    if (!isGrouped(op) && isRootOp(op))
      formGroup(op);
  // Leftover linalg ops get regions of their own, except clonable producers
  // whose every user is already in a region (a producer without users, a
  // dead fill, gets a region too: it must not stay outside one).
  for (Operation *op : candidates) {
    if (isGrouped(op))
      continue;
    if (util::isClonableProducer(op) && !op->use_empty() &&
        llvm::all_of(op->getUsers(), [&](Operation *user) {
          Operation *ancestor = block.findAncestorOpInBlock(*user);
          return ancestor && isGrouped(ancestor);
        })) {
      remarks.report(op, "no dispatch region of its own: cheap, cloned into "
                         "every region that uses it");
      continue;
    }
    formGroup(op);
  }

  bool ok = true;
  for (ArrayRef<Operation *> group : groups)
    ok &= succeeded(createRegion(group));

  // Producers cloned into every region that used them are dead now (a fill
  // before the tensor.empty it fills).
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
    if (clonedFrom.contains(&op) && op.use_empty())
      op.erase();
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Pass
//===----------------------------------------------------------------------===//

namespace {

struct FormDispatchRegionsPass
    : public flow::impl::FormDispatchRegionsPassBase<FormDispatchRegionsPass> {
  using Base::Base;

  void runOnOperation() override {
    util::DecisionRemarks decisions(DEBUG_TYPE, remarks);
    // Every block that may hold dispatchable ops: bodies of functions,
    // scopes, scf ops, ... but not the payload of a linalg op, nor an
    // existing dispatch region, nor the body of an isolated op other than a
    // function or symbol table (a codegen.scope.tu: its ops are compiled by
    // its own strategy, and a region there could not use the dims computed
    // above it), nor an executable module (`flow.executables`): its
    // functions are dispatch bodies already, and a region formed there would
    // be outlined into the host's executables, out of reach of the
    // dispatch's own symbol table.
    SmallVector<Block *> blocks;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      bool isolatedBody = op != getOperation() &&
                          op->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
                          !isa<FunctionOpInterface>(op) &&
                          !op->hasTrait<OpTrait::SymbolTable>();
      bool executableModule =
          op != getOperation() && isa<ModuleOp>(op) &&
          op->hasAttr(FlowDialect::getExecutablesAttrName());
      if (isa<DispatchRegionOp>(op) || isolatedBody || executableModule ||
          (op != getOperation() && isDispatchableOp(op)))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          blocks.push_back(&block);
      return WalkResult::advance();
    });

    bool ok = true;
    bool changed = false;
    for (Block *block : blocks) {
      // A block without a dispatchable op forms no region.
      if (llvm::none_of(*block,
                        [](Operation &op) { return isDispatchableOp(&op); }))
        continue;
      changed = true;
      ok &= succeeded(BlockFormation(*block, decisions).run());
    }
    // Recorded scope paths are consumed: a copy left on a cloned producer
    // would make equal dispatches differ when outlining deduplicates them.
    // An extern kernel call, which no region holds, keeps its path for the
    // picture of the dispatches.
    getOperation()->walk([&](Operation *op) {
      if (!isa<util::ExternCallOpInterface>(op) &&
          op->removeAttr(FlowDialect::getRecordedScopePathAttrName()))
        changed = true;
    });
    if (!ok || failed(verifyDispatchPlacement(getOperation())))
      return signalPassFailure();
    // No region formed: the pass manager need not verify the IR again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
