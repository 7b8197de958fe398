//===- TestLookup.cpp - Report scope attribute lookups ----------*- C++ -*-===//
//
// This file implements the util-test-lookup test pass, which reports the
// results of the zone and placement lookups on ops marked `test.lookup` as
// remarks.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"

namespace scopeir::util {
#define GEN_PASS_DEF_TESTLOOKUPPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir::util;

namespace {
struct TestLookupPass
    : public scopeir::util::impl::TestLookupPassBase<TestLookupPass> {
  void runOnOperation() override {
    getOperation()->walk([](Operation *op) {
      if (!op->hasAttr("test.lookup"))
        return;
      InFlightDiagnostic diag = op->emitRemark("zones: [");
      llvm::interleaveComma(lookupScopeAttrStack<ZoneAttr>(op), diag,
                            [&](ZoneAttr zone) { diag << zone.getName(); });
      diag << "], innermost: ";
      if (ZoneAttr zone = lookupScopeAttr<ZoneAttr>(op))
        diag << zone.getName();
      else
        diag << "none";
      diag << ", placement: ";
      if (ScopeAttrInterface placement = lookupPlacement(op))
        diag << Attribute(placement);
      else
        diag << "none";
    });
  }
};
} // namespace
