//===- RegisterEverything.cpp - C API of what tools register ---*- C++ -*-===//
//
// This file implements the C counterparts of scopeir/InitAll.h.
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/RegisterEverything.h"

#include "scopeir/InitAll.h"
#include "scopeir/Pipeline/Pipeline.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"

void scopeirRegisterAllDialects(MlirDialectRegistry registry) {
  scopeir::registerAllDialects(*unwrap(registry));
}

void scopeirRegisterAllPasses(void) {
  scopeir::registerAllPasses();
  scopeir::pipeline::registerCompilePipeline();
}
