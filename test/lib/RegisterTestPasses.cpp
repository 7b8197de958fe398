//===- RegisterTestPasses.cpp - Register scopeir's test passes --*- C++ -*-===//
//
// This file implements scopeir::test::registerTestPasses(): one call per
// dialect folder of test/lib.
//
//===----------------------------------------------------------------------===//

#include "RegisterTestPasses.h"

#include "Dialect/Util/TestPasses.h"

void scopeir::test::registerTestPasses() {
  static bool once = [] {
    registerUtilTestPasses();
    return true;
  }();
  (void)once;
}
