//===- CodegenOps.cpp - codegen ops: parse, print, verify -------*- C++ -*-===//
//
// This file implements the codegen dialect's ops: their custom syntax (util's
// shared scope pieces), verifiers and interface methods. codegen.scope.tu is
// a Util_CapturingScopeOp, as util.scope is: only its strategy is its own.
// Canonicalization patterns are registered in CodegenOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Util/IR/OpImplUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

//===----------------------------------------------------------------------===//
// TUOp
//===----------------------------------------------------------------------===//

// The accessors and interface methods come from Util_CapturingScopeOp, as
// util.scope's do; what follows is what a tu scope adds: its strategy.

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

// A call of a function holding the body could not carry the strategy.
bool TUOp::isOutlinable() { return false; }

// A tu scope is a unit its author asked for: whatever its strategy made of
// its ops (loops, vectors), dispatch formation gives it a region of its own
// instead of leaving them out of every region.
bool TUOp::isDispatchRoot() { return true; }

StringRef TUOp::getScopeExitOpName() { return YieldOp::getOperationName(); }

// codegen.scope.tu [attrs]? (captures)? (-> (results))?
//     (pipeline = "..." | strategy = @name(params)?)? region
//     (attributes {...})?
ParseResult TUOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  // The strategy comes last, right before the body: its parameter list
  // would otherwise read like the captures.
  auto parseStrategyClause = [&]() -> ParseResult {
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
    return success();
  };
  return util::parseCapturingScopeOp(
      parser, result, getAttributeNames(), props.scope_attrs,
      props.tied_operands, props.operandSegmentSizes, parseStrategyClause);
}

void TUOp::print(OpAsmPrinter &p) {
  util::printCapturingScopeOp(p, *this, getScopeAttrsAttr(), [&] {
    Strategy strategy = getStrategyInfo();
    if (strategy.empty())
      return;
    p << (strategy.isPipeline() ? " pipeline = " : " strategy = ");
    printStrategy(p, strategy);
  });
}

LogicalResult TUOp::verify() {
  // Scope attributes and the body are checked by ScopeOpInterface, the
  // isolation by IsolatedFromAbove.
  if (failed(util::verifyScopeSignature(
          *this, getCaptureDims(), getResultDims(), getTiedOperandsAttr())))
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
// WorkgroupsOp
//===----------------------------------------------------------------------===//

void WorkgroupsOp::build(OpBuilder &builder, OperationState &state,
                         TypeRange resultTypes, ValueRange resultDims,
                         ValueRange captures, ValueRange captureDims,
                         ValueRange workgroupCount,
                         ArrayRef<int64_t> tiedOperands) {
  state.addOperands(captures);
  state.addOperands(captureDims);
  state.addOperands(resultDims);
  state.addOperands(workgroupCount);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.operandSegmentSizes = {static_cast<int32_t>(captures.size()),
                               static_cast<int32_t>(captureDims.size()),
                               static_cast<int32_t>(resultDims.size()),
                               static_cast<int32_t>(workgroupCount.size())};
  props.tied_operands =
      util::getTiesAttrOrNull(builder.getContext(), tiedOperands);
  Block *entry = util::addCaptureEntryBlock(state, captures);
  Type indexType = builder.getIndexType();
  for (unsigned i = 0, e = 2 * workgroupCount.size(); i < e; ++i)
    entry->addArgument(indexType, state.location);
  for (Type type : resultTypes)
    entry->addArgument(type, state.location);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(entry);
  YieldOp::create(builder, state.location);
}

OpResult WorkgroupsOp::getResultOfHandle(Value handle) {
  auto arg = dyn_cast<BlockArgument>(handle);
  if (!arg || arg.getOwner() != &getEntryBlock())
    return {};
  unsigned first = getEntryBlock().getNumArguments() - getNumResults();
  if (arg.getArgNumber() < first)
    return {};
  return getOperation()->getResult(arg.getArgNumber() - first);
}

ValueRange WorkgroupsOp::getCaptureDynamicDims(unsigned index) {
  return util::sliceDynamicDims(getCaptures().getTypes(), getCaptureDims(),
                                index);
}

// TiedOpInterface.

SmallVector<int64_t> WorkgroupsOp::getTiedResultIndices() {
  return util::getTiesOrUntied(getTiedOperandsAttr(), getNumResults());
}

OperandRange WorkgroupsOp::getTiedOperandsRange() { return getCaptures(); }

void WorkgroupsOp::setTiedResultIndices(ArrayRef<int64_t> ties) {
  setTiedOperandsAttr(util::getTiesAttrOrNull(getContext(), ties));
}

// ShapeAwareOpInterface.

ValueRange WorkgroupsOp::getOperandDynamicDims(unsigned operandIndex) {
  // Only captures have dims; dims and counts are index values.
  return util::getOperandDynamicDims(getCaptures(), getCaptureDims(),
                                     operandIndex);
}

ValueRange WorkgroupsOp::getResultDynamicDims(unsigned resultIndex) {
  return util::getTiedResultDynamicDims(*this, resultIndex, getCaptureDims(),
                                        getResultDims());
}

void WorkgroupsOp::setAllOperandDynamicDims(ValueRange dims) {
  getCaptureDimsMutable().assign(dims);
}

void WorkgroupsOp::setAllResultDynamicDims(ValueRange dims) {
  getResultDimsMutable().assign(dims);
}

// ScopeOpInterface.

SmallVector<Attribute> WorkgroupsOp::getStoredScopeAttributes() { return {}; }

LogicalResult WorkgroupsOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  // The op says what it is by itself; it carries no scope attributes.
  return success(attrs.empty());
}

OperandRange WorkgroupsOp::getExplicitCaptures() { return getCaptures(); }

// A call runs its callee once; the body runs once per workgroup.
bool WorkgroupsOp::isOutlinable() { return false; }

bool WorkgroupsOp::isInlinable() { return false; }

bool WorkgroupsOp::isDispatchRoot() { return true; }

StringRef WorkgroupsOp::getScopeExitOpName() {
  return YieldOp::getOperationName();
}

// Syntax.

// codegen.scope.workgroups (%ids) in (%counts = %sizes)
//     (captures)? (-> (results) as (%handles))? region
//     (attributes {...})?
ParseResult WorkgroupsOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  Type indexType = builder.getIndexType();

  // The grid: ids, then `in (%count = %size, ...)`.
  SmallVector<OpAsmParser::Argument> ids;
  SMLoc gridLoc = parser.getCurrentLocation();
  if (parser.parseArgumentList(ids, OpAsmParser::Delimiter::Paren))
    return failure();
  SmallVector<OpAsmParser::Argument> counts;
  SmallVector<OpAsmParser::UnresolvedOperand> sizes;
  if (parser.parseKeyword("in") ||
      parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Paren, [&]() -> ParseResult {
            OpAsmParser::Argument count;
            OpAsmParser::UnresolvedOperand size;
            if (parser.parseArgument(count) || parser.parseEqual() ||
                parser.parseOperand(size))
              return failure();
            counts.push_back(count);
            sizes.push_back(size);
            return success();
          }))
    return failure();
  if (ids.size() != counts.size())
    return parser.emitError(gridLoc, "expected one workgroup id per grid "
                                     "dimension, got ")
           << ids.size() << " ids for " << counts.size() << " dimensions";
  for (OpAsmParser::Argument &arg :
       llvm::concat<OpAsmParser::Argument>(ids, counts))
    arg.type = indexType;

  util::ParsedScopeSignature signature;
  if (util::parseScopeSignature(parser, signature))
    return failure();

  // Result handles: `as (%out, ...)`, one per result.
  SmallVector<OpAsmParser::Argument> handles;
  if (!signature.resultTypes.empty()) {
    SMLoc handlesLoc = parser.getCurrentLocation();
    if (parser.parseKeyword("as") ||
        parser.parseArgumentList(handles, OpAsmParser::Delimiter::Paren))
      return failure();
    if (handles.size() != signature.resultTypes.size())
      return parser.emitError(handlesLoc, "expected one result handle per "
                                          "result (")
             << signature.resultTypes.size() << "), got " << handles.size();
    for (auto [handle, type] : llvm::zip(handles, signature.resultTypes))
      handle.type = type;
  }

  SmallVector<OpAsmParser::Argument> arguments(signature.arguments);
  llvm::append_range(arguments, ids);
  llvm::append_range(arguments, counts);
  llvm::append_range(arguments, handles);
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, arguments, /*enableNameShadowing=*/false))
    return failure();
  // A single-block body may leave its terminator implicit; in a body of
  // several blocks every block says where it goes.
  if (body->hasOneBlock()) {
    Block &block = body->front();
    if (block.empty() || !block.back().hasTrait<OpTrait::IsTerminator>()) {
      // The region has no op yet to give the builder its context.
      OpBuilder yieldBuilder(builder.getContext());
      yieldBuilder.setInsertionPointToEnd(&block);
      YieldOp::create(yieldBuilder, result.location);
    }
  }
  if (util::parseScopeAttrDict(parser, result, getAttributeNames()))
    return failure();

  FailureOr<std::array<int32_t, 3>> segments =
      util::resolveScopeSignature(parser, signature, result);
  if (failed(segments) ||
      parser.resolveOperands(sizes, indexType, result.operands))
    return failure();
  Properties &props = result.getOrAddProperties<Properties>();
  props.operandSegmentSizes = {(*segments)[0], (*segments)[1], (*segments)[2],
                               static_cast<int32_t>(sizes.size())};
  props.tied_operands =
      util::getTiesAttrOrNull(parser.getContext(), signature.ties);
  return success();
}

void WorkgroupsOp::print(OpAsmPrinter &p) {
  Block &entry = getEntryBlock();
  unsigned rank = getGridRank();
  // Print from the operands when the block is malformed (the verifier says
  // why), so that the generic form is never needed to read the op.
  bool wellFormed = entry.getNumArguments() ==
                    getCaptures().size() + 2 * rank + getNumResults();
  p << " (";
  for (unsigned d = 0; d < rank; ++d) {
    if (d)
      p << ", ";
    if (wellFormed)
      p.printOperand(getWorkgroupIds()[d]);
  }
  p << ") in (";
  for (unsigned d = 0; d < rank; ++d) {
    if (d)
      p << ", ";
    if (wellFormed) {
      p.printOperand(getWorkgroupCounts()[d]);
      p << " = ";
    }
    p.printOperand(getWorkgroupCount()[d]);
  }
  p << ')';
  // A malformed tie array prints its results untied (the verifier says
  // why).
  SmallVector<Value> tiedCaptures;
  if (DenseI64ArrayAttr ties = getTiedOperandsAttr();
      ties && ties.size() == getNumResults())
    for (int64_t tie : ties.asArrayRef())
      tiedCaptures.push_back(
          tie >= 0 && tie < static_cast<int64_t>(getCaptures().size())
              ? getCaptures()[tie]
              : Value());
  util::printScopeSignature(
      p, getCaptures(), entry.getArguments().take_front(getCaptures().size()),
      getCaptureDims(), getResultTypes(), getResultDims(), tiedCaptures);
  if (getNumResults() != 0 && wellFormed) {
    p << " as (";
    llvm::interleaveComma(getResultHandles(), p,
                          [&](Value handle) { p.printOperand(handle); });
    p << ')';
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/!getBody().hasOneBlock());
  // Every inherent attribute has its own syntax (see util.scope's printer).
  p.printOptionalAttrDictWithKeyword(
      (*this)->getDiscardableAttrDictionary().getValue());
}

LogicalResult WorkgroupsOp::verify() {
  unsigned rank = getGridRank();
  if (rank < 1 || rank > 3)
    return emitOpError("expects 1 to 3 workgroup counts (grid dimensions) "
                       "but has ")
           << rank;
  if (failed(util::verifyDynamicDimCount(
          *this, "captures", util::getNumDynamicDims(getCaptures().getTypes()),
          getCaptureDims())))
    return failure();
  // Ties: one entry per result, each naming a capture of the result's type,
  // at most one result per capture. Tied results have their capture's dims.
  std::optional<size_t> numTieEntries;
  if (DenseI64ArrayAttr ties = getTiedOperandsAttr())
    numTieEntries = ties.size();
  FailureOr<unsigned> untiedResultDims =
      util::verifyTiedResults(*this, numTieEntries, "capture", "the scope has");
  if (failed(untiedResultDims) ||
      failed(util::verifyDynamicDimCount(*this, "results", *untiedResultDims,
                                         getResultDims())))
    return failure();

  // Entry block: captures, ids, counts, result handles.
  Block &entry = getEntryBlock();
  unsigned numCaptures = getCaptures().size();
  unsigned expected = numCaptures + 2 * rank + getNumResults();
  if (entry.getNumArguments() != expected)
    return emitOpError("expects ")
           << expected << " entry block arguments (" << numCaptures
           << " captures, " << rank << " workgroup ids, " << rank
           << " workgroup counts, " << getNumResults()
           << " result handles) but the body has " << entry.getNumArguments();
  for (auto [i, capture] : llvm::enumerate(getCaptures()))
    if (capture.getType() != entry.getArgument(i).getType())
      return emitOpError("capture #") << i << " has type " << capture.getType()
                                      << " but its block argument has type "
                                      << entry.getArgument(i).getType();
  for (unsigned i = 0; i < 2 * rank; ++i)
    if (!entry.getArgument(numCaptures + i).getType().isIndex())
      return emitOpError("expects workgroup ids and counts of type 'index', "
                         "block argument #")
             << numCaptures + i << " has type "
             << entry.getArgument(numCaptures + i).getType();
  for (auto [i, result, handle] :
       llvm::enumerate(getResults(), getResultHandles()))
    if (result.getType() != handle.getType())
      return emitOpError("result #")
             << i << " has type " << result.getType()
             << " but its result handle has type " << handle.getType();
  return success();
}

LogicalResult WorkgroupsOp::verifyRegions() {
  for (auto [i, handle] : llvm::enumerate(getResultHandles())) {
    for (OpOperand &use : handle.getUses()) {
      auto store = dyn_cast<StoreOp>(use.getOwner());
      if (!store || &use != &store.getDestMutable()) {
        InFlightDiagnostic diag =
            emitOpError("result handle #")
            << i << " is used by '" << use.getOwner()->getName()
            << "'; a result handle is only the destination of codegen.store "
               "(the body cannot read a result)";
        diag.attachNote(use.getOwner()->getLoc()) << "used here";
        return diag;
      }
    }
    // A result with no store at all is not rejected here: folding a loop
    // that never runs, or a branch never taken, may erase the only store
    // of valid IR. codegen-lower-workgroups reports an untied one.
  }
  return success();
}

//===----------------------------------------------------------------------===//
// StoreOp
//===----------------------------------------------------------------------===//

void StoreOp::build(OpBuilder &builder, OperationState &state, Value source,
                    Value dest, ArrayRef<OpFoldResult> offsets,
                    ArrayRef<OpFoldResult> sizes,
                    ArrayRef<OpFoldResult> strides) {
  SmallVector<int64_t> staticOffsets, staticSizes, staticStrides;
  SmallVector<Value> dynamicOffsets, dynamicSizes, dynamicStrides;
  dispatchIndexOpFoldResults(offsets, dynamicOffsets, staticOffsets);
  dispatchIndexOpFoldResults(sizes, dynamicSizes, staticSizes);
  dispatchIndexOpFoldResults(strides, dynamicStrides, staticStrides);
  build(builder, state, source, dest, dynamicOffsets, dynamicSizes,
        dynamicStrides, builder.getDenseI64ArrayAttr(staticOffsets),
        builder.getDenseI64ArrayAttr(staticSizes),
        builder.getDenseI64ArrayAttr(staticStrides));
}

WorkgroupsOp StoreOp::getScope() {
  return (*this)->getParentOfType<WorkgroupsOp>();
}

LogicalResult StoreOp::verify() {
  WorkgroupsOp scope = getScope();
  if (!scope)
    return emitOpError("expects parent op 'codegen.scope.workgroups' (around "
                       "it, directly or through control-flow ops)");
  // Between the store and its scope's body only control flow: code the
  // workgroup runs as written, possibly several times or not at all.
  for (Operation *parent = (*this)->getParentOp(); parent != scope;
       parent = parent->getParentOp())
    if (!isa<RegionBranchOpInterface>(parent))
      return emitOpError("is nested in '")
             << parent->getName()
             << "', which is not control flow; a codegen.store sits in the "
                "body of its codegen.scope.workgroups or in regions of "
                "control-flow ops there (RegionBranchOpInterface)";
  if (!scope.getResultOfHandle(getDest()))
    return emitOpError("stores into a value that is not a result handle of "
                       "the enclosing codegen.scope.workgroups");
  RankedTensorType tileType = getSource().getType();
  RankedTensorType resultType = getDest().getType();
  if (tileType.getRank() != resultType.getRank())
    return emitOpError("stores a tile of rank ")
           << tileType.getRank() << " into a result of rank "
           << resultType.getRank();
  if (tileType.getElementType() != resultType.getElementType())
    return emitOpError("stores a tile of element type ")
           << tileType.getElementType() << " into a result of element type "
           << resultType.getElementType();
  // The counts of offsets, sizes and strides, and non-negative static
  // offsets and sizes, are checked by OffsetSizeAndStrideOpInterface before
  // this verifier runs.
  ArrayRef<int64_t> offsets = getStaticOffsets();
  ArrayRef<int64_t> sizes = getStaticSizes();
  ArrayRef<int64_t> strides = getStaticStrides();
  for (int64_t d = 0, rank = resultType.getRank(); d < rank; ++d) {
    int64_t tileDim = tileType.getDimSize(d);
    if (ShapedType::isDynamic(sizes[d]) != ShapedType::isDynamic(tileDim) ||
        (!ShapedType::isDynamic(tileDim) && tileDim != sizes[d]))
      return emitOpError("tile dimension #")
             << d << " is "
             << (ShapedType::isDynamic(tileDim) ? std::string("dynamic")
                                                : std::to_string(tileDim))
             << " but the store's size is "
             << (ShapedType::isDynamic(sizes[d]) ? std::string("dynamic")
                                                 : std::to_string(sizes[d]));
    if (!ShapedType::isDynamic(strides[d]) && strides[d] < 1)
      return emitOpError("stride #")
             << d << " is " << strides[d] << "; strides are positive";
    int64_t resultDim = resultType.getDimSize(d);
    if (ShapedType::isDynamic(resultDim) || ShapedType::isDynamic(offsets[d]) ||
        ShapedType::isDynamic(sizes[d]) || ShapedType::isDynamic(strides[d]) ||
        sizes[d] == 0)
      continue;
    int64_t last = offsets[d] + (sizes[d] - 1) * strides[d];
    if (last >= resultDim)
      return emitOpError("writes index ")
             << last << " of dimension #" << d
             << ", outside the result's extent " << resultDim;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// YieldOp
//===----------------------------------------------------------------------===//

LogicalResult YieldOp::verify() {
  if (isa<WorkgroupsOp>((*this)->getParentOp())) {
    if (getNumOperands() != 0)
      return emitOpError("yields ")
             << getNumOperands()
             << " values in a codegen.scope.workgroups, which yields none: "
                "its results are written by codegen.store";
    return success();
  }
  return util::verifyOperandsMatchParentResults(*this, "yields", "scope",
                                                /*nameParent=*/true);
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Codegen/IR/CodegenOps.cpp.inc"
