// --help lists scope-run's own options in its six categories and LLVM's
// generic ones, not the options libLLVM and libMLIR register.
// RUN: scope-run --help | FileCheck %s
// RUN: scope-run --help | FileCheck %s --check-prefix=NOLIB
// CHECK: USAGE: scope-run [options] <input .mlir file>
// CHECK: Batch:
// CHECK: --batch=<FILE>
// CHECK: --job-stderr=<FILE>
// CHECK: --job-stdout=<FILE>
// CHECK: Benchmark and trace:
// CHECK: --benchmark=<N>
// CHECK: --dump-dispatches
// CHECK: Compile:
// CHECK: --dispatch
// CHECK: --emit-llvm
// CHECK: --opt-level=<uint>
// CHECK: --strip-scopes
// CHECK: Devices:
// CHECK: --host-backend=<string>
// CHECK: --list-devices
// CHECK: --threads=<N>
// CHECK: Generic Options:
// CHECK: --help
// CHECK: --version
// CHECK: Input and output:
// CHECK: --function=<string>
// CHECK: --input=<value>
// CHECK: --input-type=<value>
// CHECK: --output=<@file.npy|->
// CHECK: Kernels:
// CHECK: --check-kernels[=<rtol,atol>]
// CHECK: --kernel-library=<PATH>
// CHECK: --kernel-spec=<FILE>
// CHECK: --require-kernels
// NOLIB-NOT: --amdgpu
// NOLIB-NOT: --mlir-disable-threading
// NOLIB-NOT: --x86-

// They are only hidden: --help-hidden lists them, and they still work.
// RUN: scope-run --help-hidden | FileCheck %s --check-prefix=HIDDEN
// HIDDEN-DAG: --mlir-disable-threading
// HIDDEN-DAG: --mlir-timing
// HIDDEN-DAG: --input-type=<value>
// RUN: scope-run --help-list-hidden | FileCheck %s --check-prefix=HIDDEN
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --emit-llvm-dialect --mlir-print-ir-before=util-lower-annotations 2>&1 | FileCheck %s --check-prefix=WORKS
// WORKS: IR Dump Before
