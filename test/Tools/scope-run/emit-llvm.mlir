// --emit-llvm prints the module after LLVM's optimizer, every defined
// function marked with the JIT's target CPU and features (the same CPU
// --version names), and runs nothing: no inputs are needed.
// RUN: scope-run %S/Inputs/add.mlir --function=add_scale --emit-llvm | FileCheck %s
// RUN: scope-run --version | FileCheck %s --check-prefix=CPU
// CHECK: define {{.*}}@_mlir_ciface_add_scale({{.*}}) {{.*}}#[[ATTRS:[0-9]+]]
// CHECK-NOT: {{^[0-9]+x[0-9]+xf32=}}
// CHECK: attributes #[[ATTRS]] = { {{.*}}"target-cpu"="{{[a-z0-9_-]+}}" "target-features"="+{{[^"]+}}"
// CPU: scope-run JIT target: {{[a-z0-9_-]+}}
