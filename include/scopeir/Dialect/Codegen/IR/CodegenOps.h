//===- CodegenOps.h - codegen ops -------------------------------*- C++ -*-===//
//
// This file declares the codegen dialect's ops. Including it gives the whole
// dialect: ops, attributes and strategies.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_H
#define SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_H

#include "scopeir/Dialect/Codegen/IR/CodegenAttrs.h"
#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#define GET_OP_CLASSES
#include "scopeir/Dialect/Codegen/IR/CodegenOps.h.inc"

#endif // SCOPEIR_DIALECT_CODEGEN_IR_CODEGENOPS_H
