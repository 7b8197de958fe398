/*===- RegisterEverything.h - What every scopeir tool registers ---*- C -*-===*\
|*                                                                            *|
|* This header declares the C counterparts of scopeir/InitAll.h: everything   *|
|* scope-opt registers, upstream's dialects and passes included.              *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SCOPEIR_C_REGISTEREVERYTHING_H
#define SCOPEIR_C_REGISTEREVERYTHING_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/// Inserts every upstream dialect and extension plus scopeir's dialects into
/// `registry` (scopeir::registerAllDialects).
MLIR_CAPI_EXPORTED void
scopeirRegisterAllDialects(MlirDialectRegistry registry);

/// Registers every upstream pass, scopeir's passes and pipelines and its
/// target backends, so that mlirParsePassPipeline and
/// mlirOpPassManagerAddPipeline know them (scopeir::registerAllPasses and
/// the pipelines of scope-opt). Idempotent.
MLIR_CAPI_EXPORTED void scopeirRegisterAllPasses(void);

#ifdef __cplusplus
}
#endif

#endif /* SCOPEIR_C_REGISTEREVERYTHING_H */
