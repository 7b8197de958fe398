//===- UtilOps.h - util ops -------------------------------------*- C++ -*-===//
//
// This file declares the util dialect's ops. Including it gives the whole
// dialect: ops, attributes, interfaces and scope lookups.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H
#define SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#define GET_OP_CLASSES
#include "scopeir/Dialect/Util/IR/UtilOps.h.inc"

namespace scopeir::util {

//===----------------------------------------------------------------------===//
// Shared assembly pieces: every op of ours prints dims the same way
//===----------------------------------------------------------------------===//

/// Parses the IREE-style dims of one shaped value, `{%d0, %d1}`, if present.
mlir::ParseResult parseOptionalDynamicDims(
    mlir::OpAsmParser &parser,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &dims);

/// Prints `{%d0, %d1}`; nothing for an empty list.
void printDynamicDims(mlir::OpAsmPrinter &p, mlir::ValueRange dims);

/// The custom directive `custom<ShapedTypeList>(type($values), $dims)`:
/// a parenthesized list of types, each dynamically shaped one followed by
/// its dims, `(tensor<?x4xf32>{%d}, index)`; `()` when empty. `$dims` holds
/// the dims of all the types, flattened in order.
mlir::ParseResult parseShapedTypeList(
    mlir::OpAsmParser &parser, llvm::SmallVectorImpl<mlir::Type> &types,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &dims);
void printShapedTypeList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                         mlir::TypeRange types, mlir::ValueRange dims);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H
