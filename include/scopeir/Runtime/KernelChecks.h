//===- KernelChecks.h - What kernel checks recorded -------------*- C++ -*-===//
//
// This file declares the host side of the kernel-check entry points that
// code compiled with hal-lower-dispatch-externs{check} calls after each
// kernel (KernelABI.h): starting the checks, the entry points' names and
// addresses for a JIT, and what they recorded. C++ standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_KERNELCHECKS_H
#define SCOPEIR_RUNTIME_KERNELCHECKS_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace scopeir::runtime {

/// A result element of a kernel matches its decomposition's when
/// |k - r| <= atol + rtol * |r| (NaN only matches NaN).
struct KernelTolerance {
  double rtol = 1e-4;
  double atol = 1e-5;
};

/// What the checks of one kernel symbol found.
struct KernelCheckRecord {
  std::string symbol;
  unsigned calls = 0;
  unsigned mismatchingCalls = 0;
  double maxAbs = 0;
  double maxRel = 0;
  /// The first mismatch: call number, result and index (result -1: none).
  unsigned mismatchCall = 0;
  int64_t mismatchResult = -1;
  std::vector<int64_t> mismatchIndex;
  double mismatchKernel = 0, mismatchReference = 0;
  /// Set when a result had another shape than the decomposition's.
  std::string shapeError;
};

/// Forgets what earlier checks recorded and compares with `tolerance` from
/// now on.
void startKernelChecks(KernelTolerance tolerance);

/// Returns the tolerance of the checks.
KernelTolerance getKernelCheckTolerance();

/// Returns what the checks recorded, by kernel symbol in name order.
std::vector<KernelCheckRecord> getKernelCheckRecords();

/// Returns the check entry points compiled code calls (one per checked
/// element type: `_mlir_ciface_scopeir_check_kernel_output_<type>`) and
/// `scopeir_kernel_failed`, as (symbol, address) pairs for a JIT.
std::vector<std::pair<std::string, void *>> getKernelCheckSymbols();

} // namespace scopeir::runtime

#endif // SCOPEIR_RUNTIME_KERNELCHECKS_H
