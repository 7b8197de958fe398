//===- UtilDialect.h - util dialect declaration -----------------*- C++ -*-===//
//
// This file declares the util dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILDIALECT_H
#define SCOPEIR_DIALECT_UTIL_IR_UTILDIALECT_H

#include "mlir/IR/Dialect.h"

#include "scopeir/Dialect/Util/IR/UtilDialect.h.inc"

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILDIALECT_H
