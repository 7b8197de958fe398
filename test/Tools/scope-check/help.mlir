// --help lists scope-check's own options in its four categories and LLVM's
// generic ones, not the options libLLVM and libMLIR register; --version
// names scopeir's version and the MLIR release.
// RUN: scope-check --help | FileCheck %s
// RUN: scope-check --help | FileCheck %s --check-prefix=NOLIB
// RUN: scope-check --version | FileCheck %s --check-prefix=VERSION
// CHECK: USAGE: scope-check [options] <input .mlir file>
// CHECK: Compile:
// CHECK: --dispatch
// CHECK: --input-type=<value>
// CHECK: --opt-level=<uint>
// CHECK: --strip-scopes
// CHECK: Devices:
// CHECK: --device=<BACKEND>
// CHECK: --host-backend=<string>
// CHECK: --threads=<N>
// CHECK: Generic Options:
// CHECK: --help
// CHECK: --version
// CHECK: Tests:
// CHECK: --function=<NAME>
// CHECK: --list-tests
// CHECK: --timeout=<SECONDS>
// CHECK: Trace:
// CHECK: --dump-dispatches
// CHECK: --print-zones
// CHECK: --trace=<FILE.json>
// NOLIB-NOT: --amdgpu
// NOLIB-NOT: --mlir-disable-threading
// NOLIB-NOT: --x86-
// VERSION: scope-check (scopeir) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// VERSION-NEXT: built with MLIR {{[0-9]+\.[0-9]+\.[0-9]+}}

// MLIR's own options are only hidden, and apply to each test's compile.
// RUN: scope-check %s --mlir-print-ir-before=check-lower-to-runtime 2>&1 | FileCheck %s --check-prefix=MLIR
// MLIR: IR Dump Before LowerToRuntimePass (check-lower-to-runtime)
// MLIR: PASS test
func.func @test() {
  %a = util.unfoldable_constant 1 : i8
  check.expect_true(%a) : i8
  return
}
