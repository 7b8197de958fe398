//===- CheckRunner.h - Run every test function of a module ------*- C++ -*-===//
//
// This file declares the runner behind scope-check: IREE's test convention
// (a public function without arguments is a test; check.expect_* ops decide
// whether it passes), each test compiled and run through a run session in a
// child process of its own, so that a test that does not compile, traps or
// crashes fails alone.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_CHECKRUNNER_H
#define SCOPEIR_RUNNER_CHECKRUNNER_H

#include "scopeir/Runner/Session.h"

#include <string>

namespace scopeir::runner {

/// What one scope-check command line asks for.
struct CheckConfig {
  /// How each test compiles (SessionOptions::function, onlyFunction and
  /// defaultDevice are set per test).
  SessionOptions session;
  /// The module: a path, or "-" for standard input.
  std::string inputFilename = "-";
  /// Run only this test; empty: every test, in the order of the module.
  std::string function;
  /// Place each test body on this backend; empty: the module's placement
  /// (the host backend for code placed nowhere).
  std::string device;
  /// Trace every test into this file (Chrome trace-event JSON, one process
  /// per test); empty: none.
  std::string traceFile;
  /// Print each test's zone summary.
  bool printZones = false;
  /// A test still running after this many seconds fails (0: no limit).
  unsigned timeoutSeconds = 0;
  /// Print the names of the tests instead of running them.
  bool listTests = false;
};

/// Runs the tests `config` asks for, one child process each, one after the
/// other: prints `PASS <name>` or `FAIL <name>` per test on llvm::outs()
/// (the failed checks' reports, diagnostics and the reason of a crash or
/// timeout on llvm::errs()) and ends with `N passed, N failed`. Returns the
/// process exit status: 0 if every test passed, 1 otherwise (also when the
/// module has no test).
int runChecks(const CheckConfig &config);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_CHECKRUNNER_H
