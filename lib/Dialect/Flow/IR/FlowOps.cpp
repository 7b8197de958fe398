//===- FlowOps.cpp - flow ops: verifiers and interfaces ---------*- C++ -*-===//
//
// This file implements the flow dialect's ops: their verifiers and interface
// methods. Their syntax is declarative, with util's shared directives;
// canonicalization patterns live in FlowOpFolders.cpp.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Util/IR/OpImplUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

//===----------------------------------------------------------------------===//
// Shared helpers
//===----------------------------------------------------------------------===//

// The shared directive `custom<ShapedTypeList>` of the ODS formats.
using util::parseShapedTypeList;
using util::printShapedTypeList;

/// `custom<Memory>`: `host`, or a placement attribute.
static ParseResult parseMemory(OpAsmParser &parser, Attribute &memory) {
  if (succeeded(parser.parseOptionalKeyword("host"))) {
    memory = {};
    return success();
  }
  return parser.parseAttribute(memory);
}

static void printMemory(OpAsmPrinter &printer, Operation *, Attribute memory) {
  if (memory)
    printer.printAttribute(memory);
  else
    printer << "host";
}

/// Checks the two sides of a transfer: placements with memory of their own
/// (or host), and different.
static LogicalResult verifyTransferMemories(Operation *op, Attribute source,
                                            Attribute target) {
  for (Attribute memory : {source, target}) {
    if (!memory)
      continue;
    auto placement = dyn_cast<util::ScopeAttrInterface>(memory);
    if (!placement || !placement.isPlacement())
      return op->emitOpError("expects each side to be 'host' or a placement "
                             "attribute, got ")
             << memory;
    if (!placement.hasDeviceMemory())
      return op->emitOpError("side ")
             << memory
             << " computes in host memory: write 'host' for it (only a "
                "placement with memory of its own is a side of its own)";
  }
  if (source != target)
    return success();
  InFlightDiagnostic diag =
      op->emitOpError("transfers a value to the memory it is in (");
  if (source)
    diag << source;
  else
    diag << "host";
  return diag << ")";
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
  return util::sliceDynamicDims(getResultTypes(), getResultDims(), resultIndex);
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
  return util::reifyResultShapesFromDims(*this, builder, shapes);
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

LogicalResult DispatchRegionOp::verify() {
  if (Attribute placement = getPlacementAttr()) {
    auto scopeAttr = dyn_cast<util::ScopeAttrInterface>(placement);
    if (!scopeAttr || !scopeAttr.isPlacement())
      return emitOpError("placement ")
             << placement
             << " is not a placement attribute (a ScopeAttrInterface "
                "attribute whose isPlacement() is true)";
  }
  if (ArrayAttr inherited = getScopeAttrsAttr()) {
    llvm::StringSet<> kinds;
    for (Attribute attr : inherited) {
      auto scopeAttr = dyn_cast<util::ScopeAttrInterface>(attr);
      if (!scopeAttr || !scopeAttr.isInheritedByDispatches())
        return emitOpError("scope attribute ")
               << attr << " is not inherited by dispatches (a "
               << "ScopeAttrInterface attribute whose "
               << "isInheritedByDispatches() is true)";
      if (!kinds.insert(scopeAttr.getScopeKind()).second)
        return emitOpError("inherits two scope attributes of kind '")
               << scopeAttr.getScopeKind() << "'";
    }
  }
  return util::verifyDynamicDimCount(*this, "results",
                                     util::getNumDynamicDims(getResultTypes()),
                                     getResultDims());
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
  return util::verifyOperandsMatchParentResults(*this, "returns",
                                                "dispatch region",
                                                /*nameParent=*/false);
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
  return util::sliceDynamicDims(getArguments().getTypes(), getArgumentDims(),
                                index);
}

ValueRange DispatchOp::getOperandDynamicDims(unsigned operandIndex) {
  return util::getOperandDynamicDims(getArguments(), getArgumentDims(),
                                     operandIndex);
}

ValueRange DispatchOp::getResultDynamicDims(unsigned resultIndex) {
  return util::sliceDynamicDims(getResultTypes(), getResultDims(), resultIndex);
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
  return util::reifyResultShapesFromDims(*this, builder, shapes);
}

LogicalResult DispatchOp::verify() {
  if (failed(util::verifyDynamicDimCount(
          *this, "arguments",
          util::getNumDynamicDims(getArguments().getTypes()),
          getArgumentDims())))
    return failure();
  return util::verifyDynamicDimCount(*this, "results",
                                     util::getNumDynamicDims(getResultTypes()),
                                     getResultDims());
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

//===----------------------------------------------------------------------===//
// TensorDynamicConstantOp
//===----------------------------------------------------------------------===//

LogicalResult TensorDynamicConstantOp::verify() {
  auto valueType = dyn_cast<RankedTensorType>(getValue().getType());
  if (!valueType)
    return emitOpError("expects a tensor value, got ")
           << getValue().getType();
  RankedTensorType resultType = getType();
  if (valueType.getElementType() != resultType.getElementType() ||
      valueType.getRank() != resultType.getRank())
    return emitOpError("result type ")
           << resultType << " does not match the value's type " << valueType
           << " in element type and rank";
  for (auto [i, valueDim, resultDim] :
       llvm::enumerate(valueType.getShape(), resultType.getShape()))
    if (!ShapedType::isDynamic(resultDim) && resultDim != valueDim)
      return emitOpError("result dim #")
             << i << " is " << resultDim << " but the value's is "
             << valueDim;
  return success();
}

//===----------------------------------------------------------------------===//
// TensorTieShapeOp / TensorBitCastOp
//===----------------------------------------------------------------------===//

/// Checks that `dims` holds one value per dynamic dim of `type`.
static LogicalResult verifyDynamicDims(Operation *op, StringRef what,
                                       RankedTensorType type,
                                       ValueRange dims) {
  if (dims.size() == type.getNumDynamicDims())
    return success();
  return op->emitOpError("expects ")
         << type.getNumDynamicDims() << " dims for the " << what << " type "
         << type << ", got " << dims.size();
}

LogicalResult TensorTieShapeOp::verify() {
  return verifyDynamicDims(*this, "result", getType(), getDynamicDims());
}

/// Returns the number of bits of a statically shaped `type` with an integer
/// or float element type; nullopt otherwise.
static std::optional<int64_t> getStaticBitSize(RankedTensorType type) {
  Type element = type.getElementType();
  if (!type.hasStaticShape() || !element.isIntOrFloat())
    return std::nullopt;
  return type.getNumElements() *
         static_cast<int64_t>(element.getIntOrFloatBitWidth());
}

LogicalResult TensorBitCastOp::verify() {
  if (failed(verifyDynamicDims(*this, "source", getSource().getType(),
                               getSourceDims())) ||
      failed(verifyDynamicDims(*this, "result", getType(), getResultDims())))
    return failure();
  std::optional<int64_t> sourceBits = getStaticBitSize(getSource().getType());
  std::optional<int64_t> resultBits = getStaticBitSize(getType());
  if (sourceBits && resultBits && *sourceBits != *resultBits)
    return emitOpError("source ")
           << getSource().getType() << " holds " << *sourceBits
           << " bits but the result " << getType() << " holds "
           << *resultBits;
  return success();
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/Flow/IR/FlowOps.cpp.inc"

//===----------------------------------------------------------------------===//
// TensorTransferOp
//===----------------------------------------------------------------------===//

LogicalResult TensorTransferOp::verify() {
  return verifyTransferMemories(*this, getSourceMemoryAttr(),
                                getTargetMemoryAttr());
}

OpFoldResult TensorTransferOp::fold(FoldAdaptor) {
  // A round trip gives back the value it started from.
  auto previous = getSource().getDefiningOp<TensorTransferOp>();
  if (previous && previous.getSourceMemoryAttr() == getTargetMemoryAttr())
    return previous.getSource();
  return {};
}

LogicalResult TensorTransferOp::reifyResultShapes(
    OpBuilder &builder, ReifiedRankedShapedTypeDims &reifiedReturnShapes) {
  reifiedReturnShapes.push_back(
      tensor::getMixedSizes(builder, getLoc(), getSource()));
  return success();
}

//===----------------------------------------------------------------------===//
// BufferTransferOp
//===----------------------------------------------------------------------===//

LogicalResult BufferTransferOp::verify() {
  auto source = cast<MemRefType>(getSource().getType());
  auto target = cast<MemRefType>(getTarget().getType());
  if (source.getShape() != target.getShape() ||
      source.getElementType() != target.getElementType())
    return emitOpError("copies ") << source << " into " << target
                                  << ": the shapes and element types differ";
  if (!source.getLayout().isIdentity() || !target.getLayout().isIdentity())
    return emitOpError("expects dense row-major buffers (identity layouts), "
                       "got ")
           << source << " and " << target;
  return verifyTransferMemories(*this, getSourceMemoryAttr(),
                                getTargetMemoryAttr());
}
