//===- FlowOps.cpp - flow ops: parse, print, verify -------------*- C++ -*-===//
//
// This file implements the flow dialect's ops: their custom syntax, verifiers
// and interface methods. Canonicalization patterns live in FlowOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

/// Parses `type{dims}, ...` (without the enclosing parentheses).
static ParseResult
parseShapedTypeList(OpAsmParser &parser, SmallVectorImpl<Type> &types,
                    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &dims) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    Type type;
    if (parser.parseType(type) || util::parseOptionalDynamicDims(parser, dims))
      return failure();
    types.push_back(type);
    return success();
  });
}

/// Returns the slice of `dims` (one value per dynamic dimension of each of
/// `types`, in order) that belongs to `types[index]`; empty if `dims` is too
/// short (the verifier reports that).
static ValueRange sliceDims(TypeRange types, ValueRange dims, unsigned index) {
  unsigned begin = 0;
  for (unsigned i = 0; i < index; ++i)
    begin += util::getNumDynamicDims(types[i]);
  unsigned count = util::getNumDynamicDims(types[index]);
  if (begin + count > dims.size())
    return {};
  return dims.slice(begin, count);
}

static void printShapedTypeList(OpAsmPrinter &p, TypeRange types,
                                ValueRange dims) {
  for (unsigned i = 0, e = types.size(); i < e; ++i) {
    if (i)
      p << ", ";
    p.printType(types[i]);
    util::printDynamicDims(p, sliceDims(types, dims, i));
  }
}

/// Verifies that `dims` holds one value per dynamic dimension of `types`.
static LogicalResult verifyDimCount(Operation *op, StringRef what,
                                    TypeRange types, ValueRange dims) {
  unsigned expected = 0;
  for (Type type : types)
    expected += util::getNumDynamicDims(type);
  if (dims.size() != expected)
    return op->emitOpError("expects ")
           << expected << " dynamic dims for its " << what
           << " (one per dynamic dimension) but has " << dims.size();
  return success();
}

/// Returns one reified shape per result of `op`: its static sizes and its
/// dims operands for the dynamic ones.
static LogicalResult reifyFromDims(Operation *op, ValueRange resultDims,
                                   ReifiedRankedShapedTypeDims &shapes) {
  Builder builder(op->getContext());
  TypeRange types = op->getResultTypes();
  for (unsigned i = 0, e = types.size(); i < e; ++i) {
    auto shaped = dyn_cast<RankedTensorType>(types[i]);
    if (!shaped) {
      shapes.emplace_back();
      continue;
    }
    ValueRange dims = sliceDims(types, resultDims, i);
    SmallVector<OpFoldResult> sizes;
    unsigned next = 0;
    for (int64_t size : shaped.getShape()) {
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
// DispatchRegionOp
//===----------------------------------------------------------------------===//

void DispatchRegionOp::build(OpBuilder &builder, OperationState &state,
                             TypeRange resultTypes, ValueRange resultDims,
                             Attribute placement, ArrayAttr scopePath) {
  state.addOperands(resultDims);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.placement = placement;
  if (scopePath && !scopePath.empty())
    props.scope_path = scopePath;
  Region *body = state.addRegion();
  body->push_back(new Block());
}

util::ScopeAttrInterface DispatchRegionOp::getPlacementScopeAttr() {
  return dyn_cast_if_present<util::ScopeAttrInterface>(getPlacementAttr());
}

ValueRange DispatchRegionOp::getOperandDynamicDims(unsigned operandIndex) {
  // The only operands are dims, which have none.
  return {};
}

ValueRange DispatchRegionOp::getResultDynamicDims(unsigned resultIndex) {
  return sliceDims(getResultTypes(), getResultDims(), resultIndex);
}

void DispatchRegionOp::setAllOperandDynamicDims(ValueRange dims) {
  assert(dims.empty() && "a dispatch region's operands have no dims");
}

void DispatchRegionOp::setAllResultDynamicDims(ValueRange dims) {
  getResultDimsMutable().assign(dims);
}

LogicalResult
DispatchRegionOp::reifyResultShapes(OpBuilder &builder,
                                    ReifiedRankedShapedTypeDims &shapes) {
  return reifyFromDims(*this, getResultDims(), shapes);
}

void DispatchRegionOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getBody()));
    return;
  }
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

void DispatchRegionOp::getRegionInvocationBounds(
    ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.emplace_back(1, 1);
}

// flow.dispatch.region (on(<placement>))? (-> (type{dims}, ...))? region
//     (attributes {...})?
ParseResult DispatchRegionOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  if (succeeded(parser.parseOptionalKeyword("on"))) {
    Attribute placement;
    if (parser.parseLParen() || parser.parseAttribute(placement) ||
        parser.parseRParen())
      return failure();
    props.placement = placement;
  }

  SmallVector<Type> resultTypes;
  SmallVector<OpAsmParser::UnresolvedOperand> resultDims;
  if (succeeded(parser.parseOptionalArrow())) {
    if (parser.parseLParen())
      return failure();
    if (failed(parser.parseOptionalRParen()) &&
        (parseShapedTypeList(parser, resultTypes, resultDims) ||
         parser.parseRParen()))
      return failure();
  }

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, /*arguments=*/{}) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  if (parser.resolveOperands(resultDims, parser.getBuilder().getIndexType(),
                             result.operands))
    return failure();
  result.addTypes(resultTypes);
  return success();
}

void DispatchRegionOp::print(OpAsmPrinter &p) {
  if (Attribute placement = getPlacementAttr()) {
    p << " on(";
    p.printAttribute(placement);
    p << ')';
  }
  if (getNumResults() != 0) {
    p << " -> (";
    printShapedTypeList(p, getResultTypes(), getResultDims());
    p << ')';
  }
  p << ' ';
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                     {getPlacementAttrName()});
}

LogicalResult DispatchRegionOp::verify() {
  if (Attribute placement = getPlacementAttr()) {
    auto scopeAttr = dyn_cast<util::ScopeAttrInterface>(placement);
    if (!scopeAttr || !scopeAttr.isPlacement())
      return emitOpError("placement ")
             << placement
             << " is not a placement attribute (a ScopeAttrInterface "
                "attribute whose isPlacement() is true)";
  }
  return verifyDimCount(*this, "results", getResultTypes(), getResultDims());
}

LogicalResult DispatchRegionOp::verifyRegions() {
  Block &block = getBodyBlock();
  if (block.getNumArguments() != 0)
    return emitOpError("expects a body without block arguments (values from "
                       "above are used implicitly)");
  if (block.empty() || !isa<ReturnOp>(block.back()))
    return emitOpError("expects its body to end in flow.return");
  return success();
}

//===----------------------------------------------------------------------===//
// ReturnOp
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto parent = cast<DispatchRegionOp>((*this)->getParentOp());
  if (getNumOperands() != parent.getNumResults())
    return emitOpError("returns ")
           << getNumOperands() << " values but its dispatch region has "
           << parent.getNumResults() << " results";
  for (auto [i, operand, result] :
       llvm::enumerate(getOperands(), parent.getResults()))
    if (operand.getType() != result.getType())
      return emitOpError("operand #") << i << " has type " << operand.getType()
                                      << " but the dispatch region's result #"
                                      << i << " has type " << result.getType();
  return success();
}

//===----------------------------------------------------------------------===//
// DispatchOp
//===----------------------------------------------------------------------===//

void DispatchOp::build(OpBuilder &builder, OperationState &state,
                       SymbolRefAttr callee, TypeRange resultTypes,
                       ValueRange arguments, ValueRange argumentDims,
                       ValueRange resultDims) {
  state.addOperands(arguments);
  state.addOperands(argumentDims);
  state.addOperands(resultDims);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.callee = callee;
  props.operandSegmentSizes = {static_cast<int32_t>(arguments.size()),
                               static_cast<int32_t>(argumentDims.size()),
                               static_cast<int32_t>(resultDims.size())};
}

ValueRange DispatchOp::getArgumentDynamicDims(unsigned index) {
  return sliceDims(getArguments().getTypes(), getArgumentDims(), index);
}

ValueRange DispatchOp::getOperandDynamicDims(unsigned operandIndex) {
  if (operandIndex >= getArguments().size())
    return {};
  return getArgumentDynamicDims(operandIndex);
}

ValueRange DispatchOp::getResultDynamicDims(unsigned resultIndex) {
  return sliceDims(getResultTypes(), getResultDims(), resultIndex);
}

void DispatchOp::setAllOperandDynamicDims(ValueRange dims) {
  getArgumentDimsMutable().assign(dims);
}

void DispatchOp::setAllResultDynamicDims(ValueRange dims) {
  getResultDimsMutable().assign(dims);
}

LogicalResult
DispatchOp::reifyResultShapes(OpBuilder &builder,
                              ReifiedRankedShapedTypeDims &shapes) {
  return reifyFromDims(*this, getResultDims(), shapes);
}

// flow.dispatch @m::@f(%args) : (type{dims}, ...) -> (type{dims}, ...)
//     (attributes {...})?
ParseResult DispatchOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  SymbolRefAttr callee;
  SmallVector<OpAsmParser::UnresolvedOperand> arguments, argumentDims,
      resultDims;
  SmallVector<Type> argumentTypes, resultTypes;
  SMLoc argumentsLoc;
  if (parser.parseAttribute(callee) ||
      parser.getCurrentLocation(&argumentsLoc) ||
      parser.parseOperandList(arguments, OpAsmParser::Delimiter::Paren) ||
      parser.parseColon() || parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen()) &&
      (parseShapedTypeList(parser, argumentTypes, argumentDims) ||
       parser.parseRParen()))
    return failure();
  if (parser.parseArrow() || parser.parseLParen())
    return failure();
  if (failed(parser.parseOptionalRParen()) &&
      (parseShapedTypeList(parser, resultTypes, resultDims) ||
       parser.parseRParen()))
    return failure();
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();

  Type indexType = parser.getBuilder().getIndexType();
  if (parser.resolveOperands(arguments, argumentTypes, argumentsLoc,
                             result.operands) ||
      parser.resolveOperands(argumentDims, indexType, result.operands) ||
      parser.resolveOperands(resultDims, indexType, result.operands))
    return failure();
  props.callee = callee;
  props.operandSegmentSizes = {static_cast<int32_t>(arguments.size()),
                               static_cast<int32_t>(argumentDims.size()),
                               static_cast<int32_t>(resultDims.size())};
  result.addTypes(resultTypes);
  return success();
}

void DispatchOp::print(OpAsmPrinter &p) {
  p << ' ';
  p.printAttributeWithoutType(getCalleeAttr());
  p << '(';
  p.printOperands(getArguments());
  p << ") : (";
  printShapedTypeList(p, getArguments().getTypes(), getArgumentDims());
  p << ") -> (";
  printShapedTypeList(p, getResultTypes(), getResultDims());
  p << ')';
  p.printOptionalAttrDictWithKeyword(
      (*this)->getAttrs(),
      {getCalleeAttrName(), getOperandSegmentSizesAttrName()});
}

LogicalResult DispatchOp::verify() {
  if (failed(verifyDimCount(*this, "arguments", getArguments().getTypes(),
                            getArgumentDims())))
    return failure();
  return verifyDimCount(*this, "results", getResultTypes(), getResultDims());
}

LogicalResult DispatchOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  Operation *callee =
      symbolTable.lookupNearestSymbolFrom(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("callee ")
           << getCalleeAttr() << " does not name a symbol";
  auto function = dyn_cast<FunctionOpInterface>(callee);
  if (!function)
    return emitOpError("callee ") << getCalleeAttr() << " is not a function";
  auto calleeType = dyn_cast<FunctionType>(function.getFunctionType());
  if (!calleeType)
    return emitOpError("callee ")
           << getCalleeAttr() << " does not have a builtin function type";
  if (TypeRange(calleeType.getInputs()) !=
          TypeRange(getArguments().getTypes()) ||
      TypeRange(calleeType.getResults()) != TypeRange(getResultTypes()))
    return emitOpError("type of callee ")
           << getCalleeAttr() << " is " << calleeType
           << " but the dispatch passes (" << getArguments().getTypes()
           << ") and expects (" << getResultTypes() << ")";
  return success();
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Flow/IR/FlowOps.cpp.inc"
