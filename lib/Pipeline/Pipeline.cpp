//===- Pipeline.cpp - scopeir's compile driver ------------------*- C++ -*-===//
//
// This file implements the compile pipeline from linalg-on-tensors with
// scopes to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Pipeline/Pipeline.h"

#include "scopeir/InitAll.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::pipeline;

std::string
scopeir::pipeline::getCompilePipeline(const CompileOptions &options) {
  std::string host = "host-backend=" + options.hostBackend;
  SmallVector<std::string> passes;
  if (options.granularity == Granularity::Dispatch) {
    // Scopes: annotations become util.scope and zones go away (no tracing),
    // so that fusion sees through them; dispatch regions form inside the
    // device scopes and become per-device executable functions in the host
    // module, called from the device scopes, which then go away too.
    passes = {
        "util-lower-annotations",
        "flow-record-scope-paths",
        "util-strip-scopes{kind=zone}",
        "flow-form-dispatch-regions",
        "flow-outline-dispatch-regions",
        "flow-link-executables",
        "util-strip-scopes",
    };
  } else {
    // Scopes: annotations become util.scope, device scopes become
    // functions carrying their device, other scopes (zones) go away.
    passes = {
        "util-lower-annotations",
        "util-outline-scopes{kind=device}",
        "util-strip-scopes",
    };
  }
  passes.append({
      // Per-device codegen on tensors, bufferization, then on buffers.
      "hal-run-backend-pipelines{phase=tensor " + host + "}",
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map}",
      "buffer-deallocation-pipeline",
      "hal-run-backend-pipelines{phase=buffer " + host + "}",
      // Host lowering to the LLVM dialect.
      "convert-bufferization-to-memref",
      "expand-strided-metadata",
      "lower-affine",
      "convert-scf-to-cf",
      "convert-vector-to-llvm",
      "convert-math-to-llvm",
      "finalize-memref-to-llvm",
      "convert-arith-to-llvm",
      "convert-index-to-llvm",
      "convert-cf-to-llvm",
      "convert-func-to-llvm",
      "convert-ub-to-llvm",
      "reconcile-unrealized-casts",
  });
  return llvm::join(passes, ",");
}

LogicalResult scopeir::pipeline::buildCompilePipeline(
    OpPassManager &pm, const CompileOptions &options, raw_ostream &errs) {
  // Registers the target backends too.
  registerAllPasses();
  return parsePassPipeline(getCompilePipeline(options), pm, errs);
}

void scopeir::pipeline::registerCompilePipeline() {
  static const std::string description =
      "Compile a module with scopes to the LLVM dialect as scope-run does by "
      "default (dispatch granularity, host backend " +
      hal::kDefaultHostBackend.str() + ")";
  static PassPipelineRegistration<> registration(
      "scopeir-compile-to-llvm", description, [](OpPassManager &pm) {
        CompileOptions options;
        if (failed(parsePassPipeline(getCompilePipeline(options), pm)))
          llvm::report_fatal_error("invalid scopeir compile pipeline");
      });
}
