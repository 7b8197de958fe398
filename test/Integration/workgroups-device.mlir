// A workgroups scope inside a device scope: at dispatch granularity it is a
// dispatch of its own on the device (the add another), one after fusion; at
// scope granularity (the device scope one function) it runs too; the
// coverage check passes; every run prints exp(a) + a.
// RUN: rm -rf %t && mkdir -p %t
// RUN: scope-run %S/Inputs/workgroups-device.mlir --input=12xf32=1 --dump-dispatches | FileCheck %s --check-prefixes=CHECK,UNFUSED
// RUN: scope-opt --codegen-fuse-into-workgroups %S/Inputs/workgroups-device.mlir -o %t/fused.mlir
// RUN: scope-run %t/fused.mlir --input=12xf32=1 --dump-dispatches --codegen-check-stores | FileCheck %s --check-prefixes=CHECK,FUSED
// RUN: scope-run %S/Inputs/workgroups-device.mlir --input=12xf32=1 --dispatch=false --threads=1 | FileCheck %s --check-prefix=RESULT
// RUN: scope-run %t/fused.mlir --input=12xf32=1 --dispatch=false --threads=2 | FileCheck %s --check-prefix=RESULT
// CHECK: dispatch #0 @llvm_cpu_executables::@main_dispatch_0 device=#hal.device.target<"llvm-cpu">
// UNFUSED-NEXT: dispatch #1 @llvm_cpu_executables::@main_dispatch_1 device=#hal.device.target<"llvm-cpu">
// FUSED-NOT: dispatch #1
// CHECK: 12xf32=3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828
// RESULT: 12xf32=3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828 3.71828
