//===- RunScopePipelines.cpp - Run each tu scope's strategy -----*- C++ -*-===//
//
// This file implements the codegen-run-scope-pipelines pass, which runs the
// strategy of every codegen.scope.tu (a pass pipeline or a transform named
// sequence) on the scope, wherever the scope is nested.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"

#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

namespace scopeir::codegen {
#define GEN_PASS_DEF_RUNSCOPEPIPELINESPASS
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"
} // namespace scopeir::codegen

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

namespace {

struct RunScopePipelinesPass
    : codegen::impl::RunScopePipelinesPassBase<RunScopePipelinesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (strategyLibrary.empty())
      return success();
    OwningOpRef<ModuleOp> parsed;
    if (failed(transform::detail::parseTransformModuleFromFile(
            context, strategyLibrary, parsed)))
      return emitError(UnknownLoc::get(context))
             << "cannot load the strategy library '" << strategyLibrary << "'";
    library = std::make_shared<OwningOpRef<ModuleOp>>(std::move(parsed));
    return success();
  }

  void runOnOperation() override {
    // Post-order: the strategies of inner scopes run before the strategy of
    // the scope around them, siblings in the order of the IR.
    SmallVector<TUOp> scopes;
    getOperation()->walk([&](TUOp scope) {
      if (!scope.getStrategyInfo().empty())
        scopes.push_back(scope);
    });
    // No strategy to run: the pass manager need not verify the IR again.
    if (scopes.empty())
      return markAllAnalysesPreserved();
    for (TUOp scope : scopes) {
      Strategy strategy = scope.getStrategyInfo();
      // Removed first, so that a pipeline nesting on tu scopes does not see
      // it, and a second run of the pass changes nothing.
      scope.setStrategyInfo({});
      LogicalResult result = strategy.isPipeline()
                                 ? runPassPipeline(scope, strategy.pipeline)
                                 : runSequence(scope, strategy);
      if (failed(result))
        return signalPassFailure();
    }
  }

private:
  LogicalResult runPassPipeline(TUOp scope, StringAttr text);
  LogicalResult runSequence(TUOp scope, const Strategy &strategy);

  /// The parsed strategy library (shared by the clones of the pass).
  std::shared_ptr<OwningOpRef<ModuleOp>> library;
};

} // namespace

LogicalResult RunScopePipelinesPass::runPassPipeline(TUOp scope,
                                                     StringAttr text) {
  OpPassManager pm(TUOp::getOperationName());
  std::string message;
  llvm::raw_string_ostream os(message);
  if (failed(parsePassPipeline(text.getValue(), pm, os)))
    return scope.emitOpError("has a malformed pipeline \"")
           << text.getValue() << "\": " << StringRef(message).trim();

  // Dialects a pass may create must be loaded before passes run on other
  // threads; the pass declares the ones our backends use.
  DialectRegistry registry;
  pm.getDependentDialects(registry);
  MLIRContext *context = &getContext();
  for (StringRef name : registry.getDialectNames()) {
    if (context->getLoadedDialect(name))
      continue;
    if (context->isMultithreadingEnabled())
      return scope.emitOpError("pipeline \"")
             << text.getValue() << "\" needs the dialect '" << name
             << "', which is not loaded; run single-threaded "
                "(--mlir-disable-threading) or load it before the pass";
    context->appendDialectRegistry(registry);
    context->getOrLoadDialect(name);
  }

  if (failed(runPipeline(pm, scope)))
    return scope.emitOpError("pipeline \"") << text.getValue() << "\" failed";
  return success();
}

LogicalResult RunScopePipelinesPass::runSequence(TUOp scope,
                                                 const Strategy &strategy) {
  StringAttr name = strategy.sequence.getAttr();
  auto sequence = dyn_cast_or_null<transform::NamedSequenceOp>(
      SymbolTable::lookupNearestSymbolFrom(scope, strategy.sequence));
  if (!sequence && library && *library)
    sequence = dyn_cast_or_null<transform::NamedSequenceOp>(
        SymbolTable::lookupSymbolIn(library->get(), name));
  if (!sequence)
    return scope.emitOpError("names the strategy @")
           << name.getValue()
           << ", which is no transform.named_sequence of the module"
           << (strategyLibrary.empty() ? StringRef("")
                                       : StringRef(" or the strategy library"));
  if (sequence.isExternal())
    return scope.emitOpError("names the strategy @")
           << name.getValue() << ", which is only declared";

  ArrayRef<Attribute> arguments = strategy.getArguments();
  unsigned numArgs = sequence.getFunctionType().getNumInputs();
  if (numArgs != arguments.size() + 1)
    return scope.emitOpError("passes ")
           << arguments.size() << " parameters to the strategy @"
           << name.getValue() << ", which takes " << numArgs - 1
           << " after the scope";

  RaggedArray<transform::MappedValue> bindings;
  bindings.push_back(ArrayRef<Operation *>{scope.getOperation()});
  for (Attribute argument : arguments)
    bindings.push_back(ArrayRef<Attribute>{argument});
  transform::TransformOptions options;
  if (failed(transform::applyTransformNamedSequence(
          bindings, cast<transform::TransformOpInterface>(*sequence),
          /*transformModule=*/{}, options)))
    return scope.emitOpError("strategy @") << name.getValue() << " failed";
  return success();
}
