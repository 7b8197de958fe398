//===- CheckDialect.td - check dialect definition ----------*- tablegen -*-===//
//
// The `check` dialect: the run-time expectations of IREE's end-to-end tests.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CHECK_IR_CHECKDIALECT_TD
#define SCOPEIR_DIALECT_CHECK_IR_CHECKDIALECT_TD

include "mlir/IR/OpBase.td"

def Check_Dialect : Dialect {
  let name = "check";
  let cppNamespace = "::scopeir::check";
  let summary = "Run-time expectations of self-checking tests";
  let description = [{
    The `check` dialect holds the expectations IREE's end-to-end tests are
    written with, with IREE's syntax: a public function without arguments
    is one test, and its `check.expect_*` ops compare values computed at run
    time with other values or constants. A failing expectation is reported
    (its location, the first mismatching elements with their indices and
    both values) and marks the test failed; the function goes on, so later
    expectations report too.

    `check-lower-to-runtime` turns the ops into calls of the check runtime
    (`include/scopeir/Runtime/CheckABI.h`); `scope-check` runs every test
    function of a module (docs/check.md).
  }];
}

class Check_Op<string mnemonic, list<Trait> traits = []>
    : Op<Check_Dialect, mnemonic, traits>;

#endif // SCOPEIR_DIALECT_CHECK_IR_CHECKDIALECT_TD
