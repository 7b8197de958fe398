//===- OutlineDispatchRegions.cpp - Regions to executables -------*- C++
//-*-===//
//
// This file implements flow-outline-dispatch-regions: each dispatch region
// becomes a function in a nested executable module of its placement (equal
// functions deduplicated per module) and a flow.dispatch of it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_OUTLINEDISPATCHREGIONSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

/// Returns an identifier for `placement`: its display name
/// (ScopeAttrInterface::getScopeDisplayName; `llvm-cpu` for
/// `#hal.device.target<"llvm-cpu">`), or its printed form if it has none,
/// with every run of other characters than letters and digits turned into
/// `_` (`llvm_cpu`); `host` for no placement.
static std::string getPlacementName(Attribute placement) {
  if (!placement)
    return "host";
  std::string text;
  if (auto scopeAttr = dyn_cast<util::ScopeAttrInterface>(placement))
    text = scopeAttr.getScopeDisplayName().str();
  if (text.empty()) {
    llvm::raw_string_ostream os(text);
    placement.print(os);
  }
  std::string name;
  for (char c : text) {
    if (llvm::isAlnum(c))
      name.push_back(c);
    else if (!name.empty() && name.back() != '_')
      name.push_back('_');
  }
  while (!name.empty() && name.back() == '_')
    name.pop_back();
  if (name.empty() || llvm::isDigit(name.front()))
    name.insert(0, "d_");
  return name;
}

namespace {

/// One executable module and the functions it holds so far.
struct Executables {
  ModuleOp module;
  SmallVector<func::FuncOp> functions;
};

struct OutlineDispatchRegionsPass
    : public flow::impl::OutlineDispatchRegionsPassBase<
          OutlineDispatchRegionsPass> {
  void runOnOperation() override {
    ModuleOp host = getOperation();
    SmallVector<DispatchRegionOp> regions;
    bool nested = false;
    host.walk([&](DispatchRegionOp region) {
      if (region->getParentOfType<DispatchRegionOp>()) {
        region.emitError("cannot outline a dispatch region nested in "
                         "another dispatch region");
        nested = true;
      }
      regions.push_back(region);
    });
    if (nested)
      return signalPassFailure();
    // Nothing to outline: the pass manager need not verify the IR again.
    if (regions.empty())
      return markAllAnalysesPreserved();
    SymbolTable hostTable(host);
    for (DispatchRegionOp region : regions)
      outline(region, hostTable);
  }

private:
  Executables &getExecutables(Attribute placement, SymbolTable &hostTable);
  void outline(DispatchRegionOp region, SymbolTable &hostTable);

  llvm::MapVector<Attribute, Executables> executables;
  llvm::StringMap<unsigned> functionCounts;
};

} // namespace

Executables &
OutlineDispatchRegionsPass::getExecutables(Attribute placement,
                                           SymbolTable &hostTable) {
  Executables &entry = executables[placement];
  if (entry.module)
    return entry;
  ModuleOp host = getOperation();
  OpBuilder builder = OpBuilder::atBlockEnd(host.getBody());
  entry.module = ModuleOp::create(builder, host.getLoc(),
                                  getPlacementName(placement) + "_executables");
  entry.module->setAttr(FlowDialect::getExecutablesAttrName(),
                        builder.getUnitAttr());
  if (placement)
    entry.module->setAttr(util::UtilDialect::getScopeAttrsAttrName(),
                          builder.getArrayAttr({placement}));
  // Renames the module if its name is taken.
  entry.module->remove();
  hostTable.insert(entry.module);
  return entry;
}

void OutlineDispatchRegionsPass::outline(DispatchRegionOp region,
                                         SymbolTable &hostTable) {
  Executables &exe = getExecutables(region.getPlacementAttr(), hostTable);
  Location loc = region.getLoc();

  // Arguments: the values used from above, except constants, which are
  // cloned into the function.
  util::OutlinedOperands outlined = util::getOutlinedOperands(region.getBody());
  ArrayRef<Value> arguments = outlined.arguments;

  auto functionType = FunctionType::get(
      &getContext(), ValueRange(arguments).getTypes(), region.getResultTypes());
  auto parent = region->getParentOfType<FunctionOpInterface>();
  std::string base =
      (parent ? parent.getName().str() : std::string("region")) + "_dispatch";
  OpBuilder builder(&getContext());
  auto function = func::FuncOp::create(builder, loc, base, functionType);
  Block *entry = function.addEntryBlock();
  IRMapping mapping;
  mapping.map(arguments, entry->getArguments());
  builder.setInsertionPointToStart(entry);
  mapping.map(outlined.constants,
              util::cloneConstants(builder, outlined.constants));
  for (Operation &op : region.getBodyBlock().without_terminator())
    builder.clone(op, mapping);
  auto terminator = cast<ReturnOp>(region.getBodyBlock().getTerminator());
  SmallVector<Value> returned;
  for (Value value : terminator.getOperands())
    returned.push_back(mapping.lookupOrDefault(value));
  func::ReturnOp::create(builder, terminator.getLoc(), returned);
  // What dispatches inherit from the region's scopes, for lookups in the
  // function (its placement is the module's).
  StringRef scopeAttrsName = util::UtilDialect::getScopeAttrsAttrName();
  if (ArrayAttr inherited = region.getScopeAttrsAttr())
    function->setAttr(scopeAttrsName, inherited);

  // Deduplicate: an equal function on the same placement, inheriting the
  // same scope attributes, is reused.
  func::FuncOp target;
  for (func::FuncOp existing : exe.functions) {
    if (existing.getFunctionType() == functionType &&
        existing->getAttr(scopeAttrsName) ==
            function->getAttr(scopeAttrsName) &&
        OperationEquivalence::isRegionEquivalentTo(
            &existing.getBody(), &function.getBody(),
            OperationEquivalence::IgnoreLocations)) {
      target = existing;
      break;
    }
  }
  if (target) {
    function.erase();
  } else {
    function.setSymName(base + "_" + std::to_string(functionCounts[base]++));
    SymbolTable(exe.module).insert(function);
    exe.functions.push_back(function);
    target = function;
  }

  // Replace the region by a dispatch; argument dims are taken above it.
  builder.setInsertionPoint(region);
  SmallVector<Value> argumentDims;
  for (Value argument : arguments) {
    auto type = dyn_cast<RankedTensorType>(argument.getType());
    if (!type)
      continue;
    for (unsigned i = 0, e = type.getRank(); i < e; ++i)
      if (type.isDynamicDim(i))
        argumentDims.push_back(
            tensor::DimOp::create(builder, loc, argument, i).getResult());
  }
  auto callee =
      SymbolRefAttr::get(exe.module.getSymNameAttr(),
                         {FlatSymbolRefAttr::get(target.getSymNameAttr())});
  auto dispatch =
      DispatchOp::create(builder, loc, callee, region.getResultTypes(),
                         arguments, argumentDims, region.getResultDims());
  dispatch.setScopePathAttr(region.getScopePathAttr());
  dispatch.setStraddledPathsAttr(region.getStraddledPathsAttr());
  region.replaceAllUsesWith(dispatch.getResults());
  region.erase();
}
