// --version names the CPU the JIT compiles for and its enabled features.
// RUN: scope-run --version | FileCheck %s
// CHECK: scope-run JIT target: {{[a-z0-9_-]+}} ({{[a-z0-9_-]+}}), {{[0-9]+}} x {{128|256|512}}-bit vector registers
// CHECK-NEXT: features: +{{[a-z0-9.-]+}}{{(,\+[a-z0-9.-]+)*$}}
