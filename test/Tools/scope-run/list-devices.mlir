// --list-devices prints every registered backend with its description and
// marks the host default, then the CPU the JIT compiles for.
// RUN: scope-run --list-devices | FileCheck %s
// RUN: scope-run --list-devices --host-backend=llvm-cpu | FileCheck %s --check-prefix=HOST
// CHECK:      llvm-cpu         CPU via LLVM: a tu scope per root with a per-kind strategy (packed FMA kernels for contractions and convolutions), other roots tiled and vectorized
// CHECK-NEXT: llvm-cpu-loops   CPU via LLVM: linalg ops as plain scalar loops (convert-linalg-to-loops) [host]
// CHECK-NEXT: JIT target: {{[a-z0-9_-]+}} ({{[a-z0-9_-]+}}), {{[0-9]+}} x {{128|256|512}}-bit vector registers
// HOST: llvm-cpu {{.+}} tiled and vectorized [host]
