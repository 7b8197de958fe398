//===- CodegenDialect.cpp - codegen dialect ---------------------*- C++ -*-===//
//
// This file implements the codegen dialect's registration.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h"
#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Util/IR/ScopeInlinerInterface.h"
#include "scopeir/Dialect/Util/IR/ScopeValueBounds.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

using namespace mlir;
using namespace scopeir::codegen;

#include "scopeir/Dialect/Codegen/IR/CodegenDialect.cpp.inc"

void CodegenDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/Codegen/IR/CodegenOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<util::ScopeInlinerInterface>();
  TUOp::attachInterface<util::ScopeValueBoundsModel<TUOp>>(*getContext());
  WorkgroupsOp::attachInterface<util::ScopeValueBoundsModel<WorkgroupsOp>>(
      *getContext());
}
