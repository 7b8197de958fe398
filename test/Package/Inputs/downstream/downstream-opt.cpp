//===- downstream-opt.cpp - An opt tool built on installed scopeir -------===//
//
// This file implements downstream-opt: MlirOptMain with func and arith,
// scopeir's dialects and util's passes, as another project would write it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/InitAll.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::func::FuncDialect>();
  scopeir::registerScopeirDialects(registry);
  scopeir::util::registerUtilPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "downstream optimizer\n", registry));
}
