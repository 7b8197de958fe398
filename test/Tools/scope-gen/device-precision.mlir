// scope-gen's error model follows the rounding rules of the backends a
// program may run on. Seed 567 computes fma(x, sqrt(1 + |fma(...)|), ...):
// on the CPU backends and in the reference sqrt and fma round correctly
// (one rounding each), so the result must match bit for bit (err 0); with
// --device-backend=vulkan the program is mixed and may run those ops on
// Vulkan, whose sqrt is 1 / inversesqrt (not correctly rounded) and whose
// fma may be a multiply then an add: lavapipe is 1 ulp off there, and the
// result gets that tolerance ("device-precision").
// RUN: scope-gen --seed=567 --device-backend=vulkan --meta=%t.vulkan.json -o /dev/null
// RUN: FileCheck %s --check-prefix=VULKAN < %t.vulkan.json
// RUN: scope-gen --seed=567 --meta=%t.cpu.json -o /dev/null
// RUN: FileCheck %s --check-prefix=CPU < %t.cpu.json

// VULKAN:      "uniform_backend": null,
// VULKAN:      "type": "3x7xf32",
// VULKAN-NEXT: "err": {{[1-9][0-9.]*e-06}},
// VULKAN-NEXT: "exact": false,
// VULKAN-NEXT: "sources": [
// VULKAN-NEXT:   "device-precision"
// VULKAN-NEXT: ]

// CPU:      "type": "3x7xf32",
// CPU-NEXT: "err": 0,
// CPU-NEXT: "exact": false,
// CPU-NEXT: "sources": []

// A uniform program runs on one CPU backend even with --device-backend (no
// scope is drawn on the device): seed 103's sqrt keeps its bit-for-bit
// comparison, and its files are those of a run without the option.
// RUN: scope-gen --seed=103 --device-backend=vulkan --meta=%t.uniform.json -o %t.uniform.mlir
// RUN: FileCheck %s --check-prefix=UNIFORM < %t.uniform.json
// RUN: scope-gen --seed=103 --meta=%t.uniform-cpu.json -o %t.uniform-cpu.mlir
// RUN: cmp %t.uniform.json %t.uniform-cpu.json
// RUN: cmp %t.uniform.mlir %t.uniform-cpu.mlir

// UNIFORM:      "uniform_backend": "llvm-cpu-loops",
// UNIFORM:      "math.sqrt": 1,
