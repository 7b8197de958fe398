//===- DecisionRemarks.cpp - Say why a pass decided what it did -*- C++ -*-===//
//
// This file implements DecisionRemarks: a decision as a line of debug output
// and, with a pass's `remarks` option, as a remark.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace scopeir::util;

bool DecisionRemarks::isEnabled() const {
  bool debug = false;
  DEBUG_WITH_TYPE(debugType, debug = true);
  return emitRemarks || debug;
}

void DecisionRemarks::report(Operation *op, const Twine &message,
                             std::optional<Location> noteLoc,
                             const Twine &note) const {
  DEBUG_WITH_TYPE(debugType, {
    llvm::dbgs() << "[" << debugType << "] " << op->getName() << " at "
                 << op->getLoc() << ": " << message << "\n";
    if (noteLoc)
      llvm::dbgs() << "[" << debugType << "]   at " << *noteLoc << ": " << note
                   << "\n";
  });
  if (!emitRemarks)
    return;
  InFlightDiagnostic remark = emitRemark(op->getLoc(), message);
  if (noteLoc)
    remark.attachNote(*noteLoc) << note;
}
