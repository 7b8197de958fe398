//===- EraseStrategySequences.cpp - Erase the strategies' transform IR ----===//
//
// This file implements the codegen-erase-strategy-sequences pass, which
// erases the transform IR at the top level of a module once every strategy
// that may name it has run.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/IR/BuiltinOps.h"

namespace scopeir::codegen {
#define GEN_PASS_DEF_ERASESTRATEGYSEQUENCESPASS
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"
} // namespace scopeir::codegen

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

namespace {

struct EraseStrategySequencesPass
    : codegen::impl::EraseStrategySequencesPassBase<
          EraseStrategySequencesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // A strategy that has not run would name a sequence about to go.
    WalkResult walk = module.walk([&](TUOp scope) {
      Strategy strategy = scope.getStrategyInfo();
      if (!strategy.isSequence())
        return WalkResult::advance();
      scope.emitOpError("strategy @")
          << strategy.sequence.getValue()
          << " has not run; run codegen-run-scope-pipelines before erasing "
             "the strategy sequences";
      return WalkResult::interrupt();
    });
    if (walk.wasInterrupted())
      return signalPassFailure();

    bool changed = false;
    for (Operation &op : llvm::make_early_inc_range(*module.getBody())) {
      if (isa_and_nonnull<transform::TransformDialect>(op.getDialect())) {
        op.erase();
        changed = true;
      }
    }
    if (module->removeAttr(
            transform::TransformDialect::kWithNamedSequenceAttrName))
      changed = true;
    // Nothing to erase: the pass manager need not verify the IR again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
