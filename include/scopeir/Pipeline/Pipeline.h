//===- Pipeline.h - scopeir's compile driver --------------------*- C++ -*-===//
//
// This file declares the one place that knows the whole compilation
// pipeline: from linalg-on-tensors with scopes to the LLVM dialect, each
// function compiled by the backend of its device.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_PIPELINE_PIPELINE_H
#define SCOPEIR_PIPELINE_PIPELINE_H

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace scopeir::pipeline {

/// The dialects a module comes in (scope-run's --input-type).
enum class InputType {
  /// linalg-on-tensors (and tensor, arith, math, scf, ...): compiled as is.
  Linalg,
  /// TOSA, as TFLite and other frontends export it: converted to
  /// linalg-on-tensors first, scopes included.
  TOSA,
};

/// Returns the input type of `module`: TOSA if it holds an op of the tosa
/// dialect (at any depth, e.g. inside a util.annotate), else linalg.
InputType detectInputType(mlir::ModuleOp module);

/// Returns the first op of the tosa dialect in `module` (at any depth), or
/// null.
mlir::Operation *findTOSAOp(mlir::ModuleOp module);

/// Returns the textual pass list (on builtin.module) that converts `type`
/// to linalg-on-tensors; empty for InputType::Linalg. For TOSA, upstream's
/// conversions nested on every function:
///
///   func.func(tosa-to-linalg-named, tosa-to-linalg, tosa-to-arith,
///             tosa-to-tensor, canonicalize)
///
/// They rewrite TOSA ops wherever they are nested, so ops inside
/// util.annotate and util.scope are converted in place and the scopes stay
/// around them; canonicalize removes what the conversions leave dead
/// (tosa.const_shape).
std::string getInputConversionPipeline(InputType type);

/// How device code is cut out of the host program.
enum class Granularity {
  /// Each device scope becomes one function compiled by its device's backend
  /// (util-outline-scopes{kind=device}).
  Scope,
  /// Dispatch regions are formed inside scopes (never across a device
  /// boundary), outlined into per-device executables and linked into the
  /// host module; each dispatch function is compiled by its device's
  /// backend (flow-form-dispatch-regions, flow-outline-dispatch-regions,
  /// flow-link-executables).
  Dispatch,
};

struct CompileOptions {
  /// The dialects of the input module.
  InputType inputType = InputType::Linalg;
  /// The backend compiling functions placed on no device.
  std::string hostBackend = hal::kDefaultHostBackend.str();
  /// Dispatch regions (the default) or whole scopes as the unit of device
  /// code.
  Granularity granularity = Granularity::Dispatch;
  /// Threads that run the parallel loops backends create (the outer tiles
  /// of llvm-cpu's strategies): 1 runs them sequentially; N > 1 lowers them
  /// to OpenMP worksharing loops on N threads (convert-scf-to-openmp), so
  /// the module then needs LLVM's OpenMP runtime (libomp) at run time.
  unsigned threads = 1;
  /// Trace zones and dispatches: zones are marked before they are stripped
  /// (util-trace-zones), dispatches after outlining (flow-trace-dispatches),
  /// and the markers become calls into the tracing runtime
  /// (util-lower-trace-markers). The same dispatch regions form either way.
  bool trace = false;
  /// A kernel pattern spec (hal-apply-kernel-patterns{spec}) applied after
  /// inlining; empty: none.
  std::string kernelSpec;
  /// Kernel symbols no loaded library provides: their extern scopes stay in
  /// place and their ops compile as the decomposition
  /// (hal-outline-extern-scopes and hal-lower-dispatch-externs{fallback}).
  std::vector<std::string> kernelFallbacks;
  /// Run each kernel's decomposition after it and compare the results
  /// (hal-lower-dispatch-externs{check}).
  bool checkKernels = false;
  /// Check at run time that the stores of every codegen.scope.workgroups
  /// cover each of its results exactly once (codegen-lower-workgroups'
  /// `check-stores`).
  bool checkStores = false;
};

/// Returns the textual pass list (to add to a pass manager on
/// builtin.module, e.g. with parsePassPipeline) that compiles a module with
/// scopes to the LLVM dialect. First
///
///   getInputConversionPipeline           TOSA -> linalg (TOSA input only)
///   lower-affine                         the input's affine ops (upstream
///                                        inlines them only into functions
///                                        and affine loops)
///   hal-wrap-cross-device-calls          calls into another device's
///                                        function -> scope on that device
///   inline{default-pipeline=}            every call inlined (no cleanup
///                                        pipeline: the scopes keep devices)
///   symbol-dce                           callees left without calls
///   [hal-apply-kernel-patterns{spec}]    kernel spec matches -> extern
///                                        scopes (only with `kernelSpec`)
///
/// then, at dispatch granularity:
///
///   util-lower-annotations               annotations -> util.scope
///   hal-outline-extern-scopes            extern scopes -> hal.dispatch.extern
///                                        (decompositions dropped unless
///                                        `checkKernels`)
///   flow-record-scope-paths              zone names for the scope path
///   [util-trace-zones]                   tracing: zone entry/exit markers
///   util-strip-scopes{kind=zone}         zones cost nothing (no tracing)
///   flow-form-dispatch-regions           regions inside device scopes
///   flow-outline-dispatch-regions        per-device executables
///   [flow-trace-dispatches]              tracing: dispatch markers
///   [util-lower-trace-markers]           tracing: calls into the runtime
///   flow-link-executables                into the host module
///   util-strip-scopes                    the device scopes, now only calls
/// or, at scope granularity,
///   util-lower-annotations
///   hal-outline-extern-scopes
///   [util-trace-zones]
///   util-outline-scopes{kind=device}     device scopes -> functions
///   util-strip-scopes                    the remaining (zone) scopes
///   [util-lower-trace-markers]
/// (the other passes in brackets only with `trace`), then
///   codegen-lower-workgroups             workgroups scopes -> scf.forall
///                                        ({check-stores} with checkStores)
///   hal-run-backend-pipelines{tensor}    each function by its backend
///   hal-lower-dispatch-externs           kernel calls (C interface)
///   symbol-dce                           decompositions no call needs
///   one-shot-bufferize, buffer-deallocation-pipeline
///   hal-run-backend-pipelines{buffer}
///   codegen-erase-strategy-sequences     the program's transform IR
///   convert-scf-to-openmp{num-threads}   with threads > 1
///   host lowering to the LLVM dialect (convert-openmp-to-llvm included)
std::string getCompilePipeline(const CompileOptions &options);

/// Returns `value` written as a pass option value in a textual pipeline:
/// quoted when it holds a character the option parser splits on (a space,
/// comma, brace or quote), so that a file path reaches the pass as written.
/// A value holding both kinds of quote is put in braces; if its braces do
/// not balance either, no quoting keeps it whole and the pipeline parser
/// rejects the pipeline.
std::string quotePassOptionValue(llvm::StringRef value);

/// Adds the compile pipeline to `pm` (anchored on builtin.module). Fails
/// with a diagnostic on `errs` if a pass is not registered.
mlir::LogicalResult buildCompilePipeline(mlir::OpPassManager &pm,
                                         const CompileOptions &options,
                                         llvm::raw_ostream &errs);

/// Registers the pipelines with scope-opt's pass registry:
///  - `scopeir-compile-to-llvm`: the compile pipeline, so that
///    `scope-opt --scopeir-compile-to-llvm` shows the module scope-run would
///    run; its options (`input-type`, `host-backend`, `dispatch`,
///    `threads`, `trace`, `kernel-spec`, `kernel-fallbacks`,
///    `check-kernels`) are those of CompileOptions and default to its defaults;
///  - `scopeir-tosa-to-linalg`: getInputConversionPipeline(TOSA).
void registerCompilePipeline();

} // namespace scopeir::pipeline

#endif // SCOPEIR_PIPELINE_PIPELINE_H
