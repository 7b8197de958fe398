//===- LLVMCPUDeviceConfig.h - llvm-cpu config of an op ---------*- C++ -*-===//
//
// This file declares the lookup of the llvm-cpu config that applies to an op,
// shared by the llvm-cpu passes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUDEVICECONFIG_H
#define SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUDEVICECONFIG_H

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
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

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUDEVICECONFIG_H
