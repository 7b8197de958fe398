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

// Seed 567 runs sqrt and fma on vulkan, which rounds them as Vulkan's
// precision rules allow (1 ulp off on lavapipe): its results agree within
// the tolerance scope-gen's model gives them there
// (test/Tools/scope-gen/device-precision.mlir).
// RUN: %python %scopeir_src_root/utils/differential.py --tools-dir=%scopeir_tools_dir \
// RUN:   --llvm-dir=%llvm_tools_dir/.. --work=%t/567 --jobs=1 --device-backend=vulkan 1 567 \
// RUN:   | FileCheck %s --check-prefix=SEED567
// SEED567: differential: 1 seeds (567-567)
// SEED567: failing seeds: 0
// SEED567-NOT: FAIL
