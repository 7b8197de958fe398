// REQUIRES: vulkan
// The oracle with a device of memory of its own: seed 1 places scopes on
// vulkan (test/Tools/scope-gen/device-backend.mlir), whose results, moved
// through transfers, agree with the stripped program and the upstream
// reference. scripts/differential.sh runs many seeds
// (SCOPEIR_DIFFERENTIAL_DEVICE_BACKEND=vulkan).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t --jobs=1 --keep --device-backend=vulkan 1 1 \
// RUN:   | FileCheck %s
// The program run had scopes on vulkan (the option reached scope-gen).
// RUN: FileCheck %s --check-prefix=PROGRAM < %t/seed-1/scoped.mlir

// CHECK: differential: 1 seeds (1-1)
// CHECK: results compared: {{[1-9][0-9]*}}
// CHECK: failing seeds: 0
// CHECK-NOT: FAIL

// PROGRAM: #hal.device.target<"vulkan">
