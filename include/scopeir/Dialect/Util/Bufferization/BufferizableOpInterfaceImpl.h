//===- BufferizableOpInterfaceImpl.h - Bufferization models -----*- C++ -*-===//
//
// This file declares the registration of the util dialect's external models
// for One-Shot Bufferize and for the ownership-based buffer deallocation.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
#define SCOPEIR_DIALECT_UTIL_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace scopeir::util {

/// Attaches BufferizableOpInterface models to util.scope and util.return.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

/// Attaches a BufferDeallocationOpInterface model to util.scope.
void registerBufferDeallocationOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
