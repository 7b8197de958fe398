//===- Runner.h - Run a compiled function in-process ------------*- C++ -*-===//
//
// This file declares how scope-run checks inputs against a function's
// signature and calls the compiled function through MLIR's ExecutionEngine.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_RUNNER_H
#define SCOPEIR_RUNNER_RUNNER_H

#include "scopeir/Runner/BufferIO.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace scopeir::runner {

/// Checks that `function`'s signature is one scope-run can call (ranked
/// tensors or identity-layout memrefs of supported element types) and that
/// `inputs` match its arguments in number, rank, static dims and element
/// type. Dynamic dims (`?`) take the input's size.
llvm::Error checkSignature(mlir::FunctionType type,
                           llvm::ArrayRef<HostBuffer> inputs);

/// Marks `function` for the C interface (`llvm.emit_c_interface`) so that
/// `_mlir_ciface_<name>` takes and returns memref descriptors.
void prepareEntryFunction(mlir::Operation *function);

struct RunOptions {
  /// LLVM optimization level of the JIT (0-3).
  unsigned optLevel = 2;
  /// Shared libraries to load (e.g. libmlir_c_runner_utils.so).
  std::vector<std::string> sharedLibs;
};

/// JIT-compiles `llvmModule` (LLVM dialect) and calls `_mlir_ciface_<name>`
/// with `inputs`; `type` is the function's original signature (results are
/// tensors or memrefs). Returns the results.
llvm::Expected<std::vector<HostBuffer>>
runFunction(mlir::ModuleOp llvmModule, llvm::StringRef name,
            mlir::FunctionType type, llvm::ArrayRef<HostBuffer> inputs,
            const RunOptions &options);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_RUNNER_H
