//===- HALOps.cpp - hal ops -------------------------------------*- C++ -*-===//
//
// This file implements the hal dialect's ops: hal.device.scope's interface
// methods and verifier.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

//===----------------------------------------------------------------------===//
// DeviceScopeOp
//===----------------------------------------------------------------------===//

Region &DeviceScopeOp::getScopeBody() { return getBody(); }

SmallVector<util::ScopeAttrInterface> DeviceScopeOp::getScopeAttributes() {
  return {cast<util::ScopeAttrInterface>(getTarget())};
}

OperandRange DeviceScopeOp::getExplicitCaptures() {
  return OperandRange(getOperation()->operand_end(),
                      getOperation()->operand_end());
}

bool DeviceScopeOp::isAnnotationLike() { return true; }

void DeviceScopeOp::getSuccessorRegions(
    RegionBranchPoint point, SmallVectorImpl<RegionSuccessor> &regions) {
  if (point.isParent()) {
    regions.push_back(RegionSuccessor(&getBody()));
    return;
  }
  regions.push_back(RegionSuccessor(getOperation(), getResults()));
}

void DeviceScopeOp::getRegionInvocationBounds(
    ArrayRef<Attribute> operands, SmallVectorImpl<InvocationBounds> &bounds) {
  bounds.emplace_back(1, 1);
}

LogicalResult DeviceScopeOp::verifyRegions() {
  return util::verifyAnnotationBody(*this, getBody());
}

#define GET_OP_CLASSES
#include "scopeir/Dialect/HAL/IR/HALOps.cpp.inc"
