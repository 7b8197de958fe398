//===- VulkanConfig.cpp - The vulkan device config --------------*- C++ -*-===//
//
// This file implements the parsing of a vulkan device's config and the
// SPIR-V target environment of a Vulkan device the runtime describes.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Vulkan.h"
#include "scopeir/Target/Vulkan/VulkanBackend.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace scopeir::vulkan;

LogicalResult VulkanConfig::parse(DictionaryAttr config,
                                  function_ref<InFlightDiagnostic()> emitError,
                                  VulkanConfig *result) {
  VulkanConfig parsed;
  if (config) {
    for (NamedAttribute entry : config) {
      StringRef key = entry.getName().getValue();
      Attribute value = entry.getValue();
      if (key == "target_env") {
        parsed.targetEnv = dyn_cast<spirv::TargetEnvAttr>(value);
        if (!parsed.targetEnv)
          return emitError() << "vulkan device config 'target_env' takes a "
                                "#spirv.target_env, got "
                             << value;
        continue;
      }
      if (key == "workgroup_size") {
        auto size = dyn_cast<IntegerAttr>(value);
        if (!size || size.getInt() <= 0)
          return emitError() << "vulkan device config 'workgroup_size' takes "
                                "a positive integer, got "
                             << value;
        parsed.workgroupSize = size.getInt();
        continue;
      }
      return emitError() << "unknown vulkan device config key '" << key
                         << "' (known: target_env, workgroup_size)";
    }
  }
  if (result)
    *result = parsed;
  return success();
}

spirv::TargetEnvAttr scopeir::vulkan::getTargetEnv(MLIRContext *context,
                                                   const DeviceInfo &device) {
  using spirv::Capability;
  using spirv::Extension;
  // SPIR-V 1.3, what Vulkan 1.1 consumes: the runtime needs Vulkan 1.2,
  // and kernels use nothing of later versions (whose entry points must
  // list every global, which spirv-update-vce does not account for).
  spirv::Version version = spirv::Version::V_1_3;
  SmallVector<Capability> capabilities = {Capability::Shader};
  SmallVector<Extension> extensions = {
      Extension::SPV_KHR_storage_buffer_storage_class};
  if (device.int64)
    capabilities.push_back(Capability::Int64);
  if (device.float64)
    capabilities.push_back(Capability::Float64);
  if (device.int16)
    capabilities.push_back(Capability::Int16);
  if (device.int8)
    capabilities.push_back(Capability::Int8);
  if (device.float16)
    capabilities.push_back(Capability::Float16);
  if (device.storage16) {
    capabilities.push_back(Capability::StorageBuffer16BitAccess);
    extensions.push_back(Extension::SPV_KHR_16bit_storage);
  }
  if (device.storage8) {
    capabilities.push_back(Capability::StorageBuffer8BitAccess);
    extensions.push_back(Extension::SPV_KHR_8bit_storage);
  }
  Builder b(context);
  auto limits = spirv::ResourceLimitsAttr::get(
      context, /*max_compute_shared_memory_size=*/16384,
      static_cast<int>(device.maxWorkgroupInvocations),
      b.getI32ArrayAttr({static_cast<int32_t>(device.maxWorkgroupSize[0]),
                         static_cast<int32_t>(device.maxWorkgroupSize[1]),
                         static_cast<int32_t>(device.maxWorkgroupSize[2])}),
      device.subgroupSize ? static_cast<int>(device.subgroupSize) : 32,
      std::nullopt, std::nullopt, ArrayAttr(), ArrayAttr());
  spirv::DeviceType type =
      device.type == "discrete-gpu"     ? spirv::DeviceType::DiscreteGPU
      : device.type == "integrated-gpu" ? spirv::DeviceType::IntegratedGPU
      : device.type == "cpu"            ? spirv::DeviceType::CPU
                                        : spirv::DeviceType::Unknown;
  return spirv::TargetEnvAttr::get(
      spirv::VerCapExtAttr::get(version, capabilities, extensions, context),
      limits, spirv::ClientAPI::Vulkan, spirv::Vendor::Unknown, type);
}
