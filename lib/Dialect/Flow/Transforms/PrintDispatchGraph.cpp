//===- PrintDispatchGraph.cpp - Dispatches as a DOT graph -------*- C++ -*-===//
//
// This file implements flow-print-dispatch-graph, which prints the
// dispatches and extern kernel calls of a module as a Graphviz graph
// (flow::printDispatchGraph).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_PRINTDISPATCHGRAPHPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;

namespace {

struct PrintDispatchGraphPass
    : public flow::impl::PrintDispatchGraphPassBase<PrintDispatchGraphPass> {
  void runOnOperation() override {
    flow::printDispatchGraph(getOperation(), llvm::outs());
    markAllAnalysesPreserved();
  }
};

} // namespace
