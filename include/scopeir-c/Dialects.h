/*===- Dialects.h - C API of scopeir's dialects -------------------*- C -*-===*\
|*                                                                            *|
|* This header declares the dialect handles of scopeir's dialects, in the     *|
|* style of upstream's mlir-c/Dialect/ headers, for use with                  *|
|* mlirDialectHandleInsertDialect / mlirDialectHandleLoadDialect:             *|
|*                                                                            *|
|*   mlirGetDialectHandle__util__(), mlirGetDialectHandle__hal__(),           *|
|*   mlirGetDialectHandle__flow__(), mlirGetDialectHandle__codegen__()        *|
|*                                                                            *|
|* Inserting any of them inserts all of scopeir's dialects with their         *|
|* interface models (util's bufferization models, the scope attribute models  *|
|* of the other dialects' attributes): they only make sense together.         *|
|* Loading one loads that dialect only.                                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SCOPEIR_C_DIALECTS_H
#define SCOPEIR_C_DIALECTS_H

#include "mlir-c/IR.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCOPEIR_CAPI_DIALECT(Name, Namespace)                                  \
  MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Name, Namespace);
#include "scopeir-c/Dialects.def"

#ifdef __cplusplus
}
#endif

#endif /* SCOPEIR_C_DIALECTS_H */
