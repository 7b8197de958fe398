//===- VulkanABI.h - What compiled code and the Vulkan runtime share -*- C -*-//
//
// This file declares the C interface between compiled host code and
// scopeir's Vulkan runtime: the entry points the vulkan backend's host code
// calls, and the layout of a dispatch's binding table. The compiler names
// the entry points from here, the runtime defines them.
//
// Buffer model. Device memory is never read or written by host code. A
// value on the device is held on the host by a *handle*: a host allocation
// of the value's size that host code passes around like any buffer (a
// memref) but never dereferences; the runtime keys the device-local buffer
// holding the value by the handle's address. A dispatch binds the device
// buffers of its handles (creating the buffer of a handle it only writes),
// an upload fills the device buffer of a handle from host data, a download
// copies it into host memory. Nothing else moves data.
//
// Every pointer crosses the interface as an int64_t (compiled code computes
// it as an index). Errors do not return: the first one is recorded, later
// calls do nothing, and the host asks for it once the compiled function has
// returned (scopeir::vulkan::takeError, Vulkan.h).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_VULKANABI_H
#define SCOPEIR_RUNTIME_VULKANABI_H

#include <stdint.h>

/// The flags of one binding of a dispatch.
enum {
  /// The kernel reads the buffer: if it does not write it too, its handle
  /// must hold a value on the device already (a dispatch wrote it, or it
  /// was uploaded).
  SCOPEIR_VK_BINDING_READ = 1,
  /// The kernel writes the buffer: a handle without a device buffer gets a
  /// fresh one.
  SCOPEIR_VK_BINDING_WRITE = 2,
  /// The address is host memory holding the kernel's scalar parameters,
  /// copied for this dispatch alone.
  SCOPEIR_VK_BINDING_PARAMS = 4,
  /// The address is a constant of the compiled module (a global): uploaded
  /// on first use and kept on the device, keyed by the address.
  SCOPEIR_VK_BINDING_CONSTANT = 8,
};

#ifdef __cplusplus
extern "C" {
#endif

/// Records a dispatch of the entry point `entry` (a NUL-terminated name) of
/// the SPIR-V module `code` (`codeWords` 32-bit words; the runtime builds
/// its pipelines once per code address and entry) on a grid of
/// `gridX` x `gridY` x `gridZ` workgroups. `bindings` points to
/// `numBindings` triples (address, bytes, flags): binding i of descriptor
/// set 0 is the buffer of triple i. Dispatches run in the order they are
/// recorded; recorded work starts at the next flush or download.
void scopeir_vk_dispatch(int64_t code, int64_t codeWords, int64_t entry,
                         int64_t gridX, int64_t gridY, int64_t gridZ,
                         int64_t numBindings, int64_t bindings);

/// Records a copy of `bytes` bytes of host memory at `source` into the
/// device buffer of the handle `target` (created if needed). The host data
/// is copied before this returns.
void scopeir_vk_upload(int64_t source, int64_t target, int64_t bytes);

/// Copies `bytes` bytes of the device buffer of the handle `source` into
/// host memory at `target`: submits what was recorded, then waits for the
/// value (and only for work recorded before it).
void scopeir_vk_download(int64_t source, int64_t target, int64_t bytes);

/// Records a copy between the device buffers of two handles.
void scopeir_vk_copy(int64_t source, int64_t target, int64_t bytes);

/// Submits the work recorded so far without waiting for it: the device
/// runs it while the host goes on.
void scopeir_vk_flush(void);

#ifdef __cplusplus
} // extern "C"

namespace scopeir::runtime {
/// The symbol names of the entry points, for the compiler and the JIT.
inline constexpr const char *kVulkanDispatchSymbol = "scopeir_vk_dispatch";
inline constexpr const char *kVulkanUploadSymbol = "scopeir_vk_upload";
inline constexpr const char *kVulkanDownloadSymbol = "scopeir_vk_download";
inline constexpr const char *kVulkanCopySymbol = "scopeir_vk_copy";
inline constexpr const char *kVulkanFlushSymbol = "scopeir_vk_flush";
} // namespace scopeir::runtime
#endif

#endif // SCOPEIR_RUNTIME_VULKANABI_H
