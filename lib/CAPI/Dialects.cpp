//===- Dialects.cpp - C API of scopeir's dialects ---------------*- C++ -*-===//
//
// This file implements the dialect handles listed in scopeir-c/Dialects.def.
// A handle names its dialect by namespace and takes the dialect from
// scopeir::registerScopeirDialects, so a new dialect needs one line in the
// .def file and nothing here.
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Dialects.h"

#include "scopeir/InitAll.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

/// Inserts scopeir's dialects and their interface models: the models attach
/// across dialects, so one dialect without the others is incomplete.
static void insertScopeirDialects(MlirDialectRegistry registry) {
  scopeir::registerScopeirDialects(*unwrap(registry));
}

/// Registers scopeir's dialects with `context` and loads `name`.
static MlirDialect loadScopeirDialect(MlirContext context,
                                      llvm::StringRef name) {
  mlir::DialectRegistry registry;
  scopeir::registerScopeirDialects(registry);
  unwrap(context)->appendDialectRegistry(registry);
  return wrap(unwrap(context)->getOrLoadDialect(name));
}

#define SCOPEIR_CAPI_DIALECT(Name, Namespace)                                  \
  static MlirDialect load##Name##Dialect(MlirContext context) {                \
    return loadScopeirDialect(context, #Namespace);                            \
  }                                                                            \
  static MlirStringRef get##Name##DialectNamespace() {                         \
    return mlirStringRefCreateFromCString(#Namespace);                         \
  }                                                                            \
  MlirDialectHandle mlirGetDialectHandle__##Namespace##__() {                  \
    static MlirDialectRegistrationHooks hooks = {insertScopeirDialects,        \
                                                 load##Name##Dialect,          \
                                                 get##Name##DialectNamespace}; \
    return MlirDialectHandle{&hooks};                                          \
  }
#include "scopeir-c/Dialects.def"
