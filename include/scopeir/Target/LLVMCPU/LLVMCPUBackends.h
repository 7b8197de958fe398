//===- LLVMCPUBackends.h - The built-in CPU target backends -----*- C++ -*-===//
//
// This file declares the registration of the two CPU backends, `llvm-cpu`
// (per-root strategies, tiled and vectorized) and `llvm-cpu-loops` (plain
// loops), with the target backend registry.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_LLVMCPU_LLVMCPUBACKENDS_H
#define SCOPEIR_TARGET_LLVMCPU_LLVMCPUBACKENDS_H

namespace scopeir::llvmcpu {

/// Registers `llvm-cpu` and `llvm-cpu-loops` with
/// hal::TargetBackendRegistry::global() and llvm-cpu's strategy table with
/// codegen::StrategyTableRegistry::global() (idempotent, thread-safe).
void registerLLVMCPUBackends();

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_TARGET_LLVMCPU_LLVMCPUBACKENDS_H
