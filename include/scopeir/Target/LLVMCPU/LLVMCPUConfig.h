//===- LLVMCPUConfig.h - The llvm-cpu device's config keys ------*- C++ -*-===//
//
// This file declares LLVMCPUConfig, the parsed and validated `config`
// dictionary of `#hal.device.target<"llvm-cpu", {...}>`.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_LLVMCPU_LLVMCPUCONFIG_H
#define SCOPEIR_TARGET_LLVMCPU_LLVMCPUCONFIG_H

#include "scopeir/Support/CPUTarget.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>

namespace scopeir::llvmcpu {

/// What a user may tune on an llvm-cpu device:
///
///   cpu = "skylake-avx512"          LLVM CPU name the strategies size
///                                   their register tiles for
///   cpu_features = "+avx512f,-..."  features added to / removed from cpu's
///   cache_tiles = [8, 4, 256]       contraction cache block: register tiles
///                                   along m and n, steps along k
///   threads = 1                     at most this many threads run the
///                                   device's parallel tiles (1: sequential)
struct LLVMCPUConfig {
  std::optional<CPUTarget> target;
  std::optional<llvm::SmallVector<int64_t, 3>> cacheTiles;
  std::optional<unsigned> threads;

  /// Parses and validates `config` (null: no keys); reports the first
  /// problem (unknown key, wrong type or value, unknown CPU or feature)
  /// through `emitError` and fails.
  static mlir::FailureOr<LLVMCPUConfig>
  parse(mlir::DictionaryAttr config,
        llvm::function_ref<mlir::InFlightDiagnostic()> emitError);

  /// The keys parse() accepts, for messages: "cache_tiles, cpu, ...".
  static llvm::StringRef getKnownKeys();
};

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_TARGET_LLVMCPU_LLVMCPUCONFIG_H
