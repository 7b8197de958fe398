//===- scope-opt.cpp - scopeir's mlir-opt -----------------------*- C++ -*-===//
//
// This file implements scope-opt: MlirOptMain with every upstream dialect,
// extension and pass plus scopeir's, and scopeir's test passes (test/lib).
//
//===----------------------------------------------------------------------===//

#include "RegisterTestPasses.h"

#include "scopeir/InitAll.h"
#include "scopeir/Pipeline/Pipeline.h"
#include "scopeir/Support/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  scopeir::registerAllPasses();
  scopeir::test::registerTestPasses();
  scopeir::pipeline::registerCompilePipeline();
  scopeir::setToolVersionPrinter("scope-opt");
  mlir::DialectRegistry registry;
  scopeir::registerAllDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "scopeir optimizer driver\n", registry));
}
