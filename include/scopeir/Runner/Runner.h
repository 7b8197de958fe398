//===- Runner.h - Run a compiled function in-process ------------*- C++ -*-===//
//
// This file declares how scope-run checks inputs against a function's
// signature and calls the compiled function through MLIR's ExecutionEngine.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_RUNNER_H
#define SCOPEIR_RUNNER_RUNNER_H

#include "scopeir/Support/CPUTarget.h"
#include "scopeir/Runner/BufferIO.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlir {
class ExecutionEngine;
} // namespace mlir

namespace scopeir::runner {

/// Checks that `function`'s signature is one scope-run can call (ranked
/// tensors or identity-layout memrefs of supported element types, or
/// scalars of those types) and that `inputs` match its arguments in number,
/// rank, static dims and element type. Dynamic dims (`?`) take the input's
/// size; a scalar argument takes a rank-0 input (`f32=0.5`).
llvm::Error checkSignature(mlir::FunctionType type,
                           llvm::ArrayRef<BufferView> inputs);
llvm::Error checkSignature(mlir::FunctionType type,
                           llvm::ArrayRef<HostBuffer> inputs);

/// Marks `function` for the C interface (`llvm.emit_c_interface`) so that
/// `_mlir_ciface_<name>` takes and returns memref descriptors. With
/// `readOnlyTensorArguments`, its tensor arguments are also marked not
/// writable (`bufferization.writable = false`): bufferization then never
/// updates an argument's buffer in place, as it may otherwise (a tensor
/// argument's buffer is the caller's memory, read in place).
void prepareEntryFunction(mlir::Operation *function,
                          bool readOnlyTensorArguments = false);

struct RunOptions {
  /// LLVM optimization level of the JIT (0-3).
  unsigned optLevel = 2;
  /// Shared libraries to load (e.g. libmlir_c_runner_utils.so).
  std::vector<std::string> sharedLibs;
  /// LLVM's OpenMP runtime (libomp.so), loaded if the module uses OpenMP;
  /// empty if there is none.
  std::string openMPRuntime;
  /// The CPU the JIT optimizes and generates code for: its CPU name and
  /// features go into the TargetMachine of both LLVM's optimizer and its
  /// code generator and onto every function (`target-cpu`,
  /// `target-features`).
  CPUTarget target = CPUTarget::getHost();
  /// If set, receives the LLVM IR module after LLVM's optimizer.
  llvm::raw_ostream *optimizedIR = nullptr;
  /// Symbols of the host process the compiled code may call (runtime
  /// entry points linked into the tool), by name; they take precedence over
  /// the shared libraries.
  std::vector<std::pair<std::string, void *>> symbols;
};

/// A module lowered to the LLVM dialect, JIT-compiled once (LLVM's
/// optimizer and code generation included) and callable many times.
class Executable {
public:
  ~Executable();

  /// JIT-compiles `llvmModule` and resolves `_mlir_ciface_<entry>`, so
  /// that everything up to machine code is done when this returns.
  static llvm::Expected<std::unique_ptr<Executable>>
  create(mlir::ModuleOp llvmModule, llvm::StringRef entry,
         const RunOptions &options);

  /// The same with several entries, callable by their position in
  /// `entries` (callEntry); the first is the one `call` calls.
  static llvm::Expected<std::unique_ptr<Executable>>
  create(mlir::ModuleOp llvmModule, llvm::ArrayRef<std::string> entries,
         const RunOptions &options);

  /// Calls the entry with `inputs`; `type` is the function's original
  /// signature (tensors, memrefs and scalars). Returns the results, scalars
  /// as rank-0 buffers.
  /// If `seconds` is given, it receives the wall time of the call itself
  /// (not of marshalling the inputs or copying the results out).
  llvm::Expected<std::vector<HostBuffer>>
  call(mlir::FunctionType type, llvm::ArrayRef<HostBuffer> inputs,
       double *seconds = nullptr);

  /// The same with inputs in the caller's memory, read in place: what the
  /// compiled code receives are descriptors of `inputs`' own data. The
  /// compiled function does not write its inputs (tensor arguments are
  /// read-only); a memref argument is written where the function writes it.
  llvm::Expected<std::vector<HostBuffer>>
  call(mlir::FunctionType type, llvm::ArrayRef<BufferView> inputs,
       double *seconds = nullptr) {
    return callEntry(0, type, inputs, seconds);
  }

  /// Calls entry `index` (a position in the entries given to create) as
  /// `call` calls the first.
  llvm::Expected<std::vector<HostBuffer>>
  callEntry(unsigned index, mlir::FunctionType type,
            llvm::ArrayRef<BufferView> inputs, double *seconds = nullptr);

private:
  Executable() = default;
  std::unique_ptr<mlir::ExecutionEngine> engine;
  llvm::SmallVector<void (*)(void **), 1> entries;
};

/// Executables of modules compiled before in this process, by the LLVM IR
/// they were compiled from: a module whose translation to LLVM IR is, byte
/// for byte, one compiled before, with the same entry and the same
/// RunOptions (optimization level, target, shared libraries, symbols),
/// gets that executable back instead of going through LLVM's optimizer and
/// code generator again (`scope-run --batch` runs several modules in one
/// process). Everything before the LLVM IR (the compile pipeline, its
/// verification, the translation) still runs for every module. A module
/// with a global the code may write (a non-constant global variable, global
/// constructors) is never shared: a second call of its code would start
/// from the state the first left behind, where a fresh process starts from
/// the initial values. Neither is one compiled with RunOptions::optimizedIR
/// set (the optimized IR would not be printed again).
class ExecutableCache {
public:
  /// Keeps the executables of the last `capacity` distinct modules.
  explicit ExecutableCache(unsigned capacity = 4) : capacity(capacity) {}

  /// Returns the executable of `llvmModule` (see Executable::create): a
  /// cached one if its LLVM IR and options are those of one compiled
  /// before, else a new one, which is cached if it may be shared. Sets
  /// `reused` to whether it was cached.
  llvm::Expected<std::shared_ptr<Executable>>
  getOrCreate(mlir::ModuleOp llvmModule, llvm::ArrayRef<std::string> entries,
              const RunOptions &options, bool &reused);

private:
  unsigned capacity;
  /// Most recently used last: (key, executable).
  std::vector<std::pair<std::string, std::shared_ptr<Executable>>> entries;
};

/// JIT-compiles `llvmModule` (LLVM dialect) and calls `_mlir_ciface_<name>`
/// with `inputs` once (Executable::create + Executable::call).
llvm::Expected<std::vector<HostBuffer>>
runFunction(mlir::ModuleOp llvmModule, llvm::StringRef name,
            mlir::FunctionType type, llvm::ArrayRef<HostBuffer> inputs,
            const RunOptions &options);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_RUNNER_H
