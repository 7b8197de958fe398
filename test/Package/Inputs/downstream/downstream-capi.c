/*===- downstream-capi.c - A C program on installed scopeir -------*- C -*-===*\
|*                                                                            *|
|* This file loads util through its dialect handle, parses a scope and prints *|
|* it, as a C user of scopeir's installed C API would.                        *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#include "scopeir-c/Dialects.h"

#include "mlir-c/IR.h"

#include <stdio.h>

static void print(MlirStringRef text, void *userData) {
  (void)userData;
  fwrite(text.data, 1, text.length, stdout);
}

int main(void) {
  MlirContext context = mlirContextCreate();
  mlirDialectHandleLoadDialect(mlirGetDialectHandle__util__(), context);
  MlirModule module = mlirModuleCreateParse(
      context, mlirStringRefCreateFromCString(
                   "util.scope [#util.zone<\"c\">] {\n  util.return\n}\n"));
  if (mlirModuleIsNull(module))
    return 1;
  mlirOperationPrint(mlirModuleGetOperation(module), print, NULL);
  mlirModuleDestroy(module);
  mlirContextDestroy(context);
  return 0;
}
