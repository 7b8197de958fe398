//===- HALDialect.h - hal dialect declaration -------------------*- C++ -*-===//
//
// This file declares the hal dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALDIALECT_H
#define SCOPEIR_DIALECT_HAL_IR_HALDIALECT_H

#include "mlir/IR/Dialect.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "scopeir/Dialect/HAL/IR/HALDialect.h.inc"

#endif // SCOPEIR_DIALECT_HAL_IR_HALDIALECT_H
