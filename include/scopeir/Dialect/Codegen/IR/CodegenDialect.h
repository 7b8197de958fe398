//===- CodegenDialect.h - codegen dialect declaration -----------*- C++ -*-===//
//
// This file declares the codegen dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENDIALECT_H
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENDIALECT_H

#include "mlir/IR/Dialect.h"

#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h.inc"

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENDIALECT_H
