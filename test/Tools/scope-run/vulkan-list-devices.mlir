// With a Vulkan device (lavapipe in CI): --list-devices describes each one
// and marks the one --vulkan-device selects; by position (or by part of its
// name in any case, on lavapipe) it runs the program there; a selector
// matching nothing is reported.
// REQUIRES: vulkan
// RUN: scope-run --list-devices | FileCheck %s
// CHECK: Vulkan devices:
// CHECK-NEXT: vulkan device 0: {{.+}} ({{cpu|discrete-gpu|integrated-gpu|virtual-gpu|other}}, Vulkan 1.{{[0-9]+}}) [selected]
// CHECK-NEXT: workgroups: {{[0-9]+}} invocations, size {{[0-9]+}}x{{[0-9]+}}x{{[0-9]+}}, count {{[0-9]+}}x{{[0-9]+}}x{{[0-9]+}}; subgroup {{[0-9]+}}; storage buffers up to {{[0-9]+}} bytes
// CHECK-NEXT: features:

// RUN: scope-run %S/Inputs/vulkan-add.mlir --input="4xf32=1 2 3 4" --input="4xf32=0.5" --vulkan-device=0 | FileCheck %s --check-prefix=OUT
// OUT-NOT: scope-run:
// OUT: 4xf32=1.5 2.5 3.5 4.5

// RUN: scope-run --list-devices --vulkan-device=99 | FileCheck %s --check-prefix=NONE
// NONE: vulkan device 0:
// NONE-NOT: [selected]
// NONE: (no Vulkan device: no device matches '99' (scope-run --list-devices lists them))

// SCOPEIR_VULKAN_DEVICE chooses the device where no --vulkan-device is
// given (scripts/vulkan-gpu-check.sh runs the suite on a GPU so): a
// selector matching nothing is reported naming it; the option wins.
// RUN: env SCOPEIR_VULKAN_DEVICE=99 scope-run --list-devices | FileCheck %s --check-prefix=ENVNONE
// ENVNONE: vulkan device 0:
// ENVNONE-NOT: [selected]
// ENVNONE: (no Vulkan device: no device matches '99' (SCOPEIR_VULKAN_DEVICE; scope-run --list-devices lists them))
// RUN: env SCOPEIR_VULKAN_DEVICE=99 scope-run --list-devices --vulkan-device=0 | FileCheck %s --check-prefix=ENVOPTION
// ENVOPTION: vulkan device 0: {{.+}} [selected]
// RUN: env SCOPEIR_VULKAN_DEVICE=0 scope-run %S/Inputs/vulkan-add.mlir --input="4xf32=1 2 3 4" --input="4xf32=0.5" | FileCheck %s --check-prefix=OUT
