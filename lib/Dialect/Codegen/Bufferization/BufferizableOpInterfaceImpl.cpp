//===- BufferizableOpInterfaceImpl.cpp - codegen bufferization ------------===//
//
// This file attaches the bufferization and deallocation models of
// codegen.scope.tu and codegen.yield.
//
// One-Shot Bufferize: util's closure scope models (ScopeBufferization.h), the
// same as util.scope's. Whole-function bufferization crosses the scope as if
// it were not there: a capture and its entry block argument are one buffer,
// an in-place update of a capture stays in place, and an untied result is
// what the same ops would produce without the scope.
//
// Buffer deallocation: the scopes are inlined before it
// (codegen-inline-scopes, which the compile pipeline runs right after
// bufferization). A tu scope isolates code for its strategy; once the
// strategies have run and the function is bufferized it has nothing left to
// say, and inlining it gives the deallocation pass exactly the function
// without scopes, so deallocation costs what it costs without them. A scope
// still holding buffers when the pass runs is an error here rather than the
// pass's generic region handling, which would append ownership operands
// across the scope's operand segments.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/Bufferization/BufferizableOpInterfaceImpl.h"

#include "scopeir/Dialect/Codegen/IR/CodegenDialect.h"
#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Util/Bufferization/ScopeBufferization.h"

#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace scopeir;
using namespace scopeir::codegen;

namespace {

struct TUOpDeallocationModel
    : BufferDeallocationOpInterface::ExternalModel<TUOpDeallocationModel,
                                                   TUOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &options) const {
    auto isMemref = llvm::IsaPred<BaseMemRefType>;
    if (llvm::none_of(op->getOperandTypes(), isMemref) &&
        llvm::none_of(op->getResultTypes(), isMemref))
      return op;
    return op->emitOpError("holds buffers during buffer deallocation; inline "
                           "the tu scopes after bufferization "
                           "(codegen-inline-scopes)");
  }
};

} // namespace

void scopeir::codegen::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, CodegenDialect *dialect) {
    TUOp::attachInterface<util::ScopeBufferizationModel<TUOp>>(*ctx);
    YieldOp::attachInterface<util::ScopeExitBufferizationModel<YieldOp>>(*ctx);
    TUOp::attachInterface<TUOpDeallocationModel>(*ctx);
    ctx->loadDialect<memref::MemRefDialect>();
  });
}
