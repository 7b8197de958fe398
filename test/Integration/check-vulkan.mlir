// Our check suites (test/Integration/check/) with every test body on a
// Vulkan device (scope-check --device=vulkan: each body a vulkan scope, the
// values the checks read downloaded). What the vulkan backend does not
// compile fails its test alone, with a located error: linalg.pack and
// linalg.unpack (no decomposition in its pipelines), linalg.softmax as a
// named op, index buffers (64-bit on the host, 32-bit in a kernel) and
// bf16 (docs/vulkan.md).
// REQUIRES: vulkan
// RUN: scope-check %S/check/contraction.mlir --device=vulkan | FileCheck %s --check-prefix=CONTRACTION
// RUN: scope-check %S/check/control-flow.mlir --device=vulkan | FileCheck %s --check-prefix=CONTROL
// RUN: scope-check %S/check/elementwise.mlir --device=vulkan | FileCheck %s --check-prefix=ELEMENTWISE
// RUN: not scope-check %S/check/data-movement.mlir --device=vulkan 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: not scope-check %S/check/element-types.mlir --device=vulkan 2>&1 | FileCheck %s --check-prefix=TYPES
// RUN: not scope-check %S/check/reduction.mlir --device=vulkan 2>&1 | FileCheck %s --check-prefix=REDUCTION

// CONTRACTION-NOT: FAIL
// CONTRACTION: 10 passed, 0 failed
// CONTROL-NOT: FAIL
// CONTROL: 6 passed, 0 failed
// ELEMENTWISE-NOT: FAIL
// ELEMENTWISE: 6 passed, 0 failed

// DATA: PASS reshape_dynamic
// DATA: data-movement.mlir:{{[0-9]+}}:{{[0-9]+}}: error: op was not bufferized
// DATA: FAIL pack_unpack
// DATA: FAIL pack_unpack_dynamic
// DATA: 10 passed, 2 failed

// TYPES: element-types.mlir:{{[0-9]+}}:{{[0-9]+}}: error: 'memref.load' op uses 'memref<?xindex>' on #hal.device.target<"vulkan"> ({{.+}}), which the vulkan backend does not support
// TYPES: FAIL index_ops
// TYPES: error: 'memref.load' op uses 'memref<?xbf16>' on #hal.device.target<"vulkan"> ({{.+}}), which the vulkan backend does not support
// TYPES: FAIL bf16_ops
// TYPES: 8 passed, 2 failed

// REDUCTION: error: 'linalg.softmax' is left in function 'vulkan_executables_softmax_dispatch_0' by backend 'vulkan'
// REDUCTION: FAIL softmax
// REDUCTION: FAIL softmax_dynamic
// REDUCTION: 4 passed, 2 failed
