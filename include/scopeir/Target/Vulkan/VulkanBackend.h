//===- VulkanBackend.h - The vulkan target backend --------------*- C++ -*-===//
//
// This file declares the `vulkan` target backend's registration, its
// device config (`#hal.device.target<"vulkan", {...}>`) and the SPIR-V
// target environment of a Vulkan device.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_VULKAN_VULKANBACKEND_H
#define SCOPEIR_TARGET_VULKAN_VULKANBACKEND_H

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

namespace scopeir::vulkan {

struct DeviceInfo;

/// The backend's name in `#hal.device.target<"vulkan">`.
inline constexpr llvm::StringLiteral kBackendName = "vulkan";

/// The config of a vulkan device:
///  - `target_env` (a `#spirv.target_env`): the SPIR-V target environment
///    kernels are compiled for; absent, it is derived from the device the
///    runtime selects (scope-run --vulkan-device), which must then exist
///    when compiling;
///  - `workgroup_size` (a positive integer, 64 by default): the threads of
///    a workgroup of a distributed kernel, at most the target's
///    `max_compute_workgroup_invocations` and first workgroup dimension.
struct VulkanConfig {
  mlir::spirv::TargetEnvAttr targetEnv;
  int64_t workgroupSize = 64;

  /// Parses `config` (which may be null) into `result`, reporting unknown
  /// keys and bad values through `emitError`.
  static mlir::LogicalResult
  parse(mlir::DictionaryAttr config,
        llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
        VulkanConfig *result = nullptr);
};

/// Returns the SPIR-V target environment of `device`: SPIR-V 1.3 (Vulkan
/// 1.1's, which every device the runtime accepts consumes), the capabilities
/// and extensions of its shader features (Int64, Float64, Int16, Int8, Float16,
/// 8- and 16-bit storage), its workgroup limits and subgroup size.
mlir::spirv::TargetEnvAttr getTargetEnv(mlir::MLIRContext *context,
                                        const DeviceInfo &device);

/// Registers the `vulkan` backend with hal::TargetBackendRegistry::global()
/// (idempotent, thread-safe).
void registerVulkanBackend();

} // namespace scopeir::vulkan

#endif // SCOPEIR_TARGET_VULKAN_VULKANBACKEND_H
