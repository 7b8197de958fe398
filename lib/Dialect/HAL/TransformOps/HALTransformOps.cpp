//===- HALTransformOps.cpp - hal transform dialect extension --------------===//
//
// This file implements transform.hal.wrap_in_extern_scope, the rewrite that
// wraps matched ops in an extern scope, and the transform dialect extension
// registering it.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.h"

#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

#define GET_OP_CLASSES
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.cpp.inc"

FailureOr<util::ScopeOp>
scopeir::hal::wrapInExternScope(RewriterBase &rewriter,
                                ArrayRef<Operation *> ops, ExternAttr kernel,
                                std::string &reason) {
  if (ops.empty()) {
    reason = "no ops to wrap";
    return failure();
  }
  Block *block = ops.front()->getBlock();
  if (llvm::any_of(ops,
                   [&](Operation *op) { return op->getBlock() != block; })) {
    reason = "the ops are not in one block";
    return failure();
  }
  SmallVector<Operation *> sorted(ops.begin(), ops.end());
  llvm::sort(sorted,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  sorted.erase(llvm::unique(sorted), sorted.end());
  llvm::SmallPtrSet<Operation *, 16> group(sorted.begin(), sorted.end());
  Operation *last = sorted.back();

  // Whether `op` (anywhere) is one of the ops or nested in one.
  auto isInGroup = [&](Operation *op) {
    Operation *ancestor = block->findAncestorOpInBlock(*op);
    return ancestor && group.contains(ancestor);
  };
  auto isDefinedInGroup = [&](Value value) {
    if (Operation *def = value.getDefiningOp())
      return isInGroup(def);
    Operation *owner = cast<BlockArgument>(value).getOwner()->getParentOp();
    return owner && isInGroup(owner);
  };

  // Results: values of the ops used outside them. The scope takes the place
  // of the last op, so none may be used before it.
  SmallVector<Value> results;
  for (Operation *op : sorted)
    for (Value result : op->getResults())
      for (OpOperand &use : result.getUses()) {
        if (isInGroup(use.getOwner()))
          continue;
        Operation *user = block->findAncestorOpInBlock(*use.getOwner());
        if (user && user->isBeforeInBlock(last)) {
          reason = "a value the ops define is used by an op between them";
          return failure();
        }
        if (!llvm::is_contained(results, result))
          results.push_back(result);
      }

  // Captures: the tensors used from outside, shapes (tensor.empty) apart.
  llvm::SetVector<Value> captures;
  llvm::SetVector<Operation *> empties;
  for (Operation *op : sorted)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        if (isDefinedInGroup(operand) ||
            !isa<RankedTensorType>(operand.getType()))
          continue;
        if (auto empty = operand.getDefiningOp<tensor::EmptyOp>())
          empties.insert(empty);
        else
          captures.insert(operand);
      }
    });

  util::DimOpIndex dimIndex;
  util::DynamicDimBuilder dims(last, group, /*allowCreate=*/true, dimIndex);
  SmallVector<Value> captureDims, resultDims;
  for (Value capture : captures) {
    FailureOr<SmallVector<Value>> captured = dims.getDynamicDims(capture);
    if (failed(captured)) {
      dims.eraseUnusedOps();
      reason = "cannot compute the dynamic dims of a capture above the scope";
      return failure();
    }
    llvm::append_range(captureDims, *captured);
  }
  for (Value result : results) {
    auto type = cast<ShapedType>(result.getType());
    for (int64_t d = 0, e = type.getRank(); d < e; ++d) {
      if (!type.isDynamicDim(d))
        continue;
      FailureOr<Value> dim = dims.getDim(result, d);
      if (failed(dim)) {
        dims.eraseUnusedOps();
        reason = "cannot compute the dynamic dims of a result above the scope";
        return failure();
      }
      resultDims.push_back(*dim);
    }
  }
  dims.eraseUnusedOps();

  rewriter.setInsertionPoint(last);
  SmallVector<int64_t> ties(results.size(), util::TiedOpInterface::kUntied);
  auto scope = util::ScopeOp::create(
      rewriter, last->getLoc(), ValueRange(results).getTypes(), resultDims,
      captures.getArrayRef(), captureDims, ties, ArrayRef<Attribute>{kernel});
  for (auto [result, replacement] :
       llvm::zip_equal(results, scope.getResults()))
    rewriter.replaceUsesWithIf(result, replacement, [&](OpOperand &use) {
      return !isInGroup(use.getOwner());
    });

  Block &entry = scope.getEntryBlock();
  rewriter.setInsertionPointToStart(&entry);
  IRMapping mapping;
  for (Operation *empty : empties)
    mapping.map(empty->getResult(0), rewriter.clone(*empty)->getResult(0));
  for (Operation *op : sorted)
    rewriter.moveOpBefore(op, &entry, entry.end());
  rewriter.setInsertionPointToEnd(&entry);
  util::ReturnOp::create(rewriter, last->getLoc(), results);
  auto isInScope = [&](OpOperand &use) {
    return scope->isProperAncestor(use.getOwner());
  };
  for (auto [capture, arg] : llvm::zip_equal(captures, entry.getArguments()))
    rewriter.replaceUsesWithIf(capture, arg, isInScope);
  for (Operation *empty : empties) {
    rewriter.replaceUsesWithIf(empty->getResult(0),
                               mapping.lookup(empty->getResult(0)), isInScope);
    if (empty->use_empty())
      rewriter.eraseOp(empty);
  }
  return scope;
}

//===----------------------------------------------------------------------===//
// WrapInExternScopeOp
//===----------------------------------------------------------------------===//

LogicalResult WrapInExternScopeOp::verify() {
  return ExternAttr::verify([&]() { return emitOpError(); }, getSymbol(),
                            getAbiAttr());
}

DiagnosedSilenceableFailure
WrapInExternScopeOp::apply(transform::TransformRewriter &rewriter,
                           transform::TransformResults &results,
                           transform::TransformState &state) {
  auto kernel = ExternAttr::get(getContext(), getSymbol(), getAbiAttr());
  SmallVector<Operation *> ops(state.getPayloadOps(getTargets()));
  std::string reason;
  FailureOr<util::ScopeOp> scope =
      wrapInExternScope(rewriter, ops, kernel, reason);
  if (failed(scope)) {
    DiagnosedSilenceableFailure diag =
        emitSilenceableError() << "cannot wrap the ops in an extern scope for '"
                               << getSymbol() << "': " << reason;
    return diag;
  }
  results.set(cast<OpResult>(getScope()), {scope->getOperation()});
  return DiagnosedSilenceableFailure::success();
}

//===----------------------------------------------------------------------===//
// Extension
//===----------------------------------------------------------------------===//

namespace {
class HALTransformDialectExtension
    : public transform::TransformDialectExtension<
          HALTransformDialectExtension> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(HALTransformDialectExtension)

  HALTransformDialectExtension() {
    declareGeneratedDialect<util::UtilDialect>();
    declareGeneratedDialect<HALDialect>();
    declareGeneratedDialect<tensor::TensorDialect>();
    registerTransformOps<
#define GET_OP_LIST
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.cpp.inc"
        >();
  }
};
} // namespace

void scopeir::hal::registerTransformDialectExtension(
    DialectRegistry &registry) {
  registry.addExtensions<HALTransformDialectExtension>();
}
