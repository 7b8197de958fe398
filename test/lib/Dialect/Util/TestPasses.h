//===- TestPasses.h - util dialect test passes ------------------*- C++ -*-===//
//
// This file declares the util dialect's test passes (TestPasses.td) and
// registerUtilTestPasses().
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TEST_LIB_DIALECT_UTIL_TESTPASSES_H
#define SCOPEIR_TEST_LIB_DIALECT_UTIL_TESTPASSES_H

#include "mlir/Pass/Pass.h"

namespace scopeir::test {

#define GEN_PASS_DECL
#include "Dialect/Util/TestPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "Dialect/Util/TestPasses.h.inc"

} // namespace scopeir::test

#endif // SCOPEIR_TEST_LIB_DIALECT_UTIL_TESTPASSES_H
