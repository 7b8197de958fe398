//===- OutlineExternScopes.cpp - Extern scopes to hal.dispatch.extern -----===//
//
// This file implements hal-outline-extern-scopes, which replaces each scope
// carrying #hal.extern by a hal.dispatch.extern whose decomposition is a new
// function holding the scope's body.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringSet.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_OUTLINEEXTERNSCOPESPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

/// Returns the function, module or other op directly in `module` that
/// holds `op`.
static Operation *getTopLevelOp(Operation *op, ModuleOp module) {
  while (op->getParentOp() != module.getOperation())
    op = op->getParentOp();
  return op;
}

/// Creates, before `scope`, the hal.dispatch.extern of `kernel` on the
/// scope's captures (dims and ties unchanged) with `decomposition` (may be
/// null) and its extra operands. Returns null, creating nothing, if the call
/// does not verify (a capture the C ABI cannot pass): the whole verifier,
/// operand type constraints included, not only the op's own verify().
static DispatchExternOp createKernelCall(util::ScopeOp scope, ExternAttr kernel,
                                         FlatSymbolRefAttr decomposition,
                                         ValueRange decompositionOperands) {
  OpBuilder builder(scope);
  auto call = DispatchExternOp::create(
      builder, scope.getLoc(), kernel, scope.getResultTypes(),
      scope.getCaptures(), scope.getCaptureDims(), scope.getResultDims(),
      scope.getTiedResultIndices(), decomposition, decompositionOperands);
  if (failed(mlir::verify(call, /*verifyRecursively=*/false))) {
    call.erase();
    return {};
  }
  return call;
}

/// Replaces `scope` (carrying `kernel`) by a hal.dispatch.extern of its
/// captures without a decomposition: its body is erased.
static LogicalResult replaceByKernelCall(util::ScopeOp scope,
                                         ExternAttr kernel) {
  DispatchExternOp call =
      createKernelCall(scope, kernel, FlatSymbolRefAttr(), ValueRange());
  if (!call)
    return failure();
  scope.replaceAllUsesWith(call.getResults());
  scope.erase();
  return success();
}

/// Outlines `scope` (carrying `kernel`): moves its body into a new private
/// function after `anchor` and replaces the scope by a hal.dispatch.extern.
static LogicalResult outlineExternScope(util::ScopeOp scope, ExternAttr kernel,
                                        Operation *anchor,
                                        SymbolTable &symbolTable) {
  OpBuilder builder(scope);
  Location loc = scope.getLoc();

  // The decomposition's extra operands: what the body uses from above,
  // constants apart (cloned into the function).
  SmallVector<Value> constants, operands;
  for (Value value : util::getImplicitCaptures(scope)) {
    if (util::isClonableConstant(value))
      constants.push_back(value);
    else
      operands.push_back(value);
  }

  SmallVector<Type> inputTypes(scope.getCaptures().getTypes());
  llvm::append_range(inputTypes, ValueRange(operands).getTypes());
  auto function = func::FuncOp::create(
      loc, (kernel.getSymbol() + "_decomposition").str(),
      builder.getFunctionType(inputTypes, scope.getResultTypes()));
  function.setPrivate();
  if (util::PlacementAndOwner placement = util::lookupPlacementAndOwner(scope);
      placement.attr && isa<DeviceTargetAttr>(placement.attr))
    function->setAttr(HALDialect::getDeviceAttrName(), placement.attr);
  symbolTable.insert(function, std::next(anchor->getIterator()));

  // The call first: a capture the C ABI cannot pass fails its verifier,
  // before anything moved.
  DispatchExternOp call = createKernelCall(
      scope, kernel, FlatSymbolRefAttr::get(function), operands);
  if (!call) {
    function.erase();
    return failure();
  }

  // The body moves in; its entry block gains the extra operands.
  Region &body = function.getBody();
  body.takeBody(scope.getBody());
  Block &entry = body.front();
  llvm::DenseMap<Value, Value> inside;
  for (Value operand : operands)
    inside.try_emplace(operand, entry.addArgument(operand.getType(),
                                                  operand.getLoc()));
  OpBuilder inner = OpBuilder::atBlockBegin(&entry);
  SmallVector<Value> clones = util::cloneConstants(inner, constants);
  for (auto [constant, clone] : llvm::zip_equal(constants, clones))
    inside.try_emplace(constant, clone);
  util::replaceValuesInRegion(body, inside);
  // Every exit of the scope returns from the function.
  SmallVector<Operation *> exits;
  function.walk([&](util::ReturnOp exit) {
    if (exit->getParentRegion() == &body)
      exits.push_back(exit);
  });
  for (Operation *exit : exits) {
    OpBuilder atExit(exit);
    func::ReturnOp::create(atExit, exit->getLoc(), exit->getOperands());
    exit->erase();
  }

  scope.replaceAllUsesWith(call.getResults());
  scope.erase();
  return success();
}

namespace {
struct OutlineExternScopesPass
    : public scopeir::hal::impl::OutlineExternScopesPassBase<
          OutlineExternScopesPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::StringSet<> fallbackSymbols;
    for (const std::string &symbol : fallback)
      fallbackSymbols.insert(symbol);

    // Inner scopes first: an extern scope nested in another one is a call
    // in the outer decomposition by the time that one moves.
    SmallVector<std::pair<util::ScopeOp, ExternAttr>> scopes;
    module.walk<WalkOrder::PostOrder>([&](util::ScopeOp scope) {
      auto kernel = dyn_cast_or_null<ExternAttr>(
          scope.getScopeAttrOfKind(ExternAttr::kScopeKind));
      if (kernel && !fallbackSymbols.contains(kernel.getSymbol()))
        scopes.emplace_back(scope, kernel);
    });
    SymbolTable symbolTable(module);
    for (auto [scope, kernel] : scopes) {
      if (scope.getBody().front().getNumArguments() !=
          scope.getCaptures().size()) {
        scope.emitOpError("extern scope's entry block must take one "
                          "argument per capture");
        return signalPassFailure();
      }
      if (dropDecompositions) {
        if (failed(replaceByKernelCall(scope, kernel)))
          return signalPassFailure();
        continue;
      }
      if (failed(outlineExternScope(scope, kernel, getTopLevelOp(scope, module),
                                    symbolTable)))
        return signalPassFailure();
    }
  }
};
} // namespace
