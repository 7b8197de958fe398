//===- LLVMCPUDeviceConfig.h - llvm-cpu config of an op ---------*- C++ -*-===//
//
// This file declares the lookup of the llvm-cpu config that applies to an op,
// shared by the llvm-cpu passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUDEVICECONFIG_H
#define SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUDEVICECONFIG_H

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Support/CPUTarget.h"
#include "scopeir/Target/LLVMCPU/LLVMCPUConfig.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

namespace scopeir::llvmcpu {

/// Returns the parsed config of the llvm-cpu device `op` is placed on (a
/// function's own device, else the innermost placement around `op`); an
/// empty config if `op` is on another device or none. Emits an error at
/// `op` and fails if the config is malformed.
inline mlir::FailureOr<LLVMCPUConfig> lookupLLVMCPUConfig(mlir::Operation *op) {
  hal::DeviceTargetAttr device = mlir::isa<mlir::FunctionOpInterface>(op)
                                ? hal::getFunctionDevice(op)
                                : hal::lookupDevice(op);
  if (!device || device.getBackend() != "llvm-cpu")
    return LLVMCPUConfig();
  return LLVMCPUConfig::parse(device.getConfig(),
                              [&] { return op->emitError(); });
}

/// Returns the target named by an llvm-cpu pass's `cpu` and `cpu-features`
/// options: the host CPU when `cpu` is empty. Emits an error naming `pass`
/// and fails for features without a CPU or an unknown CPU or feature.
inline mlir::FailureOr<CPUTarget> getPassTarget(mlir::MLIRContext *context,
                                                llvm::StringRef pass,
                                                llvm::StringRef cpu,
                                                llvm::StringRef features) {
  if (cpu.empty() && !features.empty())
    return mlir::emitError(mlir::UnknownLoc::get(context))
           << pass << ": cpu-features needs cpu";
  if (cpu.empty())
    return CPUTarget::getHost();
  llvm::Expected<CPUTarget> named = CPUTarget::get(cpu, features);
  if (!named)
    return mlir::emitError(mlir::UnknownLoc::get(context))
           << pass << ": " << llvm::toString(named.takeError());
  return *named;
}

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUDEVICECONFIG_H
