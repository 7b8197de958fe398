//===- Pipeline.h - scopeir's compile driver --------------------*- C++ -*-===//
//
// This file declares the one place that knows the whole compilation
// pipeline: from linalg-on-tensors (or TOSA) with scopes to the LLVM dialect,
// each function compiled by the backend of its device. The pipeline is C++:
// phase functions adding passes through their create functions, with the
// options of CompileOptions, which is also the option struct of the
// registered `scopeir-compile-to-llvm` pipeline. The passes it adds, for the
// default options and the variants, are printed by
// test/Pipeline/compile-pipeline.mlir (`--dump-pass-pipeline`).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_PIPELINE_PIPELINE_H
#define SCOPEIR_PIPELINE_PIPELINE_H

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace scopeir::pipeline {

/// The dialects a module comes in (scope-run's --input-type).
enum class InputType {
  /// linalg-on-tensors (and tensor, arith, math, scf, ...): compiled as is.
  Linalg,
  /// TOSA, as TFLite and other frontends export it: converted to
  /// linalg-on-tensors first, scopes included.
  TOSA,
};

/// What the pipeline prints once dispatches are outlined.
enum class DispatchDump {
  None,
  /// One line per dispatch and extern kernel call (flow-print-dispatches).
  Text,
  /// A Graphviz graph (flow-print-dispatch-graph).
  Dot,
};

/// Returns the input type of `module`: TOSA if it holds an op of the tosa
/// dialect (at any depth, e.g. inside a util.annotate), else linalg.
InputType detectInputType(mlir::ModuleOp module);

/// Returns the first op of the tosa dialect in `module` (at any depth), or
/// null.
mlir::Operation *findTOSAOp(mlir::ModuleOp module);

/// The options of the compile pipeline, registered as the options of
/// `scopeir-compile-to-llvm` (so `scope-opt --scopeir-compile-to-llvm=...`
/// and scope-run build the same pipeline from the same struct). The
/// defaults are the named pipeline's; scope-run sets `threads` to the
/// machine's cores unless told otherwise.
struct CompileOptions : public mlir::PassPipelineOptions<CompileOptions> {
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
      llvm::cl::desc("Dispatch granularity: dispatch regions form inside "
                     "device scopes and each is compiled by its device's "
                     "backend (false: each device scope is one function)"),
      llvm::cl::init(true)};
  Option<unsigned> threads{
      *this, "threads",
      llvm::cl::desc("Threads running the parallel loops backends create: "
                     "1 runs them sequentially, N > 1 lowers them to OpenMP "
                     "worksharing loops on N threads (libomp at run time)"),
      llvm::cl::init(1)};
  Option<bool> trace{
      *this, "trace",
      llvm::cl::desc("Trace zones and dispatches as scope-run --trace does: "
                     "the same dispatch regions form either way"),
      llvm::cl::init(false)};
  Option<std::string> kernelSpec{
      *this, "kernel-spec",
      llvm::cl::desc("Kernel pattern spec applied after inlining "
                     "(hal-apply-kernel-patterns)"),
      llvm::cl::init("")};
  ListOption<std::string> kernelFallbacks{
      *this, "kernel-fallbacks",
      llvm::cl::desc("Kernel symbols no loaded library provides: their "
                     "decompositions compile in their place")};
  Option<bool> checkKernels{
      *this, "check-kernels",
      llvm::cl::desc("Compare each kernel with its decomposition at run "
                     "time (decompositions are otherwise dropped)"),
      llvm::cl::init(false)};
  Option<bool> checkStores{
      *this, "check-stores",
      llvm::cl::desc("Check at run time that the stores of each "
                     "codegen.scope.workgroups cover its results exactly "
                     "once"),
      llvm::cl::init(false)};
  Option<bool> stripScopes{
      *this, "strip-scopes",
      llvm::cl::desc("Strip every scope first (util-strip-scopes): the "
                     "program as it computes without its scopes"),
      llvm::cl::init(false)};
  Option<bool> prepareParameters{
      *this, "prepare-parameters",
      llvm::cl::desc("Let the host backend move work on the parameters "
                     "(arguments marked scopeir.param) into a function "
                     "@<f>$prepare a caller runs once per parameter set "
                     "(dispatch granularity only; llvm-cpu packs "
                     "convolution filters)"),
      llvm::cl::init(false)};
  Option<DispatchDump> dumpDispatches{
      *this, "dump-dispatches",
      llvm::cl::desc("Print the dispatches once outlined (dispatch "
                     "granularity only)"),
      llvm::cl::init(DispatchDump::None),
      llvm::cl::values(
          clEnumValN(DispatchDump::None, "none", "print nothing"),
          clEnumValN(DispatchDump::Text, "text",
                     "one line per dispatch and kernel call"),
          clEnumValN(DispatchDump::Dot, "dot", "a Graphviz graph"))};
};

/// Prints one line per registered target backend: its name, its
/// description, and ` [host]` after `hostBackend` (scope-run
/// --list-devices).
void printTargetBackends(llvm::raw_ostream &os, llvm::StringRef hostBackend);

/// Returns success if `name` is a registered target backend computing in
/// host memory, which can then be the host backend; otherwise an error
/// message in `message` (listing the registered backends for an unknown
/// one).
mlir::LogicalResult checkHostBackend(llvm::StringRef name,
                                       std::string &message);

/// Places every function of `module` without a device of its own on the
/// registered backend `backend`: sets the module's default device
/// (`hal.device = #hal.device.target<"backend">`), replacing one it has.
/// A backend with memory of its own takes the bodies of the public
/// functions instead (the host calls them with host buffers): each such
/// body without a device of its own is wrapped in a `util.annotate` placed
/// on it, and the module's default device is removed. An unknown backend
/// is reported by the compile pipeline's first pass.
void setDefaultDevice(mlir::ModuleOp module, llvm::StringRef backend);

/// Returns success if `name` is a registered backend on which
/// setDefaultDevice can place functions; otherwise an error message in
/// `message` (listing the registered backends for an unknown one). One
/// with memory of its own needs dispatch formation (`dispatch`): without
/// it, the body's host ops (a check's call) would be code of the device's
/// function, reading device memory.
mlir::LogicalResult checkDevice(llvm::StringRef name, bool dispatch,
                                std::string &message);

/// Returns the kernel symbols the module names (extern scopes and kernel
/// calls), each once, in first-use order.
std::vector<std::string> collectKernelSymbols(mlir::ModuleOp module);

/// Adds the passes that take the program as written to the point where its
/// kernels are known (anchored on builtin.module): devices checked, scopes
/// stripped (only with `stripScopes`), input conversion, the program's own
/// tu scopes, calls inlined, the kernel spec applied.
/// A driver that loads kernel libraries binds the kernels the module now
/// names (collectKernelSymbols) and lists those no library provides
/// as `kernelFallbacks` before building the back end.
void buildFrontEndPipeline(mlir::OpPassManager &pm,
                           const CompileOptions &options);

/// Adds the passes from the front end's output to the LLVM dialect:
/// device code formed (dispatches or whole device scopes), compiled by each
/// device's backend, bufferized, and lowered with the host to LLVM.
void buildBackEndPipeline(mlir::OpPassManager &pm,
                          const CompileOptions &options);

/// Adds the whole compile pipeline: buildFrontEndPipeline, then
/// buildBackEndPipeline.
void buildCompilePipeline(mlir::OpPassManager &pm,
                          const CompileOptions &options);

/// Adds the conversion of `type` to linalg-on-tensors (nothing for linalg).
/// For TOSA, upstream's conversions nested on every function; they rewrite
/// TOSA ops wherever they are nested, so ops inside util.annotate and
/// util.scope are converted in place and the scopes stay around them.
void buildInputConversionPipeline(mlir::OpPassManager &pm, InputType type);

/// Registers the pipelines with scope-opt's pass registry:
///  - `scopeir-compile-to-llvm`: buildCompilePipeline with CompileOptions'
///    options, so that `scope-opt --scopeir-compile-to-llvm` shows the
///    module scope-run would run;
///  - `scopeir-tosa-to-linalg`: buildInputConversionPipeline(TOSA).
void registerCompilePipeline();

} // namespace scopeir::pipeline

#endif // SCOPEIR_PIPELINE_PIPELINE_H
