//===- VerifyElementTypes.cpp - Element types backends handle ---*- C++ -*-===//
//
// This file implements hal-verify-element-types: every value's integer or
// float (element) type must be one the backends and the host lowering
// handle.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Transforms/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_VERIFYELEMENTTYPESPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;

/// Returns the integer or float type of `type` (itself, or its element
/// type) that the backends do not handle; null if there is none.
static Type findUnsupportedElementType(Type type) {
  Type element = type;
  if (auto shaped = dyn_cast<ShapedType>(type))
    element = shaped.getElementType();
  if (auto integer = dyn_cast<IntegerType>(element)) {
    unsigned width = integer.getWidth();
    bool supported = integer.isSignless() &&
                     (width == 1 || width == 8 || width == 16 ||
                      width == 32 || width == 64);
    return supported ? Type() : element;
  }
  if (isa<FloatType>(element)) {
    bool supported =
        element.isF16() || element.isBF16() || element.isF32() ||
        element.isF64();
    return supported ? Type() : element;
  }
  return {};
}

namespace {

struct VerifyElementTypesPass
    : hal::impl::VerifyElementTypesPassBase<VerifyElementTypesPass> {
  void runOnOperation() override {
    bool failed = false;
    // One error per function: its first op with such a value.
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (!isa<FunctionOpInterface>(op))
        return WalkResult::advance();
      Type found;
      Operation *where = op;
      auto check = [&](Operation *nested) {
        for (Type type : nested->getResultTypes())
          if ((found = findUnsupportedElementType(type)))
            break;
        for (Region &region : nested->getRegions())
          for (Block &block : region)
            for (Type type : block.getArgumentTypes())
              if (!found && (found = findUnsupportedElementType(type)))
                break;
        if (found)
          where = nested;
        return found ? WalkResult::interrupt() : WalkResult::advance();
      };
      // The signature of a declaration, the body of a definition.
      auto function = cast<FunctionOpInterface>(op);
      if (function.isExternal()) {
        for (Type type : function.getArgumentTypes())
          if (!found)
            found = findUnsupportedElementType(type);
      } else {
        op->walk<WalkOrder::PreOrder>(check);
      }
      if (!found)
        for (Type type : function.getResultTypes())
          if (!found)
            found = findUnsupportedElementType(type);
      if (found) {
        where->emitError("element type ")
            << found
            << " is not supported: scopeir's backends handle i1, i8, i16, "
               "i32, i64, index, f16, bf16, f32 and f64";
        failed = true;
      }
      return WalkResult::skip();
    });
    if (failed)
      return signalPassFailure();
    markAllAnalysesPreserved();
  }
};

} // namespace
