//===- VulkanRuntime.cpp - scopeir's Vulkan runtime -------------*- C++ -*-===//
//
// This file implements the Vulkan runtime of Vulkan.h and the entry points
// of VulkanABI.h on the system's Vulkan loader, which it loads with dlopen
// (the functions are fetched through vkGetInstanceProcAddr, so nothing links
// against libvulkan).
//
// Recording and submission. Work is recorded into one command buffer at a
// time; a flush submits it with a signal of the next value of the queue's
// timeline semaphore, and a download submits and waits for its own value
// only. Every dispatch and copy is preceded by a global memory barrier
// (shader and transfer writes before shader and transfer accesses), so
// consecutive commands see each other's results in recording order. The
// resources a submission uses (its command buffer, staging memory, buffers
// replaced meanwhile) are recycled once the semaphore has passed its value.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runtime/Vulkan.h"

#ifdef SCOPEIR_HAVE_VULKAN_HEADERS
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#include <dlfcn.h>
#endif

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>

using namespace scopeir::vulkan;

#ifndef SCOPEIR_HAVE_VULKAN_HEADERS

//===----------------------------------------------------------------------===//
// Built without the Vulkan headers: every query says so.
//===----------------------------------------------------------------------===//

namespace {
std::mutex stubMutex;
std::string stubError;
const char *const kNoSupport =
    "no Vulkan device: scopeir was built without the Vulkan headers "
    "(libvulkan-dev)";
void recordStubError() {
  std::lock_guard<std::mutex> lock(stubMutex);
  if (stubError.empty())
    stubError = kNoSupport;
}
} // namespace

bool scopeir::vulkan::listDevices(std::vector<DeviceInfo> &,
                                  std::string &error) {
  error = kNoSupport;
  return false;
}
bool scopeir::vulkan::setDeviceSelector(const std::string &, std::string &) {
  return true;
}
bool scopeir::vulkan::getDevice(DeviceInfo &, std::string &error) {
  error = kNoSupport;
  return false;
}
std::string scopeir::vulkan::takeError() {
  std::lock_guard<std::mutex> lock(stubMutex);
  return std::exchange(stubError, std::string());
}
void scopeir::vulkan::reset() {}
Counters scopeir::vulkan::getCounters() { return {}; }

extern "C" {
void scopeir_vk_dispatch(int64_t, int64_t, int64_t, int64_t, int64_t, int64_t,
                         int64_t, int64_t) {
  recordStubError();
}
void scopeir_vk_upload(int64_t, int64_t, int64_t) { recordStubError(); }
void scopeir_vk_download(int64_t, int64_t, int64_t) { recordStubError(); }
void scopeir_vk_copy(int64_t, int64_t, int64_t) { recordStubError(); }
void scopeir_vk_flush(void) {}
}

#else

namespace {

//===----------------------------------------------------------------------===//
// The loader's functions
//===----------------------------------------------------------------------===//

#define SCOPEIR_VK_INSTANCE_FUNCTIONS(X)                                       \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties)                                             \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkEnumerateDeviceExtensionProperties)                                      \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

#define SCOPEIR_VK_DEVICE_FUNCTIONS(X)                                         \
  X(vkGetDeviceQueue)                                                          \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreateCommandPool)                                                       \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkResetCommandBuffer)                                                      \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCmdDispatch)                                                             \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdPushDescriptorSetKHR)                                                 \
  X(vkQueueSubmit)                                                             \
  X(vkCreateSemaphore)                                                         \
  X(vkWaitSemaphores)                                                          \
  X(vkGetSemaphoreCounterValue)

/// A device buffer and its memory (mapped when host-visible).
struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  uint64_t size = 0;
  void *mapped = nullptr;
};

/// A chunk of host-visible memory that a submission's staging data and
/// dispatch parameters are carved from.
struct Chunk {
  Buffer buffer;
  uint64_t used = 0;
};

/// A compute pipeline of one entry point of one SPIR-V module.
struct Pipeline {
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  int64_t numBindings = 0;
};

/// What a submission holds until the device is done with it.
struct Submission {
  uint64_t value = 0;
  VkCommandBuffer commands = VK_NULL_HANDLE;
  std::vector<Chunk> chunks;
  std::vector<Buffer> released;
};

std::string lower(std::string text) {
  for (char &c : text)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

const char *getTypeName(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return "discrete-gpu";
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return "integrated-gpu";
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return "virtual-gpu";
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return "cpu";
  default:
    return "other";
  }
}

/// The process's Vulkan state. Every entry point takes `mutex`.
class Runtime {
public:
  static Runtime &get() {
    // Never destroyed: compiled code may run until exit, and the driver's
    // own state may be gone by the time static destructors run.
    static Runtime *runtime = new Runtime();
    return *runtime;
  }

  std::mutex mutex;
  Counters counters;

  bool loadInstance(std::string &error);
  bool listDevices(std::vector<DeviceInfo> &devices, std::string &error);
  bool openDevice(std::string &error);
  bool setSelector(const std::string &selector, std::string &error);

  /// Records the first error; returns false (for `return fail(...)`).
  bool fail(const std::string &message) {
    if (error.empty())
      error = "vulkan: " + message;
    return false;
  }
  /// Whether compiled code's calls may proceed (the device is open and no
  /// error was recorded); opens the device on first use.
  bool ready() {
    if (!error.empty())
      return false;
    if (device)
      return true;
    std::string message;
    if (!openDevice(message)) {
      error = message;
      return false;
    }
    return true;
  }
  std::string takeError();
  void reset();
  const DeviceInfo &getInfo() const { return info; }

  void dispatch(const uint32_t *code, int64_t words, const char *entry,
                int64_t gx, int64_t gy, int64_t gz, int64_t numBindings,
                const int64_t *bindings);
  void upload(const void *source, uintptr_t target, int64_t bytes);
  void download(uintptr_t source, void *target, int64_t bytes);
  void copy(uintptr_t source, uintptr_t target, int64_t bytes);
  bool flush();

private:
  Runtime() = default;

  bool check(VkResult result, const char *what) {
    if (result == VK_SUCCESS)
      return true;
    return fail(std::string(what) + " failed (VkResult " +
                std::to_string(static_cast<int>(result)) + ")");
  }
  DeviceInfo describe(VkPhysicalDevice physical, unsigned index);
  int findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags flags);
  bool createBuffer(uint64_t size, bool hostVisible, Buffer &buffer);
  void destroyBuffer(Buffer &buffer);
  VkCommandBuffer getCommands();
  void barrier(VkCommandBuffer commands);
  bool stage(uint64_t bytes, uint64_t alignment, Buffer *&buffer,
             uint64_t &offset);
  void recycle(bool wait);
  bool wait(uint64_t value);
  Buffer *getHandleBuffer(uintptr_t handle, uint64_t bytes, bool mustExist,
                          const char *what);
  Pipeline *getPipeline(const uint32_t *code, int64_t words, const char *entry,
                        int64_t numBindings);

  std::string selector;
  std::string error;
  void *library = nullptr;
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
  VkInstance instance = VK_NULL_HANDLE;
#define SCOPEIR_VK_DECLARE(name) PFN_##name name = nullptr;
  SCOPEIR_VK_INSTANCE_FUNCTIONS(SCOPEIR_VK_DECLARE)
  SCOPEIR_VK_DEVICE_FUNCTIONS(SCOPEIR_VK_DECLARE)
#undef SCOPEIR_VK_DECLARE

  VkPhysicalDevice physical = VK_NULL_HANDLE;
  DeviceInfo info;
  VkPhysicalDeviceMemoryProperties memoryProperties{};
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkSemaphore timeline = VK_NULL_HANDLE;
  /// The last value a submission signals, and the last one known reached.
  uint64_t submitted = 0, completed = 0;

  /// The submission being recorded (its value is `submitted + 1`).
  Submission recording;
  std::deque<Submission> inFlight;
  std::vector<VkCommandBuffer> freeCommands;
  std::vector<Chunk> freeChunks;

  /// Device buffers by handle address, and uploaded constants by address.
  std::unordered_map<uintptr_t, Buffer> handles;
  std::unordered_map<uintptr_t, Buffer> constants;
  std::unordered_map<const uint32_t *, VkShaderModule> modules;
  std::map<std::pair<const uint32_t *, std::string>, Pipeline> pipelines;
};

} // namespace

//===----------------------------------------------------------------------===//
// Instance and devices
//===----------------------------------------------------------------------===//

bool Runtime::loadInstance(std::string &message) {
  if (instance)
    return true;
  if (!library) {
    library = dlopen("libvulkan.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
      message = "no Vulkan device: the Vulkan loader (libvulkan.so.1) could "
                "not be loaded";
      return false;
    }
    vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
        dlsym(library, "vkGetInstanceProcAddr"));
  }
  if (!vkGetInstanceProcAddr) {
    message = "no Vulkan device: the Vulkan loader has no "
              "vkGetInstanceProcAddr";
    return false;
  }
  auto createInstance = reinterpret_cast<PFN_vkCreateInstance>(
      vkGetInstanceProcAddr(VK_NULL_HANDLE, "vkCreateInstance"));
  VkApplicationInfo app{};
  app.sType = VK_STRUCTURE_TYPE_APPLICATION_INFO;
  app.pApplicationName = "scopeir";
  app.pEngineName = "scopeir";
  app.apiVersion = VK_API_VERSION_1_2;
  VkInstanceCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  create.pApplicationInfo = &app;
  VkResult result = createInstance ? createInstance(&create, nullptr, &instance)
                                   : VK_ERROR_INITIALIZATION_FAILED;
  if (result != VK_SUCCESS) {
    instance = VK_NULL_HANDLE;
    message = "no Vulkan device: vkCreateInstance failed (VkResult " +
              std::to_string(static_cast<int>(result)) +
              "; is a driver installed, e.g. mesa-vulkan-drivers?)";
    return false;
  }
#define SCOPEIR_VK_LOAD(name)                                                  \
  name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(instance, #name));
  SCOPEIR_VK_INSTANCE_FUNCTIONS(SCOPEIR_VK_LOAD)
#undef SCOPEIR_VK_LOAD
  return true;
}

DeviceInfo Runtime::describe(VkPhysicalDevice device, unsigned index) {
  DeviceInfo result;
  result.index = index;
  VkPhysicalDeviceSubgroupProperties subgroup{};
  subgroup.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES;
  VkPhysicalDeviceProperties2 properties{};
  properties.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2;
  properties.pNext = &subgroup;
  vkGetPhysicalDeviceProperties2(device, &properties);
  const VkPhysicalDeviceLimits &limits = properties.properties.limits;
  result.name = properties.properties.deviceName;
  result.type = getTypeName(properties.properties.deviceType);
  uint32_t api = properties.properties.apiVersion;
  result.apiVersion =
      VK_API_VERSION_MAJOR(api) * 1000 + VK_API_VERSION_MINOR(api);
  for (int i = 0; i < 3; ++i) {
    result.maxWorkgroupSize[i] = limits.maxComputeWorkGroupSize[i];
    result.maxWorkgroupCount[i] = limits.maxComputeWorkGroupCount[i];
  }
  result.maxWorkgroupInvocations = limits.maxComputeWorkGroupInvocations;
  result.maxStorageBufferRange = limits.maxStorageBufferRange;
  result.minStorageBufferOffsetAlignment =
      static_cast<uint32_t>(limits.minStorageBufferOffsetAlignment);
  result.subgroupSize = subgroup.subgroupSize;

  VkPhysicalDeviceVulkan12Features features12{};
  features12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  VkPhysicalDeviceVulkan11Features features11{};
  features11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  features11.pNext = &features12;
  VkPhysicalDeviceFeatures2 features{};
  features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  features.pNext = &features11;
  if (result.apiVersion >= 1002)
    vkGetPhysicalDeviceFeatures2(device, &features);
  result.int64 = features.features.shaderInt64;
  result.float64 = features.features.shaderFloat64;
  result.int16 = features.features.shaderInt16;
  result.storage16 = features11.storageBuffer16BitAccess;
  result.int8 = features12.shaderInt8;
  result.float16 = features12.shaderFloat16;
  result.storage8 = features12.storageBuffer8BitAccess;

  uint32_t numExtensions = 0;
  vkEnumerateDeviceExtensionProperties(device, nullptr, &numExtensions,
                                       nullptr);
  std::vector<VkExtensionProperties> extensions(numExtensions);
  vkEnumerateDeviceExtensionProperties(device, nullptr, &numExtensions,
                                       extensions.data());
  bool pushDescriptor = std::any_of(
      extensions.begin(), extensions.end(), [](const auto &extension) {
        return std::strcmp(extension.extensionName,
                           VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME) == 0;
      });
  uint32_t numFamilies = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(device, &numFamilies, nullptr);
  std::vector<VkQueueFamilyProperties> families(numFamilies);
  vkGetPhysicalDeviceQueueFamilyProperties(device, &numFamilies,
                                           families.data());
  bool compute = std::any_of(families.begin(), families.end(), [](auto &f) {
    return (f.queueFlags & VK_QUEUE_COMPUTE_BIT) != 0;
  });
  if (result.apiVersion < 1002)
    result.unusableReason = "Vulkan 1.2 is required (timeline semaphores)";
  else if (!features12.timelineSemaphore)
    result.unusableReason = "no timeline semaphores";
  else if (!compute)
    result.unusableReason = "no compute queue";
  else if (!pushDescriptor)
    result.unusableReason = "no VK_KHR_push_descriptor";
  result.usable = result.unusableReason.empty();
  return result;
}

bool Runtime::listDevices(std::vector<DeviceInfo> &devices,
                          std::string &message) {
  if (!loadInstance(message))
    return false;
  uint32_t count = 0;
  if (vkEnumeratePhysicalDevices(instance, &count, nullptr) != VK_SUCCESS) {
    message = "no Vulkan device: vkEnumeratePhysicalDevices failed";
    return false;
  }
  std::vector<VkPhysicalDevice> physicals(count);
  vkEnumeratePhysicalDevices(instance, &count, physicals.data());
  devices.clear();
  for (unsigned i = 0; i < count; ++i)
    devices.push_back(describe(physicals[i], i));
  return true;
}

bool Runtime::setSelector(const std::string &newSelector,
                          std::string &message) {
  if (device && newSelector != selector) {
    message = "the Vulkan device is already open (" + info.name +
              "); it is chosen once per process";
    return false;
  }
  selector = newSelector;
  return true;
}

bool Runtime::openDevice(std::string &message) {
  if (device)
    return true;
  std::vector<DeviceInfo> devices;
  if (!listDevices(devices, message))
    return false;
  if (devices.empty()) {
    message = "no Vulkan device: the loader lists no physical device";
    return false;
  }
  // Without a selector of the tool's (--vulkan-device), the environment's
  // chooses: how a test suite or a script runs every tool on one device.
  std::string selector = this->selector;
  const char *fromEnvironment = nullptr;
  if (selector.empty()) {
    fromEnvironment = std::getenv("SCOPEIR_VULKAN_DEVICE");
    if (fromEnvironment)
      selector = fromEnvironment;
  }
  const DeviceInfo *chosen = nullptr;
  bool numeric =
      !selector.empty() && std::all_of(selector.begin(), selector.end(),
                                       [](char c) { return std::isdigit(c); });
  for (const DeviceInfo &candidate : devices) {
    if (selector.empty() ? candidate.usable
        : numeric        ? std::to_string(candidate.index) == selector
                         : lower(candidate.name).find(lower(selector)) !=
                        std::string::npos) {
      chosen = &candidate;
      break;
    }
  }
  if (!chosen) {
    message = selector.empty()
                  ? "no Vulkan device: none of the " +
                        std::to_string(devices.size()) +
                        " devices is usable (" + devices[0].name + ": " +
                        devices[0].unusableReason + ")"
                  : "no Vulkan device: no device matches '" + selector + "' (" +
                        (fromEnvironment ? "SCOPEIR_VULKAN_DEVICE; " : "") +
                        "scope-run --list-devices lists them)";
    return false;
  }
  if (!chosen->usable) {
    message = "no Vulkan device: device " + std::to_string(chosen->index) +
              " (" + chosen->name +
              ") is not usable: " + chosen->unusableReason;
    return false;
  }
  info = *chosen;
  uint32_t count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> physicals(count);
  vkEnumeratePhysicalDevices(instance, &count, physicals.data());
  physical = physicals[info.index];
  vkGetPhysicalDeviceMemoryProperties(physical, &memoryProperties);

  uint32_t numFamilies = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &numFamilies, nullptr);
  std::vector<VkQueueFamilyProperties> families(numFamilies);
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &numFamilies,
                                           families.data());
  uint32_t family = 0;
  while (!(families[family].queueFlags & VK_QUEUE_COMPUTE_BIT))
    ++family;
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{};
  queueInfo.sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO;
  queueInfo.queueFamilyIndex = family;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;

  // Enable the shader features the device has: the compiler only uses
  // those the target environment it derived from this device lists.
  VkPhysicalDeviceVulkan12Features features12{};
  features12.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES;
  features12.timelineSemaphore = VK_TRUE;
  features12.shaderInt8 = info.int8;
  features12.shaderFloat16 = info.float16;
  features12.storageBuffer8BitAccess = info.storage8;
  VkPhysicalDeviceVulkan11Features features11{};
  features11.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES;
  features11.storageBuffer16BitAccess = info.storage16;
  features11.pNext = &features12;
  VkPhysicalDeviceFeatures2 features{};
  features.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2;
  features.features.shaderInt64 = info.int64;
  features.features.shaderFloat64 = info.float64;
  features.features.shaderInt16 = info.int16;
  features.pNext = &features11;
  const char *extensions[] = {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
  VkDeviceCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  create.pNext = &features;
  create.queueCreateInfoCount = 1;
  create.pQueueCreateInfos = &queueInfo;
  create.enabledExtensionCount = 1;
  create.ppEnabledExtensionNames = extensions;
  VkResult result = vkCreateDevice(physical, &create, nullptr, &device);
  if (result != VK_SUCCESS) {
    device = VK_NULL_HANDLE;
    message = "no Vulkan device: vkCreateDevice failed for " + info.name +
              " (VkResult " + std::to_string(static_cast<int>(result)) + ")";
    return false;
  }
#define SCOPEIR_VK_LOAD(name)                                                  \
  name = reinterpret_cast<PFN_##name>(vkGetDeviceProcAddr(device, #name));
  SCOPEIR_VK_DEVICE_FUNCTIONS(SCOPEIR_VK_LOAD)
#undef SCOPEIR_VK_LOAD
  vkGetDeviceQueue(device, family, 0, &queue);

  VkCommandPoolCreateInfo pool{};
  pool.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO;
  pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool.queueFamilyIndex = family;
  VkSemaphoreTypeCreateInfo semaphoreType{};
  semaphoreType.sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO;
  semaphoreType.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo semaphore{};
  semaphore.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO;
  semaphore.pNext = &semaphoreType;
  if (vkCreateCommandPool(device, &pool, nullptr, &commandPool) != VK_SUCCESS ||
      vkCreateSemaphore(device, &semaphore, nullptr, &timeline) != VK_SUCCESS) {
    message = "no Vulkan device: cannot create a command pool and a "
              "timeline semaphore on " +
              info.name;
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

int Runtime::findMemoryType(uint32_t typeBits, VkMemoryPropertyFlags flags) {
  for (uint32_t i = 0; i < memoryProperties.memoryTypeCount; ++i)
    if ((typeBits & (1u << i)) &&
        (memoryProperties.memoryTypes[i].propertyFlags & flags) == flags)
      return static_cast<int>(i);
  return -1;
}

bool Runtime::createBuffer(uint64_t size, bool hostVisible, Buffer &buffer) {
  // Vulkan has no empty buffers; an empty tensor binds 16 unused bytes.
  size = std::max<uint64_t>(size, 16);
  VkBufferCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  create.size = size;
  create.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
                 VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
                 VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  create.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  if (!check(vkCreateBuffer(device, &create, nullptr, &buffer.buffer),
             "vkCreateBuffer"))
    return false;
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, buffer.buffer, &requirements);
  int type = -1;
  if (hostVisible) {
    type = findMemoryType(requirements.memoryTypeBits,
                          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                              VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  } else {
    type = findMemoryType(requirements.memoryTypeBits,
                          VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
    if (type < 0)
      type = findMemoryType(requirements.memoryTypeBits, 0);
  }
  if (type < 0)
    return fail("no memory type for a " + std::to_string(size) +
                "-byte buffer");
  VkMemoryAllocateInfo allocate{};
  allocate.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO;
  allocate.allocationSize = requirements.size;
  allocate.memoryTypeIndex = static_cast<uint32_t>(type);
  if (!check(vkAllocateMemory(device, &allocate, nullptr, &buffer.memory),
             "vkAllocateMemory") ||
      !check(vkBindBufferMemory(device, buffer.buffer, buffer.memory, 0),
             "vkBindBufferMemory"))
    return false;
  if (hostVisible && !check(vkMapMemory(device, buffer.memory, 0, VK_WHOLE_SIZE,
                                        0, &buffer.mapped),
                            "vkMapMemory"))
    return false;
  buffer.size = size;
  return true;
}

void Runtime::destroyBuffer(Buffer &buffer) {
  if (buffer.buffer)
    vkDestroyBuffer(device, buffer.buffer, nullptr);
  if (buffer.memory)
    vkFreeMemory(device, buffer.memory, nullptr);
  buffer = Buffer();
}

bool Runtime::stage(uint64_t bytes, uint64_t alignment, Buffer *&buffer,
                    uint64_t &offset) {
  alignment = std::max<uint64_t>(alignment, 16);
  std::vector<Chunk> &chunks = recording.chunks;
  auto fits = [&](const Chunk &chunk) {
    uint64_t start = (chunk.used + alignment - 1) / alignment * alignment;
    return start + bytes <= chunk.buffer.size;
  };
  if (chunks.empty() || !fits(chunks.back())) {
    auto reusable = std::find_if(freeChunks.begin(), freeChunks.end(), fits);
    if (reusable != freeChunks.end()) {
      chunks.push_back(*reusable);
      freeChunks.erase(reusable);
    } else {
      Chunk chunk;
      if (!createBuffer(std::max<uint64_t>(bytes, 1 << 16), true, chunk.buffer))
        return false;
      chunks.push_back(chunk);
    }
  }
  Chunk &chunk = chunks.back();
  offset = (chunk.used + alignment - 1) / alignment * alignment;
  chunk.used = offset + bytes;
  buffer = &chunk.buffer;
  return true;
}

Buffer *Runtime::getHandleBuffer(uintptr_t handle, uint64_t bytes,
                                 bool mustExist, const char *what) {
  auto it = handles.find(handle);
  // A value of no bytes holds no data to put anywhere: no kernel writes
  // it (the canonicalizer erases linalg ops on empty buffers), and reading
  // it reads nothing.
  if (mustExist && bytes != 0) {
    if (it == handles.end() || it->second.size < bytes) {
      char address[32];
      std::snprintf(address, sizeof(address), "%#llx",
                    static_cast<unsigned long long>(handle));
      fail(std::string(what) + " reads a value (handle " + address +
           ") that no transfer or dispatch put on the device");
      return nullptr;
    }
    return &it->second;
  }
  if (it != handles.end()) {
    if (it->second.size >= bytes)
      return &it->second;
    // A bigger value under the same handle: the old buffer goes once the
    // work recorded so far is done with it.
    recording.released.push_back(it->second);
    handles.erase(it);
  }
  Buffer buffer;
  if (!createBuffer(bytes, false, buffer))
    return nullptr;
  return &(handles[handle] = buffer);
}

//===----------------------------------------------------------------------===//
// Recording, submission, waiting
//===----------------------------------------------------------------------===//

VkCommandBuffer Runtime::getCommands() {
  if (recording.commands)
    return recording.commands;
  recycle(/*wait=*/false);
  VkCommandBuffer commands = VK_NULL_HANDLE;
  if (!freeCommands.empty()) {
    commands = freeCommands.back();
    freeCommands.pop_back();
    vkResetCommandBuffer(commands, 0);
  } else {
    VkCommandBufferAllocateInfo allocate{};
    allocate.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO;
    allocate.commandPool = commandPool;
    allocate.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    allocate.commandBufferCount = 1;
    if (!check(vkAllocateCommandBuffers(device, &allocate, &commands),
               "vkAllocateCommandBuffers"))
      return VK_NULL_HANDLE;
  }
  VkCommandBufferBeginInfo begin{};
  begin.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO;
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (!check(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer"))
    return VK_NULL_HANDLE;
  recording.commands = commands;
  return commands;
}

void Runtime::barrier(VkCommandBuffer commands) {
  VkMemoryBarrier memory{};
  memory.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER;
  memory.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  memory.dstAccessMask = VK_ACCESS_SHADER_READ_BIT |
                         VK_ACCESS_SHADER_WRITE_BIT |
                         VK_ACCESS_TRANSFER_READ_BIT |
                         VK_ACCESS_TRANSFER_WRITE_BIT | VK_ACCESS_HOST_READ_BIT;
  VkPipelineStageFlags stages =
      VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_TRANSFER_BIT;
  vkCmdPipelineBarrier(commands, stages, stages | VK_PIPELINE_STAGE_HOST_BIT, 0,
                       1, &memory, 0, nullptr, 0, nullptr);
}

bool Runtime::flush() {
  if (!recording.commands)
    return true;
  VkCommandBuffer commands = recording.commands;
  // Device writes become visible to the host (downloads read staging
  // memory once the semaphore is reached).
  barrier(commands);
  if (!check(vkEndCommandBuffer(commands), "vkEndCommandBuffer"))
    return false;
  uint64_t value = submitted + 1;
  VkTimelineSemaphoreSubmitInfo timelineInfo{};
  timelineInfo.sType = VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO;
  timelineInfo.signalSemaphoreValueCount = 1;
  timelineInfo.pSignalSemaphoreValues = &value;
  VkSubmitInfo submit{};
  submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
  submit.pNext = &timelineInfo;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  submit.signalSemaphoreCount = 1;
  submit.pSignalSemaphores = &timeline;
  if (!check(vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit"))
    return false;
  ++counters.submits;
  submitted = value;
  recording.value = value;
  inFlight.push_back(std::move(recording));
  recording = Submission();
  return true;
}

bool Runtime::wait(uint64_t value) {
  if (value <= completed)
    return true;
  ++counters.waits;
  VkSemaphoreWaitInfo waitInfo{};
  waitInfo.sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO;
  waitInfo.semaphoreCount = 1;
  waitInfo.pSemaphores = &timeline;
  waitInfo.pValues = &value;
  if (!check(vkWaitSemaphores(device, &waitInfo, UINT64_MAX),
             "vkWaitSemaphores"))
    return false;
  completed = std::max(completed, value);
  return true;
}

void Runtime::recycle(bool waitAll) {
  if (waitAll)
    wait(submitted);
  else if (!inFlight.empty())
    vkGetSemaphoreCounterValue(device, timeline, &completed);
  while (!inFlight.empty() && inFlight.front().value <= completed) {
    Submission &done = inFlight.front();
    freeCommands.push_back(done.commands);
    for (Chunk &chunk : done.chunks) {
      chunk.used = 0;
      freeChunks.push_back(chunk);
    }
    for (Buffer &buffer : done.released)
      destroyBuffer(buffer);
    inFlight.pop_front();
  }
}

std::string Runtime::takeError() {
  if (device) {
    flush();
    recycle(/*wait=*/true);
  }
  return std::exchange(error, std::string());
}

void Runtime::reset() {
  if (!device)
    return;
  flush();
  recycle(/*wait=*/true);
  for (auto &entry : handles)
    destroyBuffer(entry.second);
  for (auto &entry : constants)
    destroyBuffer(entry.second);
  handles.clear();
  constants.clear();
  for (auto &entry : pipelines) {
    vkDestroyPipeline(device, entry.second.pipeline, nullptr);
    vkDestroyPipelineLayout(device, entry.second.layout, nullptr);
    vkDestroyDescriptorSetLayout(device, entry.second.setLayout, nullptr);
  }
  pipelines.clear();
  for (auto &entry : modules)
    vkDestroyShaderModule(device, entry.second, nullptr);
  modules.clear();
}

//===----------------------------------------------------------------------===//
// Dispatches and transfers
//===----------------------------------------------------------------------===//

Pipeline *Runtime::getPipeline(const uint32_t *code, int64_t words,
                               const char *entry, int64_t numBindings) {
  auto key = std::make_pair(code, std::string(entry));
  auto it = pipelines.find(key);
  if (it != pipelines.end()) {
    if (it->second.numBindings != numBindings) {
      fail(std::string("entry point '") + entry + "' dispatched with " +
           std::to_string(numBindings) + " bindings, built with " +
           std::to_string(it->second.numBindings));
      return nullptr;
    }
    return &it->second;
  }
  VkShaderModule &module = modules[code];
  if (!module) {
    VkShaderModuleCreateInfo create{};
    create.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO;
    create.codeSize = static_cast<size_t>(words) * 4;
    create.pCode = code;
    if (!check(vkCreateShaderModule(device, &create, nullptr, &module),
               "vkCreateShaderModule"))
      return nullptr;
  }
  std::vector<VkDescriptorSetLayoutBinding> layoutBindings(numBindings);
  for (int64_t i = 0; i < numBindings; ++i) {
    layoutBindings[i].binding = static_cast<uint32_t>(i);
    layoutBindings[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    layoutBindings[i].descriptorCount = 1;
    layoutBindings[i].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
  }
  VkDescriptorSetLayoutCreateInfo setLayoutInfo{};
  setLayoutInfo.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO;
  setLayoutInfo.flags = VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
  setLayoutInfo.bindingCount = static_cast<uint32_t>(numBindings);
  setLayoutInfo.pBindings = layoutBindings.data();
  Pipeline pipeline;
  pipeline.numBindings = numBindings;
  if (!check(vkCreateDescriptorSetLayout(device, &setLayoutInfo, nullptr,
                                         &pipeline.setLayout),
             "vkCreateDescriptorSetLayout"))
    return nullptr;
  VkPipelineLayoutCreateInfo layoutInfo{};
  layoutInfo.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO;
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &pipeline.setLayout;
  if (!check(vkCreatePipelineLayout(device, &layoutInfo, nullptr,
                                    &pipeline.layout),
             "vkCreatePipelineLayout"))
    return nullptr;
  VkComputePipelineCreateInfo create{};
  create.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO;
  create.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  create.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  create.stage.module = module;
  create.stage.pName = entry;
  create.layout = pipeline.layout;
  if (!check(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &create,
                                      nullptr, &pipeline.pipeline),
             "vkCreateComputePipelines"))
    return nullptr;
  return &(pipelines[key] = pipeline);
}

void Runtime::dispatch(const uint32_t *code, int64_t words, const char *entry,
                       int64_t gx, int64_t gy, int64_t gz, int64_t numBindings,
                       const int64_t *bindings) {
  if (!ready())
    return;
  ++counters.dispatches;
  if (gx <= 0 || gy <= 0 || gz <= 0)
    return;
  Pipeline *pipeline = getPipeline(code, words, entry, numBindings);
  VkCommandBuffer commands = getCommands();
  if (!pipeline || !commands)
    return;
  std::string what = std::string("a dispatch of '") + entry + "'";
  std::vector<VkDescriptorBufferInfo> infos(numBindings);
  for (int64_t i = 0; i < numBindings; ++i) {
    auto address = static_cast<uintptr_t>(bindings[3 * i]);
    auto bytes = static_cast<uint64_t>(bindings[3 * i + 1]);
    int64_t flags = bindings[3 * i + 2];
    VkDescriptorBufferInfo &bufferInfo = infos[i];
    bufferInfo.range = std::max<uint64_t>(bytes, 16);
    if (flags & SCOPEIR_VK_BINDING_PARAMS) {
      Buffer *staging;
      uint64_t offset;
      if (!stage(bytes, info.minStorageBufferOffsetAlignment, staging, offset))
        return;
      std::memcpy(static_cast<char *>(staging->mapped) + offset,
                  reinterpret_cast<const void *>(address), bytes);
      bufferInfo.buffer = staging->buffer;
      bufferInfo.offset = offset;
      continue;
    }
    if (flags & SCOPEIR_VK_BINDING_CONSTANT) {
      Buffer &constant = constants[address];
      if (!constant.buffer) {
        Buffer *staging;
        uint64_t offset;
        if (!createBuffer(bytes, false, constant) ||
            !stage(bytes, 16, staging, offset))
          return;
        std::memcpy(static_cast<char *>(staging->mapped) + offset,
                    reinterpret_cast<const void *>(address), bytes);
        VkBufferCopy region{offset, 0, std::max<uint64_t>(bytes, 1)};
        barrier(commands);
        vkCmdCopyBuffer(commands, staging->buffer, constant.buffer, 1, &region);
        ++counters.constantUploads;
      }
      bufferInfo.buffer = constant.buffer;
      continue;
    }
    // A buffer the kernel only reads must hold a value already; one it
    // also writes may be a fresh one it fills (a reduction's accumulator).
    bool readOnly = (flags & SCOPEIR_VK_BINDING_READ) &&
                    !(flags & SCOPEIR_VK_BINDING_WRITE);
    Buffer *buffer = getHandleBuffer(address, bytes, readOnly, what.c_str());
    if (!buffer)
      return;
    bufferInfo.buffer = buffer->buffer;
  }
  std::vector<VkWriteDescriptorSet> writes(numBindings);
  for (int64_t i = 0; i < numBindings; ++i) {
    writes[i].sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET;
    writes[i].dstBinding = static_cast<uint32_t>(i);
    writes[i].descriptorCount = 1;
    writes[i].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    writes[i].pBufferInfo = &infos[i];
  }
  barrier(commands);
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                    pipeline->pipeline);
  vkCmdPushDescriptorSetKHR(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                            pipeline->layout, 0,
                            static_cast<uint32_t>(numBindings), writes.data());
  vkCmdDispatch(commands, static_cast<uint32_t>(gx), static_cast<uint32_t>(gy),
                static_cast<uint32_t>(gz));
}

void Runtime::upload(const void *source, uintptr_t target, int64_t bytes) {
  if (!ready())
    return;
  ++counters.uploads;
  counters.uploadedBytes += bytes;
  VkCommandBuffer commands = getCommands();
  Buffer *buffer = getHandleBuffer(target, bytes, false, "an upload");
  Buffer *staging;
  uint64_t offset;
  if (!commands || !buffer || !stage(bytes, 16, staging, offset))
    return;
  std::memcpy(static_cast<char *>(staging->mapped) + offset, source, bytes);
  VkBufferCopy region{offset, 0, std::max<uint64_t>(bytes, 1)};
  barrier(commands);
  vkCmdCopyBuffer(commands, staging->buffer, buffer->buffer, 1, &region);
}

void Runtime::download(uintptr_t source, void *target, int64_t bytes) {
  if (!ready())
    return;
  ++counters.downloads;
  counters.downloadedBytes += bytes;
  VkCommandBuffer commands = getCommands();
  Buffer *buffer = getHandleBuffer(source, bytes, true, "a download");
  Buffer *staging;
  uint64_t offset;
  if (!commands || !buffer || !stage(bytes, 16, staging, offset))
    return;
  VkBufferCopy region{0, offset, std::max<uint64_t>(bytes, 1)};
  barrier(commands);
  vkCmdCopyBuffer(commands, buffer->buffer, staging->buffer, 1, &region);
  // Keep the staging chunk's mapping: it goes back to the free list only
  // after the wait, when this call no longer reads it.
  char *data = static_cast<char *>(staging->mapped) + offset;
  if (!flush() || !wait(submitted))
    return;
  std::memcpy(target, data, bytes);
}

void Runtime::copy(uintptr_t source, uintptr_t target, int64_t bytes) {
  if (!ready())
    return;
  ++counters.copies;
  VkCommandBuffer commands = getCommands();
  Buffer *from = getHandleBuffer(source, bytes, true, "a device copy");
  if (!commands || !from)
    return;
  VkBuffer fromBuffer = from->buffer;
  Buffer *to = getHandleBuffer(target, bytes, false, "a device copy");
  if (!to)
    return;
  VkBufferCopy region{0, 0, std::max<uint64_t>(bytes, 1)};
  barrier(commands);
  vkCmdCopyBuffer(commands, fromBuffer, to->buffer, 1, &region);
}

//===----------------------------------------------------------------------===//
// Public interface
//===----------------------------------------------------------------------===//

bool scopeir::vulkan::listDevices(std::vector<DeviceInfo> &devices,
                                  std::string &error) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  return runtime.listDevices(devices, error);
}

bool scopeir::vulkan::setDeviceSelector(const std::string &selector,
                                        std::string &error) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  return runtime.setSelector(selector, error);
}

bool scopeir::vulkan::getDevice(DeviceInfo &device, std::string &error) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  if (!runtime.openDevice(error))
    return false;
  device = runtime.getInfo();
  return true;
}

void scopeir::vulkan::reset() {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  runtime.reset();
}

std::string scopeir::vulkan::takeError() {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  return runtime.takeError();
}

Counters scopeir::vulkan::getCounters() {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  return runtime.counters;
}

extern "C" {

void scopeir_vk_dispatch(int64_t code, int64_t codeWords, int64_t entry,
                         int64_t gridX, int64_t gridY, int64_t gridZ,
                         int64_t numBindings, int64_t bindings) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  runtime.dispatch(reinterpret_cast<const uint32_t *>(code), codeWords,
                   reinterpret_cast<const char *>(entry), gridX, gridY, gridZ,
                   numBindings, reinterpret_cast<const int64_t *>(bindings));
}

void scopeir_vk_upload(int64_t source, int64_t target, int64_t bytes) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  runtime.upload(reinterpret_cast<const void *>(source),
                 static_cast<uintptr_t>(target), bytes);
}

void scopeir_vk_download(int64_t source, int64_t target, int64_t bytes) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  runtime.download(static_cast<uintptr_t>(source),
                   reinterpret_cast<void *>(target), bytes);
}

void scopeir_vk_copy(int64_t source, int64_t target, int64_t bytes) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  runtime.copy(static_cast<uintptr_t>(source), static_cast<uintptr_t>(target),
               bytes);
}

void scopeir_vk_flush(void) {
  Runtime &runtime = Runtime::get();
  std::lock_guard<std::mutex> lock(runtime.mutex);
  if (runtime.ready())
    runtime.flush();
}

} // extern "C"

#endif // SCOPEIR_HAVE_VULKAN_HEADERS

std::vector<std::pair<const char *, void *>>
scopeir::vulkan::getRuntimeSymbols() {
  using namespace scopeir::runtime;
  return {
      {kVulkanDispatchSymbol, reinterpret_cast<void *>(&scopeir_vk_dispatch)},
      {kVulkanUploadSymbol, reinterpret_cast<void *>(&scopeir_vk_upload)},
      {kVulkanDownloadSymbol, reinterpret_cast<void *>(&scopeir_vk_download)},
      {kVulkanCopySymbol, reinterpret_cast<void *>(&scopeir_vk_copy)},
      {kVulkanFlushSymbol, reinterpret_cast<void *>(&scopeir_vk_flush)},
  };
}
