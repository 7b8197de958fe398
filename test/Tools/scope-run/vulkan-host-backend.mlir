// The host backend compiles the code the host runs on host memory: a
// backend with memory of its own cannot be it (one-line error, exit 1).
// RUN: %expect_exit 1 scope-run %S/Inputs/add.mlir --function=add_scale --input="2x3xf32=1" --input="2x3xf32=1" --host-backend=vulkan 2>&1 | FileCheck %s
// CHECK: scope-run: host backend 'vulkan' computes in memory of its own; the host backend must compute in host memory
