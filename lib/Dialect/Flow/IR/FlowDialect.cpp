//===- FlowDialect.cpp - flow dialect ---------------------------*- C++ -*-===//
//
// This file implements the flow dialect: registration and the inliner
// interface that lets functions containing dispatch regions be inlined.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowDialect.h"
#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Util/IR/ScopeInlinerInterface.h"
#include "scopeir/Dialect/Util/IR/ScopeValueBounds.h"


using namespace mlir;
using namespace scopeir::flow;

#include "scopeir/Dialect/Flow/IR/FlowDialect.cpp.inc"

void FlowDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/Flow/IR/FlowOps.cpp.inc"
      >();
  addInterfaces<scopeir::util::ScopeInlinerInterface>();
  DispatchRegionOp::attachInterface<
      util::ScopeValueBoundsModel<DispatchRegionOp>>(*getContext());
  DispatchOp::attachInterface<util::ScopeValueBoundsModel<DispatchOp>>(
      *getContext());
}
