//===- Vulkan.h - scopeir's Vulkan runtime ----------------------*- C++ -*-===//
//
// This file declares the host side of the Vulkan runtime: the devices the
// system's Vulkan loader reports (for scope-run --list-devices and for the
// vulkan backend, which derives each kernel's SPIR-V target environment from
// the device's limits and features), the choice of the device the process
// uses, and the errors and counters of the work compiled code submitted
// through the entry points of VulkanABI.h.
//
// The runtime loads the loader (libvulkan.so.1) when first asked for a
// device, so the library itself depends on the C++ standard library only;
// without a loader, or without a device, every query says why. One device
// serves the whole process: a logical device with one compute queue, a
// timeline semaphore counting submissions, device-local buffers filled and
// read through host-visible staging buffers, compute pipelines built once
// per kernel and cached, descriptors pushed per dispatch
// (VK_KHR_push_descriptor).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_VULKAN_H
#define SCOPEIR_RUNTIME_VULKAN_H

#include "scopeir/Runtime/VulkanABI.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace scopeir::vulkan {

/// What the compiler and --list-devices need to know of a physical device.
struct DeviceInfo {
  /// Position in the loader's list (what --vulkan-device=N selects).
  unsigned index = 0;
  std::string name;
  /// "discrete-gpu", "integrated-gpu", "virtual-gpu", "cpu" or "other".
  std::string type;
  /// The Vulkan version the device supports, as major * 1000 + minor.
  unsigned apiVersion = 0;
  uint32_t maxWorkgroupSize[3] = {0, 0, 0};
  uint32_t maxWorkgroupInvocations = 0;
  uint32_t maxWorkgroupCount[3] = {0, 0, 0};
  uint64_t maxStorageBufferRange = 0;
  uint32_t minStorageBufferOffsetAlignment = 0;
  uint32_t subgroupSize = 0;
  /// Shader features (Vulkan 1.0 features, 1.1/1.2 storage and arithmetic
  /// features).
  bool int64 = false, float64 = false, int16 = false, int8 = false,
       float16 = false, storage16 = false, storage8 = false;
  /// What the runtime needs: a compute queue, timeline semaphores
  /// (Vulkan 1.2) and VK_KHR_push_descriptor. A device lacking one is
  /// listed but cannot be selected.
  bool usable = false;
  /// Why the device is not usable (empty if it is).
  std::string unusableReason;
};

/// Lists the physical devices. Returns false and sets `error` (no loader,
/// no instance) when none can be listed; an empty list is not an error.
bool listDevices(std::vector<DeviceInfo> &devices, std::string &error);

/// Chooses the device later work runs on: "" (the first usable device),
/// a position ("1") or a case-insensitive substring of the name. Takes
/// effect if no device was opened yet (the first query or dispatch opens
/// it); returns false and sets `error` otherwise.
bool setDeviceSelector(const std::string &selector, std::string &error);

/// Returns the selected device, opening it if needed. Returns false and
/// sets `error` ("no Vulkan device: ...") when there is none.
bool getDevice(DeviceInfo &device, std::string &error);

/// Returns the first error recorded since the last call (a failed Vulkan
/// call, a dispatch reading a buffer nothing put on the device) and clears
/// it; empty if there was none. Waits for submitted work first.
std::string takeError();

/// Waits for the device, then frees every device buffer, constant, shader
/// module and pipeline: what a compiled module used. Call it before running
/// another module (its globals, which key constants and pipelines, may
/// reuse the addresses of the last one's). The device stays open.
void reset();

/// What compiled code asked the device to do, since the process started.
struct Counters {
  uint64_t dispatches = 0;
  uint64_t uploads = 0, uploadedBytes = 0;
  uint64_t downloads = 0, downloadedBytes = 0;
  uint64_t copies = 0;
  /// Constants uploaded on first use (each counted once).
  uint64_t constantUploads = 0;
  /// Submissions to the queue, and host waits for the device.
  uint64_t submits = 0, waits = 0;
};
Counters getCounters();

/// The entry points of VulkanABI.h by symbol name, for the JIT.
std::vector<std::pair<const char *, void *>> getRuntimeSymbols();

} // namespace scopeir::vulkan

#endif // SCOPEIR_RUNTIME_VULKAN_H
