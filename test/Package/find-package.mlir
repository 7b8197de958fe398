// The installed package serves another project: this build is installed into
// a scratch prefix (`cmake --install`), then Inputs/downstream, a project
// using find_package(scopeir), is configured and built against it. Its own
// opt tool (scopeir's dialects and util's passes) runs a pass on the scope
// below; its C program loads util through the installed C API.
// Sanitizer builds install instrumented libraries that a plain downstream
// link cannot use.
// UNSUPPORTED: asan
// RUN: rm -rf %t && mkdir -p %t
// RUN: %cmake --install %scopeir_obj_root --prefix %t/prefix > %t/install.log
// RUN: %cmake -G Ninja -S %S/Inputs/downstream -B %t/build \
// RUN:   -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER=%cc -DCMAKE_CXX_COMPILER=%cxx \
// RUN:   -DLLVM_USE_LINKER=%llvm_use_linker -DCMAKE_MAKE_PROGRAM=%make_program \
// RUN:   -Dscopeir_DIR=%t/prefix/lib/cmake/scopeir > %t/configure.log
// RUN: %cmake --build %t/build -j 2 > %t/build.log
// RUN: %t/build/downstream-opt %s --util-lower-annotations --util-strip-scopes | FileCheck %s
// RUN: %t/build/downstream-capi | FileCheck %s --check-prefix=CAPI

// The installed tools run from the prefix, and the generated headers and the
// package files are there.
// RUN: %t/prefix/bin/scope-opt --version | FileCheck %s --check-prefix=VERSION
// RUN: %t/prefix/bin/scope-run --version | FileCheck %s --check-prefix=VERSION
// RUN: %t/prefix/bin/scope-lsp-server --version | FileCheck %s --check-prefix=VERSION
// RUN: ls %t/prefix/include/scopeir/Dialect/Util/IR/UtilOps.h.inc \
// RUN:   %t/prefix/include/scopeir/Dialect/Util/Transforms/Passes.capi.h.inc \
// RUN:   %t/prefix/include/scopeir/Dialect/Util/IR/UtilInterfaces.td \
// RUN:   %t/prefix/lib/cmake/scopeir/scopeirConfigVersion.cmake > /dev/null
// VERSION: (scopeir) {{[0-9]+\.[0-9]+\.[0-9]+}}

// The Python package is installed too and finds the installed C API
// (without a build directory to point it elsewhere).
// RUN: env -u SCOPEIR_BUILD_DIR -u SCOPEIR_LIBRARY PYTHONPATH=%t/prefix/python \
// RUN:   %python -c "import scopeir.runtime as rt; print(rt.find_library()); print(rt.target_backends())" \
// RUN:   | FileCheck %s --check-prefix=PYTHON -DPREFIX=%t/prefix
// RUN: ls %t/prefix/python/scopeir/torch/__main__.py %t/prefix/python/scopeir/torch/_ops/conv.py > /dev/null
// PYTHON: [[PREFIX]]/lib{{(/[a-z0-9_-]+)?}}/libScopeirCAPI.so
// PYTHON-NEXT: ['llvm-cpu', 'llvm-cpu-loops'{{.*}}]

// CHECK-LABEL: func.func @twice
//   CHECK-NOT:   util.
//       CHECK:   %[[S:.+]] = arith.addf %arg0, %arg0 : f32
//       CHECK:   return %[[S]] : f32
func.func @twice(%x: f32) -> f32 {
  %r = util.annotate [#util.zone<"add">] {
    %s = arith.addf %x, %x : f32
    util.return %s : f32
  } : f32
  return %r : f32
}

// CAPI:      util.scope [#util.zone<"c">] {
// CAPI-NEXT:   util.return
// CAPI-NEXT: }
