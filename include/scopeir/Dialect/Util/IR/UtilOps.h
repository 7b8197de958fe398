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

/// The custom directive
/// `custom<TiedShapedResultList>(ref($operands), ref(type($operands)),
/// type($results), $result_dims, $tied_operands)`: a parenthesized list of
/// results, each either the name of one of `$operands` (the result is tied
/// to it and has its type and dims) or a type followed by its dims,
/// `(%t, tensor<?x4xf32>{%d})`. `$result_dims` holds the dims of the untied
/// results, flattened in order; `$tied_operands` gets one entry per result
/// (the operand index, or -1), and stays absent when nothing is tied. A
/// value that is several operands names its first one not yet tied.
mlir::ParseResult parseTiedShapedResultList(
    mlir::OpAsmParser &parser,
    llvm::ArrayRef<mlir::OpAsmParser::UnresolvedOperand> operands,
    llvm::ArrayRef<mlir::Type> operandTypes,
    llvm::SmallVectorImpl<mlir::Type> &resultTypes,
    llvm::SmallVectorImpl<mlir::OpAsmParser::UnresolvedOperand> &resultDims,
    mlir::DenseI64ArrayAttr &tiedOperands);
void printTiedShapedResultList(mlir::OpAsmPrinter &p, mlir::Operation *op,
                               mlir::ValueRange operands,
                               mlir::TypeRange operandTypes,
                               mlir::TypeRange resultTypes,
                               mlir::ValueRange resultDims,
                               mlir::DenseI64ArrayAttr tiedOperands);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILOPS_H
