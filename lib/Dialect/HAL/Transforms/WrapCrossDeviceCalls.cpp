//===- WrapCrossDeviceCalls.cpp - Scope calls to other devices --*- C++ -*-===//
//
// This file implements hal-wrap-cross-device-calls: calls to a function
// placed on another device are wrapped in a scope carrying that device, so
// that inlining keeps the callee's ops on it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_WRAPCROSSDEVICECALLSPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

namespace {

/// Wraps `call` in a scope placed on `device` whose body is the call.
void wrapCall(func::CallOp call, util::ScopeAttrInterface device) {
  IRRewriter rewriter(call);
  Location loc = call.getLoc();
  TypeRange resultTypes = call.getResultTypes();
  bool staticResults = llvm::all_of(resultTypes, [](Type type) {
    return util::getNumDynamicDims(type) == 0;
  });

  Operation *wrapper;
  if (staticResults) {
    wrapper = util::ScopeOp::create(
        rewriter, loc, resultTypes, /*resultDims=*/ValueRange(),
        /*captures=*/ValueRange(), /*captureDims=*/ValueRange(),
        /*tiedOperands=*/SmallVector<int64_t>(resultTypes.size(), -1),
        ArrayRef<Attribute>{device});
  } else {
    // The result dims are only known once the callee is inlined; the
    // annotation form lets util-lower-annotations compute them then.
    wrapper = util::AnnotateOp::create(rewriter, loc, resultTypes,
                                       rewriter.getArrayAttr({device}));
  }
  util::moveOpsIntoScope(rewriter, wrapper, call->getIterator(),
                         std::next(call->getIterator()), call.getResults());
}

/// Returns true if every dynamic dim of every result of `callee` can be
/// computed from its arguments before its body runs: what
/// util-lower-annotations will need once the callee is inlined into the
/// annotation around its call. Checked on a detached copy of the callee
/// whose body is wrapped in an annotation, with the same dim builder.
bool resultDimsComputable(func::FuncOp callee) {
  if (!callee.getBody().hasOneBlock())
    return true; // Not inlined into a one-block scope anyway.
  auto copy = cast<func::FuncOp>(callee->clone());
  Block &body = copy.getBody().front();
  Operation *terminator = body.getTerminator();
  bool computable = true;
  if (&body.front() != terminator) {
    IRRewriter rewriter(copy.getContext());
    rewriter.setInsertionPoint(&body.front());
    auto annotate = util::AnnotateOp::create(rewriter, copy.getLoc(),
                                             terminator->getOperandTypes(),
                                             rewriter.getArrayAttr({}));
    util::moveOpsIntoScope(rewriter, annotate,
                           std::next(annotate->getIterator()),
                           terminator->getIterator(),
                           terminator->getOperands());
    util::DimOpIndex dimIndex;
    util::DynamicDimBuilder dims(annotate, /*allowCreate=*/true, dimIndex);
    computable = llvm::all_of(annotate.getResults(), [&](Value result) {
      return succeeded(dims.getDynamicDims(result));
    });
    dims.eraseUnusedOps();
  }
  copy->erase();
  return computable;
}

struct WrapCrossDeviceCallsPass
    : hal::impl::WrapCrossDeviceCallsPassBase<WrapCrossDeviceCallsPass> {
  void runOnOperation() override {
    SymbolTableCollection symbolTables;
    struct CrossDeviceCall {
      func::CallOp call;
      func::FuncOp callee;
      util::ScopeAttrInterface device;
    };
    SmallVector<CrossDeviceCall> toWrap;
    getOperation()->walk([&](func::CallOp call) {
      auto callee = symbolTables.lookupNearestSymbolFrom<func::FuncOp>(
          call, call.getCalleeAttr());
      if (!callee)
        return;
      // Only the callee's own device counts: a callee inheriting the module
      // default runs wherever its caller puts it.
      util::ScopeAttrInterface calleeDevice = getOwnDevice(callee);
      if (!calleeDevice)
        return;
      if (util::lookupPlacement(call) == calleeDevice)
        return;
      toWrap.push_back({call, callee, calleeDevice});
    });
    // Per callee: whether its result dims are computable from its arguments.
    llvm::DenseMap<Operation *, bool> computable;
    for (auto [call, callee, device] : toWrap) {
      bool dynamicResults =
          llvm::any_of(call.getResultTypes(), [](Type type) {
            return util::getNumDynamicDims(type) != 0;
          });
      if (dynamicResults) {
        auto [it, inserted] = computable.try_emplace(callee, true);
        if (inserted)
          it->second = resultDimsComputable(callee);
        if (!it->second) {
          // A result size the callee computes from data (a branch on a
          // value it computes, say) is not known before the call: no scope
          // can be formed around its inlined body. The call stays a call,
          // to the callee compiled for its own device.
          call.setNoInline(true);
          continue;
        }
      }
      wrapCall(call, device);
    }
  }
};

} // namespace
