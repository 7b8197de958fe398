//===- FlowDialect.cpp - flow dialect ---------------------------*- C++ -*-===//
//
// This file implements the flow dialect: registration and the inliner
// interface that lets functions containing dispatch regions be inlined.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowDialect.h"
#include "scopeir/Dialect/Flow/IR/FlowOps.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace scopeir::flow;

#include "scopeir/Dialect/Flow/IR/FlowDialect.cpp.inc"

namespace {
/// Dispatch regions and dispatches are plain SSA ops: inlining a function
/// that contains them keeps them, with their placement.
struct FlowInlinerInterface : public DialectInlinerInterface {
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

void FlowDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "scopeir/Dialect/Flow/IR/FlowOps.cpp.inc"
      >();
  addInterfaces<FlowInlinerInterface>();
}
