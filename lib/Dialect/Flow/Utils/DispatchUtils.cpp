//===- DispatchUtils.cpp - Helpers of the flow passes -----------*- C++ -*-===//
//
// This file implements what the flow passes and tools share: which ops are
// dispatched, scope paths, the placement check and the dispatch map.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

bool scopeir::flow::isDispatchableOp(Operation *op) {
  if (auto scope = dyn_cast<util::ScopeOpInterface>(op))
    return scope.isDispatchRoot() && op->getNumResults() != 0 &&
           llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>);
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureTensorSemantics() && op->getNumResults() != 0;
  if (!isa<TilingInterface>(op) || op->getNumResults() == 0)
    return false;
  return llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>);
}

ArrayAttr scopeir::flow::getScopePath(Operation *op) {
  return util::getScopePath(op);
}

void scopeir::flow::printScopePath(raw_ostream &os, ArrayAttr path) {
  if (!path || path.empty()) {
    os << "-";
    return;
  }
  llvm::interleave(
      path.getAsValueRange<StringAttr>(), os,
      [&](StringRef entry) { os << entry; }, "/");
}

//===----------------------------------------------------------------------===//
// Placement check
//===----------------------------------------------------------------------===//

namespace {

/// The innermost placement of an op and the op that carries it.
using Placement = util::PlacementAndOwner;

Placement findPlacement(Operation *op) {
  return util::lookupPlacementAndOwner(op);
}

/// Prints a placement for a diagnostic.
std::string describe(Attribute placement) {
  if (!placement)
    return "the default host target";
  std::string text;
  llvm::raw_string_ostream os(text);
  placement.print(os);
  return text;
}

void notePlacer(InFlightDiagnostic &diag, const Placement &placement) {
  if (placement.owner)
    diag.attachNote(placement.owner->getLoc())
        << "placed on " << describe(placement.attr) << " here";
}

LogicalResult verifyRegion(DispatchRegionOp region) {
  Placement expected = findPlacement(region);
  Attribute actual = region.getPlacementAttr();
  if (actual == Attribute(expected.attr))
    return success();
  InFlightDiagnostic diag = region.emitError("dispatch region runs on ")
                            << describe(actual)
                            << " but its scopes place it on "
                            << describe(expected.attr);
  notePlacer(diag, expected);
  return failure();
}

LogicalResult verifyDispatch(DispatchOp dispatch,
                             SymbolTableCollection &tables) {
  Operation *callee =
      tables.lookupNearestSymbolFrom(dispatch, dispatch.getCalleeAttr());
  if (!callee || !isa<FunctionOpInterface>(callee))
    return success(); // The op's symbol verifier reports this.
  Placement expected = findPlacement(dispatch);
  // A function's own placement, or that of the module around it.
  util::ScopeAttrInterface actual =
      util::lookupPlacementAndOwner(callee, /*includeOp=*/true).attr;
  if (actual == expected.attr)
    return success();
  InFlightDiagnostic diag =
      dispatch.emitError("dispatch calls an executable on ")
      << describe(actual) << " but its scopes place it on "
      << describe(expected.attr);
  notePlacer(diag, expected);
  diag.attachNote(callee->getLoc()) << "executable function is here";
  return failure();
}

LogicalResult verifyDispatchable(Operation *op) {
  Placement placement = findPlacement(op);
  // Only ops that a scope placed are checked: a function or module
  // placement (an outlined executable) is not a scope the op came from.
  if (!placement.owner || !isa<util::ScopeOpInterface>(placement.owner))
    return success();
  auto region = op->getParentOfType<DispatchRegionOp>();
  if (!region) {
    InFlightDiagnostic diag = op->emitError("op placed on ")
                              << describe(placement.attr)
                              << " is not in a dispatch region";
    notePlacer(diag, placement);
    return failure();
  }
  // A region that is itself misplaced is reported once, at the region.
  if (region.getPlacementAttr() != Attribute(findPlacement(region).attr))
    return success();
  if (region.getPlacementAttr() == Attribute(placement.attr))
    return success();
  InFlightDiagnostic diag = op->emitError("op placed on ")
                            << describe(placement.attr)
                            << " is in a dispatch region on "
                            << describe(region.getPlacementAttr());
  notePlacer(diag, placement);
  diag.attachNote(region.getLoc()) << "dispatch region is here";
  return failure();
}

} // namespace

LogicalResult scopeir::flow::verifyDispatchPlacement(Operation *root) {
  bool ok = true;
  // The executables' symbol tables, built once (a lookup without one scans
  // the module's symbols).
  SymbolTableCollection tables;
  root->walk([&](Operation *op) {
    if (auto region = dyn_cast<DispatchRegionOp>(op))
      ok &= succeeded(verifyRegion(region));
    else if (auto dispatch = dyn_cast<DispatchOp>(op))
      ok &= succeeded(verifyDispatch(dispatch, tables));
    else if (isDispatchableOp(op))
      ok &= succeeded(verifyDispatchable(op));
  });
  return success(ok);
}

//===----------------------------------------------------------------------===//
// Dispatch map
//===----------------------------------------------------------------------===//

void scopeir::flow::printDispatches(ModuleOp module, raw_ostream &os) {
  unsigned index = 0;
  SymbolTableCollection tables;
  module.walk([&](DispatchOp dispatch) {
    os << "dispatch #" << index++ << " " << dispatch.getCalleeAttr()
       << " device=";
    // The executable's placement is the one of the ops inside it (its
    // module carries the placement).
    Operation *callee =
        tables.lookupNearestSymbolFrom(dispatch, dispatch.getCalleeAttr());
    util::ScopeAttrInterface placement;
    if (callee)
      placement =
          util::lookupPlacementAndOwner(callee, /*includeOp=*/true).attr;
    if (placement)
      os << placement;
    else
      os << "host";
    os << " scope=";
    printScopePath(os, dispatch.getScopePathAttr());
    os << "\n";
  });
}

std::string scopeir::flow::getMemoryName(Attribute memory) {
  if (!memory)
    return "host";
  std::string name;
  if (auto placement = dyn_cast<util::ScopeAttrInterface>(memory))
    name = placement.getScopeDisplayName().str();
  if (name.empty()) {
    llvm::raw_string_ostream os(name);
    os << memory;
  }
  return name;
}

void scopeir::flow::printTransfers(ModuleOp module, raw_ostream &os) {
  unsigned index = 0;
  module.walk([&](TensorTransferOp transfer) {
    os << "transfer #" << index++ << " " << transfer.getType() << " from ";
    auto printMemory = [&](Attribute memory) {
      if (memory)
        os << memory;
      else
        os << "host";
    };
    printMemory(transfer.getSourceMemoryAttr());
    os << " to ";
    printMemory(transfer.getTargetMemoryAttr());
    os << " scope=";
    printScopePath(os, util::getScopePath(transfer));
    os << "\n";
  });
}
