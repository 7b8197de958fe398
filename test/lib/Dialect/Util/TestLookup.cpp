//===- TestLookup.cpp - Report scope attribute lookups ----------*- C++ -*-===//
//
// This file implements the test-util-lookup test pass, which reports the
// results of the zone and placement lookups on ops marked `test.lookup` as
// remarks.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Util/TestPasses.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/Diagnostics.h"

namespace scopeir::test {
#define GEN_PASS_DEF_TESTLOOKUPPASS
#include "Dialect/Util/TestPasses.h.inc"
} // namespace scopeir::test

using namespace mlir;
using namespace scopeir::util;

namespace {
struct TestLookupPass
    : public scopeir::test::impl::TestLookupPassBase<TestLookupPass> {
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
