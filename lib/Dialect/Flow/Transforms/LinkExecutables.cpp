//===- LinkExecutables.cpp - Move executables into the host ------*- C++
//-*-===//
//
// This file implements flow-link-executables: executable functions move from
// their nested modules into the host module under unique names, carrying
// their placement, and dispatches become calls.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_LINKEXECUTABLESPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

namespace {

struct LinkExecutablesPass
    : public flow::impl::LinkExecutablesPassBase<LinkExecutablesPass> {
  void runOnOperation() override {
    ModuleOp host = getOperation();
    SymbolTable hostTable(host);
    StringRef scopeAttrsName = util::UtilDialect::getScopeAttrsAttrName();

    // Move every function out of every executable module.
    DenseMap<Attribute, FlatSymbolRefAttr> moved;
    SmallVector<ModuleOp> modules;
    for (ModuleOp module : host.getOps<ModuleOp>())
      if (module->hasAttr(FlowDialect::getExecutablesAttrName()))
        modules.push_back(module);
    for (ModuleOp module : modules) {
      StringRef moduleName = module.getSymName().value_or("executables");
      SmallVector<util::ScopeAttrInterface> moduleAttrs;
      util::getScopeAttrsOf(module, moduleAttrs);
      for (func::FuncOp function :
           llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
        auto oldRef = SymbolRefAttr::get(
            module.getSymNameAttr(),
            {FlatSymbolRefAttr::get(function.getSymNameAttr())});
        function->remove();
        function.setSymName((moduleName + "_" + function.getSymName()).str());
        function.setPrivate();
        if (!moduleAttrs.empty()) {
          // The function's own attributes (inherited from its dispatch
          // region's scopes) are inner to the module's: they come first.
          SmallVector<Attribute> attrs;
          if (auto existing =
                  function->getAttrOfType<ArrayAttr>(scopeAttrsName))
            attrs.append(existing.begin(), existing.end());
          attrs.append(moduleAttrs.begin(), moduleAttrs.end());
          function->setAttr(scopeAttrsName,
                            ArrayAttr::get(&getContext(), attrs));
        }
        // Inserting renames the function if its name is taken.
        hostTable.insert(function, module->getIterator());
        moved[oldRef] = FlatSymbolRefAttr::get(function.getSymNameAttr());
      }
    }

    // Dispatches become calls.
    bool ok = true;
    bool changed = !modules.empty();
    host.walk([&](DispatchOp dispatch) {
      changed = true;
      auto it = moved.find(dispatch.getCalleeAttr());
      if (it == moved.end()) {
        dispatch.emitError("dispatch of ")
            << dispatch.getCalleeAttr()
            << ", which is not a function of an executable module";
        ok = false;
        return;
      }
      OpBuilder builder(dispatch);
      auto call = func::CallOp::create(builder, dispatch.getLoc(), it->second,
                                       dispatch.getResultTypes(),
                                       dispatch.getArguments());
      dispatch.replaceAllUsesWith(call.getResults());
      dispatch.erase();
    });
    if (!ok)
      return signalPassFailure();

    for (ModuleOp module : modules)
      if (module.getBody()->empty())
        module.erase();
    // Nothing to link: the pass manager need not verify the IR again.
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
