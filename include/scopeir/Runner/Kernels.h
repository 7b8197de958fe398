//===- Kernels.h - Kernel libraries and kernel checks -----------*- C++ -*-===//
//
// This file declares scope-run's side of extern kernels: the kernel
// libraries it loads, the symbols it binds compiled kernel calls to, and the
// comparison of kernels with their decompositions (--check-kernels).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_KERNELS_H
#define SCOPEIR_RUNNER_KERNELS_H

#include "scopeir/Runner/Runner.h"
#include "scopeir/Runtime/KernelChecks.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace scopeir::runner {

/// The kernel libraries of a run, in load order. A library is loaded with
/// its dependencies resolved at load time and stays loaded until the
/// process exits (compiled code keeps addresses into it).
class KernelLibraries {
public:
  /// Loads the shared library at `path`.
  llvm::Error load(llvm::StringRef path);

  /// Returns the address of `symbol` in the first library defining it, or
  /// null.
  void *lookup(llvm::StringRef symbol) const;

  /// Binds the compiled call of kernel `symbol`
  /// (`_mlir_ciface_scopeir_kernel_<symbol>`) to `address` in `options`.
  static void bindKernel(RunOptions &options, llvm::StringRef symbol,
                         void *address);

private:
  std::vector<std::pair<std::string, llvm::sys::DynamicLibrary>> libraries;
};

/// Tolerances of --check-kernels: a kernel's element k matches the
/// decomposition's element r if |k - r| <= atol + rtol * |r| (numpy's
/// allclose); NaN matches NaN only.
using KernelTolerance = runtime::KernelTolerance;

/// Parses `rtol,atol` (empty: the defaults).
llvm::Expected<KernelTolerance> parseKernelTolerance(llvm::StringRef text);

/// Starts recording kernel checks with `tolerance` (forgetting earlier
/// ones) and adds the check entry points to `options`.
void startKernelChecks(RunOptions &options, KernelTolerance tolerance);

/// Prints, per kernel symbol, the calls checked, the largest absolute and
/// relative differences and the first mismatching index; returns true if
/// every call of every kernel matched.
bool reportKernelChecks(llvm::raw_ostream &os);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_KERNELS_H
