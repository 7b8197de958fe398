//===- RecordScopePaths.cpp - Record scope paths on ops ---------*- C++ -*-===//
//
// This file implements flow-record-scope-paths, which records on each
// dispatchable op the path of scopes around it so that dispatch region
// formation can name regions after zones have been stripped.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_RECORDSCOPEPATHSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

namespace {

struct RecordScopePathsPass
    : public flow::impl::RecordScopePathsPassBase<RecordScopePathsPass> {
  void runOnOperation() override {
    bool changed = false;
    inside.clear();
    getOperation()->walk([&](Operation *op) {
      // Extern kernel calls run as dispatches do: their paths place them in
      // the picture of the dispatches.
      if (!isDispatchableOp(op) && !isa<util::ExternCallOpInterface>(op))
        return;
      auto [path, inRegion] = getInside(op->getParentOp());
      if (inRegion)
        return;
      StringRef name = FlowDialect::getRecordedScopePathAttrName();
      if (op->getAttr(name) == path)
        return;
      op->setAttr(name, path);
      changed = true;
    });
    // Nothing recorded: the pass manager need not verify the IR again.
    if (!changed)
      markAllAnalysesPreserved();
  }

  /// What holds for the ops directly inside `parent`: their scope path
  /// (`getScopePath`) and whether a dispatch region holds them. Remembered
  /// per op, so that the ops of a block, and the blocks nested in a scope,
  /// share the walk up the parents.
  std::pair<ArrayAttr, bool> getInside(Operation *parent) {
    if (!parent)
      return {ArrayAttr::get(&getContext(), {}), false};
    auto it = inside.find(parent);
    if (it != inside.end())
      return it->second;
    auto [path, inRegion] = getInside(parent->getParentOp());
    inRegion |= isa<DispatchRegionOp>(parent);
    if (auto scope = dyn_cast<util::ScopeOpInterface>(parent)) {
      SmallVector<Attribute> entries(path.begin(), path.end());
      entries.push_back(
          StringAttr::get(&getContext(), util::getScopePathEntry(scope)));
      path = ArrayAttr::get(&getContext(), entries);
    }
    return inside[parent] = {path, inRegion};
  }

  llvm::DenseMap<Operation *, std::pair<ArrayAttr, bool>> inside;
};

} // namespace
