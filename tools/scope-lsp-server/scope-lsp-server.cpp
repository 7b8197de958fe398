//===- scope-lsp-server.cpp - scopeir's MLIR language server ----*- C++ -*-===//
//
// This file implements scope-lsp-server: upstream's MLIR language server
// (MlirLspServerMain) with every dialect scope-opt has, so that an editor
// shows scopeir's diagnostics, hovers and definitions in .mlir files.
//
//===----------------------------------------------------------------------===//

#include "scopeir/InitAll.h"
#include "scopeir/Support/ToolSupport.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  scopeir::registerAllDialects(registry);
  scopeir::setToolVersionPrinter("scope-lsp-server");
  return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry));
}
