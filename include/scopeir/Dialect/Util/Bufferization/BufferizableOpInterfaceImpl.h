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
class MLIRContext;
} // namespace mlir

namespace scopeir::util {

/// Attaches BufferizableOpInterface models to util.scope, util.return and
/// util.optimization_barrier.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

/// Attaches the BufferizableOpInterface model of util.optimization_barrier
/// (called by registerBufferizableOpInterfaceExternalModels).
void registerOptimizationBarrierBufferizationModel(mlir::MLIRContext *ctx);

/// Attaches a BufferDeallocationOpInterface model to util.scope.
void registerBufferDeallocationOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
