//===- OpImplUtils.cpp - Shared pieces of scope-like ops --------*- C++ -*-===//
//
// This file implements the helpers with which ops of several dialects
// implement util's op interfaces, the reification of their result shapes and
// their custom syntax alike.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/OpImplUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace scopeir::util;

SmallVector<int64_t> scopeir::util::getTiesOrUntied(DenseI64ArrayAttr stored,
                                                    unsigned numResults) {
  if (stored)
    return SmallVector<int64_t>(stored.asArrayRef());
  return SmallVector<int64_t>(numResults, TiedOpInterface::kUntied);
}

DenseI64ArrayAttr scopeir::util::getTiesAttrOrNull(MLIRContext *context,
                                                   ArrayRef<int64_t> ties) {
  if (llvm::all_of(ties,
                   [](int64_t t) { return t == TiedOpInterface::kUntied; }))
    return {};
  return DenseI64ArrayAttr::get(context, ties);
}

ValueRange scopeir::util::getOperandDynamicDims(OperandRange operands,
                                                ValueRange dims,
                                                unsigned operandIndex) {
  // (The begin index of an empty range is not defined.)
  if (operands.empty())
    return {};
  unsigned begin = operands.getBeginOperandIndex();
  if (operandIndex < begin || operandIndex >= begin + operands.size())
    return {};
  return sliceDynamicDims(operands.getTypes(), dims, operandIndex - begin);
}

ValueRange scopeir::util::getTiedResultDynamicDims(TiedOpInterface op,
                                                   unsigned resultIndex,
                                                   ValueRange operandDims,
                                                   ValueRange resultDims) {
  if (std::optional<unsigned> tied = op.getTiedResultOperandIndex(resultIndex))
    return sliceDynamicDims(op.getTiedOperandsRange().getTypes(), operandDims,
                            *tied);
  unsigned begin = 0;
  for (unsigned i = 0; i < resultIndex; ++i)
    if (!op.isResultTied(i))
      begin += getNumDynamicDims(op->getResult(i).getType());
  unsigned count = getNumDynamicDims(op->getResult(resultIndex).getType());
  if (begin + count > resultDims.size())
    return {};
  return resultDims.slice(begin, count);
}

FailureOr<unsigned>
scopeir::util::verifyTiedResults(TiedOpInterface op,
                                 std::optional<size_t> numTieEntries,
                                 StringRef operandNoun, StringRef countIntro) {
  if (numTieEntries && *numTieEntries != op->getNumResults())
    return op->emitOpError("expects one tied_operands entry per result (")
           << op->getNumResults() << ") but has " << *numTieEntries;
  OperandRange operands = op.getTiedOperandsRange();
  llvm::SmallDenseMap<int64_t, unsigned> tiedBy;
  unsigned untiedResultDims = 0;
  for (auto [i, tie] : llvm::enumerate(op.getTiedResultIndices())) {
    Type resultType = op->getResult(i).getType();
    if (tie == TiedOpInterface::kUntied) {
      untiedResultDims += getNumDynamicDims(resultType);
      continue;
    }
    if (tie < 0 || tie >= static_cast<int64_t>(operands.size()))
      return op->emitOpError("result #")
             << i << " is tied to " << operandNoun << " #" << tie << " but "
             << countIntro << " " << operands.size() << " " << operandNoun
             << "s";
    auto [it, inserted] = tiedBy.try_emplace(tie, i);
    if (!inserted)
      return op->emitOpError("results #")
             << it->second << " and #" << i << " are both tied to "
             << operandNoun << " #" << tie;
    Type operandType = operands[tie].getType();
    if (operandType != resultType)
      return op->emitOpError("result #")
             << i << " of type " << resultType << " is tied to " << operandNoun
             << " #" << tie << " of type " << operandType
             << "; a tied result must have its " << operandNoun << "'s type";
  }
  return untiedResultDims;
}

LogicalResult
scopeir::util::reifyResultShapesFromDims(ShapeAwareOpInterface op,
                                         Builder &builder,
                                         ReifiedRankedShapedTypeDims &shapes) {
  for (OpResult result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type) {
      shapes.emplace_back();
      continue;
    }
    ValueRange dims = op.getResultDynamicDims(result.getResultNumber());
    SmallVector<OpFoldResult> sizes;
    unsigned next = 0;
    for (int64_t size : type.getShape()) {
      if (!ShapedType::isDynamic(size)) {
        sizes.push_back(builder.getIndexAttr(size));
        continue;
      }
      if (next >= dims.size())
        return failure();
      sizes.push_back(dims[next++]);
    }
    shapes.push_back(std::move(sizes));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Shared assembly pieces
//===----------------------------------------------------------------------===//

ParseResult scopeir::util::parseOptionalDynamicDims(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  if (failed(parser.parseOptionalLBrace()))
    return success();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  if (parser.parseOperandList(dims) || parser.parseRBrace())
    return failure();
  return success();
}

void scopeir::util::printDynamicDims(OpAsmPrinter &p, ValueRange dims) {
  if (dims.empty())
    return;
  p << '{';
  p.printOperands(dims);
  p << '}';
}

ParseResult scopeir::util::parseShapedTypeList(
    OpAsmParser &parser, SmallVectorImpl<Type> &types,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
        Type type;
        if (parser.parseType(type) || parseOptionalDynamicDims(parser, dims))
          return failure();
        types.push_back(type);
        return success();
      });
}

void scopeir::util::printShapedTypeList(OpAsmPrinter &p, Operation *op,
                                        TypeRange types, ValueRange dims) {
  p << '(';
  for (unsigned i = 0, e = types.size(); i < e; ++i) {
    if (i)
      p << ", ";
    p.printType(types[i]);
    printDynamicDims(p, sliceDynamicDims(types, dims, i));
  }
  p << ')';
}

/// Parses a parenthesized list of results, `()` when empty, appending one
/// entry per result to `ties`, `resultTypes` and `resultDims`. A result is
/// the name of one of `operands` (a tied result, of that operand's type) or
/// a type followed by its dims. A value that is several operands names its
/// first one not yet in `ties`. `operandNoun` names the operands in the
/// diagnostic ("an operand").
static ParseResult parseTiedResultList(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    ArrayRef<Type> operandTypes, StringRef operandNoun,
    SmallVectorImpl<int64_t> &ties, SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &resultDims) {
  auto parseResult = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand tiedValue;
    SMLoc loc = parser.getCurrentLocation();
    OptionalParseResult tiedResult = parser.parseOptionalOperand(tiedValue);
    if (tiedResult.has_value()) {
      if (failed(*tiedResult))
        return failure();
      int64_t index = -1;
      for (auto [i, operand] : llvm::enumerate(operands)) {
        if (operand.name != tiedValue.name ||
            operand.number != tiedValue.number)
          continue;
        if (index < 0)
          index = i;
        if (!llvm::is_contained(ties, static_cast<int64_t>(i))) {
          index = i;
          break;
        }
      }
      if (index < 0)
        return parser.emitError(loc, "tied result '")
               << tiedValue.name << "' does not name " << operandNoun;
      // The operand types are parsed before the results but matched to
      // the operands only after: a short type list has no type here.
      if (index >= static_cast<int64_t>(operandTypes.size()))
        return parser.emitError(loc, "tied result '")
               << tiedValue.name << "' names operand #" << index
               << ", which has no type (" << operandTypes.size()
               << " operand types are given)";
      ties.push_back(index);
      resultTypes.push_back(operandTypes[index]);
      return success();
    }
    Type type;
    if (parser.parseType(type) || parseOptionalDynamicDims(parser, resultDims))
      return failure();
    ties.push_back(TiedOpInterface::kUntied);
    resultTypes.push_back(type);
    return success();
  };
  return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                        parseResult);
}

/// Prints a result list as parseTiedResultList reads it: result `i` as the
/// operand `tiedValues[i]` it is tied to (null, or no entry: untied), else
/// as its type followed by its dims from `resultDims` (the untied results'
/// dims, flattened in order).
static void printTiedResultList(OpAsmPrinter &p, TypeRange resultTypes,
                                ValueRange resultDims,
                                ArrayRef<Value> tiedValues) {
  p << '(';
  unsigned nextDim = 0;
  for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
    if (i)
      p << ", ";
    if (i < tiedValues.size() && tiedValues[i]) {
      p.printOperand(tiedValues[i]);
      continue;
    }
    p.printType(resultTypes[i]);
    unsigned count = getNumDynamicDims(resultTypes[i]);
    if (nextDim + count <= resultDims.size())
      printDynamicDims(p, resultDims.slice(nextDim, count));
    nextDim += count;
  }
  p << ')';
}

ParseResult scopeir::util::parseTiedShapedResultList(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    ArrayRef<Type> operandTypes, SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &resultDims,
    DenseI64ArrayAttr &tiedOperands) {
  SmallVector<int64_t> ties;
  if (parseTiedResultList(parser, operands, operandTypes, "an operand", ties,
                          resultTypes, resultDims))
    return failure();
  tiedOperands = getTiesAttrOrNull(parser.getContext(), ties);
  return success();
}

void scopeir::util::printTiedShapedResultList(OpAsmPrinter &p, Operation *op,
                                              ValueRange operands,
                                              TypeRange operandTypes,
                                              TypeRange resultTypes,
                                              ValueRange resultDims,
                                              DenseI64ArrayAttr tiedOperands) {
  SmallVector<Value> tiedValues(resultTypes.size());
  for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
    int64_t tie = tiedOperands && i < tiedOperands.size()
                      ? tiedOperands[i]
                      : TiedOpInterface::kUntied;
    if (tie >= 0 && tie < static_cast<int64_t>(operands.size()))
      tiedValues[i] = operands[tie];
  }
  printTiedResultList(p, resultTypes, resultDims, tiedValues);
}

//===----------------------------------------------------------------------===//
// Shared pieces of closure scope ops
//===----------------------------------------------------------------------===//

ParseResult
scopeir::util::parseScopeSignature(OpAsmParser &parser,
                                   ParsedScopeSignature &signature) {
  // Explicit captures: `%value as %arg: type{dims}`.
  auto &captures = signature.captures;
  if (succeeded(parser.parseOptionalLParen()) &&
      failed(parser.parseOptionalRParen())) {
    auto parseCapture = [&]() -> ParseResult {
      OpAsmParser::UnresolvedOperand capture;
      OpAsmParser::Argument argument;
      if (parser.parseOperand(capture) || parser.parseKeyword("as") ||
          parser.parseArgument(argument) ||
          parser.parseColonType(argument.type) ||
          parseOptionalDynamicDims(parser, signature.captureDims))
        return failure();
      captures.push_back(capture);
      signature.captureTypes.push_back(argument.type);
      signature.arguments.push_back(argument);
      return success();
    };
    if (parser.parseCommaSeparatedList(parseCapture) || parser.parseRParen())
      return failure();
  }

  // Results: `%capture` (tied) or `type{dims}` (new).
  if (failed(parser.parseOptionalArrow()))
    return success();
  // A value captured more than once names its first capture not yet tied.
  // Ties to such captures listed out of capture order come back in capture
  // order: the captures are one value, so only the block argument a storage
  // hint refers to changes (the generic form keeps it exactly).
  return parseTiedResultList(parser, captures, signature.captureTypes,
                             "an explicit capture", signature.ties,
                             signature.resultTypes, signature.resultDims);
}

FailureOr<std::array<int32_t, 3>>
scopeir::util::resolveScopeSignature(OpAsmParser &parser,
                                     const ParsedScopeSignature &signature,
                                     OperationState &result) {
  Type indexType = parser.getBuilder().getIndexType();
  for (auto [capture, type] :
       llvm::zip_equal(signature.captures, signature.captureTypes))
    if (parser.resolveOperand(capture, type, result.operands))
      return failure();
  if (parser.resolveOperands(signature.captureDims, indexType,
                             result.operands) ||
      parser.resolveOperands(signature.resultDims, indexType, result.operands))
    return failure();
  result.addTypes(signature.resultTypes);
  return std::array<int32_t, 3>{
      static_cast<int32_t>(signature.captures.size()),
      static_cast<int32_t>(signature.captureDims.size()),
      static_cast<int32_t>(signature.resultDims.size())};
}

void scopeir::util::printScopeSignature(OpAsmPrinter &p, Operation *op) {
  auto closure = cast<ClosureOpInterface>(op);
  auto tiedOp = cast<TiedOpInterface>(op);
  auto shapeAware = cast<ShapeAwareOpInterface>(op);
  OperandRange captures = closure.getClosureOperands();
  SmallVector<Value> captureDims;
  // (The begin index of an empty range is not defined.)
  for (unsigned i = 0, e = captures.size(); i < e; ++i)
    llvm::append_range(captureDims, shapeAware.getOperandDynamicDims(
                                        captures.getBeginOperandIndex() + i));
  SmallVector<Value> resultDims;
  SmallVector<Value> tiedCaptures;
  for (unsigned i = 0, e = op->getNumResults(); i < e; ++i) {
    tiedCaptures.push_back(tiedOp.getTiedResultOperand(i));
    if (!tiedCaptures.back())
      llvm::append_range(resultDims, shapeAware.getResultDynamicDims(i));
  }
  printScopeSignature(
      p, captures, closure.getClosureBodyRegion().front().getArguments(),
      captureDims, op->getResultTypes(), resultDims, tiedCaptures);
}

void scopeir::util::printScopeSignature(OpAsmPrinter &p, ValueRange captures,
                                        ValueRange arguments,
                                        ValueRange captureDims,
                                        TypeRange resultTypes,
                                        ValueRange resultDims,
                                        ArrayRef<Value> tiedCaptures) {
  if (!captures.empty()) {
    p << " (";
    for (auto [i, capture] : llvm::enumerate(captures)) {
      if (i)
        p << ", ";
      p.printOperand(capture);
      p << " as ";
      if (i < arguments.size())
        p.printOperand(arguments[i]);
      p << ": ";
      p.printType(capture.getType());
      printDynamicDims(p,
                       sliceDynamicDims(captures.getTypes(), captureDims, i));
    }
    p << ')';
  }
  if (resultTypes.empty())
    return;
  p << " -> ";
  printTiedResultList(p, resultTypes, resultDims, tiedCaptures);
}

ParseResult
scopeir::util::parseScopeAttrDict(OpAsmParser &parser, OperationState &result,
                                  ArrayRef<StringRef> inherentNames) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  // The inherent attributes have their own syntax; in the dictionary they
  // would silently override it (or be dropped when mistyped).
  for (StringRef name : inherentNames)
    if (result.attributes.get(name))
      return parser.emitError(loc, "'")
             << name << "' is written in " << result.name.getStringRef()
             << "'s own syntax, not in its attribute dictionary";
  return success();
}

LogicalResult
scopeir::util::verifyScopeSignature(Operation *op, ValueRange captureDims,
                                    ValueRange resultDims,
                                    DenseI64ArrayAttr tiedOperands) {
  std::optional<size_t> numTieEntries;
  if (tiedOperands)
    numTieEntries = tiedOperands.size();
  auto closure = cast<ClosureOpInterface>(op);
  OperandRange captures = closure.getClosureOperands();

  // Dims: one index per dynamic dimension of each capture.
  if (failed(verifyDynamicDimCount(
          op, "captures", getNumDynamicDims(captures.getTypes()), captureDims)))
    return failure();

  // Ties: one entry per result, in range, one result per capture, and the
  // tied result has the capture's type.
  FailureOr<unsigned> expectedResultDims = verifyTiedResults(
      cast<TiedOpInterface>(op), numTieEntries, "capture", "the scope has");
  if (failed(expectedResultDims))
    return failure();
  // Captures and entry block arguments correspond one to one. (Checked here
  // rather than in verifyRegions so that this message comes before the
  // generic RegionBranchOpInterface one.)
  Block &entry = closure.getClosureBodyRegion().front();
  if (entry.getNumArguments() != captures.size())
    return op->emitOpError("expects one entry block argument per capture (")
           << captures.size() << ") but the body has "
           << entry.getNumArguments();
  for (auto [i, capture, arg] : llvm::enumerate(captures, entry.getArguments()))
    if (capture.getType() != arg.getType())
      return op->emitOpError("capture #")
             << i << " has type " << capture.getType()
             << " but its block argument has type " << arg.getType();

  return verifyDynamicDimCount(op, "untied results", *expectedResultDims,
                               resultDims);
}

ClosureExclusion
scopeir::util::computeClosureExclusion(Operation *op,
                                       ArrayRef<unsigned> excludedOperands,
                                       ArrayRef<unsigned> excludedResults) {
  auto closure = cast<ClosureOpInterface>(op);
  auto tiedOp = cast<TiedOpInterface>(op);
  auto shapeAware = cast<ShapeAwareOpInterface>(op);
  OperandRange captures = closure.getClosureOperands();
  ClosureExclusion exclusion;
  exclusion.droppedCaptures.resize(captures.size());
  exclusion.droppedResults.resize(op->getNumResults());
  for (unsigned index : excludedOperands)
    exclusion.droppedCaptures.set(index);
  for (unsigned index : excludedResults)
    exclusion.droppedResults.set(index);

  // Kept captures and their dims; old capture index -> new one (-1: gone).
  SmallVector<int64_t> newCaptureIndex(captures.size(),
                                       TiedOpInterface::kUntied);
  for (auto [i, capture] : llvm::enumerate(captures)) {
    if (exclusion.droppedCaptures.test(i))
      continue;
    newCaptureIndex[i] = exclusion.captures.size();
    exclusion.captures.push_back(capture);
    llvm::append_range(
        exclusion.captureDims,
        shapeAware.getOperandDynamicDims(captures.getBeginOperandIndex() + i));
  }

  // Kept results, their ties remapped; a result whose capture goes away is
  // untied and takes over the capture's dims as its own.
  for (OpResult result : op->getResults()) {
    unsigned i = result.getResultNumber();
    if (exclusion.droppedResults.test(i))
      continue;
    exclusion.resultTypes.push_back(result.getType());
    std::optional<unsigned> tie = tiedOp.getTiedResultOperandIndex(i);
    if (tie && newCaptureIndex[*tie] != TiedOpInterface::kUntied) {
      exclusion.ties.push_back(newCaptureIndex[*tie]);
      continue;
    }
    exclusion.ties.push_back(TiedOpInterface::kUntied);
    llvm::append_range(exclusion.resultDims,
                       shapeAware.getResultDynamicDims(i));
  }
  return exclusion;
}

void scopeir::util::moveClosureBody(RewriterBase &rewriter,
                                    ClosureOpInterface from,
                                    ClosureOpInterface to,
                                    const ClosureExclusion &exclusion) {
  // Move the body over, then drop what it no longer receives or returns.
  Region &newBody = to.getClosureBodyRegion();
  if (!newBody.empty())
    rewriter.eraseBlock(&newBody.front());
  rewriter.inlineRegionBefore(from.getClosureBodyRegion(), newBody,
                              newBody.end());
  Block &entry = newBody.front();
  assert(llvm::all_of(
             exclusion.droppedCaptures.set_bits(),
             [&](unsigned i) { return entry.getArgument(i).use_empty(); }) &&
         "excluded captures must have no uses in the body");
  rewriter.modifyOpInPlace(
      to, [&] { entry.eraseArguments(exclusion.droppedCaptures); });
  if (exclusion.droppedResults.none())
    return;
  SmallVector<Operation *> returns;
  to.getClosureReturns(returns);
  for (Operation *ret : returns)
    rewriter.modifyOpInPlace(
        ret, [&] { ret->eraseOperands(exclusion.droppedResults); });
}

//===----------------------------------------------------------------------===//
// Capturing scope ops
//===----------------------------------------------------------------------===//

Block *scopeir::util::addCaptureEntryBlock(OperationState &state,
                                           ValueRange captures) {
  Region *body = state.addRegion();
  Block *entry = new Block();
  body->push_back(entry);
  for (Value capture : captures)
    entry->addArgument(capture.getType(), capture.getLoc());
  return entry;
}

ParseResult scopeir::util::parseCapturingScopeOp(
    OpAsmParser &parser, OperationState &result,
    ArrayRef<StringRef> inherentNames, ArrayAttr &scopeAttrs,
    DenseI64ArrayAttr &tiedOperands, std::array<int32_t, 3> &segmentSizes,
    function_ref<ParseResult()> parseExtras) {
  ArrayAttr attrs;
  OptionalParseResult attrResult = parser.parseOptionalAttribute(attrs, Type());
  if (attrResult.has_value()) {
    if (failed(*attrResult))
      return failure();
    if (!attrs.empty())
      scopeAttrs = attrs;
  }

  ParsedScopeSignature signature;
  if (parseScopeSignature(parser, signature) || (parseExtras && parseExtras()))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, signature.arguments,
                         /*enableNameShadowing=*/false) ||
      parseScopeAttrDict(parser, result, inherentNames))
    return failure();
  FailureOr<std::array<int32_t, 3>> segments =
      resolveScopeSignature(parser, signature, result);
  if (failed(segments))
    return failure();
  segmentSizes = *segments;
  tiedOperands = getTiesAttrOrNull(parser.getContext(), signature.ties);
  return success();
}

void scopeir::util::printCapturingScopeOp(OpAsmPrinter &p, Operation *op,
                                          ArrayAttr scopeAttrs,
                                          function_ref<void()> printExtras) {
  if (scopeAttrs && !scopeAttrs.empty()) {
    p << ' ';
    p.printAttribute(scopeAttrs);
  }
  printScopeSignature(p, op);
  if (printExtras)
    printExtras();
  p << ' ';
  p.printRegion(op->getRegion(0), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  // Every inherent attribute has its own syntax above. The discardable
  // dictionary is stored as it is; getAttrs() would build a dictionary of
  // the properties too, on every print (twice per print: the printer's alias
  // pass prints each op once more).
  p.printOptionalAttrDictWithKeyword(
      op->getDiscardableAttrDictionary().getValue());
}

//===----------------------------------------------------------------------===//
// Terminators whose operands become their parent's results
//===----------------------------------------------------------------------===//

LogicalResult scopeir::util::verifyOperandsMatchParentResults(
    Operation *terminator, StringRef verb, StringRef parentNoun,
    bool nameParent) {
  Operation *parent = terminator->getParentOp();
  if (terminator->getNumOperands() != parent->getNumResults()) {
    InFlightDiagnostic diag = terminator->emitOpError()
                              << verb << " " << terminator->getNumOperands()
                              << " values but its " << parentNoun;
    if (nameParent)
      diag << " '" << parent->getName() << "'";
    return diag << " has " << parent->getNumResults() << " results";
  }
  for (auto [i, operand, result] :
       llvm::enumerate(terminator->getOperands(), parent->getResults()))
    if (operand.getType() != result.getType())
      return terminator->emitOpError("operand #")
             << i << " has type " << operand.getType() << " but the "
             << parentNoun << "'s result #" << i << " has type "
             << result.getType();
  return success();
}
