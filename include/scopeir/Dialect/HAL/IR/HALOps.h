//===- HALOps.h - hal ops ---------------------------------------*- C++ -*-===//
//
// This file declares the hal dialect's ops. Including it gives the whole
// dialect: ops and attributes.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_IR_HALOPS_H
#define SCOPEIR_DIALECT_HAL_IR_HALOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include <string>
#include <vector>

#define GET_OP_CLASSES
#include "scopeir/Dialect/HAL/IR/HALOps.h.inc"

namespace scopeir::hal {

/// Returns the kernel symbols that `root`'s extern scopes
/// (`#hal.extern<"symbol">`) and extern kernel calls (ExternCallOpInterface
/// ops: `hal.dispatch.extern`) name, each once, in first-use order: the
/// kernels a driver must bind to a library or compile as their
/// decompositions.
std::vector<std::string> collectKernelSymbols(mlir::Operation *root);

} // namespace scopeir::hal

#endif // SCOPEIR_DIALECT_HAL_IR_HALOPS_H
