//===- OpImplUtils.h - Shared pieces of tied, shape-aware ops ---*- C++ -*-===//
//
// This file declares helpers for implementing TiedOpInterface and
// ShapeAwareOpInterface on ops of any dialect that store their ties as an
// optional `tied_operands` array (absent: nothing tied) and their dims as
// flat lists of `index` operands (util.scope, codegen.scope.tu,
// hal.dispatch.extern, flow.dispatch, ...), so that every such op reads,
// verifies, updates and reifies them the same way.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_OPIMPLUTILS_H
#define SCOPEIR_DIALECT_UTIL_IR_OPIMPLUTILS_H

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace scopeir::util {

/// Returns the tie array (TiedOpInterface::getTiedResultIndices) of an op
/// with `numResults` results that stores it as `stored`: `stored` itself, or
/// every result untied when it is absent.
llvm::SmallVector<int64_t> getTiesOrUntied(mlir::DenseI64ArrayAttr stored,
                                           unsigned numResults);

/// Returns the array to store for the tie array `ties`: null (the attribute
/// stays absent) when every result is untied.
mlir::DenseI64ArrayAttr getTiesAttrOrNull(mlir::MLIRContext *context,
                                          llvm::ArrayRef<int64_t> ties);

/// Returns the dims of result `resultIndex` of `op`, whose tied operands
/// carry their dims flattened in `operandDims` and whose untied results
/// carry theirs flattened in `resultDims`: a tied result has its operand's
/// dims, an untied one its slice of `resultDims` (empty if that is too
/// short; the verifier reports it).
mlir::ValueRange getTiedResultDynamicDims(TiedOpInterface op,
                                          unsigned resultIndex,
                                          mlir::ValueRange operandDims,
                                          mlir::ValueRange resultDims);

/// Verifies the ties of `op`: one entry per result (`numTieEntries`, if the
/// op stores a tie array), each naming one of its tied operands, at most one
/// result per operand, and a tied result of its operand's type. The
/// diagnostics call a tied operand `operandNoun` ("capture") and introduce
/// their number with `countIntro` ("the scope has"). Returns the number of
/// dims the untied results need (one per dynamic dimension).
mlir::FailureOr<unsigned> verifyTiedResults(TiedOpInterface op,
                                            std::optional<size_t> numTieEntries,
                                            llvm::StringRef operandNoun,
                                            llvm::StringRef countIntro);

/// Reifies the result shapes of `op` from its dims
/// (ReifyRankedShapedTypeOpInterface::reifyResultShapes): one entry per
/// result, its static sizes and, for each dynamic one, the dim that
/// ShapeAwareOpInterface::getResultDynamicDims gives it; an empty entry for
/// a result that is not a ranked tensor. Fails if a result lacks dims (the
/// verifier reports that).
mlir::LogicalResult
reifyResultShapesFromDims(ShapeAwareOpInterface op, mlir::Builder &builder,
                          mlir::ReifiedRankedShapedTypeDims &shapes);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_IR_OPIMPLUTILS_H
