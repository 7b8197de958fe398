//===- ScopeBufferization.h - One-Shot Bufferize models of scopes -*- C++ -*-===//
//
// This file declares the BufferizableOpInterface external models that every
// closure scope op shares (util.scope, codegen.scope.tu, ...): an op whose
// body runs exactly once on its explicit captures (ClosureOpInterface), with
// ties (TiedOpInterface) and dims (ShapeAwareOpInterface), and the model of
// the terminator that exits its body. A dialect attaches them to its own ops:
//
//   MyScopeOp::attachInterface<util::ScopeBufferizationModel<MyScopeOp>>(ctx);
//   MyYieldOp::attachInterface<util::ScopeExitBufferizationModel<MyYieldOp>>(ctx);
//
// How the models work is described in BufferizableOpInterfaceImpl.cpp and
// docs/util.md ("Type conversion and bufferization").
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_BUFFERIZATION_SCOPEBUFFERIZATION_H
#define SCOPEIR_DIALECT_UTIL_BUFFERIZATION_SCOPEBUFFERIZATION_H

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/UnstructuredControlFlow.h"

namespace scopeir::util {
namespace detail {

// The closure scope op (`op`).
bool isScopeCaptureNotConflicting(mlir::Operation *op, mlir::OpOperand *uRead,
                                  mlir::OpOperand *uConflictingWrite);
mlir::bufferization::AliasingValueList
getScopeCaptureAliasingValues(mlir::Operation *op, mlir::OpOperand &opOperand);
/// For an entry block argument or a result of `op`; other block arguments
/// are the caller's to handle.
mlir::bufferization::AliasingOpOperandList
getScopeAliasingOpOperands(mlir::Operation *op, mlir::Value value);
mlir::LogicalResult
verifyScopeAnalysis(mlir::Operation *op,
                    const mlir::bufferization::AnalysisState &state);
/// For an entry block argument or a result of `op`.
mlir::FailureOr<mlir::bufferization::BufferLikeType>
getScopeBufferType(mlir::Operation *op, mlir::Value value,
                   const mlir::bufferization::BufferizationOptions &options,
                   const mlir::bufferization::BufferizationState &state,
                   llvm::SmallVector<mlir::Value> &invocationStack);
mlir::LogicalResult
bufferizeScope(mlir::Operation *op, mlir::RewriterBase &rewriter,
               const mlir::bufferization::BufferizationOptions &options,
               mlir::bufferization::BufferizationState &state);

// The exit terminator (`op`) of a closure scope op's body.
mlir::LogicalResult verifyScopeExitAnalysis(mlir::Operation *op);
mlir::bufferization::AliasingValueList
getScopeExitAliasingValues(mlir::Operation *op, mlir::OpOperand &opOperand);
mlir::LogicalResult
bufferizeScopeExit(mlir::Operation *op, mlir::RewriterBase &rewriter,
                   const mlir::bufferization::BufferizationOptions &options,
                   mlir::bufferization::BufferizationState &state);

} // namespace detail

/// One-Shot Bufferize model of a closure scope op `OpTy`: a capture and its
/// entry block argument are one buffer (the captures act as a branch into
/// the entry block); the results are what the exits yield; a tie needs no
/// declaration (an in-place update yields the capture's buffer, and a result
/// that ends up yielding another buffer is untied).
template <typename OpTy>
struct ScopeBufferizationModel
    : mlir::bufferization::
          OpWithUnstructuredControlFlowBufferizableOpInterfaceExternalModel<
              ScopeBufferizationModel<OpTy>, OpTy> {
  using Base = mlir::bufferization::
      OpWithUnstructuredControlFlowBufferizableOpInterfaceExternalModel<
          ScopeBufferizationModel<OpTy>, OpTy>;

  static bool supportsUnstructuredControlFlow() { return true; }

  /// Captures are only forwarded into the body; the uses of their block
  /// arguments read and write.
  bool bufferizesToMemoryRead(mlir::Operation *, mlir::OpOperand &,
                              const mlir::bufferization::AnalysisState &) const {
    return false;
  }
  bool bufferizesToMemoryWrite(mlir::Operation *, mlir::OpOperand &,
                               const mlir::bufferization::AnalysisState &) const {
    return false;
  }
  /// A capture is its block argument: never copy at the scope boundary (a
  /// conflicting write inside the body copies instead).
  bool mustBufferizeInPlace(mlir::Operation *, mlir::OpOperand &,
                            const mlir::bufferization::AnalysisState &) const {
    return true;
  }
  mlir::bufferization::AliasingValueList
  getAliasingValues(mlir::Operation *op, mlir::OpOperand &opOperand,
                    const mlir::bufferization::AnalysisState &) const {
    return detail::getScopeCaptureAliasingValues(op, opOperand);
  }
  mlir::bufferization::AliasingOpOperandList
  getAliasingOpOperands(mlir::Operation *op, mlir::Value value,
                        const mlir::bufferization::AnalysisState &state) const {
    if (auto bbArg = mlir::dyn_cast<mlir::BlockArgument>(value);
        bbArg && !bbArg.getOwner()->isEntryBlock())
      return this->getAliasingBranchOpOperands(op, bbArg, state);
    return detail::getScopeAliasingOpOperands(op, value);
  }
  bool isNotConflicting(mlir::Operation *op, mlir::OpOperand *uRead,
                        mlir::OpOperand *uConflictingWrite,
                        const mlir::bufferization::AnalysisState &) const {
    return detail::isScopeCaptureNotConflicting(op, uRead, uConflictingWrite);
  }
  mlir::LogicalResult
  verifyAnalysis(mlir::Operation *op,
                 const mlir::bufferization::AnalysisState &state) const {
    return detail::verifyScopeAnalysis(op, state);
  }
  /// Block arguments stand for captures or forwarded values whose own
  /// writability the analysis checks through the alias sets.
  bool isWritable(mlir::Operation *, mlir::Value,
                  const mlir::bufferization::AnalysisState &) const {
    return true;
  }
  mlir::FailureOr<mlir::bufferization::BufferLikeType>
  getBufferType(mlir::Operation *op, mlir::Value value,
                const mlir::bufferization::BufferizationOptions &options,
                const mlir::bufferization::BufferizationState &state,
                llvm::SmallVector<mlir::Value> &invocationStack) const {
    if (auto bbArg = mlir::dyn_cast<mlir::BlockArgument>(value);
        bbArg && !bbArg.getOwner()->isEntryBlock())
      return Base::getBufferType(op, value, options, state, invocationStack);
    return detail::getScopeBufferType(op, value, options, state,
                                      invocationStack);
  }
  mlir::LogicalResult
  bufferize(mlir::Operation *op, mlir::RewriterBase &rewriter,
            const mlir::bufferization::BufferizationOptions &options,
            mlir::bufferization::BufferizationState &state) const {
    return detail::bufferizeScope(op, rewriter, options, state);
  }
};

/// One-Shot Bufferize model of `OpTy`, the terminator exiting the body of a
/// closure scope op: it yields the buffers of its operands themselves (never
/// copies made inside the body) as the scope's results.
template <typename OpTy>
struct ScopeExitBufferizationModel
    : mlir::bufferization::BufferizableOpInterface::ExternalModel<
          ScopeExitBufferizationModel<OpTy>, OpTy> {
  bool bufferizesToMemoryRead(mlir::Operation *, mlir::OpOperand &,
                              const mlir::bufferization::AnalysisState &) const {
    return true;
  }
  bool bufferizesToMemoryWrite(mlir::Operation *, mlir::OpOperand &,
                               const mlir::bufferization::AnalysisState &) const {
    return false;
  }
  bool mustBufferizeInPlace(mlir::Operation *, mlir::OpOperand &,
                            const mlir::bufferization::AnalysisState &) const {
    return true;
  }
  mlir::LogicalResult
  verifyAnalysis(mlir::Operation *op,
                 const mlir::bufferization::AnalysisState &) const {
    return detail::verifyScopeExitAnalysis(op);
  }
  mlir::bufferization::AliasingValueList
  getAliasingValues(mlir::Operation *op, mlir::OpOperand &opOperand,
                    const mlir::bufferization::AnalysisState &) const {
    return detail::getScopeExitAliasingValues(op, opOperand);
  }
  mlir::LogicalResult
  bufferize(mlir::Operation *op, mlir::RewriterBase &rewriter,
            const mlir::bufferization::BufferizationOptions &options,
            mlir::bufferization::BufferizationState &state) const {
    return detail::bufferizeScopeExit(op, rewriter, options, state);
  }
};

} // namespace scopeir::util

#endif // SCOPEIR_DIALECT_UTIL_BUFFERIZATION_SCOPEBUFFERIZATION_H
