//===- UtilOps.cpp - util ops: parse, print, verify -------------*- C++ -*-===//
//
// This file implements the util dialect's ops: their custom syntax, verifiers
// and interface methods. Folders and canonicalization patterns live in
// UtilOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/IR/OpImplUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace scopeir::util;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Returns the stored scope attributes of a util op (null or an array).
static SmallVector<Attribute> getStoredAttrs(ArrayAttr attrs) {
  if (!attrs)
    return {};
  return llvm::to_vector(attrs.getValue());
}

/// Returns `attrs` as the `scope_attrs` of a util op: absent when empty.
static ArrayAttr toStoredAttrs(MLIRContext *ctx, ArrayRef<Attribute> attrs) {
  if (attrs.empty())
    return {};
  return ArrayAttr::get(ctx, attrs);
}

//===----------------------------------------------------------------------===//
// ScopeOp
//===----------------------------------------------------------------------===//

void ScopeOp::build(OpBuilder &builder, OperationState &state,
                    TypeRange resultTypes, ValueRange resultDims,
                    ValueRange captures, ValueRange captureDims,
                    ArrayRef<int64_t> tiedOperands,
                    ArrayRef<Attribute> scopeAttrs) {
  state.addOperands(captures);
  state.addOperands(captureDims);
  state.addOperands(resultDims);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.operandSegmentSizes = {static_cast<int32_t>(captures.size()),
                               static_cast<int32_t>(captureDims.size()),
                               static_cast<int32_t>(resultDims.size())};
  if (!scopeAttrs.empty())
    props.scope_attrs = builder.getArrayAttr(scopeAttrs);
  props.tied_operands = getTiesAttrOrNull(builder.getContext(), tiedOperands);
  Region *body = state.addRegion();
  Block *entry = new Block();
  body->push_back(entry);
  for (Value capture : captures)
    entry->addArgument(capture.getType(), capture.getLoc());
}

ArrayAttr ScopeOp::getScopeAttrsOrEmpty() {
  if (ArrayAttr attrs = getScopeAttrsAttr())
    return attrs;
  return ArrayAttr::get(getContext(), {});
}

ValueRange ScopeOp::getCaptureDynamicDims(unsigned index) {
  return sliceDynamicDims(getCaptures().getTypes(), getCaptureDims(), index);
}

SmallVector<int64_t> ScopeOp::getTiedResultIndices() {
  return getTiesOrUntied(getTiedOperandsAttr(), getNumResults());
}

OperandRange ScopeOp::getTiedOperandsRange() { return getCaptures(); }

void ScopeOp::setTiedResultIndices(ArrayRef<int64_t> ties) {
  setTiedOperandsAttr(getTiesAttrOrNull(getContext(), ties));
}

ValueRange ScopeOp::getOperandDynamicDims(unsigned operandIndex) {
  // Only captures have dims; dims themselves are index values.
  if (operandIndex >= getCaptures().size())
    return {};
  return getCaptureDynamicDims(operandIndex);
}

ValueRange ScopeOp::getResultDynamicDims(unsigned resultIndex) {
  return getTiedResultDynamicDims(*this, resultIndex, getCaptureDims(),
                                  getResultDims());
}

SmallVector<Attribute> ScopeOp::getStoredScopeAttributes() {
  return getStoredAttrs(getScopeAttrsAttr());
}

LogicalResult ScopeOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  setScopeAttrsAttr(toStoredAttrs(getContext(), attrs));
  return success();
}

OperandRange ScopeOp::getExplicitCaptures() { return getCaptures(); }

OperandRange ScopeOp::getEntrySuccessorOperands(RegionSuccessor successor) {
  return getCaptures();
}

void ScopeOp::getSuccessorRegions(RegionBranchPoint point,
                                  SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getBody(), getBody().getArguments()));
    return;
  }
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

void ScopeOp::getRegionInvocationBounds(
    ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.emplace_back(1, 1);
}

void ScopeOp::setAllOperandDynamicDims(ValueRange dims) {
  getCaptureDimsMutable().assign(dims);
}

void ScopeOp::setAllResultDynamicDims(ValueRange dims) {
  getResultDimsMutable().assign(dims);
}

Region &ScopeOp::getClosureBodyRegion() { return getBody(); }

OperandRange ScopeOp::getClosureOperands() { return getCaptures(); }

MutableOperandRange ScopeOp::getClosureOperandsMutable() {
  return getCapturesMutable();
}

void ScopeOp::getClosureReturns(SmallVectorImpl<Operation *> &returns) {
  llvm::append_range(returns, getScopeExits(*this));
}

ClosureOpInterface ScopeOp::cloneReplacementExcludingOperandsAndResults(
    ArrayRef<unsigned> excludedOperandIndices,
    ArrayRef<unsigned> excludedResultIndices, RewriterBase &rewriter) {
  ClosureExclusion exclusion = computeClosureExclusion(
      *this, excludedOperandIndices, excludedResultIndices);
  auto newOp = ScopeOp::create(rewriter, getLoc(), exclusion.resultTypes,
                               exclusion.resultDims, exclusion.captures,
                               exclusion.captureDims, exclusion.ties,
                               getScopeAttrsOrEmpty().getValue());
  newOp->setDiscardableAttrs(getOperation()->getDiscardableAttrDictionary());
  auto closure = cast<ClosureOpInterface>(newOp.getOperation());
  moveClosureBody(rewriter, *this, closure, exclusion);
  return closure;
}

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

LogicalResult scopeir::util::verifyScopeSignature(
    Operation *op, ValueRange captureDims, ValueRange resultDims,
    std::optional<size_t> numTieEntries) {
  auto closure = cast<ClosureOpInterface>(op);
  OperandRange captures = closure.getClosureOperands();

  // Dims: one index per dynamic dimension of each capture.
  if (failed(verifyDynamicDimCount(op, "captures",
                                   getNumDynamicDims(captures.getTypes()),
                                   captureDims)))
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
  for (auto [i, capture, arg] :
       llvm::enumerate(captures, entry.getArguments()))
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
  assert(llvm::all_of(exclusion.droppedCaptures.set_bits(),
                      [&](unsigned i) {
                        return entry.getArgument(i).use_empty();
                      }) &&
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

// util.scope [attrs]? (captures)? (-> (results))? region (attributes {...})?
ParseResult ScopeOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();

  // Scope attributes.
  ArrayAttr scopeAttrs;
  OptionalParseResult attrResult =
      parser.parseOptionalAttribute(scopeAttrs, Type());
  if (attrResult.has_value()) {
    if (failed(*attrResult))
      return failure();
    if (!scopeAttrs.empty())
      props.scope_attrs = scopeAttrs;
  }

  ParsedScopeSignature signature;
  if (parseScopeSignature(parser, signature))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, signature.arguments,
                         /*enableNameShadowing=*/false) ||
      parseScopeAttrDict(parser, result, getAttributeNames()))
    return failure();
  FailureOr<std::array<int32_t, 3>> segments =
      resolveScopeSignature(parser, signature, result);
  if (failed(segments))
    return failure();
  props.operandSegmentSizes = *segments;
  props.tied_operands = getTiesAttrOrNull(parser.getContext(), signature.ties);
  return success();
}

void ScopeOp::print(OpAsmPrinter &p) {
  if (ArrayAttr attrs = getScopeAttrsAttr(); attrs && !attrs.empty()) {
    p << ' ';
    p.printAttribute(attrs);
  }
  printScopeSignature(p, *this);
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  // Every inherent attribute has its own syntax above. The discardable
  // dictionary is stored as it is; getAttrs() would build a dictionary of
  // the properties too, on every print (twice per print: the printer's alias
  // pass prints each op once more).
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult ScopeOp::verify() {
  // Scope attributes and the body are checked by ScopeOpInterface.

  // A value may be captured more than once: replacing one value by another
  // (CSE, folding) can make two captures equal, and verification must not
  // fail after such a rewrite. The canonicalizer merges them.
  std::optional<size_t> numTieEntries;
  if (DenseI64ArrayAttr ties = getTiedOperandsAttr())
    numTieEntries = ties.size();
  return verifyScopeSignature(*this, getCaptureDims(), getResultDims(),
                              numTieEntries);
}

//===----------------------------------------------------------------------===//
// AnnotateOp
//===----------------------------------------------------------------------===//

SmallVector<Attribute> AnnotateOp::getStoredScopeAttributes() {
  return getStoredAttrs(getScopeAttrsAttr());
}

LogicalResult AnnotateOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  setScopeAttrsAttr(toStoredAttrs(getContext(), attrs));
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (!parent || !isa<ScopeOpInterface>(parent))
    return emitOpError("expects its parent to be a scope op "
                       "(ScopeOpInterface)");
  if (getNumOperands() != parent->getNumResults())
    return emitOpError("returns ")
           << getNumOperands() << " values but its scope '"
           << parent->getName() << "' has " << parent->getNumResults()
           << " results";
  for (auto [i, operand, result] :
       llvm::enumerate(getOperands(), parent->getResults()))
    if (operand.getType() != result.getType())
      return emitOpError("operand #")
             << i << " has type " << operand.getType()
             << " but the scope's result #" << i << " has type "
             << result.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// util.trace.begin / util.trace.end
//===----------------------------------------------------------------------===//

/// Returns the first part of `value` that has no JSON form (null if all
/// have one): strings, integers, finite floats, booleans and units, and
/// arrays and dictionaries of them.
static Attribute findNonJSONValue(Attribute value) {
  if (isa<StringAttr, IntegerAttr, UnitAttr>(value))
    return {};
  if (auto floatAttr = dyn_cast<FloatAttr>(value))
    return floatAttr.getValue().isFinite() ? Attribute() : value;
  if (auto array = dyn_cast<ArrayAttr>(value)) {
    for (Attribute element : array)
      if (Attribute bad = findNonJSONValue(element))
        return bad;
    return {};
  }
  if (auto dict = dyn_cast<DictionaryAttr>(value)) {
    for (NamedAttribute entry : dict)
      if (Attribute bad = findNonJSONValue(entry.getValue()))
        return bad;
    return {};
  }
  return value;
}

static LogicalResult verifyTraceMarker(Operation *op, StringRef category,
                                       StringRef name,
                                       std::optional<DictionaryAttr> args) {
  if (category.empty() || name.empty())
    return op->emitOpError("expects a non-empty category and name");
  if (category.contains('\0') || name.contains('\0'))
    return op->emitOpError("expects a category and name without NUL "
                           "characters");
  if (args)
    if (Attribute bad = findNonJSONValue(*args))
      return op->emitOpError("args hold ")
             << bad
             << ", which has no JSON form (expected strings, integers, "
                "finite floats, booleans, arrays and dictionaries)";
  return success();
}

LogicalResult TraceBeginOp::verify() {
  return verifyTraceMarker(*this, getCategory(), getName(), getArgs());
}

LogicalResult TraceEndOp::verify() {
  return verifyTraceMarker(*this, getCategory(), getName(), getArgs());
}

//===----------------------------------------------------------------------===//
// util.optimization_barrier
//===----------------------------------------------------------------------===//

LogicalResult OptimizationBarrierOp::verify() {
  if (getNumOperands() == 0)
    return emitOpError("expects at least one operand");
  return success();
}

//===----------------------------------------------------------------------===//
// util.unfoldable_constant
//===----------------------------------------------------------------------===//

ParseResult UnfoldableConstantOp::parse(OpAsmParser &parser,
                                        OperationState &state) {
  // `arith.constant`'s syntax: the attribute carries the type.
  TypedAttr value;
  if (parser.parseOptionalAttrDict(state.attributes) ||
      parser.parseAttribute(value, "value", state.attributes))
    return failure();
  state.addTypes(value.getType());
  return success();
}

void UnfoldableConstantOp::print(OpAsmPrinter &p) {
  p.printOptionalAttrDict((*this)->getAttrs(), /*elidedAttrs=*/{"value"});
  p << " ";
  p.printAttribute(getValue());
}

LogicalResult UnfoldableConstantOp::verify() {
  TypedAttr value = getValue();
  if (!isa<IntegerAttr, FloatAttr, ElementsAttr>(value))
    return emitOpError("expects an integer, float or elements attribute, "
                       "got ")
           << value;
  if (value.getType() != getType())
    return emitOpError("value has type ")
           << value.getType() << " but the result has type " << getType();
  return success();
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Util/IR/UtilOps.cpp.inc"
