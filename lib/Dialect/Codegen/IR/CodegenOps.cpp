//===- CodegenOps.cpp - codegen ops: parse, print, verify -------*- C++ -*-===//
//
// This file implements the codegen dialect's ops: their custom syntax (util's
// shared scope pieces), verifiers and interface methods. Canonicalization
// patterns are registered in CodegenOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

//===----------------------------------------------------------------------===//
// TUOp
//===----------------------------------------------------------------------===//

void TUOp::build(OpBuilder &builder, OperationState &state,
                 TypeRange resultTypes, ValueRange resultDims,
                 ValueRange captures, ValueRange captureDims,
                 ArrayRef<int64_t> tiedOperands, ArrayRef<Attribute> scopeAttrs,
                 const Strategy &strategy) {
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
  props.pipeline = strategy.pipeline;
  props.strategy = strategy.sequence;
  if (!strategy.getArguments().empty())
    props.strategy_args = strategy.arguments;
  Region *body = state.addRegion();
  Block *entry = new Block();
  body->push_back(entry);
  for (Value capture : captures)
    entry->addArgument(capture.getType(), capture.getLoc());
}

ArrayAttr TUOp::getScopeAttrsOrEmpty() {
  if (ArrayAttr attrs = getScopeAttrsAttr())
    return attrs;
  return ArrayAttr::get(getContext(), {});
}

ValueRange TUOp::getCaptureDynamicDims(unsigned index) {
  return util::sliceDynamicDims(getCaptures().getTypes(), getCaptureDims(),
                                index);
}

Strategy TUOp::getStrategyInfo() {
  if (StringAttr pipeline = getPipelineAttr())
    return Strategy::getPipeline(pipeline);
  if (FlatSymbolRefAttr sequence = getStrategyAttr())
    return Strategy::getSequence(sequence, getStrategyArgsAttr());
  return {};
}

void TUOp::setStrategyInfo(const Strategy &strategy) {
  setPipelineAttr(strategy.pipeline);
  setStrategyAttr(strategy.sequence);
  setStrategyArgsAttr(strategy.getArguments().empty() ? ArrayAttr()
                                                      : strategy.arguments);
}

// TiedOpInterface.

SmallVector<int64_t> TUOp::getTiedResultIndices() {
  if (auto ties = getTiedOperandsAttr())
    return SmallVector<int64_t>(ties.asArrayRef());
  return SmallVector<int64_t>(getNumResults(), util::TiedOpInterface::kUntied);
}

OperandRange TUOp::getTiedOperandsRange() { return getCaptures(); }

void TUOp::setTiedResultIndices(ArrayRef<int64_t> ties) {
  if (llvm::all_of(
          ties, [](int64_t t) { return t == util::TiedOpInterface::kUntied; }))
    removeTiedOperandsAttr();
  else
    setTiedOperands(ties);
}

// ShapeAwareOpInterface.

ValueRange TUOp::getOperandDynamicDims(unsigned operandIndex) {
  // Only captures have dims; dims themselves are index values.
  if (operandIndex >= getCaptures().size())
    return {};
  return getCaptureDynamicDims(operandIndex);
}

ValueRange TUOp::getResultDynamicDims(unsigned resultIndex) {
  if (std::optional<unsigned> tied = getTiedResultOperandIndex(resultIndex))
    return getCaptureDynamicDims(*tied);
  unsigned begin = 0;
  for (unsigned i = 0; i < resultIndex; ++i)
    if (!isResultTied(i))
      begin += util::getNumDynamicDims(getResult(i).getType());
  unsigned count = util::getNumDynamicDims(getResult(resultIndex).getType());
  OperandRange dims = getResultDims();
  if (begin + count > dims.size())
    return {};
  return dims.slice(begin, count);
}

void TUOp::setAllOperandDynamicDims(ValueRange dims) {
  getCaptureDimsMutable().assign(dims);
}

void TUOp::setAllResultDynamicDims(ValueRange dims) {
  getResultDimsMutable().assign(dims);
}

// ScopeOpInterface.

SmallVector<Attribute> TUOp::getStoredScopeAttributes() {
  return llvm::to_vector(getScopeAttrsOrEmpty().getValue());
}

LogicalResult TUOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  setScopeAttrsAttr(attrs.empty() ? ArrayAttr()
                                  : ArrayAttr::get(getContext(), attrs));
  return success();
}

OperandRange TUOp::getExplicitCaptures() { return getCaptures(); }

// A call of a function holding the body could not carry the strategy.
bool TUOp::isOutlinable() { return false; }

StringRef TUOp::getScopeExitOpName() { return YieldOp::getOperationName(); }

// RegionBranchOpInterface.

OperandRange TUOp::getEntrySuccessorOperands(RegionSuccessor successor) {
  return getCaptures();
}

void TUOp::getSuccessorRegions(RegionBranchPoint point,
                               SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getBody(), getBody().getArguments()));
    return;
  }
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

void TUOp::getRegionInvocationBounds(
    ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.emplace_back(1, 1);
}

// ClosureOpInterface.

Region &TUOp::getClosureBodyRegion() { return getBody(); }

OperandRange TUOp::getClosureOperands() { return getCaptures(); }

MutableOperandRange TUOp::getClosureOperandsMutable() {
  return getCapturesMutable();
}

void TUOp::getClosureReturns(SmallVectorImpl<Operation *> &returns) {
  llvm::append_range(returns, util::getScopeExits(*this));
}

util::ClosureOpInterface TUOp::cloneReplacementExcludingOperandsAndResults(
    ArrayRef<unsigned> excludedOperandIndices,
    ArrayRef<unsigned> excludedResultIndices, RewriterBase &rewriter) {
  util::ClosureExclusion exclusion = util::computeClosureExclusion(
      *this, excludedOperandIndices, excludedResultIndices);
  auto newOp = TUOp::create(
      rewriter, getLoc(), exclusion.resultTypes, exclusion.resultDims,
      exclusion.captures, exclusion.captureDims, exclusion.ties,
      getScopeAttrsOrEmpty().getValue(), getStrategyInfo());
  newOp->setDiscardableAttrs(getOperation()->getDiscardableAttrDictionary());
  auto closure = cast<util::ClosureOpInterface>(newOp.getOperation());
  util::moveClosureBody(rewriter, *this, closure, exclusion);
  return closure;
}

// Syntax.

// codegen.scope.tu [attrs]? (captures)? (-> (results))?
//     (pipeline = "..." | strategy = @name(params)?)? region
//     (attributes {...})?
ParseResult TUOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();

  ArrayAttr scopeAttrs;
  OptionalParseResult attrResult =
      parser.parseOptionalAttribute(scopeAttrs, Type());
  if (attrResult.has_value()) {
    if (failed(*attrResult))
      return failure();
    if (!scopeAttrs.empty())
      props.scope_attrs = scopeAttrs;
  }

  util::ParsedScopeSignature signature;
  if (util::parseScopeSignature(parser, signature))
    return failure();

  // The strategy comes last, right before the body: its parameter list
  // would otherwise read like the captures.
  Strategy strategy;
  if (succeeded(parser.parseOptionalKeyword("pipeline"))) {
    std::string text;
    if (parser.parseEqual() || parser.parseString(&text))
      return failure();
    strategy = Strategy::getPipeline(parser.getBuilder().getStringAttr(text));
  } else if (succeeded(parser.parseOptionalKeyword("strategy"))) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseEqual() || parseStrategy(parser, strategy))
      return failure();
    if (!strategy.isSequence())
      return parser.emitError(loc, "expected a named sequence (a symbol) "
                                   "after 'strategy ='; a pass pipeline is "
                                   "written 'pipeline = \"...\"'");
  }
  props.pipeline = strategy.pipeline;
  props.strategy = strategy.sequence;
  props.strategy_args = strategy.arguments;

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, signature.arguments,
                         /*enableNameShadowing=*/false) ||
      util::parseScopeAttrDict(parser, result, getAttributeNames()))
    return failure();
  FailureOr<std::array<int32_t, 3>> segments =
      util::resolveScopeSignature(parser, signature, result);
  if (failed(segments))
    return failure();
  props.operandSegmentSizes = *segments;
  if (llvm::any_of(signature.ties, [](int64_t t) { return t >= 0; }))
    props.tied_operands =
        DenseI64ArrayAttr::get(parser.getContext(), signature.ties);
  return success();
}

void TUOp::print(OpAsmPrinter &p) {
  if (ArrayAttr attrs = getScopeAttrsAttr(); attrs && !attrs.empty()) {
    p << ' ';
    p.printAttribute(attrs);
  }
  util::printScopeSignature(p, *this);
  Strategy strategy = getStrategyInfo();
  if (!strategy.empty()) {
    p << (strategy.isPipeline() ? " pipeline = " : " strategy = ");
    printStrategy(p, strategy);
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  SmallVector<StringRef> elided(getAttributeNames());
  elided.push_back(getOperandSegmentSizesAttrName());
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(), elided);
}

LogicalResult TUOp::verify() {
  // Scope attributes and the body are checked by ScopeOpInterface, the
  // isolation by IsolatedFromAbove.
  std::optional<size_t> numTieEntries;
  if (DenseI64ArrayAttr ties = getTiedOperandsAttr())
    numTieEntries = ties.size();
  if (failed(util::verifyScopeSignature(*this, getCaptureDims(),
                                        getResultDims(), numTieEntries)))
    return failure();

  // At most one strategy.
  if (getPipelineAttr() && getStrategyAttr())
    return emitOpError("carries both a pipeline and a strategy; a scope has "
                       "at most one strategy");
  if (StringAttr pipeline = getPipelineAttr();
      pipeline && StringRef(pipeline.getValue()).trim().empty())
    return emitOpError("has an empty pipeline; omit 'pipeline' for a scope "
                       "without a strategy");
  if (getStrategyArgsAttr() && !getStrategyAttr())
    return emitOpError("has strategy parameters but no named sequence to "
                       "pass them to");
  // A #codegen.strategy chooses the strategies of tu scopes formed inside a
  // scope; this op has its own.
  for (Attribute attr : getScopeAttrsOrEmpty())
    if (isa<StrategyAttr>(attr))
      return emitOpError("cannot carry ")
             << attr
             << ": a codegen.scope.tu takes its strategy from 'pipeline' or "
                "'strategy'";
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  Operation *parent = (*this)->getParentOp();
  if (getNumOperands() != parent->getNumResults())
    return emitOpError("yields ")
           << getNumOperands() << " values but its scope '" << parent->getName()
           << "' has " << parent->getNumResults() << " results";
  for (auto [i, operand, result] :
       llvm::enumerate(getOperands(), parent->getResults()))
    if (operand.getType() != result.getType())
      return emitOpError("operand #") << i << " has type " << operand.getType()
                                      << " but the scope's result #" << i
                                      << " has type " << result.getType();
  return success();
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Codegen/IR/CodegenOps.cpp.inc"
