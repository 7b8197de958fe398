//===- BufferizableOpInterfaceImpl.h - codegen bufferization ----*- C++ -*-===//
//
// This file declares the registration of the codegen dialect's external
// models for One-Shot Bufferize and for the ownership-based buffer
// deallocation.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_CODEGEN_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
#define SCOPEIR_DIALECT_CODEGEN_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace scopeir::codegen {

/// Attaches util's closure scope BufferizableOpInterface models to
/// codegen.scope.tu and codegen.yield, and a BufferDeallocationOpInterface
/// model to codegen.scope.tu that refuses, with an error, a scope still
/// holding buffers (inline the scopes first: codegen-inline-scopes).
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

} // namespace scopeir::codegen

#endif // SCOPEIR_DIALECT_CODEGEN_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
