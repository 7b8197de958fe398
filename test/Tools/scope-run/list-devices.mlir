// --list-devices prints every registered backend with its description and
// marks the host default, then the CPU the JIT compiles for, then the Vulkan
// devices (or why there are none).
// RUN: scope-run --list-devices | FileCheck %s
// RUN: scope-run --list-devices --host-backend=llvm-cpu | FileCheck %s --check-prefix=HOST
// CHECK:      llvm-cpu         CPU via LLVM: a tu scope per root with a per-kind strategy (packed FMA kernels for contractions and convolutions), other roots tiled and vectorized
// CHECK-NEXT: llvm-cpu-loops   CPU via LLVM: linalg ops as plain scalar loops (convert-linalg-to-loops) [host]
// CHECK-NEXT: vulkan           Vulkan compute via SPIR-V: a kernel per loop nest, device-local memory, explicit transfers
// CHECK-NEXT: JIT target: {{[a-z0-9_-]+}} ({{[a-z0-9_-]+}}), {{[0-9]+}} x {{128|256|512}}-bit vector registers
// CHECK-NEXT: Vulkan devices:
// HOST: llvm-cpu {{.+}} tiled and vectorized [host]
