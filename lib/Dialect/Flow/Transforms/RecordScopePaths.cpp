//===- RecordScopePaths.cpp - Record scope paths on ops ---------*- C++ -*-===//
//
// This file implements flow-record-scope-paths, which records on each
// dispatchable op the path of scopes around it so that dispatch region
// formation can name regions after zones have been stripped, and the
// getScopePath helper it shares with formation.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_RECORDSCOPEPATHSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

ArrayAttr scopeir::flow::getScopePath(Operation *op) {
  SmallVector<Attribute> path;
  Builder builder(op->getContext());
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    auto scope = dyn_cast<util::ScopeOpInterface>(parent);
    if (!scope)
      continue;
    std::string entry = util::getScopeName(scope).str();
    if (entry.empty()) {
      llvm::raw_string_ostream os(entry);
      llvm::interleaveComma(scope.getScopeAttributes(), os,
                            [&](util::ScopeAttrInterface attr) { os << attr; });
    }
    if (entry.empty())
      entry = parent->getName().getStringRef().str();
    path.push_back(builder.getStringAttr(entry));
  }
  std::reverse(path.begin(), path.end());
  return builder.getArrayAttr(path);
}

namespace {

struct RecordScopePathsPass
    : public flow::impl::RecordScopePathsPassBase<RecordScopePathsPass> {
  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      if (!isDispatchableOp(op) || op->getParentOfType<DispatchRegionOp>())
        return;
      op->setAttr(FlowDialect::getRecordedScopePathAttrName(), getScopePath(op));
    });
  }
};

} // namespace
