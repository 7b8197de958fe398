//===- VerifyBackendContract.cpp - What a backend may leave -----*- C++ -*-===//
//
// This file implements hal-verify-backend-contract: after a backend's buffer
// pipeline, only ops of the dialects the host lowering converts to LLVM may
// remain in the function.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringSwitch.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_VERIFYBACKENDCONTRACTPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;

namespace {

/// Whether the host lowering (the compile pipeline's last phase) converts
/// the ops of dialect `name` to the LLVM dialect.
bool isLoweredByHost(StringRef name) {
  return llvm::StringSwitch<bool>(name)
      .Cases({"builtin", "func", "arith", "math", "index"}, true)
      .Cases({"memref", "bufferization", "vector", "scf", "affine"}, true)
      .Cases({"cf", "ub", "llvm", "omp"}, true)
      .Default(false);
}

struct VerifyBackendContractPass
    : hal::impl::VerifyBackendContractPassBase<VerifyBackendContractPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    WalkResult result = func.walk([&](Operation *op) {
      StringRef dialect = op->getName().getDialectNamespace();
      // Barriers stay until the end: util-lower-optimization-barriers
      // lowers them in the LLVM dialect.
      if (isLoweredByHost(dialect) || isa<util::OptimizationBarrierOp>(op))
        return WalkResult::advance();
      // Named, not included: hal does not depend on flow.
      if (allowTransfers &&
          op->getName().getStringRef() == "flow.buffer.transfer")
        return WalkResult::advance();
      InFlightDiagnostic diag = op->emitError();
      diag << "'" << op->getName() << "' is left in function '"
           << func.getSymName() << "' by backend '"
           << (backend.empty() ? StringRef("?") : StringRef(backend))
           << "', whose buffer pipeline must leave only ops the host "
              "lowering to LLVM handles (dialects builtin, func, arith, "
              "math, index, memref, bufferization, vector, scf, affine, cf, "
              "ub, llvm, omp; util.optimization_barrier)";
      return WalkResult::interrupt();
    });
    if (result.wasInterrupted())
      signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
