//===- UtilDialect.cpp - util dialect ---------------------------*- C++ -*-===//
//
// This file implements the util dialect: registration and the inliner
// interface that lets functions containing scopes be inlined.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace scopeir::util;

#include "scopeir/Dialect/Util/IR/UtilDialect.cpp.inc"

namespace {
/// Scope ops carry no state that inlining could break: captures and results
/// are ordinary SSA values, and scope attributes travel with the op.
struct UtilInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &valueMapping) const final {
    return true;
  }
};
} // namespace

void UtilDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/Util/IR/UtilOps.cpp.inc"
      >();
  registerAttributes();
  addInterfaces<UtilInlinerInterface>();
}
