// --version names scopeir's version, the MLIR release it was built with, and
// the CPU the JIT compiles for with its enabled features.
// RUN: scope-run --version | FileCheck %s
// CHECK: scope-run (scopeir) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// CHECK-NEXT: built with MLIR {{[0-9]+\.[0-9]+\.[0-9]+}}
// CHECK-NEXT: JIT target: {{[a-z0-9_-]+}} ({{[a-z0-9_-]+}}), {{[0-9]+}} x {{128|256|512}}-bit vector registers
// CHECK-NEXT: JIT features: +{{[a-z0-9.-]+}}{{(,\+[a-z0-9.-]+)*$}}

// scope-opt prints the same first two lines.
// RUN: scope-opt --version | FileCheck %s --check-prefix=OPT
// OPT: scope-opt (scopeir) {{[0-9]+\.[0-9]+\.[0-9]+$}}
// OPT-NEXT: built with MLIR {{[0-9]+\.[0-9]+\.[0-9]+}}
