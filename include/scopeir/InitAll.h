//===- InitAll.h - Register everything scopeir tools use --------*- C++ -*-===//
//
// This file declares the one registration entry point shared by every
// scopeir tool: all upstream dialects, extensions and passes plus scopeir's.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_INITALL_H
#define SCOPEIR_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace scopeir {

/// Registers scopeir's dialects and their external interface models.
void registerScopeirDialects(mlir::DialectRegistry &registry);

/// Registers every upstream dialect and extension plus scopeir's dialects.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers every upstream pass plus scopeir's passes, and the target
/// backends (idempotent).
void registerAllPasses();

/// Registers every target backend with hal::TargetBackendRegistry: one call
/// per folder of lib/Target (idempotent).
void registerAllTargetBackends();

} // namespace scopeir

#endif // SCOPEIR_INITALL_H
