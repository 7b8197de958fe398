//===- BufferizableOpInterfaceImpl.h - Bufferization models -----*- C++ -*-===//
//
// This file declares the registration of the flow dialect's external models
// for One-Shot Bufferize.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_FLOW_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
#define SCOPEIR_DIALECT_FLOW_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace scopeir::flow {

/// Attaches a BufferizableOpInterface model to flow.tensor.transfer.
void registerBufferizableOpInterfaceExternalModels(
    mlir::DialectRegistry &registry);

} // namespace scopeir::flow

#endif // SCOPEIR_DIALECT_FLOW_BUFFERIZATION_BUFFERIZABLEOPINTERFACEIMPL_H
