// --emit-llvm prints the module after LLVM's optimizer, every defined
// function marked with the JIT's target CPU and features (the same CPU
// --version names), and runs nothing: no inputs are needed.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --emit-llvm | FileCheck %s
// RUN: scope-run --version | FileCheck %s --check-prefix=CPU
// CHECK: define {{.*}}@_mlir__mlir_ciface_add_scale({{.*}}) {{.*}}#[[ATTRS:[0-9]+]]
// CHECK-NOT: {{^[0-9]+x[0-9]+xf32=}}
// CHECK: attributes #[[ATTRS]] = { {{.*}}"target-cpu"="{{[a-z0-9_-]+}}" "target-features"="+{{[^"]+}}"
// CPU: JIT target: {{[a-z0-9_-]+}}

// The engine's packed wrapper of the entry is the module's only external
// definition: every other function (the entry, its C interface, each
// dispatch, the packed wrappers the engine adds) is internal before LLVM's
// optimizer runs, so that what LLVM inlines is not compiled a second time.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --emit-llvm \
// RUN:   | grep '^define' | grep -v '^define internal' | FileCheck %s --check-prefix=EXTERNAL
// EXTERNAL: define void @_mlir__mlir_ciface_add_scale(
// EXTERNAL-NOT: define
// At -O0 nothing is inlined: the functions are all there, internal.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --emit-llvm --opt-level=0 \
// RUN:   | FileCheck %s --check-prefix=O0
// O0-DAG: define internal {{.*}}@add_scale(
// O0-DAG: define internal {{.*}}@_mlir_ciface_add_scale(
// O0-DAG: define void @_mlir__mlir_ciface_add_scale(
