//===- CheckOps.h - check ops -----------------------------------*- C++ -*-===//
//
// This file declares the check dialect's ops.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CHECK_IR_CHECKOPS_H
#define SCOPEIR_DIALECT_CHECK_IR_CHECKOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "scopeir/Dialect/Check/IR/CheckDialect.h"

#define GET_OP_CLASSES
#include "scopeir/Dialect/Check/IR/CheckOps.h.inc"

#endif // SCOPEIR_DIALECT_CHECK_IR_CHECKOPS_H
