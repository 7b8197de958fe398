//===- StrategyTable.cpp - Backends' strategies per kind of root -*- C++
//-*-===//
//
// This file implements the classification of root ops and the registry of
// strategy tables.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/Transforms/StrategyTable.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace scopeir::codegen;

std::optional<RootKind> scopeir::codegen::classifyRoot(Operation *op) {
  if (op->getNumResults() == 0)
    return std::nullopt;
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp) {
    // Any other tileable op on tensors (linalg.pack, tensor.pad, ...).
    if (isa<TilingInterface>(op) &&
        llvm::all_of(op->getResultTypes(), llvm::IsaPred<RankedTensorType>))
      return RootKind::Other;
    return std::nullopt;
  }
  if (!linalgOp.hasPureTensorSemantics())
    return std::nullopt;
  // Contractions and convolutions reduce (a contraction needs a reduction
  // loop; a convolution's filter loops are reductions): an op without
  // reduction loops skips their matchers, which rebuild indexing maps.
  if (linalgOp.getNumReductionLoops() == 0)
    return linalg::isElementwise(linalgOp) ? RootKind::Elementwise
                                           : RootKind::Other;
  if (linalg::isaContractionOpInterface(linalgOp))
    return RootKind::Contraction;
  if (linalg::isaConvolutionOpInterface(linalgOp))
    return RootKind::Convolution;
  return RootKind::Reduction;
}

StrategyTableRegistry &StrategyTableRegistry::global() {
  static StrategyTableRegistry registry;
  return registry;
}

bool StrategyTableRegistry::registerTable(
    StringRef name, std::unique_ptr<StrategyTable> table) {
  std::lock_guard<std::mutex> lock(mutex);
  return tables.try_emplace(name, std::move(table)).second;
}

const StrategyTable *StrategyTableRegistry::lookup(StringRef name) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = tables.find(name);
  return it == tables.end() ? nullptr : it->second.get();
}

std::string StrategyTableRegistry::getRegisteredNamesString() const {
  std::lock_guard<std::mutex> lock(mutex);
  SmallVector<StringRef> names;
  for (const auto &entry : tables)
    names.push_back(entry.getKey());
  llvm::sort(names);
  return names.empty() ? std::string("none") : llvm::join(names, ", ");
}
