//===- FlowOps.h - flow ops -------------------------------------*- C++ -*-===//
//
// This file declares the flow dialect's ops.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_IR_FLOWOPS_H
#define SCOPEIR_DIALECT_FLOW_IR_FLOWOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "scopeir/Dialect/Flow/IR/FlowDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#define GET_OP_CLASSES
#include "scopeir/Dialect/Flow/IR/FlowOps.h.inc"

#endif // SCOPEIR_DIALECT_FLOW_IR_FLOWOPS_H
