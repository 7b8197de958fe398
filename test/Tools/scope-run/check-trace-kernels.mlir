// The trace checker accepts an extern kernel call's dispatch slice (named
// after its kernel, args device, extern and scope; no executable, no index),
// as flow-trace-dispatches marks it, and still rejects one whose name is not
// its kernel's. The trace is written by hand, so that the checker's rule is
// tested whatever the compile pipeline does with kernel calls.
// RUN: %python %S/Inputs/check-trace.py %S/Inputs/kernel-trace.json --zone layer=1 --dispatches 2 --device llvm-cpu
// RUN: sed 's/"extern":"neg_f32"/"extern":"abs_f32"/' %S/Inputs/kernel-trace.json > %t.json
// RUN: not %python %S/Inputs/check-trace.py %t.json 2>&1 | FileCheck %s
// CHECK: kernel call neg_f32 names the kernel abs_f32
