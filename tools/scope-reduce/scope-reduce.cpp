//===- scope-reduce.cpp - scopeir's mlir-reduce -----------------*- C++ -*-===//
//
// This file implements scope-reduce: upstream's test-case reducer
// (mlirReduceMain) with every dialect and pass scope-opt has, plus
// scope-reduce-rewrites (Passes.td), which cuts data flow where upstream's
// reduction tree cannot. scripts/differential.sh shrinks every failing seed
// with it under an interestingness script.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"

#include "scopeir/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"

int main(int argc, char **argv) {
  scopeir::registerAllPasses();
  scopeir::reduce::registerScopeReducePasses();
  mlir::DialectRegistry registry;
  scopeir::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  return mlir::failed(mlir::mlirReduceMain(argc, argv, context)) ? 1 : 0;
}
