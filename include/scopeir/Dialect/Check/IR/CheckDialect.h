//===- CheckDialect.h - check dialect declaration ---------------*- C++ -*-===//
//
// This file declares the check dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CHECK_IR_CHECKDIALECT_H
#define SCOPEIR_DIALECT_CHECK_IR_CHECKDIALECT_H

#include "mlir/IR/Dialect.h"

#include "scopeir/Dialect/Check/IR/CheckDialect.h.inc"

#endif // SCOPEIR_DIALECT_CHECK_IR_CHECKDIALECT_H
