//===- Pipeline.cpp - scopeir's compile driver ------------------*- C++ -*-===//
//
// This file implements the compile pipeline from linalg-on-tensors with
// scopes to the LLVM dialect, as phase functions that add passes through
// their create functions. No pass is named by a string here: a misspelt pass
// is a compile error, and each option is a typed field.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Pipeline/Pipeline.h"

#include "scopeir/Dialect/Check/Transforms/Passes.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"
#include "scopeir/InitAll.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVMPass.h"
#include "mlir/Conversion/IndexToLLVM/IndexToLLVM.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToOpenMP/SCFToOpenMP.h"
#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToSCF/TosaToSCF.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Conversion/UBToLLVM/UBToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVMPass.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Format.h"

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

void scopeir::pipeline::buildInputConversionPipeline(OpPassManager &pm,
                                                     InputType type) {
  if (type == InputType::Linalg)
    return;
  // Upstream's TOSA to linalg-on-tensors conversions, in the order of its
  // own TOSA pipelines (control flow, tosa.cond_if and tosa.while_loop, to
  // scf first, then named ops: they match TOSA ops the elementwise
  // conversion would otherwise take). Each is a partial conversion of the
  // whole function, so it rewrites TOSA ops nested in scopes too and leaves
  // the scope ops (unknown to it, hence legal) in place; canonicalize
  // removes what they leave dead (tosa.const_shape).
  OpPassManager &funcPM = pm.nest<func::FuncOp>();
  funcPM.addPass(createTosaToSCFPass());
  funcPM.addPass(tosa::createTosaToLinalgNamed());
  funcPM.addPass(tosa::createTosaToLinalg());
  // tosa.apply_scale too (tosa.mul with a shift, tosa.rescale), in 64-bit
  // arithmetic: the default leaves it for a backend that has the op.
  TosaToArithPassOptions arith;
  arith.includeApplyRescale = true;
  funcPM.addPass(createTosaToArithPass(arith));
  funcPM.addPass(createTosaToTensorPass());
  funcPM.addPass(createCanonicalizerPass());
}

namespace {

/// IREE's test conventions: unfoldable and dynamic constants become
/// constants behind optimization barriers (which no folding sees through
/// until the LLVM dialect), and expectations become calls of the check
/// runtime, before anything else could fold or move them.
void addTestConventionLowering(OpPassManager &pm) {
  pm.addPass(util::createLowerUnfoldableConstantsPass());
  pm.addPass(flow::createLowerTensorOpsPass());
  pm.addPass(check::createLowerToRuntimePass());
}

/// The kernel symbols no library provides, as the kernel passes take them.
SmallVector<std::string> getFallbacks(const CompileOptions &options) {
  return SmallVector<std::string>(options.kernelFallbacks.begin(),
                                  options.kernelFallbacks.end());
}

/// Calls: a call into a function placed on another device becomes a scope
/// on that device around the call, then every call is inlined, so that a
/// model split into per-device functions compiles like one written with
/// scopes.
void addCallInlining(OpPassManager &pm) {
  // Affine ops of the input first: upstream inlines them only into an
  // affine scope (a function) or affine loop, so a callee holding one would
  // stay a call inside the scope wrapped around it, and a call's result
  // dims cannot be computed above that scope.
  pm.addPass(createLowerAffinePass());
  pm.addPass(hal::createWrapCrossDeviceCallsPass());
  // No cleanup pipeline (the inliner's default canonicalizes every
  // function, not only the ones that had calls). The option, not a
  // builder, says so: the pass then prints as it runs.
  std::unique_ptr<Pass> inliner = createInlinerPass();
  LogicalResult noCleanup = inliner->initializeOptions(
      "default-pipeline=", [](const Twine &) { return failure(); });
  assert(succeeded(noCleanup) && "the inliner has a default-pipeline option");
  (void)noCleanup;
  pm.addPass(std::move(inliner));
  // Callees left without calls.
  pm.addPass(createSymbolDCEPass());
}

/// Extern scopes become hal.dispatch.extern calls (before dispatch
/// formation, which never looks into one) where a library provides the
/// kernel; the others stay scopes, a barrier whose ops compile as any
/// others. Unless kernels are checked against them, decompositions are
/// dropped: no call will run one, and compiling them would be wasted.
void addExternOutlining(OpPassManager &pm, const CompileOptions &options) {
  hal::OutlineExternScopesPassOptions externs;
  externs.fallback = getFallbacks(options);
  externs.dropDecompositions = !options.checkKernels;
  pm.addPass(hal::createOutlineExternScopesPass(externs));
}

/// Dispatch granularity: dispatch regions form inside the device scopes and
/// become per-device executable functions in the host module, called from
/// the device scopes, which then go away.
void addDispatchFormation(OpPassManager &pm, const CompileOptions &options) {
  // Annotations become util.scope so that fusion sees through them.
  pm.addPass(util::createLowerAnnotationsPass());
  addExternOutlining(pm, options);
  // Zone names travel with the dispatches formed inside them.
  pm.addPass(flow::createRecordScopePathsPass());
  // When tracing, zones are marked before they go (the markers stay where
  // the zone was and take no part in formation, so the same regions form).
  if (options.trace)
    pm.addPass(util::createTraceZonesPass());
  // Zones cost nothing: fusion never stops at one.
  util::StripScopesPassOptions zones;
  zones.kind = "zone";
  pm.addPass(util::createStripScopesPass(zones));
  // Work on the parameters, once per parameter set, on the host program
  // without its zones (a convolution and its filter argument side by side).
  if (options.prepareParameters)
    if (const hal::TargetBackend *host =
            hal::TargetBackendRegistry::global().lookup(options.hostBackend))
      host->buildParameterPreparationPipeline(pm, options.hostBackend);
  pm.addPass(flow::createFormDispatchRegionsPass());
  pm.addPass(flow::createOutlineDispatchRegionsPass());
  // Dispatches now say where they run: a value crossing between memories
  // (one device's and another's, or the host's) moves through an explicit
  // transfer, shown with the dispatches.
  pm.addPass(flow::createInsertTransfersPass());
  switch (options.dumpDispatches) {
  case DispatchDump::None:
    break;
  case DispatchDump::Text:
    pm.addPass(flow::createPrintDispatchesPass());
    break;
  case DispatchDump::Dot:
    pm.addPass(flow::createPrintDispatchGraphPass());
    break;
  }
  // Dispatches are traced once outlined, and every marker becomes a call
  // into the tracing runtime.
  if (options.trace) {
    pm.addPass(flow::createTraceDispatchesPass());
    pm.addPass(util::createLowerTraceMarkersPass());
  }
  // Executables into the host module (LLVM translation drops nested
  // modules), then the device scopes, now only calls.
  pm.addPass(flow::createLinkExecutablesPass());
  pm.addPass(util::createStripScopesPass());
}

/// Scope granularity: every device scope becomes a function carrying its
/// device (even one whose result bufferization then copies on return); the
/// other scopes (zones) go away.
void addScopeOutlining(OpPassManager &pm, const CompileOptions &options) {
  pm.addPass(util::createLowerAnnotationsPass());
  addExternOutlining(pm, options);
  // Zones are traced as at dispatch granularity (a zone inside a device
  // scope inside its device function); there are no dispatches to trace.
  if (options.trace)
    pm.addPass(util::createTraceZonesPass());
  util::OutlineScopesPassOptions outline;
  outline.kind = "device";
  outline.bufferizationSafe = false;
  // A device's backend compiles its function on tensors.
  outline.destinationResults = false;
  pm.addPass(util::createOutlineScopesPass(outline));
  pm.addPass(util::createStripScopesPass());
  // Values crossing between the memories of the device functions move
  // through explicit transfers.
  pm.addPass(flow::createInsertTransfersPass());
  if (options.trace)
    pm.addPass(util::createLowerTraceMarkersPass());
  // Dispatches the input already has are linked as at dispatch
  // granularity: left alone, host lowering would turn their callees into
  // llvm.func and leave the dispatches invalid.
  pm.addPass(flow::createLinkExecutablesPass());
}

/// Runs the pipeline of `phase` of each function's backend.
void addBackendPhase(OpPassManager &pm, const CompileOptions &options,
                     StringRef phase) {
  hal::RunBackendPipelinesPassOptions backends;
  backends.phase = phase.str();
  backends.hostBackend = options.hostBackend;
  pm.addPass(hal::createRunBackendPipelinesPass(backends));
}

/// Per-device code generation on tensors, bufferization, then per-device
/// code generation on buffers.
void addBackendCodegen(OpPassManager &pm, const CompileOptions &options) {
  // Hand-distributed code (codegen.scope.workgroups), a dispatch root of
  // its own until here, becomes an scf.forall over its grid, which the
  // backends then compile like their own tiles.
  codegen::LowerWorkgroupsPassOptions workgroups;
  workgroups.checkStores = options.checkStores;
  pm.addPass(codegen::createLowerWorkgroupsPass(workgroups));
  addBackendPhase(pm, options, "tensor");
  // Kernel calls on tensors, bufferized by one-shot-bufferize.
  hal::LowerDispatchExternsPassOptions externs;
  externs.fallback = getFallbacks(options);
  externs.check = options.checkKernels;
  pm.addPass(hal::createLowerDispatchExternsPass(externs));
  // Decompositions only the check calls (and their dispatches).
  pm.addPass(createSymbolDCEPass());
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // A loop may yield a new buffer instead of updating its iteration
  // argument in place (a tosa.while_loop whose body computes a fresh
  // tensor): the alternative is an error, not a copy.
  bufferize.allowReturnAllocsFromLoops = true;
  // An empty tensor shared by two destinations would be copied (its
  // undefined contents) to resolve the in-place conflict.
  pm.addPass(util::createSplitEmptyTensorsPass());
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Strided buffers that bufferization cast to identity-layout call
  // parameters are copied instead (the cast is not valid for them).
  pm.addPass(util::createReallocCallOperandsPass());
  // The backends' tu scopes have served their purpose: deallocation sees
  // the functions as if they had never been scoped.
  pm.addPass(codegen::createInlineScopesPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  addBackendPhase(pm, options, "buffer");
  // Devices with memory of their own: kernels to device binaries, launches
  // and transfers to runtime calls.
  addBackendPhase(pm, options, "executable");
  // Every strategy has run: the transform IR they named (a program's own
  // named sequences) has no LLVM translation.
  pm.addPass(codegen::createEraseStrategySequencesPass());
}

/// Parallel loops, then everything to the LLVM dialect.
void addHostLowering(OpPassManager &pm, const CompileOptions &options) {
  // Parallel loops (scf.parallel) run on an OpenMP thread pool, or one
  // iteration after the other (convert-scf-to-cf) on one thread. Each
  // backend then applies its threading policy to its functions' OpenMP
  // loops. The OpenMP conversion wraps each loop body in a
  // memref.alloca_scope, which must be inlined (canonicalize does, for
  // bodies without allocas) before the body's own loops become several
  // blocks.
  if (options.threads > 1) {
    ConvertSCFToOpenMPPassOptions openMP;
    openMP.numThreads = options.threads;
    pm.addPass(createConvertSCFToOpenMPPass(openMP));
    addBackendPhase(pm, options, "openmp");
    pm.addPass(createCanonicalizerPass());
  }
  pm.addPass(createConvertBufferizationToMemRefPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  // vector.contract (llvm-cpu's generic tiles) as outer products, i.e.
  // broadcasts and FMAs: the default (dot) lowering reduces each output
  // element horizontally, three times slower on the example models.
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  vectorToLLVM.vectorContractLowering =
      vector::VectorContractLowering::OuterProduct;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  // Optimization barriers last, once what they stand between is in the
  // LLVM dialect: they hide their values from LLVM's optimizer too.
  pm.addPass(util::createLowerOptimizationBarriersPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

} // namespace

void scopeir::pipeline::printTargetBackends(raw_ostream &os,
                                            StringRef hostBackend) {
  registerAllTargetBackends();
  const hal::TargetBackendRegistry &registry =
      hal::TargetBackendRegistry::global();
  for (const std::string &name : registry.getRegisteredNames())
    os << llvm::left_justify(name, 16) << " "
       << registry.lookup(name)->getDescription()
       << (name == hostBackend ? " [host]" : "") << "\n";
}

/// Returns success if `name` is a registered backend computing in host
/// memory, which can play `role`; otherwise a message naming it `what` (and,
/// for an unknown one, listing the registered ones).
static LogicalResult checkBackend(StringRef name, StringRef what,
                                  StringRef role, std::string &message) {
  registerAllTargetBackends();
  const hal::TargetBackendRegistry &registry =
      hal::TargetBackendRegistry::global();
  const hal::TargetBackend *backend = registry.lookup(name);
  if (backend && !backend->hasDeviceMemory())
    return success();
  if (backend) {
    // Host code reads and writes host memory, and so does every function a
    // default device places (the entry points among them).
    message = (what + " '" + name +
               "' computes in memory of its own; the " + role +
               " must compute in host memory")
                  .str();
    return failure();
  }
  message = ("unknown " + what + " '" + name + "'; registered backends: " +
             registry.getRegisteredNamesString())
                .str();
  return failure();
}

LogicalResult scopeir::pipeline::checkHostBackend(StringRef name,
                                                   std::string &message) {
  return checkBackend(name, "host backend", "host backend", message);
}

LogicalResult scopeir::pipeline::checkDevice(StringRef name, bool dispatch,
                                             std::string &message) {
  // A device with memory of its own takes the bodies of the entry points
  // (setDefaultDevice), whose host ops stay host code only between
  // dispatches.
  registerAllTargetBackends();
  if (const hal::TargetBackend *backend =
          hal::TargetBackendRegistry::global().lookup(name)) {
    if (dispatch || !backend->hasDeviceMemory())
      return success();
    message = ("backend '" + name +
               "' computes in memory of its own: the bodies placed on it "
               "need dispatch formation (without it, their host ops would "
               "read device memory)")
                  .str();
    return failure();
  }
  return checkBackend(name, "backend", "default device", message);
}

void scopeir::pipeline::setDefaultDevice(ModuleOp module, StringRef backend) {
  MLIRContext *context = module.getContext();
  auto device = hal::DeviceTargetAttr::get(context, backend);
  registerAllTargetBackends();
  const hal::TargetBackend *target =
      hal::TargetBackendRegistry::global().lookup(backend);
  if (!target || !target->hasDeviceMemory()) {
    module->setAttr(hal::HALDialect::getDeviceAttrName(), device);
    return;
  }
  // The host calls the public functions with host buffers and takes host
  // buffers back: on a device with memory of its own, their bodies go into
  // a scope placed on it instead, whose captures and results move through
  // the transfers flow-insert-transfers inserts at its edge. Other
  // functions (called from those bodies, inlined there) stay on the host.
  module->removeAttr(hal::HALDialect::getDeviceAttrName());
  IRRewriter rewriter(context);
  for (auto func : module.getOps<func::FuncOp>()) {
    if (func.isDeclaration() || !func.isPublic() ||
        !func.getBody().hasOneBlock() ||
        util::lookupPlacementAndOwner(func, /*includeOp=*/true).attr)
      continue;
    Block &body = func.getBody().front();
    Operation *terminator = body.getTerminator();
    if (&body.front() == terminator)
      continue;
    rewriter.setInsertionPoint(&body.front());
    auto scope = util::AnnotateOp::create(rewriter, func.getLoc(),
                                          terminator->getOperandTypes(),
                                          rewriter.getArrayAttr({device}));
    util::moveOpsIntoScope(rewriter, scope, std::next(scope->getIterator()),
                           terminator->getIterator(),
                           terminator->getOperands());
  }
}

std::vector<std::string>
scopeir::pipeline::collectKernelSymbols(ModuleOp module) {
  return hal::collectKernelSymbols(module);
}

void scopeir::pipeline::buildFrontEndPipeline(OpPassManager &pm,
                                              const CompileOptions &options) {
  // The backends must be known before hal-run-backend-pipelines is
  // initialized, whichever tool builds the pipeline.
  registerAllTargetBackends();
  // The program as it computes without its scopes (scope-run
  // --strip-scopes, the differential's reference).
  if (options.stripScopes)
    pm.addPass(util::createStripScopesPass());
  // A misspelt device or a bad config is reported before any compiling.
  pm.addPass(hal::createVerifyDeviceTargetsPass());
  // So is a value of a type no backend handles (an i4 tensor, an f8 float).
  pm.addPass(hal::createVerifyElementTypesPass());
  addTestConventionLowering(pm);
  buildInputConversionPipeline(pm, options.inputType);
  // Elementwise ops on ranked tensors (arith, math, any ElementwiseMappable
  // op) become linalg.generic ops, wherever they are nested: what every
  // backend compiles, dispatch formation fuses and bufferization knows.
  pm.addPass(createConvertElementwiseToLinalgPass());
  // The tu scopes a program writes itself run their strategies first, on
  // the program as written (after input conversion); the scopes then go
  // with the others.
  pm.addPass(codegen::createRunScopePipelinesPass());
  addCallInlining(pm);
  // The host calls the public functions with host buffers: one placed on a
  // device with memory of its own runs its body in a scope on it instead,
  // whose edges the transfers cross.
  pm.addPass(hal::createWrapDeviceEntryPointsPass());
  // The kernel spec's matches become extern scopes, on the inlined program
  // (a DAG split over a call is matched as the DAG it is once inlined).
  if (!options.kernelSpec.empty()) {
    hal::ApplyKernelPatternsPassOptions kernels;
    kernels.spec = options.kernelSpec;
    pm.addPass(hal::createApplyKernelPatternsPass(kernels));
  }
}

void scopeir::pipeline::buildBackEndPipeline(OpPassManager &pm,
                                             const CompileOptions &options) {
  registerAllTargetBackends();
  if (options.dispatch)
    addDispatchFormation(pm, options);
  else
    addScopeOutlining(pm, options);
  addBackendCodegen(pm, options);
  addHostLowering(pm, options);
}

void scopeir::pipeline::buildCompilePipeline(OpPassManager &pm,
                                             const CompileOptions &options) {
  buildFrontEndPipeline(pm, options);
  buildBackEndPipeline(pm, options);
}

void scopeir::pipeline::registerCompilePipeline() {
  static PassPipelineRegistration<CompileOptions> compile(
      "scopeir-compile-to-llvm",
      "Compile a module with scopes to the LLVM dialect as scope-run does "
      "(by default: linalg input, dispatch granularity, the default host "
      "backend, one thread)",
      [](OpPassManager &pm, const CompileOptions &options) {
        buildCompilePipeline(pm, options);
      });
  static PassPipelineRegistration<> tosa(
      "scopeir-tosa-to-linalg",
      "Convert TOSA to linalg-on-tensors as scope-run --input-type=tosa "
      "does, converting the ops inside scopes in place",
      [](OpPassManager &pm) {
        buildInputConversionPipeline(pm, InputType::TOSA);
      });
}
