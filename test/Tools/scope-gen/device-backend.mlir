// --device-backend adds a backend with memory of its own to the backends
// the device scopes of mixed-backend programs are placed on: seed 1 puts
// scopes on vulkan. Without it the choices are the CPU backends' alone, so
// the same seed names no vulkan.
// RUN: scope-gen --seed=1 --device-backend=vulkan | FileCheck %s
// RUN: scope-gen --seed=1 | FileCheck %s --check-prefix=CPU

// CHECK: #hal.device.target<"vulkan">

// CPU-NOT: vulkan

// The entry point and the module stay on CPU backends (the host calls @main
// with host buffers): seeds 7 and 20 once placed them on vulkan.
// RUN: scope-gen --seed=7 --device-backend=vulkan | grep "^module\|func.func @main" \
// RUN:   | FileCheck %s --check-prefix=ENTRY --implicit-check-not=vulkan
// RUN: scope-gen --seed=20 --device-backend=vulkan | grep "^module\|func.func @main" \
// RUN:   | FileCheck %s --check-prefix=ENTRY --implicit-check-not=vulkan

// ENTRY: module
// ENTRY: func.func @main(
