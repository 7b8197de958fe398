//===- UtilDialect.cpp - util dialect ---------------------------*- C++ -*-===//
//
// This file implements the util dialect's registration.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/ScopeInlinerInterface.h"
#include "scopeir/Dialect/Util/IR/ScopeValueBounds.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

using namespace mlir;
using namespace scopeir::util;

#include "scopeir/Dialect/Util/IR/UtilDialect.cpp.inc"

void UtilDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/Util/IR/UtilOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<ScopeInlinerInterface>();
  ScopeOp::attachInterface<ScopeValueBoundsModel<ScopeOp>>(*getContext());
  AnnotateOp::attachInterface<ScopeValueBoundsModel<AnnotateOp>>(
      *getContext());
}
