//===- PrintDispatches.cpp - One line per dispatch -------------*- C++ -*-===//
//
// This file implements flow-print-dispatches, which prints one line per
// dispatch, per transfer between memories and per extern kernel call of a
// module (flow::printDispatches, flow::printTransfers,
// flow::printKernelCalls).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_PRINTDISPATCHESPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;

namespace {

struct PrintDispatchesPass
    : public flow::impl::PrintDispatchesPassBase<PrintDispatchesPass> {
  void runOnOperation() override {
    flow::printDispatches(getOperation(), llvm::outs());
    flow::printTransfers(getOperation(), llvm::outs());
    flow::printKernelCalls(getOperation(), llvm::outs());
    markAllAnalysesPreserved();
  }
};

} // namespace
