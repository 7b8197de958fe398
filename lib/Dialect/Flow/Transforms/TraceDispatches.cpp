//===- TraceDispatches.cpp - Mark dispatches for tracing --------*- C++ -*-===//
//
// This file implements flow-trace-dispatches, which wraps every flow.dispatch
// in trace markers carrying its device, executable, index and scope paths,
// after moving a fused dispatch out of the zones it straddles, and every
// extern kernel call in markers carrying its device and kernel.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_TRACEDISPATCHESPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

static constexpr StringLiteral kZoneCategory = "zone";

/// Returns the depth of a zone marker: the length of its `scope` arg (0 if
/// it has none).
static size_t getZoneDepth(util::TraceBeginOp begin) {
  if (DictionaryAttr args = begin.getArgsAttr())
    if (auto path = args.getAs<ArrayAttr>("scope"))
      return path.size();
  return 0;
}

/// Returns, for every dispatch under `root` that has one, the begin marker
/// of the outermost zone open at the dispatch (in its block) that is deeper
/// than the dispatch's scope path. One forward pass over each block: the
/// zones open at an op are a stack, the innermost on top, and they get
/// shallower down the stack (zones nest). (Walking back from every dispatch
/// to the markers before it would cost the length of the block per
/// dispatch.)
static DenseMap<Operation *, util::TraceBeginOp>
findOutermostStraddledZones(Operation *root) {
  DenseMap<Operation *, util::TraceBeginOp> zones;
  root->walk([&](Block *block) {
    SmallVector<util::TraceBeginOp> open;
    for (Operation &op : *block) {
      if (auto begin = dyn_cast<util::TraceBeginOp>(op)) {
        if (begin.getCategory() == kZoneCategory)
          open.push_back(begin);
        continue;
      }
      if (auto end = dyn_cast<util::TraceEndOp>(op)) {
        // An end closes the nearest zone still open before it.
        if (end.getCategory() == kZoneCategory && !open.empty())
          open.pop_back();
        continue;
      }
      auto dispatch = dyn_cast<DispatchOp>(op);
      if (!dispatch)
        continue;
      size_t depth =
          dispatch.getScopePathAttr() ? dispatch.getScopePath()->size() : 0;
      util::TraceBeginOp outermost;
      for (util::TraceBeginOp begin : llvm::reverse(open)) {
        if (getZoneDepth(begin) <= depth)
          break;
        outermost = begin;
      }
      if (outermost)
        zones[dispatch] = outermost;
    }
  });
  return zones;
}

/// Moves `dispatch` before `target` (an earlier op of its block) with the
/// ops between them that compute its operands, if those have no side
/// effects and are not dispatches. Returns false (changing nothing)
/// otherwise.
static bool moveBefore(DispatchOp dispatch, Operation *target) {
  llvm::SmallPtrSet<Operation *, 16> between;
  for (Operation *op = target->getNextNode(); op != dispatch;
       op = op->getNextNode())
    between.insert(op);
  llvm::SetVector<Operation *> needed;
  SmallVector<Operation *> worklist = {dispatch};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value operand : op->getOperands()) {
      Operation *def = operand.getDefiningOp();
      if (!def || !between.contains(def) || needed.contains(def))
        continue;
      if (isa<DispatchOp>(def) || !isMemoryEffectFree(def))
        return false;
      needed.insert(def);
      worklist.push_back(def);
    }
  }
  SmallVector<Operation *> ordered(needed.begin(), needed.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered)
    op->moveBefore(target);
  dispatch->moveBefore(target);
  return true;
}

namespace {

struct TraceDispatchesPass
    : public flow::impl::TraceDispatchesPassBase<TraceDispatchesPass> {
  void runOnOperation() override {
    // One walk finds both kinds of op (a walk of a large module costs more
    // than anything else here when there is nothing to trace).
    SmallVector<DispatchOp> dispatches;
    SmallVector<util::ExternCallOpInterface> calls;
    SmallVector<TensorTransferOp> transfers;
    getOperation().walk([&](Operation *op) {
      if (auto dispatch = dyn_cast<DispatchOp>(op))
        dispatches.push_back(dispatch);
      else if (auto call = dyn_cast<util::ExternCallOpInterface>(op))
        calls.push_back(call);
      else if (auto transfer = dyn_cast<TensorTransferOp>(op))
        transfers.push_back(transfer);
    });
    // Nothing to trace: the pass manager need not verify the IR again.
    if (dispatches.empty() && calls.empty() && transfers.empty())
      return markAllAnalysesPreserved();
    SymbolTableCollection tables;
    symbolTables = &tables;
    if (!dispatches.empty()) {
      // Found before anything moves: moving a dispatch (and the ops
      // computing its operands) never moves a zone marker, so the zones
      // open at the other dispatches stay the same.
      DenseMap<Operation *, util::TraceBeginOp> straddled =
          findOutermostStraddledZones(getOperation());
      for (auto [index, dispatch] : llvm::enumerate(dispatches)) {
        if (util::TraceBeginOp zone = straddled.lookup(dispatch))
          (void)moveBefore(dispatch, zone);
        wrap(dispatch, index);
      }
    }
    // Extern kernel calls run as dispatches do; formation leaves them
    // where their scope was, inside the markers of its zones. (Moving a
    // dispatch with the ops computing its operands keeps them in their
    // block: the placement a call's slice records stays the same.)
    for (util::ExternCallOpInterface call : calls)
      wrap(call);
    // Transfers where the dispatches left them (a transfer is pure: it may
    // have moved with the dispatch it feeds).
    for (TensorTransferOp transfer : transfers)
      wrap(transfer);
  }

  /// Wraps a transfer between memories: a `transfer` slice named
  /// `<from>-><to>`, with its sides, its type and, for a static shape, its
  /// size in bytes.
  void wrap(TensorTransferOp transfer) {
    Builder b(&getContext());
    std::string from = flow::getMemoryName(transfer.getSourceMemoryAttr());
    std::string to = flow::getMemoryName(transfer.getTargetMemoryAttr());
    std::string type;
    llvm::raw_string_ostream os(type);
    os << transfer.getType();
    SmallVector<NamedAttribute> args = {
        b.getNamedAttr("from", b.getStringAttr(from)),
        b.getNamedAttr("to", b.getStringAttr(to)),
        b.getNamedAttr("type", b.getStringAttr(type)),
    };
    RankedTensorType tensor = transfer.getType();
    if (tensor.hasStaticShape())
      args.push_back(b.getNamedAttr(
          "bytes", b.getI64IntegerAttr(
                       tensor.getNumElements() *
                       llvm::divideCeil(tensor.getElementTypeBitWidth(), 8))));
    auto dict = b.getDictionaryAttr(args);
    StringAttr category = b.getStringAttr("transfer");
    StringAttr name = b.getStringAttr(from + "->" + to);
    OpBuilder builder(transfer);
    util::TraceBeginOp::create(builder, transfer.getLoc(), category, name,
                               dict);
    builder.setInsertionPointAfter(transfer);
    util::TraceEndOp::create(builder, transfer.getLoc(), category, name, dict);
  }

  /// Wraps an extern kernel call: a `dispatch` slice named after the
  /// kernel, with its device (the placement around the call), the kernel
  /// and the scope path recorded on it.
  void wrap(util::ExternCallOpInterface call) {
    Builder b(&getContext());
    std::string device = "host";
    if (util::ScopeAttrInterface placement =
            util::lookupPlacementAndOwner(call).attr) {
      device = placement.getScopeDisplayName().str();
      if (device.empty()) {
        llvm::raw_string_ostream os(device);
        os << placement;
      }
    }
    auto path = call->getAttrOfType<ArrayAttr>(
        FlowDialect::getRecordedScopePathAttrName());
    SmallVector<NamedAttribute> args = {
        b.getNamedAttr("device", b.getStringAttr(device)),
        b.getNamedAttr("extern", call.getKernelSymbolAttr()),
        b.getNamedAttr("scope", path ? path : b.getArrayAttr({})),
    };
    auto dict = b.getDictionaryAttr(args);
    StringAttr category = b.getStringAttr("dispatch");
    StringAttr name = call.getKernelSymbolAttr();
    OpBuilder builder(call);
    util::TraceBeginOp::create(builder, call.getLoc(), category, name, dict);
    builder.setInsertionPointAfter(call);
    util::TraceEndOp::create(builder, call.getLoc(), category, name, dict);
  }

  void wrap(DispatchOp dispatch, size_t index) {
    MLIRContext *context = &getContext();
    Builder b(context);
    SymbolRefAttr callee = dispatch.getCalleeAttr();

    // The executable's placement (its module carries it), as the dispatch
    // map shows it.
    std::string device = "host";
    Operation *function = symbolTables->lookupNearestSymbolFrom(dispatch, callee);
    if (function)
      if (util::ScopeAttrInterface placement =
              util::lookupPlacementAndOwner(function, /*includeOp=*/true)
                  .attr) {
        device = placement.getScopeDisplayName().str();
        if (device.empty()) {
          llvm::raw_string_ostream os(device);
          os << placement;
        }
      }
    std::string executable;
    llvm::raw_string_ostream os(executable);
    os << callee;

    SmallVector<NamedAttribute> args = {
        b.getNamedAttr("device", b.getStringAttr(device)),
        b.getNamedAttr("executable", b.getStringAttr(executable)),
        b.getNamedAttr("index", b.getI64IntegerAttr(index)),
        b.getNamedAttr("scope", dispatch.getScopePathAttr()
                                    ? dispatch.getScopePathAttr()
                                    : b.getArrayAttr({})),
    };
    if (ArrayAttr straddled = dispatch.getStraddledPathsAttr())
      args.push_back(b.getNamedAttr("zones", straddled));
    auto dict = b.getDictionaryAttr(args);
    StringAttr category = b.getStringAttr("dispatch");
    StringAttr name = callee.getLeafReference();

    OpBuilder builder(dispatch);
    util::TraceBeginOp::create(builder, dispatch.getLoc(), category, name,
                               dict);
    builder.setInsertionPointAfter(dispatch);
    util::TraceEndOp::create(builder, dispatch.getLoc(), category, name, dict);
  }

  /// The symbol tables of the executables, built once: looking each callee
  /// up afresh would scan the module's symbols once per dispatch.
  /// (Set for the duration of runOnOperation: the pass must stay copyable.)
  SymbolTableCollection *symbolTables = nullptr;
};

} // namespace
