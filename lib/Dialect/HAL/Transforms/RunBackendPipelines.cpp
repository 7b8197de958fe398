//===- RunBackendPipelines.cpp - Per-device codegen pipelines ---*- C++ -*-===//
//
// This file implements hal-run-backend-pipelines: each function is compiled
// by the pipeline of the target backend its device names.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_RUNBACKENDPIPELINESPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

namespace {

enum class Phase { Tensor, Buffer, OpenMP, Executable };

/// Builds `backend`'s pipeline of `phase` into a fresh pass manager,
/// anchored on func.func (on builtin.module for the executable phase). A
/// buffer pipeline ends with the backend contract's check; an executable
/// pipeline checks it on every function.
OpPassManager buildPipeline(const TargetBackend &backend, Phase phase) {
  if (phase == Phase::Executable) {
    OpPassManager pm(ModuleOp::getOperationName());
    backend.buildExecutablePipeline(pm);
    if (pm.size() == 0)
      return pm;
    VerifyBackendContractPassOptions contract;
    contract.backend = backend.getName().str();
    pm.addNestedPass<func::FuncOp>(createVerifyBackendContractPass(contract));
    return pm;
  }
  OpPassManager pm(func::FuncOp::getOperationName());
  switch (phase) {
  case Phase::Tensor:
    backend.buildTensorPipeline(pm);
    break;
  case Phase::Buffer: {
    backend.buildBufferPipeline(pm);
    VerifyBackendContractPassOptions contract;
    contract.backend = backend.getName().str();
    contract.allowTransfers = true;
    pm.addPass(createVerifyBackendContractPass(contract));
    break;
  }
  case Phase::OpenMP:
    backend.buildOpenMPPipeline(pm);
    break;
  case Phase::Executable:
    llvm_unreachable("built above");
  }
  return pm;
}

struct RunBackendPipelinesPass
    : hal::impl::RunBackendPipelinesPassBase<RunBackendPipelinesPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // Load what every registered pipeline may create now: loading a dialect
    // from a nested pipeline while passes run is a race.
    const TargetBackendRegistry &backends = TargetBackendRegistry::global();
    for (const std::string &name : backends.getRegisteredNames()) {
      const TargetBackend *backend = backends.lookup(name);
      buildPipeline(*backend, Phase::Tensor).getDependentDialects(registry);
      buildPipeline(*backend, Phase::Buffer).getDependentDialects(registry);
      buildPipeline(*backend, Phase::OpenMP).getDependentDialects(registry);
      buildPipeline(*backend, Phase::Executable).getDependentDialects(registry);
    }
  }

  LogicalResult initialize(MLIRContext *context) override {
    if (phase == "tensor") {
      parsedPhase = Phase::Tensor;
    } else if (phase == "buffer") {
      parsedPhase = Phase::Buffer;
    } else if (phase == "openmp") {
      parsedPhase = Phase::OpenMP;
    } else if (phase == "executable") {
      parsedPhase = Phase::Executable;
    } else {
      return emitError(UnknownLoc::get(context))
             << "hal-run-backend-pipelines: unknown phase '" << phase
             << "' (expected 'tensor', 'buffer', 'openmp' or 'executable')";
    }
    pipelines.clear();
    const TargetBackendRegistry &backends = TargetBackendRegistry::global();
    for (const std::string &name : backends.getRegisteredNames())
      pipelines.try_emplace(name,
                            buildPipeline(*backends.lookup(name), parsedPhase));
    if (!pipelines.count(hostBackend))
      return emitError(UnknownLoc::get(context))
             << "hal-run-backend-pipelines: unknown host backend '"
             << hostBackend << "' (option host-backend); registered backends: "
             << backends.getRegisteredNamesString();
    return success();
  }

  /// Returns the backend name for `func` and the op whose device named it
  /// (null for the host default); emits an error and returns failure if a
  /// scope inside the function is placed elsewhere.
  FailureOr<std::pair<std::string, Operation *>>
  getBackendFor(func::FuncOp func) {
    // The function's own device, else the module's default.
    util::PlacementAndOwner placement =
        util::lookupPlacementAndOwner(func, /*includeOp=*/true);
    util::ScopeAttrInterface funcPlacement = placement.attr;
    auto device = dyn_cast_if_present<DeviceTargetAttr>(funcPlacement);
    WalkResult walk = func.walk([&](util::ScopeOpInterface scope) {
      for (util::ScopeAttrInterface attr : scope.getScopeAttributes()) {
        if (!attr.isPlacement() || attr == funcPlacement)
          continue;
        scope->emitOpError("is placed on ")
            << attr << " inside function '" << func.getSymName()
            << "' compiled for "
            << (device ? Attribute(device)
                       : Attribute(StringAttr::get(&getContext(), "the host")))
            << "; outline device scopes first (util-outline-scopes)";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      return failure();
    if (!device)
      return std::make_pair(hostBackend.getValue(),
                            static_cast<Operation *>(nullptr));
    return std::make_pair(device.getBackend().str(), placement.owner);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (parsedPhase == Phase::Executable) {
      // Name order (the registry's): the pipelines are independent, and
      // the order is the one the printed pipeline shows.
      for (const std::string &name :
           TargetBackendRegistry::global().getRegisteredNames()) {
        OpPassManager &pm = pipelines.find(name)->second;
        if (pm.size() != 0 && failed(runPipeline(pm, module)))
          return signalPassFailure();
      }
      return;
    }
    const TargetBackendRegistry &backends = TargetBackendRegistry::global();
    bool failed = false;
    for (auto func :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (func.isDeclaration())
        continue;
      FailureOr<std::pair<std::string, Operation *>> choice =
          getBackendFor(func);
      if (mlir::failed(choice)) {
        failed = true;
        continue;
      }
      auto &[name, owner] = *choice;
      auto it = pipelines.find(name);
      if (it == pipelines.end()) {
        // The host backend was checked by initialize(): `owner` is set.
        InFlightDiagnostic diag = owner->emitError()
                                  << "unknown target backend '" << name
                                  << "'; registered backends: "
                                  << backends.getRegisteredNamesString();
        if (owner != func)
          diag.attachNote(func.getLoc())
              << "placing function '" << func.getSymName() << "'";
        failed = true;
        continue;
      }
      if (mlir::failed(runPipeline(it->second, func))) {
        failed = true;
        continue;
      }
      // Where the pass manager does not verify (--verify-each=0, a
      // harness verifying on its own), the nested pipeline's passes are not
      // verified either; upstream canonicalization can make invalid IR out
      // of a program whose static sizes contradict each other through a
      // cast. The pass then fails instead of leaving that IR behind.
      if (mlir::failed(verify(func))) {
        func.emitError("the '") << name << "' backend's " << phase.getValue()
                                << " pipeline left invalid IR in this function";
        failed = true;
      }
    }
    if (failed)
      signalPassFailure();
  }

  Phase parsedPhase = Phase::Tensor;
  llvm::StringMap<OpPassManager> pipelines;
};

} // namespace
