// On lavapipe (CI's Vulkan device), --vulkan-device takes part of the
// device's name, in any case.
// REQUIRES: lavapipe
// RUN: scope-run %S/Inputs/vulkan-add.mlir --input="4xf32=1 2 3 4" --input="4xf32=0.5" --vulkan-device=LLVMpipe | FileCheck %s
// RUN: scope-run --list-devices --vulkan-device=llvmPIPE | FileCheck %s --check-prefix=LIST
// CHECK: 4xf32=1.5 2.5 3.5 4.5
// LIST: vulkan device {{[0-9]+}}: llvmpipe {{.+}} [selected]
