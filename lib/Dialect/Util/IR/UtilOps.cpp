//===- UtilOps.cpp - util ops: parse, print, verify -------------*- C++ -*-===//
//
// This file implements the util dialect's ops: their custom syntax, verifiers
// and interface methods. Folders and canonicalization patterns live in
// UtilOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"

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
  if (llvm::any_of(tiedOperands, [](int64_t t) { return t >= 0; }))
    props.tied_operands = builder.getDenseI64ArrayAttr(tiedOperands);
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
  if (auto ties = getTiedOperandsAttr())
    return SmallVector<int64_t>(ties.asArrayRef());
  return SmallVector<int64_t>(getNumResults(), TiedOpInterface::kUntied);
}

OperandRange ScopeOp::getTiedOperandsRange() { return getCaptures(); }

void ScopeOp::setTiedResultIndices(ArrayRef<int64_t> ties) {
  if (llvm::all_of(ties,
                   [](int64_t t) { return t == TiedOpInterface::kUntied; }))
    removeTiedOperandsAttr();
  else
    setTiedOperands(ties);
}

ValueRange ScopeOp::getOperandDynamicDims(unsigned operandIndex) {
  // Only captures have dims; dims themselves are index values.
  if (operandIndex >= getCaptures().size())
    return {};
  return getCaptureDynamicDims(operandIndex);
}

ValueRange ScopeOp::getResultDynamicDims(unsigned resultIndex) {
  if (std::optional<unsigned> tied = getTiedResultOperandIndex(resultIndex))
    return getCaptureDynamicDims(*tied);
  unsigned begin = 0;
  for (unsigned i = 0; i < resultIndex; ++i)
    if (!isResultTied(i))
      begin += getNumDynamicDims(getResult(i).getType());
  unsigned count = getNumDynamicDims(getResult(resultIndex).getType());
  OperandRange dims = getResultDims();
  if (begin + count > dims.size())
    return {};
  return dims.slice(begin, count);
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
  unsigned numCaptures = getCaptures().size();
  llvm::BitVector dropCapture(numCaptures), dropResult(getNumResults());
  for (unsigned index : excludedOperandIndices)
    dropCapture.set(index);
  for (unsigned index : excludedResultIndices)
    dropResult.set(index);

  // Kept captures and their dims; old capture index -> new one (-1: gone).
  SmallVector<Value> captures, captureDims;
  SmallVector<int64_t> newCaptureIndex(numCaptures, TiedOpInterface::kUntied);
  for (auto [i, capture] : llvm::enumerate(getCaptures())) {
    if (dropCapture.test(i))
      continue;
    newCaptureIndex[i] = captures.size();
    captures.push_back(capture);
    llvm::append_range(captureDims, getCaptureDynamicDims(i));
  }

  // Kept results, their ties remapped; a result whose capture goes away is
  // untied and takes over the capture's dims as its own.
  SmallVector<Type> resultTypes;
  SmallVector<Value> resultDims;
  SmallVector<int64_t> ties;
  for (auto [i, result] : llvm::enumerate(getResults())) {
    if (dropResult.test(i))
      continue;
    resultTypes.push_back(result.getType());
    std::optional<unsigned> tie = getTiedResultOperandIndex(i);
    if (tie && newCaptureIndex[*tie] != TiedOpInterface::kUntied) {
      ties.push_back(newCaptureIndex[*tie]);
      continue;
    }
    ties.push_back(TiedOpInterface::kUntied);
    llvm::append_range(resultDims, getResultDynamicDims(i));
  }

  auto newOp = ScopeOp::create(rewriter, getLoc(), resultTypes, resultDims,
                               captures, captureDims, ties,
                               getScopeAttrsOrEmpty().getValue());
  newOp->setDiscardableAttrs(getOperation()->getDiscardableAttrDictionary());

  // Move the body over, then drop what it no longer receives or returns.
  Region &newBody = newOp.getBody();
  rewriter.eraseBlock(&newBody.front());
  rewriter.inlineRegionBefore(getBody(), newBody, newBody.end());
  Block &entry = newBody.front();
  assert(llvm::all_of(dropCapture.set_bits(),
                      [&](unsigned i) {
                        return entry.getArgument(i).use_empty();
                      }) &&
         "excluded captures must have no uses in the body");
  rewriter.modifyOpInPlace(newOp, [&] { entry.eraseArguments(dropCapture); });
  if (dropResult.any()) {
    SmallVector<Operation *> returns;
    newOp.getClosureReturns(returns);
    for (Operation *ret : returns)
      rewriter.modifyOpInPlace(ret, [&] { ret->eraseOperands(dropResult); });
  }
  return cast<ClosureOpInterface>(newOp.getOperation());
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

ParseResult scopeir::util::parseTiedShapedResultList(
    OpAsmParser &parser, ArrayRef<OpAsmParser::UnresolvedOperand> operands,
    ArrayRef<Type> operandTypes, SmallVectorImpl<Type> &resultTypes,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &resultDims,
    DenseI64ArrayAttr &tiedOperands) {
  SmallVector<int64_t> ties;
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
               << tiedValue.name << "' does not name an operand";
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
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseResult))
    return failure();
  if (llvm::any_of(ties, [](int64_t t) { return t >= 0; }))
    tiedOperands = DenseI64ArrayAttr::get(parser.getContext(), ties);
  return success();
}

void scopeir::util::printTiedShapedResultList(OpAsmPrinter &p, Operation *op,
                                              ValueRange operands,
                                              TypeRange operandTypes,
                                              TypeRange resultTypes,
                                              ValueRange resultDims,
                                              DenseI64ArrayAttr tiedOperands) {
  p << '(';
  unsigned nextDim = 0;
  for (unsigned i = 0, e = resultTypes.size(); i < e; ++i) {
    if (i)
      p << ", ";
    int64_t tie = tiedOperands && i < tiedOperands.size()
                      ? tiedOperands[i]
                      : TiedOpInterface::kUntied;
    if (tie >= 0 && tie < static_cast<int64_t>(operands.size())) {
      p.printOperand(operands[tie]);
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

// util.scope [attrs]? (captures)? (-> (results))? region (attributes {...})?
ParseResult ScopeOp::parse(OpAsmParser &parser, OperationState &result) {
  MLIRContext *ctx = parser.getContext();
  Builder &builder = parser.getBuilder();
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

  // Explicit captures: `%value as %arg: type{dims}`.
  SmallVector<OpAsmParser::UnresolvedOperand> captures, captureDims;
  SmallVector<OpAsmParser::Argument> arguments;
  SmallVector<Type> captureTypes;
  SmallVector<SMLoc> captureLocs;
  if (succeeded(parser.parseOptionalLParen()) &&
      failed(parser.parseOptionalRParen())) {
    auto parseCapture = [&]() -> ParseResult {
      OpAsmParser::UnresolvedOperand capture;
      OpAsmParser::Argument argument;
      captureLocs.push_back(parser.getCurrentLocation());
      if (parser.parseOperand(capture) || parser.parseKeyword("as") ||
          parser.parseArgument(argument) ||
          parser.parseColonType(argument.type) ||
          parseOptionalDynamicDims(parser, captureDims))
        return failure();
      captures.push_back(capture);
      captureTypes.push_back(argument.type);
      arguments.push_back(argument);
      return success();
    };
    if (parser.parseCommaSeparatedList(parseCapture) || parser.parseRParen())
      return failure();
  }

  // Results: `%capture` (tied) or `type{dims}` (new).
  SmallVector<OpAsmParser::UnresolvedOperand> resultDims;
  SmallVector<Type> resultTypes;
  SmallVector<int64_t> ties;
  if (succeeded(parser.parseOptionalArrow())) {
    if (parser.parseLParen())
      return failure();
    if (failed(parser.parseOptionalRParen())) {
      auto parseResult = [&]() -> ParseResult {
        OpAsmParser::UnresolvedOperand tiedValue;
        SMLoc loc = parser.getCurrentLocation();
        OptionalParseResult tiedResult =
            parser.parseOptionalOperand(tiedValue);
        if (tiedResult.has_value()) {
          if (failed(*tiedResult))
            return failure();
          // A value captured more than once names its first capture not yet
          // tied. Ties to such captures listed out of capture order come
          // back in capture order: the captures are one value, so only the
          // block argument a storage hint refers to changes (the generic
          // form keeps it exactly).
          auto names = [&](const OpAsmParser::UnresolvedOperand &capture) {
            return capture.name == tiedValue.name &&
                   capture.number == tiedValue.number;
          };
          int64_t index = -1;
          for (auto [i, capture] : llvm::enumerate(captures)) {
            if (!names(capture))
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
                   << tiedValue.name << "' does not name an explicit capture";
          ties.push_back(index);
          resultTypes.push_back(captureTypes[index]);
          return success();
        }
        Type type;
        if (parser.parseType(type) ||
            parseOptionalDynamicDims(parser, resultDims))
          return failure();
        ties.push_back(TiedOpInterface::kUntied);
        resultTypes.push_back(type);
        return success();
      };
      if (parser.parseCommaSeparatedList(parseResult) || parser.parseRParen())
        return failure();
    }
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  SMLoc attrDictLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  // The inherent attributes have their own syntax; in the dictionary they
  // would silently override it (or be dropped when mistyped).
  for (StringRef name : getAttributeNames())
    if (result.attributes.get(name))
      return parser.emitError(attrDictLoc, "'")
             << name << "' is written in util.scope's own syntax, not in its "
             << "attribute dictionary";

  Type indexType = builder.getIndexType();
  for (auto [capture, type, loc] :
       llvm::zip_equal(captures, captureTypes, captureLocs))
    if (parser.resolveOperand(capture, type, result.operands))
      return failure();
  if (parser.resolveOperands(captureDims, indexType, result.operands) ||
      parser.resolveOperands(resultDims, indexType, result.operands))
    return failure();
  result.addTypes(resultTypes);
  props.operandSegmentSizes = {static_cast<int32_t>(captures.size()),
                               static_cast<int32_t>(captureDims.size()),
                               static_cast<int32_t>(resultDims.size())};
  if (llvm::any_of(ties, [](int64_t t) { return t >= 0; }))
    props.tied_operands = DenseI64ArrayAttr::get(ctx, ties);
  return success();
}

void ScopeOp::print(OpAsmPrinter &p) {
  if (ArrayAttr attrs = getScopeAttrsAttr(); attrs && !attrs.empty()) {
    p << ' ';
    p.printAttribute(attrs);
  }
  if (!getCaptures().empty()) {
    p << " (";
    Block &entry = getEntryBlock();
    for (auto [i, capture] : llvm::enumerate(getCaptures())) {
      if (i)
        p << ", ";
      p.printOperand(capture);
      p << " as ";
      if (i < entry.getNumArguments())
        p.printOperand(entry.getArgument(i));
      p << ": ";
      p.printType(capture.getType());
      printDynamicDims(p, getCaptureDynamicDims(i));
    }
    p << ')';
  }
  if (getNumResults() != 0) {
    p << " -> (";
    for (unsigned i = 0, e = getNumResults(); i < e; ++i) {
      if (i)
        p << ", ";
      if (Value tied = getTiedResultOperand(i)) {
        p.printOperand(tied);
        continue;
      }
      p.printType(getResult(i).getType());
      printDynamicDims(p, getResultDynamicDims(i));
    }
    p << ')';
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(), {getScopeAttrsAttrName(), getTiedOperandsAttrName(),
                            getOperandSegmentSizesAttrName()});
}

LogicalResult ScopeOp::verify() {
  // Scope attributes and the body are checked by ScopeOpInterface.

  // A value may be captured more than once: replacing one value by another
  // (CSE, folding) can make two captures equal, and verification must not
  // fail after such a rewrite. The canonicalizer merges them.

  // Dims: one index per dynamic dimension of each capture.
  if (failed(verifyDynamicDimCount(*this, "captures",
                                   getNumDynamicDims(getCaptures().getTypes()),
                                   getCaptureDims())))
    return failure();

  // Ties: one entry per result, in range, one result per capture, and the
  // tied result has the capture's type.
  DenseI64ArrayAttr tiesAttr = getTiedOperandsAttr();
  if (tiesAttr && tiesAttr.size() != getNumResults())
    return emitOpError("expects one tied_operands entry per result (")
           << getNumResults() << ") but has " << tiesAttr.size();
  SmallVector<int64_t> ties = getTiedResultIndices();
  llvm::SmallDenseMap<int64_t, unsigned> tiedBy;
  unsigned expectedResultDims = 0;
  for (auto [i, tie] : llvm::enumerate(ties)) {
    Type resultType = getResult(i).getType();
    if (tie == TiedOpInterface::kUntied) {
      expectedResultDims += getNumDynamicDims(resultType);
      continue;
    }
    if (tie < 0 || tie >= static_cast<int64_t>(getCaptures().size()))
      return emitOpError("result #")
             << i << " is tied to capture #" << tie << " but the scope has "
             << getCaptures().size() << " captures";
    auto [it, inserted] = tiedBy.try_emplace(tie, i);
    if (!inserted)
      return emitOpError("results #")
             << it->second << " and #" << i << " are both tied to capture #"
             << tie;
    Type captureType = getCaptures()[tie].getType();
    if (captureType != resultType)
      return emitOpError("result #")
             << i << " of type " << resultType << " is tied to capture #"
             << tie << " of type " << captureType
             << "; a tied result must have its capture's type";
  }
  // Captures and entry block arguments correspond one to one. (Checked here
  // rather than in verifyRegions so that this message comes before the
  // generic RegionBranchOpInterface one.)
  Block &entry = getEntryBlock();
  if (entry.getNumArguments() != getCaptures().size())
    return emitOpError("expects one entry block argument per capture (")
           << getCaptures().size() << ") but the body has "
           << entry.getNumArguments();
  for (auto [i, capture, arg] :
       llvm::enumerate(getCaptures(), entry.getArguments()))
    if (capture.getType() != arg.getType())
      return emitOpError("capture #")
             << i << " has type " << capture.getType()
             << " but its block argument has type " << arg.getType();

  return verifyDynamicDimCount(*this, "untied results", expectedResultDims,
                               getResultDims());
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

#define GET_OP_CLASSES
#include "scopeir/Dialect/Util/IR/UtilOps.cpp.inc"
