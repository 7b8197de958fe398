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
  // The tu scopes a program writes itself run their strategies first, on
  // the program as written; the scopes then go with the others.
  SmallVector<std::string> passes = {"codegen-run-scope-pipelines"};
  if (options.granularity == Granularity::Dispatch) {
    // Scopes: annotations become util.scope and zones go away (no tracing),
    // so that fusion sees through them; dispatch regions form inside the
    // device scopes and become per-device executable functions in the host
    // module, called from the device scopes, which then go away too.
    passes.append({
        "util-lower-annotations",
        "flow-record-scope-paths",
        "util-strip-scopes{kind=zone}",
        "flow-form-dispatch-regions",
        "flow-outline-dispatch-regions",
        "flow-link-executables",
        "util-strip-scopes",
    });
  } else {
    // Scopes: annotations become util.scope, device scopes become
    // functions carrying their device, other scopes (zones) go away. Every
    // device scope must become a function (its backend compiles it), even
    // one whose result bufferization then copies on return.
    passes.append({
        "util-lower-annotations",
        "util-outline-scopes{kind=device bufferization-safe=false}",
        "util-strip-scopes",
    });
  }
  passes.append({
      // Per-device codegen on tensors, bufferization, then on buffers.
      "hal-run-backend-pipelines{phase=tensor " + host + "}",
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map}",
      // The backends' tu scopes have served their purpose: deallocation
      // sees the functions as if they had never been scoped.
      "codegen-inline-scopes",
      "buffer-deallocation-pipeline",
      "hal-run-backend-pipelines{phase=buffer " + host + "}",
  });
  // Parallel loops (scf.parallel) run on an OpenMP thread pool, or one
  // iteration after the other (convert-scf-to-cf) on one thread.
  // The OpenMP conversion wraps each loop body in a memref.alloca_scope,
  // which must be inlined (canonicalize does, for bodies without allocas)
  // before the body's own loops become several blocks.
  if (options.threads > 1)
    passes.append({"convert-scf-to-openmp{num-threads=" +
                       std::to_string(options.threads) + "}",
                   "hal-llvm-cpu-configure-openmp", "canonicalize"});
  passes.append({
      // Host lowering to the LLVM dialect.
      "convert-bufferization-to-memref",
      "expand-strided-metadata",
      "lower-affine",
      "convert-scf-to-cf",
      // vector.contract (llvm-cpu's generic tiles) as outer products, i.e.
      // broadcasts and FMAs: the default (dot) lowering reduces each output
      // element horizontally, three times slower on the example models.
      "convert-vector-to-llvm{vector-contract-lowering=outerproduct}",
      "convert-math-to-llvm",
      "finalize-memref-to-llvm",
      "convert-arith-to-llvm",
      "convert-index-to-llvm",
      "convert-cf-to-llvm",
      "convert-func-to-llvm",
      "convert-openmp-to-llvm",
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
      hal::kDefaultHostBackend.str() + "), on one thread";
  static PassPipelineRegistration<> registration(
      "scopeir-compile-to-llvm", description, [](OpPassManager &pm) {
        CompileOptions options;
        if (failed(parsePassPipeline(getCompilePipeline(options), pm)))
          llvm::report_fatal_error("invalid scopeir compile pipeline");
      });
}
