// --vulkan-device chooses the device vulkan scopes compile for and run on.

// Asking for a device that does not exist (on any machine, with or without
// a Vulkan driver): a located error at the scope that needs one, exit 1.
// RUN: %expect_exit 1 scope-run %S/Inputs/vulkan-add.mlir --input="4xf32=1" --input="4xf32=2" --vulkan-device=no-such-device 2>&1 | FileCheck %s --check-prefix=NODEVICE
// RUN: %expect_exit 1 scope-run %S/Inputs/vulkan-add.mlir --input="4xf32=1" --input="4xf32=2" --vulkan-device=no-such-device --dispatch=false 2>&1 | FileCheck %s --check-prefix=NODEVICE
// NODEVICE: vulkan-add.mlir:{{[0-9]+}}:{{[0-9]+}}: error: no Vulkan device: {{.+}} (needed to compile for #hal.device.target<"vulkan">; a config 'target_env' compiles without a device)
// NODEVICE-NOT: see current operation
// NODEVICE: scope-run: compilation failed
