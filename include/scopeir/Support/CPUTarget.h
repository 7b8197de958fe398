//===- CPUTarget.h - The CPU a CPU backend generates code for ---*- C++ -*-===//
//
// This file declares CPUTarget: the triple, CPU name and features that the
// CPU backends' strategies size their tiles for and that the JIT compiles
// for, with the host as default.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_SUPPORT_CPUTARGET_H
#define SCOPEIR_SUPPORT_CPUTARGET_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <memory>
#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace scopeir {

/// A CPU as LLVM names it, and the two facts about it that register tiling
/// needs: the width of its widest vector registers and how many there are.
struct CPUTarget {
  /// The target triple, e.g. `x86_64-unknown-linux-gnu`.
  std::string triple;
  /// LLVM's CPU name, e.g. `sapphirerapids` (as for `llc -mcpu`).
  std::string cpu;
  /// Enabled features in LLVM's spelling, each with a leading `+`, sorted
  /// (as for `llc -mattr`).
  llvm::SmallVector<std::string> features;
  /// Bits of the widest vector register the code may use (128, 256, 512).
  unsigned vectorBits = 128;
  /// Number of such registers (16 for AVX2, 32 for AVX-512 and AArch64).
  unsigned numVectorRegisters = 16;

  /// The machine this process runs on (llvm::sys::getProcessTriple,
  /// getHostCPUName, getHostCPUFeatures).
  static CPUTarget getHost();

  /// A target for `cpu` with `features` (comma-separated, `+`/`-` prefixed,
  /// added to or removed from the CPU's own) on the host's triple. Fails
  /// with a message if LLVM does not know the CPU or a feature.
  static llvm::Expected<CPUTarget> get(llvm::StringRef cpu,
                                       llvm::StringRef features);

  /// Returns `features` joined with commas.
  std::string getFeaturesString() const;

  /// Returns true if `feature` (without `+`) is enabled.
  bool hasFeature(llvm::StringRef feature) const;

  /// Returns the number of elements of `elementBits` bits in one vector
  /// register.
  unsigned getVectorLanes(unsigned elementBits) const {
    return elementBits ? std::max(1u, vectorBits / elementBits) : 1;
  }

  /// Creates an LLVM TargetMachine for this CPU, set up for JIT
  /// compilation at `optLevel` (0-3).
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
  createTargetMachine(unsigned optLevel) const;

  /// A one-line description: `sapphirerapids (x86_64-unknown-linux-gnu),
  /// 32 x 512-bit vector registers`.
  std::string describe() const;

private:
  /// Derives vectorBits and numVectorRegisters from triple and features.
  void computeVectorRegisters();
};

} // namespace scopeir

#endif // SCOPEIR_SUPPORT_CPUTARGET_H
