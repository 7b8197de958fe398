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

#define GET_OP_CLASSES
#include "scopeir/Dialect/Util/IR/UtilOps.cpp.inc"
