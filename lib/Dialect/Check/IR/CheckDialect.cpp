//===- CheckDialect.cpp - check dialect -------------------------*- C++ -*-===//
//
// This file implements the check dialect's registration.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Check/IR/CheckDialect.h"
#include "scopeir/Dialect/Check/IR/CheckOps.h"

using namespace mlir;
using namespace scopeir::check;

#include "scopeir/Dialect/Check/IR/CheckDialect.cpp.inc"

void CheckDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/Check/IR/CheckOps.cpp.inc"
      >();
}
