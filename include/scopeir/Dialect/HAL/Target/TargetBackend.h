//===- TargetBackend.h - target backends and their registry -----*- C++ -*-===//
//
// This file declares TargetBackend, the codegen pipeline of one kind of
// device, and TargetBackendRegistry, which maps the names used in
// `#hal.device.target<"name">` to backends.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TARGET_TARGETBACKEND_H
#define SCOPEIR_DIALECT_HAL_TARGET_TARGETBACKEND_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <mutex>
#include <string>

namespace scopeir::hal {

/// The argument attribute of a function's parameters: arguments a caller
/// passes unchanged from call to call (a model's weights, named by the
/// PyTorch front door).
inline constexpr llvm::StringLiteral kParameterAttrName = "scopeir.param";

/// The module attribute naming the functions whose parameter work a
/// backend's parameter preparation pipeline moved into `@<f>$prepare`: a
/// dictionary from each function's name to the type of its `$prepare`
/// (`@<f>$run` takes @<f>'s arguments followed by $prepare's results).
inline constexpr llvm::StringLiteral kPreparedFunctionsAttrName =
    "scopeir.prepared_functions";

/// The code generation strategy of one kind of device. A function placed on
/// the device (`hal.device = #hal.device.target<"name">`) is compiled by the
/// backend's two pipelines, both anchored on `func.func`:
///
///  - the tensor pipeline runs before bufferization, on linalg-on-tensors
///    (tiling, vectorization);
///  - the buffer pipeline runs after bufferization and must leave only ops
///    the host lowering to LLVM handles (no linalg ops, nothing on tensors):
///    hal-verify-backend-contract checks it after every buffer pipeline;
///  - the OpenMP pipeline (empty by default) runs after the host's parallel
///    loops became OpenMP loops, when the program runs on several threads.
///
/// A device with memory of its own (hasDeviceMemory) also has an executable
/// pipeline, anchored on the module and run once every function's buffer
/// pipeline has: there its functions' kernels become device binaries, and
/// their launches and the transfers of values to and from the device become
/// calls of the device's runtime.
///
/// Subclass it and register an instance to add a device: a folder of its
/// own under lib/Target, and one call in scopeir::registerAllTargetBackends;
/// see docs/devices.md.
class TargetBackend {
public:
  virtual ~TargetBackend() = default;

  /// The name used in `#hal.device.target<"name">`.
  virtual llvm::StringRef getName() const = 0;

  /// A one-line description for `scope-run --list-devices`.
  virtual llvm::StringRef getDescription() const = 0;

  /// Adds the passes that run on a `func.func` placed on this device before
  /// bufferization.
  virtual void buildTensorPipeline(mlir::OpPassManager &funcPM) const = 0;

  /// Adds the passes that run on a `func.func` placed on this device after
  /// bufferization.
  virtual void buildBufferPipeline(mlir::OpPassManager &funcPM) const = 0;

  /// Adds the passes that run on a `func.func` placed on this device once
  /// its parallel loops are OpenMP loops (`convert-scf-to-openmp`, with
  /// more than one thread): the device's threading policy. None by default.
  virtual void buildOpenMPPipeline(mlir::OpPassManager &funcPM) const {}

  /// Returns true if the device computes in memory of its own, apart from
  /// the host's: values cross to and from it only through the transfers
  /// flow-insert-transfers makes explicit (`#hal.device.target` answers
  /// util's `hasDeviceMemory` placement query from here). False by default.
  virtual bool hasDeviceMemory() const { return false; }

  /// Adds the passes that run on the whole module once every function's
  /// buffer pipeline has run, before host lowering: the device's kernels
  /// compiled to binaries embedded in the module, launches and transfers
  /// turned into calls of its runtime. Like the buffer pipeline, it must
  /// leave only ops the host lowering handles (checked afterwards on every
  /// function). None by default.
  virtual void buildExecutablePipeline(mlir::OpPassManager &modulePM) const {}

  /// Adds the passes that run on the whole module, before dispatch
  /// formation, when the compile pipeline's `prepare-parameters` is set and
  /// this backend is the host backend: work on the parameters (the
  /// arguments marked `scopeir.param`) moved into a `@<f>$prepare` function
  /// a caller runs once per parameter set. None by default.
  virtual void
  buildParameterPreparationPipeline(mlir::OpPassManager &modulePM,
                                    llvm::StringRef hostBackend) const {}

  /// Checks the `config` dictionary of a `#hal.device.target` naming this
  /// backend (null if it has none), reporting problems through `emitError`.
  /// The default accepts only an empty dictionary.
  virtual mlir::LogicalResult
  verifyConfig(mlir::DictionaryAttr config,
               llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const;
};

/// The name → backend map. Registration is thread-safe; backends live until
/// the end of the process.
class TargetBackendRegistry {
public:
  /// The process-wide registry.
  static TargetBackendRegistry &global();

  /// Registers `backend`. Returns false (and drops it) if a backend of the
  /// same name is already registered.
  bool registerBackend(std::unique_ptr<TargetBackend> backend);

  /// Returns the backend named `name`, or null.
  const TargetBackend *lookup(llvm::StringRef name) const;

  /// Returns the names of every registered backend, sorted.
  llvm::SmallVector<std::string> getRegisteredNames() const;

  /// Returns the registered names as "a, b, c" for diagnostics.
  std::string getRegisteredNamesString() const;

private:
  mutable std::mutex mutex;
  llvm::StringMap<std::unique_ptr<TargetBackend>> backends;
};

/// Checks that every `#hal.device.target` in `root` names a registered
/// backend whose `config` the backend accepts; emits an error at each op
/// carrying an unknown backend (listing the registered ones) or a bad
/// config.
mlir::LogicalResult verifyDeviceTargets(mlir::Operation *root);

/// The backend that compiles functions placed on no device.
inline constexpr llvm::StringLiteral kDefaultHostBackend = "llvm-cpu-loops";

} // namespace scopeir::hal

#endif // SCOPEIR_DIALECT_HAL_TARGET_TARGETBACKEND_H
