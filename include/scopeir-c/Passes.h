/*===- Passes.h - C API of scopeir's passes -----------------------*- C -*-===*\
|*                                                                            *|
|* This header declares, for every pass group, generated from its Passes.td   *|
|* as upstream's mlir-c headers are: mlirRegister<Group>Passes() and, per     *|
|* pass, mlirCreate<Group><Pass>() and mlirRegister<Group><Pass>(). Groups:   *|
|* Util, HAL, Flow, Codegen, Check, LLVMCPU (the llvm-cpu backends' passes),  *|
|* Vulkan.                                                                    *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SCOPEIR_C_PASSES_H
#define SCOPEIR_C_PASSES_H

#include "mlir-c/Pass.h"

#include "scopeir/Dialect/Check/Transforms/Passes.capi.h.inc"
#include "scopeir/Dialect/Codegen/Transforms/Passes.capi.h.inc"
#include "scopeir/Dialect/Flow/Transforms/Passes.capi.h.inc"
#include "scopeir/Dialect/HAL/Transforms/Passes.capi.h.inc"
#include "scopeir/Dialect/Util/Transforms/Passes.capi.h.inc"
#include "scopeir/Target/LLVMCPU/Passes.capi.h.inc"
#include "scopeir/Target/Vulkan/Passes.capi.h.inc"

#endif /* SCOPEIR_C_PASSES_H */
