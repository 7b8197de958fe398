//===- FlowDialect.h - flow dialect declaration -----------------*- C++ -*-===//
//
// This file declares the flow dialect.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_IR_FLOWDIALECT_H
#define SCOPEIR_DIALECT_FLOW_IR_FLOWDIALECT_H

#include "mlir/IR/Dialect.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "scopeir/Dialect/Flow/IR/FlowDialect.h.inc"

#endif // SCOPEIR_DIALECT_FLOW_IR_FLOWDIALECT_H
