// The layering rules of the README's layout, held on the sources' includes
// (utils/check-layering.py lists them): the runtime is C++ standard library
// only, the runner, scope-run and scope-check name no dialect, the pipeline
// no backend, no dialect builds a backend, util knows no other dialect, flow
// knows nothing of hal (devices and kernels reach it through util's
// interfaces), targets know neither the pipeline nor the runner, nor each
// other.
// RUN: %python %scopeir_src_root/utils/check-layering.py %scopeir_src_root | FileCheck %s
// CHECK: check-layering: {{[0-9]+}} rules, {{[1-9][0-9]*}} files checked, 0 violations

// The checker is not vacuous: a tree whose runtime includes an LLVM header,
// whose util and flow include hal and whose Vulkan target includes the
// CPU target's header fails, naming all four.
// RUN: rm -rf %t && mkdir -p %t/lib/Runtime %t/include/scopeir/Runtime %t/lib/Runner %t/include/scopeir/Runner %t/tools/scope-run %t/tools/scope-check %t/lib/Pipeline %t/include/scopeir/Pipeline %t/lib/Dialect/Util %t/include/scopeir/Dialect/Util %t/lib/Dialect/Flow %t/include/scopeir/Dialect/Flow %t/lib/Target %t/include/scopeir/Target %t/lib/Target/LLVMCPU %t/include/scopeir/Target/LLVMCPU %t/lib/Target/Vulkan %t/include/scopeir/Target/Vulkan
// RUN: echo '#include "llvm/ADT/StringRef.h"' > %t/lib/Runtime/Bad.cpp
// RUN: echo '#include "scopeir/Dialect/HAL/IR/HALOps.h"' > %t/lib/Dialect/Util/Bad.cpp
// RUN: echo '#include "scopeir/Dialect/HAL/IR/HALAttrs.h"' > %t/lib/Dialect/Flow/Bad.cpp
// RUN: echo '#include "scopeir/Target/LLVMCPU/Passes.h"' > %t/lib/Target/Vulkan/Bad.cpp
// RUN: not %python %scopeir_src_root/utils/check-layering.py %t | FileCheck %s --check-prefix=BAD
// BAD-DAG: lib/Runtime/Bad.cpp:1: runtime-standard-library-only: llvm/ADT/StringRef.h
// BAD-DAG: lib/Dialect/Util/Bad.cpp:1: util-knows-no-other-dialect: scopeir/Dialect/HAL/IR/HALOps.h
// BAD-DAG: lib/Dialect/Flow/Bad.cpp:1: flow-knows-no-hal: scopeir/Dialect/HAL/IR/HALAttrs.h
// BAD-DAG: lib/Target/Vulkan/Bad.cpp:1: target-knows-no-other-target: scopeir/Target/LLVMCPU/Passes.h
// BAD: 4 violations
