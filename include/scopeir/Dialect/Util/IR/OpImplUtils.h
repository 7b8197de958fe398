//===- OpImplUtils.h - Shared pieces of scope-like ops ----------*- C++ -*-===//
//
// This file declares the helpers with which ops of every dialect implement
// util's op interfaces and syntax alike: ties stored as an optional
// `tied_operands` array (absent: nothing tied) and dims as flat lists of
// `index` operands (util.scope, codegen.scope.tu, hal.dispatch.extern,
// flow.dispatch, ...), the shared assembly pieces (dims, shaped type lists,
// tied result lists, the captures and results of a scope) and the parts of
// ClosureOpInterface that do not depend on the op.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_OPIMPLUTILS_H
#define SCOPEIR_DIALECT_UTIL_IR_OPIMPLUTILS_H

#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/BitVector.h"

#include <array>
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

/// Returns the dims of the operand at `operandIndex` (an index over all of
/// an op's operands, as ShapeAwareOpInterface::getOperandDynamicDims takes
/// it) of an op whose shaped operands `operands` carry their dims flattened
/// in `dims`: its slice of `dims` if it is one of `operands`, else none.
mlir::ValueRange getOperandDynamicDims(mlir::OperandRange operands,
                                       mlir::ValueRange dims,
                                       unsigned operandIndex);

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

//===----------------------------------------------------------------------===//
// Shared pieces of closure scope ops (util.scope, codegen.scope.tu, ...)
//===----------------------------------------------------------------------===//

/// The explicit captures and results of a scope op as util.scope writes
/// them, parsed but not resolved:
///   `(%value as %arg: type{dims}, ...)`?  `-> (%capture | type{dims}, ...)`?
struct ParsedScopeSignature {
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand> captures;
  llvm::SmallVector<mlir::Type> captureTypes;
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand> captureDims;
  /// The entry block arguments, one per capture, typed.
  llvm::SmallVector<mlir::OpAsmParser::Argument> arguments;
  llvm::SmallVector<mlir::Type> resultTypes;
  llvm::SmallVector<mlir::OpAsmParser::UnresolvedOperand> resultDims;
  /// One entry per result: the capture index it is tied to, or -1.
  llvm::SmallVector<int64_t> ties;
};

/// Parses the captures and results of a scope op (each optional). A tied
/// result names a capture; a value captured more than once names its first
/// capture not yet tied.
mlir::ParseResult parseScopeSignature(mlir::OpAsmParser &parser,
                                      ParsedScopeSignature &signature);

/// Resolves `signature` into `result`: the operands (captures, capture
/// dims, result dims, in that order) and the result types. Returns the
/// sizes of the three operand segments.
mlir::FailureOr<std::array<int32_t, 3>>
resolveScopeSignature(mlir::OpAsmParser &parser,
                      const ParsedScopeSignature &signature,
                      mlir::OperationState &result);

/// Prints the captures and results of `op`, a closure
/// (`ClosureOpInterface`, `TiedOpInterface`, `ShapeAwareOpInterface`) whose
/// body's entry block arguments stand for its captures, as
/// parseScopeSignature reads them; nothing for an empty list.
void printScopeSignature(mlir::OpAsmPrinter &p, mlir::Operation *op);

/// Prints captures and results as parseScopeSignature reads them, for a
/// scope op that is not a closure: `captures` with their entry block
/// `arguments` and `captureDims` (flattened in capture order); results of
/// `resultTypes`, each tied to the capture in `tiedCaptures` (null: untied,
/// or no entry) or followed by its dims from `resultDims` (the untied
/// results' dims, flattened in order).
void printScopeSignature(mlir::OpAsmPrinter &p, mlir::ValueRange captures,
                         mlir::ValueRange arguments,
                         mlir::ValueRange captureDims,
                         mlir::TypeRange resultTypes,
                         mlir::ValueRange resultDims,
                         llvm::ArrayRef<mlir::Value> tiedCaptures);

/// Parses the trailing `attributes {...}` of a scope op into `result`,
/// rejecting the op's inherent attributes `inherentNames`: they have their
/// own syntax, and in the dictionary they would silently override it.
mlir::ParseResult
parseScopeAttrDict(mlir::OpAsmParser &parser, mlir::OperationState &result,
                   llvm::ArrayRef<llvm::StringRef> inherentNames);

/// Verifies what the syntax of a closure scope op cannot say: one dim per
/// dynamic dimension of each capture (`captureDims`) and untied result
/// (`resultDims`); one tie entry per result (in `tiedOperands`, if the op
/// stores a tie array), in range, at most one result per capture, and a
/// tied result of its capture's type; one entry block argument per
/// capture, of its type. A value captured twice is valid: replacing one
/// value by another (CSE, folding) may make two captures equal.
mlir::LogicalResult verifyScopeSignature(mlir::Operation *op,
                                         mlir::ValueRange captureDims,
                                         mlir::ValueRange resultDims,
                                         mlir::DenseI64ArrayAttr tiedOperands);

//===----------------------------------------------------------------------===//
// Capturing scope ops (Util_CapturingScopeOp in UtilOpBase.td)
//===----------------------------------------------------------------------===//

/// Adds the body region of a scope op being built to `state`, with an entry
/// block holding one argument per capture (of its type, at its location).
/// Returns the entry block.
mlir::Block *addCaptureEntryBlock(mlir::OperationState &state,
                                  mlir::ValueRange captures);

/// Parses a capturing scope op into `result`:
///   `[scope-attrs]? (captures)? (-> (results))? extras region
///    (attributes {...})?`
/// storing its scope attributes (absent when the list is empty), ties
/// (absent when nothing is tied) and operand segment sizes in the op's
/// properties `scopeAttrs`, `tiedOperands` and `segmentSizes`. `parseExtras`,
/// if given, parses what the op itself writes right before its body (a tu
/// scope's strategy). The op's `inherentNames` are rejected in the trailing
/// dictionary (parseScopeAttrDict).
mlir::ParseResult parseCapturingScopeOp(
    mlir::OpAsmParser &parser, mlir::OperationState &result,
    llvm::ArrayRef<llvm::StringRef> inherentNames, mlir::ArrayAttr &scopeAttrs,
    mlir::DenseI64ArrayAttr &tiedOperands, std::array<int32_t, 3> &segmentSizes,
    llvm::function_ref<mlir::ParseResult()> parseExtras = nullptr);

/// Prints `op`, a capturing scope op with the scope attributes `scopeAttrs`,
/// as parseCapturingScopeOp reads it; `printExtras`, if given, prints what
/// the op itself writes right before its body.
void printCapturingScopeOp(mlir::OpAsmPrinter &p, mlir::Operation *op,
                           mlir::ArrayAttr scopeAttrs,
                           llvm::function_ref<void()> printExtras = nullptr);

//===----------------------------------------------------------------------===//
// Terminators whose operands become their parent's results
//===----------------------------------------------------------------------===//

/// Verifies that the operands of `terminator` match the results of its
/// parent op one to one in type. The diagnostics say the terminator
/// `verb`s ("returns", "yields") its values to its `parentNoun` ("scope",
/// "dispatch region"), named after the parent op's name if `nameParent`.
mlir::LogicalResult
verifyOperandsMatchParentResults(mlir::Operation *terminator,
                                 llvm::StringRef verb,
                                 llvm::StringRef parentNoun, bool nameParent);

/// What remains of a closure scope op when some captures and results go
/// (ClosureOpInterface::cloneReplacementExcludingOperandsAndResults): the
/// kept captures with their dims, the kept result types, the ties remapped
/// (a kept result tied to a dropped capture becomes untied and takes that
/// capture's dims) and the untied results' dims.
struct ClosureExclusion {
  llvm::SmallVector<mlir::Value> captures;
  llvm::SmallVector<mlir::Value> captureDims;
  llvm::SmallVector<mlir::Type> resultTypes;
  llvm::SmallVector<mlir::Value> resultDims;
  llvm::SmallVector<int64_t> ties;
  llvm::BitVector droppedCaptures;
  llvm::BitVector droppedResults;
};

/// Computes the operands of the replacement of `op` (a closure with ties
/// and dims) without the given closure operands and results (sorted, unique).
ClosureExclusion computeClosureExclusion(mlir::Operation *op,
                                         llvm::ArrayRef<unsigned> operands,
                                         llvm::ArrayRef<unsigned> results);

/// Moves the body of `from` into `to` (whose body is replaced), then drops
/// the entry block arguments of the excluded captures (which must be unused)
/// and the operands of the excluded results from every exit.
void moveClosureBody(mlir::RewriterBase &rewriter, ClosureOpInterface from,
                     ClosureOpInterface to, const ClosureExclusion &exclusion);

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

#endif // SCOPEIR_DIALECT_UTIL_IR_OPIMPLUTILS_H
