//===- Pipeline.cpp - scopeir's compile driver ------------------*- C++ -*-===//
//
// This file implements the compile pipeline from linalg-on-tensors with
// scopes to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Pipeline/Pipeline.h"

#include "scopeir/InitAll.h"

#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::pipeline;

Operation *scopeir::pipeline::findTOSAOp(ModuleOp module) {
  Operation *found = nullptr;
  module->walk([&](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (!dialect || dialect->getNamespace() != "tosa")
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

InputType scopeir::pipeline::detectInputType(ModuleOp module) {
  return findTOSAOp(module) ? InputType::TOSA : InputType::Linalg;
}

std::string scopeir::pipeline::getInputConversionPipeline(InputType type) {
  switch (type) {
  case InputType::Linalg:
    return "";
  case InputType::TOSA:
    // Upstream's TOSA to linalg-on-tensors conversions, in the order of its
    // own TOSA pipelines (named ops first: they match TOSA ops the
    // elementwise conversion would otherwise take). Each is a partial
    // conversion of the whole function, so it rewrites TOSA ops nested in
    // scopes too and leaves the scope ops (unknown to it, hence legal) in
    // place.
    return "func.func(tosa-to-linalg-named,tosa-to-linalg,tosa-to-arith,"
           "tosa-to-tensor,canonicalize)";
  }
  llvm_unreachable("unknown input type");
}

std::string scopeir::pipeline::quotePassOptionValue(StringRef value) {
  if (!value.empty() && value.find_first_of(" \t,{}\"'=") == StringRef::npos)
    return value.str();
  if (!value.contains('"'))
    return ("\"" + value + "\"").str();
  if (!value.contains('\''))
    return ("'" + value + "'").str();
  return ("{" + value + "}").str();
}

std::string
scopeir::pipeline::getCompilePipeline(const CompileOptions &options) {
  std::string host = "host-backend=" + options.hostBackend;
  SmallVector<std::string> passes;
  if (std::string input = getInputConversionPipeline(options.inputType);
      !input.empty())
    passes.push_back(input);
  // The tu scopes a program writes itself run their strategies first, on
  // the program as written (after input conversion); the scopes then go
  // with the others.
  passes.push_back("codegen-run-scope-pipelines");
  // Calls: a call into a function placed on another device becomes a scope
  // on that device around the call, then every call is inlined, so that a
  // model split into per-device functions compiles like one written with
  // scopes. The inliner's default cleanup (canonicalize) is left out: it
  // would reach every function, not only the ones that had calls. Affine
  // ops of the input are lowered first: upstream inlines them only into an
  // affine scope (a function) or affine loop, so a callee holding one would
  // stay a call inside the scope wrapped around it, and a call's result
  // dims cannot be computed above that scope.
  passes.append({
      "lower-affine",
      "hal-wrap-cross-device-calls",
      "inline{default-pipeline=}",
      "symbol-dce",
  });
  // Kernels: the spec's matches become extern scopes; once annotations are
  // scopes, every extern scope whose kernel a library provides becomes a
  // call before dispatch formation (which never looks into one); the others
  // stay scopes, a barrier whose ops compile as any others. Unless kernels
  // are checked against them, decompositions are dropped then: no call will
  // run one, and compiling them would be wasted.
  std::string fallback =
      options.kernelFallbacks.empty()
          ? std::string()
          : "fallback=" + llvm::join(options.kernelFallbacks, ",");
  std::string outlineExterns =
      "hal-outline-extern-scopes{" + fallback +
      (options.checkKernels ? "}" : " drop-decompositions=true}");
  if (!options.kernelSpec.empty())
    passes.push_back("hal-apply-kernel-patterns{spec=" +
                     quotePassOptionValue(options.kernelSpec) + "}");
  if (options.granularity == Granularity::Dispatch) {
    // Scopes: annotations become util.scope and zones go away (no tracing),
    // so that fusion sees through them; dispatch regions form inside the
    // device scopes and become per-device executable functions in the host
    // module, called from the device scopes, which then go away too.
    // When tracing, zones are marked before they go (the markers stay
    // where the zone was and take no part in formation, so the same
    // regions form) and dispatches once they are outlined.
    passes.append(
        {"util-lower-annotations", outlineExterns, "flow-record-scope-paths"});
    if (options.trace)
      passes.push_back("util-trace-zones");
    passes.append({"util-strip-scopes{kind=zone}",
                   "flow-form-dispatch-regions",
                   "flow-outline-dispatch-regions"});
    if (options.trace)
      passes.append({"flow-trace-dispatches", "util-lower-trace-markers"});
    passes.append({"flow-link-executables", "util-strip-scopes"});
  } else {
    // Scopes: annotations become util.scope, device scopes become
    // functions carrying their device, other scopes (zones) go away. Every
    // device scope must become a function (its backend compiles it), even
    // one whose result bufferization then copies on return. Zones are
    // traced as at dispatch granularity (a zone inside a device scope
    // inside its device function); there are no dispatches to trace.
    // Dispatches the input already has are linked as at dispatch
    // granularity: left alone, host lowering would turn their callees into
    // llvm.func and leave the dispatches invalid.
    passes.push_back("util-lower-annotations");
    passes.push_back(outlineExterns);
    if (options.trace)
      passes.push_back("util-trace-zones");
    passes.append({"util-outline-scopes{kind=device bufferization-safe=false}",
                   "util-strip-scopes"});
    if (options.trace)
      passes.push_back("util-lower-trace-markers");
    passes.push_back("flow-link-executables");
  }
  // Hand-distributed code (codegen.scope.workgroups), a dispatch root of
  // its own until here, becomes an scf.forall over its grid, which the
  // backends then compile like their own tiles.
  passes.push_back(std::string("codegen-lower-workgroups") +
                   (options.checkStores ? "{check-stores}" : ""));
  passes.append({
      // Per-device codegen on tensors, bufferization, then on buffers.
      "hal-run-backend-pipelines{phase=tensor " + host + "}",
      // Kernel calls on tensors, bufferized by one-shot-bufferize.
      "hal-lower-dispatch-externs{" + fallback +
          (options.checkKernels ? " check=true}" : "}"),
      // Decompositions only the check calls (and their dispatches).
      "symbol-dce",
      "one-shot-bufferize{bufferize-function-boundaries "
      "function-boundary-type-conversion=identity-layout-map}",
      // Strided buffers that bufferization cast to identity-layout call
      // parameters are copied instead (the cast is not valid for them).
      "util-realloc-call-operands",
      // The backends' tu scopes have served their purpose: deallocation
      // sees the functions as if they had never been scoped.
      "codegen-inline-scopes",
      "buffer-deallocation-pipeline",
      "hal-run-backend-pipelines{phase=buffer " + host + "}",
      // Every strategy has run: the transform IR they named (a program's
      // own named sequences) has no LLVM translation.
      "codegen-erase-strategy-sequences",
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

namespace {
/// The options of `scopeir-compile-to-llvm`: those of CompileOptions.
struct CompilePipelineOptions
    : public PassPipelineOptions<CompilePipelineOptions> {
  Option<InputType> inputType{
      *this, "input-type", llvm::cl::desc("The dialects of the input"),
      llvm::cl::init(InputType::Linalg),
      llvm::cl::values(
          clEnumValN(InputType::Linalg, "linalg", "linalg-on-tensors"),
          clEnumValN(InputType::TOSA, "tosa",
                     "TOSA, converted to linalg-on-tensors first"))};
  Option<std::string> hostBackend{
      *this, "host-backend",
      llvm::cl::desc("Backend compiling functions placed on no device"),
      llvm::cl::init(hal::kDefaultHostBackend.str())};
  Option<bool> dispatch{
      *this, "dispatch",
      llvm::cl::desc("Dispatch granularity (false: each device scope is one "
                     "function)"),
      llvm::cl::init(true)};
  Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads of the parallel loops (N > 1: OpenMP)"),
      llvm::cl::init(1)};
  Option<bool> trace{*this, "trace",
                     llvm::cl::desc("Trace zones and dispatches as "
                                    "scope-run --trace does"),
                     llvm::cl::init(false)};
  Option<std::string> kernelSpec{
      *this, "kernel-spec",
      llvm::cl::desc("Kernel pattern spec (hal-apply-kernel-patterns)"),
      llvm::cl::init("")};
  ListOption<std::string> kernelFallbacks{
      *this, "kernel-fallbacks",
      llvm::cl::desc("Kernel symbols whose decomposition compiles instead")};
  Option<bool> checkKernels{
      *this, "check-kernels",
      llvm::cl::desc("Compare each kernel with its decomposition at run "
                     "time"),
      llvm::cl::init(false)};
  Option<bool> checkStores{
      *this, "check-stores",
      llvm::cl::desc("Check at run time that the stores of each "
                     "codegen.scope.workgroups cover its results exactly "
                     "once"),
      llvm::cl::init(false)};
};
} // namespace

void scopeir::pipeline::registerCompilePipeline() {
  static PassPipelineRegistration<CompilePipelineOptions> compile(
      "scopeir-compile-to-llvm",
      "Compile a module with scopes to the LLVM dialect as scope-run does "
      "(by default: linalg input, dispatch granularity, the default host "
      "backend, one thread)",
      [](OpPassManager &pm, const CompilePipelineOptions &pipelineOptions) {
        CompileOptions options;
        options.inputType = pipelineOptions.inputType;
        options.hostBackend = pipelineOptions.hostBackend;
        options.granularity = pipelineOptions.dispatch ? Granularity::Dispatch
                                                       : Granularity::Scope;
        options.threads = std::max(1u, unsigned(pipelineOptions.threads));
        options.trace = pipelineOptions.trace;
        options.kernelSpec = pipelineOptions.kernelSpec;
        options.kernelFallbacks.assign(pipelineOptions.kernelFallbacks.begin(),
                                       pipelineOptions.kernelFallbacks.end());
        options.checkKernels = pipelineOptions.checkKernels;
        options.checkStores = pipelineOptions.checkStores;
        if (failed(parsePassPipeline(getCompilePipeline(options), pm)))
          llvm::report_fatal_error("invalid scopeir compile pipeline");
      });
  static PassPipelineRegistration<> tosa(
      "scopeir-tosa-to-linalg",
      "Convert TOSA to linalg-on-tensors as scope-run --input-type=tosa "
      "does, converting the ops inside scopes in place",
      [](OpPassManager &pm) {
        if (failed(parsePassPipeline(
                getInputConversionPipeline(InputType::TOSA), pm)))
          llvm::report_fatal_error("invalid TOSA input pipeline");
      });
}
