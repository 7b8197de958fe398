//===- Pipeline.h - scopeir's compile driver --------------------*- C++ -*-===//
//
// This file declares the one place that knows the whole compilation
// pipeline: from linalg-on-tensors with scopes to the LLVM dialect, each
// function compiled by the backend of its device.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_PIPELINE_PIPELINE_H
#define SCOPEIR_PIPELINE_PIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace scopeir::pipeline {

struct CompileOptions {
  /// The backend compiling functions placed on no device.
  std::string hostBackend = "llvm-cpu-loops";
};

/// Returns the textual pass list (to add to a pass manager on
/// builtin.module, e.g. with parsePassPipeline) that compiles a module with
/// scopes to the LLVM dialect:
///
///   util-lower-annotations               annotations -> util.scope
///   util-outline-scopes{kind=device}     device scopes -> functions
///   util-strip-scopes                    the remaining (zone) scopes
///   hal-run-backend-pipelines{tensor}    each function by its backend
///   one-shot-bufferize, buffer-deallocation-pipeline
///   hal-run-backend-pipelines{buffer}
///   host lowering to the LLVM dialect
std::string getCompilePipeline(const CompileOptions &options);

/// Adds the compile pipeline to `pm` (anchored on builtin.module). Fails
/// with a diagnostic on `errs` if a pass is not registered.
mlir::LogicalResult buildCompilePipeline(mlir::OpPassManager &pm,
                                         const CompileOptions &options,
                                         llvm::raw_ostream &errs);

/// Checks that every `#hal.device.target` in `root` names a registered
/// backend; emits an error (listing the registered ones) at each op
/// carrying an unknown one.
mlir::LogicalResult verifyDeviceTargets(mlir::Operation *root);

/// Registers the compile pipeline as `scopeir-compile-to-llvm` so that
/// `scope-opt --scopeir-compile-to-llvm` shows the lowered module.
void registerCompilePipeline();

} // namespace scopeir::pipeline

#endif // SCOPEIR_PIPELINE_PIPELINE_H
