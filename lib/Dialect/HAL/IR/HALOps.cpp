//===- HALOps.cpp - hal ops -------------------------------------*- C++ -*-===//
//
// This file implements the hal dialect's ops: how hal.device.scope stores
// its scope attribute (util's ODS base class does the rest), and the
// interfaces and verifier of hal.dispatch.extern.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALOps.h"

#include "scopeir/Dialect/Util/IR/OpImplUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

//===----------------------------------------------------------------------===//
// DeviceScopeOp
//===----------------------------------------------------------------------===//

SmallVector<Attribute> DeviceScopeOp::getStoredScopeAttributes() {
  return {getTarget()};
}

LogicalResult DeviceScopeOp::setScopeAttributes(ArrayRef<Attribute> attrs) {
  // The op's syntax holds exactly one device.
  if (attrs.size() != 1 || !isa<DeviceTargetAttr>(attrs.front()))
    return failure();
  setTargetAttr(cast<DeviceTargetAttr>(attrs.front()));
  return success();
}

//===----------------------------------------------------------------------===//
// DispatchExternOp
//===----------------------------------------------------------------------===//

// The shared directives of the ODS formats.
using util::parseShapedTypeList;
using util::parseTiedShapedResultList;
using util::printShapedTypeList;
using util::printTiedShapedResultList;

void DispatchExternOp::build(OpBuilder &builder, OperationState &state,
                             ExternAttr kernel, TypeRange resultTypes,
                             ValueRange arguments, ValueRange argumentDims,
                             ValueRange resultDims,
                             ArrayRef<int64_t> tiedOperands,
                             FlatSymbolRefAttr decomposition,
                             ValueRange decompositionOperands) {
  state.addOperands(arguments);
  state.addOperands(argumentDims);
  state.addOperands(resultDims);
  state.addOperands(decompositionOperands);
  state.addTypes(resultTypes);
  Properties &props = state.getOrAddProperties<Properties>();
  props.symbol = builder.getStringAttr(kernel.getSymbol());
  if (DictionaryAttr abi = kernel.getAbi(); abi && !abi.empty())
    props.abi = abi;
  props.tied_operands =
      util::getTiesAttrOrNull(builder.getContext(), tiedOperands);
  props.decomposition = decomposition;
  props.operandSegmentSizes = {
      static_cast<int32_t>(arguments.size()),
      static_cast<int32_t>(argumentDims.size()),
      static_cast<int32_t>(resultDims.size()),
      static_cast<int32_t>(decompositionOperands.size())};
}

ExternAttr DispatchExternOp::getKernel() {
  return ExternAttr::get(getContext(), getSymbol(), getAbiAttr());
}

ValueRange DispatchExternOp::getArgumentDynamicDims(unsigned index) {
  return util::sliceDynamicDims(getArguments().getTypes(), getArgumentDims(),
                                index);
}

OperandRange DispatchExternOp::getTiedOperandsRange() { return getArguments(); }

SmallVector<int64_t> DispatchExternOp::getTiedResultIndices() {
  return util::getTiesOrUntied(getTiedOperandsAttr(), getNumResults());
}

void DispatchExternOp::setTiedResultIndices(ArrayRef<int64_t> ties) {
  setTiedOperandsAttr(util::getTiesAttrOrNull(getContext(), ties));
}

ValueRange DispatchExternOp::getOperandDynamicDims(unsigned operandIndex) {
  return util::getOperandDynamicDims(getArguments(), getArgumentDims(),
                                     operandIndex);
}

ValueRange DispatchExternOp::getResultDynamicDims(unsigned resultIndex) {
  return util::getTiedResultDynamicDims(*this, resultIndex, getArgumentDims(),
                                        getResultDims());
}

void DispatchExternOp::setAllOperandDynamicDims(ValueRange dims) {
  getArgumentDimsMutable().assign(dims);
}

void DispatchExternOp::setAllResultDynamicDims(ValueRange dims) {
  getResultDimsMutable().assign(dims);
}

LogicalResult
DispatchExternOp::reifyResultShapes(OpBuilder &builder,
                                    ReifiedRankedShapedTypeDims &shapes) {
  return util::reifyResultShapesFromDims(*this, builder, shapes);
}

LogicalResult DispatchExternOp::verify() {
  auto emitError = [&]() { return emitOpError(); };
  if (!isValidKernelSymbol(getSymbol()))
    return emitOpError("kernel symbol '")
           << getSymbol() << "' is not a C identifier";
  if (failed(verifyKernelABIOptions(emitError, getAbiAttr())))
    return failure();
  if (failed(util::verifyDynamicDimCount(
          *this, "arguments",
          util::getNumDynamicDims(getArguments().getTypes()),
          getArgumentDims())))
    return failure();

  // Ties: one entry per result, in range, one result per argument, of the
  // argument's type (scalars have no storage to update in place).
  std::optional<size_t> numTieEntries;
  if (DenseI64ArrayAttr ties = getTiedOperandsAttr())
    numTieEntries = ties.size();
  FailureOr<unsigned> expectedResultDims =
      util::verifyTiedResults(*this, numTieEntries, "argument", "there are");
  if (failed(expectedResultDims) ||
      failed(util::verifyDynamicDimCount(*this, "untied results",
                                         *expectedResultDims, getResultDims())))
    return failure();
  if (!getDecompositionAttr() && !getDecompositionOperands().empty())
    return emitOpError("has decomposition operands but no decomposition");
  return success();
}

LogicalResult
DispatchExternOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FlatSymbolRefAttr name = getDecompositionAttr();
  if (!name)
    return success();
  Operation *callee = symbolTable.lookupNearestSymbolFrom(*this, name);
  auto function = dyn_cast_or_null<FunctionOpInterface>(callee);
  if (!function)
    return emitOpError("decomposition ") << name << " is not a function";
  auto type = dyn_cast<FunctionType>(function.getFunctionType());
  SmallVector<Type> inputs(getArguments().getTypes());
  llvm::append_range(inputs, getDecompositionOperands().getTypes());
  if (!type || TypeRange(type.getInputs()) != TypeRange(inputs) ||
      TypeRange(type.getResults()) != TypeRange(getResultTypes()))
    return emitOpError("decomposition ")
           << name << " has type " << function.getFunctionType()
           << " but the kernel's arguments and decomposition operands are ("
           << inputs << ") and its results (" << getResultTypes() << ")";
  return success();
}

std::vector<std::string> scopeir::hal::collectKernelSymbols(Operation *root) {
  std::vector<std::string> symbols;
  auto add = [&](StringRef symbol) {
    if (!llvm::is_contained(symbols, symbol))
      symbols.push_back(symbol.str());
  };
  root->walk([&](Operation *op) {
    if (auto call = dyn_cast<util::ExternCallOpInterface>(op))
      add(call.getKernelSymbol());
    else if (auto scope = dyn_cast<util::ScopeOpInterface>(op))
      if (auto kernel = dyn_cast_or_null<ExternAttr>(
              scope.getScopeAttrOfKind(ExternAttr::kScopeKind)))
        add(kernel.getSymbol());
  });
  return symbols;
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/HAL/IR/HALOps.cpp.inc"
