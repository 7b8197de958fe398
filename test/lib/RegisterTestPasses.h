//===- RegisterTestPasses.h - Register scopeir's test passes ----*- C++ -*-===//
//
// This file declares the one entry point that registers every test pass of
// test/lib. Only tools that run test passes call it (scope-opt, scope-gen,
// scope-fuzz); the production libraries and the C API never see them.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TEST_LIB_REGISTERTESTPASSES_H
#define SCOPEIR_TEST_LIB_REGISTERTESTPASSES_H

namespace scopeir::test {

/// Registers every `test-*` pass of test/lib (idempotent).
void registerTestPasses();

} // namespace scopeir::test

#endif // SCOPEIR_TEST_LIB_REGISTERTESTPASSES_H
