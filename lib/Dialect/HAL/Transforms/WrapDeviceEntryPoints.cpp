//===- WrapDeviceEntryPoints.cpp - Host entry points of device code -------===//
//
// This file implements hal-wrap-device-entry-points: a public function placed
// on a device with memory of its own becomes a host function whose body runs
// in a scope placed on that device, so that the host buffers it is called
// with move through transfers at the scope's edge.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_WRAPDEVICEENTRYPOINTSPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;

namespace {

/// Moves the body of `func` (one block) into a util.annotate placed on
/// `device` and drops the function's own placement.
void wrapBody(func::FuncOp func, util::ScopeAttrInterface device) {
  func->removeAttr(hal::HALDialect::getDeviceAttrName());
  Block &body = func.getBody().front();
  Operation *terminator = body.getTerminator();
  if (&body.front() == terminator)
    return;
  IRRewriter rewriter(func.getContext());
  rewriter.setInsertionPoint(&body.front());
  auto scope = util::AnnotateOp::create(rewriter, func.getLoc(),
                                        terminator->getOperandTypes(),
                                        rewriter.getArrayAttr({device}));
  util::moveOpsIntoScope(rewriter, scope, std::next(scope->getIterator()),
                         terminator->getIterator(), terminator->getOperands());
}

struct WrapDeviceEntryPointsPass
    : hal::impl::WrapDeviceEntryPointsPassBase<WrapDeviceEntryPointsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef deviceAttrName = hal::HALDialect::getDeviceAttrName();
    SmallVector<std::pair<func::FuncOp, util::ScopeAttrInterface>> entries;
    bool failed = false, placedByModule = false;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (func.isDeclaration() || !func.isPublic())
        continue;
      util::PlacementAndOwner placement =
          util::lookupPlacementAndOwner(func, /*includeOp=*/true);
      if (!placement.attr || !placement.attr.hasDeviceMemory())
        continue;
      if (!func.getBody().hasOneBlock()) {
        func.emitOpError()
            << "is public and placed on " << placement.attr
            << ", which computes in memory of its own: the host calls it "
               "with host buffers, and a body of "
            << func.getBody().getBlocks().size()
            << " blocks cannot move into a scope placed on the device";
        failed = true;
        continue;
      }
      entries.push_back({func, placement.attr});
      placedByModule |= placement.owner == module.getOperation();
    }
    if (failed)
      return signalPassFailure();
    if (entries.empty())
      return;

    // The module's placement stays that of its other functions.
    if (placedByModule) {
      Attribute moduleDevice = module->getAttr(deviceAttrName);
      for (auto func : module.getOps<func::FuncOp>())
        if (!func->hasAttr(deviceAttrName))
          func->setAttr(deviceAttrName, moduleDevice);
      module->removeAttr(deviceAttrName);
    }
    for (auto [func, device] : entries)
      wrapBody(func, device);
  }
};

} // namespace
