// --device places each test body on a backend (the module's default
// device): every dispatch of every test runs there, results unchanged.
// Without it, the host backend compiles them. It composes with --threads,
// --dispatch=false and a scope of the test's own, which keeps its device.
// RUN: scope-check %s --dump-dispatches | FileCheck %s --check-prefix=HOST
// RUN: scope-check %s --dump-dispatches --device=llvm-cpu | FileCheck %s --check-prefix=CPU
// RUN: scope-check %s --device=llvm-cpu --threads=2 | FileCheck %s --check-prefix=PASS
// RUN: scope-check %s --device=llvm-cpu --dispatch=false | FileCheck %s --check-prefix=PASS
// RUN: not scope-check %s --device=nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not scope-check %s --host-backend=nope 2>&1 | FileCheck %s --check-prefix=UNKNOWN-HOST
// RUN: not scope-check %s --device=vulkan --dispatch=false 2>&1 | FileCheck %s --check-prefix=DEVICE-MEMORY

// HOST:      dispatch #0 @{{.+}}::@add_dispatch_0 device=host scope=-
// HOST:      PASS add
// HOST:      dispatch #0 @{{.+}}::@nested_dispatch_0 device=#hal.device.target<"llvm-cpu-loops"> scope=
// HOST:      PASS nested

// CPU:      dispatch #0 @{{.+}}::@add_dispatch_0 device=#hal.device.target<"llvm-cpu"> scope=-
// CPU:      PASS add
// CPU:      dispatch #0 @{{.+}}::@nested_dispatch_0 device=#hal.device.target<"llvm-cpu-loops"> scope=
// CPU:      PASS nested
// CPU:      2 passed, 0 failed

// PASS: 2 passed, 0 failed

// A misspelt backend is reported before any test runs.
// UNKNOWN: scope-check: --device: unknown backend 'nope'; registered backends: llvm-cpu, llvm-cpu-loops
// UNKNOWN-NOT: FAIL
// UNKNOWN-HOST: scope-check: unknown host backend 'nope'; registered backends: llvm-cpu, llvm-cpu-loops

// So is a backend with memory of its own without dispatch formation: the
// test bodies go on it (device-vulkan.mlir), and their host ops (the
// checks) stay host code only between dispatches.
// DEVICE-MEMORY: scope-check: --device: backend 'vulkan' computes in memory of its own: the bodies placed on it need dispatch formation (without it, their host ops would read device memory)
// DEVICE-MEMORY-NOT: PASS

func.func @add() {
  %a = util.unfoldable_constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %e = tensor.empty() : tensor<2x2xf32>
  %s = linalg.add ins(%a, %a : tensor<2x2xf32>, tensor<2x2xf32>) outs(%e : tensor<2x2xf32>) -> tensor<2x2xf32>
  check.expect_almost_eq_const(%s, dense<[[2.0, 4.0], [6.0, 8.0]]> : tensor<2x2xf32>) : tensor<2x2xf32>
  return
}

func.func @nested() {
  %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %r = util.annotate [#hal.device.target<"llvm-cpu-loops">] {
    %e = tensor.empty() : tensor<4xi32>
    %m = linalg.mul ins(%a, %a : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) -> tensor<4xi32>
    util.return %m : tensor<4xi32>
  } : tensor<4xi32>
  check.expect_eq_const(%r, dense<[1, 4, 9, 16]> : tensor<4xi32>) : tensor<4xi32>
  return
}
