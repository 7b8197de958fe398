//===- LowerTensorOps.cpp - flow tensor ops to upstream ops -----*- C++ -*-===//
//
// This file implements flow-lower-tensor-ops, which rewrites
// flow.tensor.dynamic_constant, flow.tensor.tie_shape and
// flow.tensor.bitcast into upstream ops and util.optimization_barrier.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"

namespace scopeir::flow {
#define GEN_PASS_DEF_LOWERTENSOROPSPASS
#include "scopeir/Dialect/Flow/Transforms/Passes.h.inc"
} // namespace scopeir::flow

using namespace mlir;
using namespace scopeir;
using namespace scopeir::flow;

/// Returns true if every dim of `a` and `b` (same rank) is equal where both
/// are static.
static bool haveCompatibleShapes(RankedTensorType a, RankedTensorType b) {
  if (a.getRank() != b.getRank())
    return false;
  for (auto [x, y] : llvm::zip_equal(a.getShape(), b.getShape()))
    if (!ShapedType::isDynamic(x) && !ShapedType::isDynamic(y) && x != y)
      return false;
  return true;
}

static void lower(TensorDynamicConstantOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value constant =
      arith::ConstantOp::create(builder, loc, cast<TypedAttr>(op.getValue()));
  if (constant.getType() != op.getType())
    constant = tensor::CastOp::create(builder, loc, op.getType(), constant);
  auto barrier =
      util::OptimizationBarrierOp::create(builder, loc, ValueRange{constant});
  op.getResult().replaceAllUsesWith(barrier.getResult(0));
  op.erase();
}

static LogicalResult lower(TensorBitCastOp op) {
  RankedTensorType sourceType = op.getSource().getType();
  RankedTensorType resultType = op.getType();
  Type sourceElement = sourceType.getElementType();
  Type resultElement = resultType.getElementType();
  if (!sourceElement.isIntOrFloat() || !resultElement.isIntOrFloat() ||
      sourceElement.getIntOrFloatBitWidth() !=
          resultElement.getIntOrFloatBitWidth() ||
      !haveCompatibleShapes(sourceType, resultType))
    return op.emitOpError("from ")
           << sourceType << " to " << resultType
           << " is not supported: only bitcasts between tensors of one shape "
              "whose element types have the same width are";
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value result = op.getSource();
  if (sourceElement != resultElement)
    result = arith::BitcastOp::create(
        builder, loc, sourceType.clone(resultElement), result);
  if (result.getType() != resultType)
    result = tensor::CastOp::create(builder, loc, resultType, result);
  op.getResult().replaceAllUsesWith(result);
  op.erase();
  return success();
}

namespace {

struct LowerTensorOpsPass
    : public scopeir::flow::impl::LowerTensorOpsPassBase<LowerTensorOpsPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<TensorDynamicConstantOp, TensorTieShapeOp, TensorBitCastOp>(op))
        ops.push_back(op);
    });
    // Nothing to lower: saying so spares the pass manager re-verifying the
    // unchanged IR.
    if (ops.empty())
      return markAllAnalysesPreserved();
    for (Operation *op : ops) {
      LogicalResult lowered = success();
      if (auto tieShape = dyn_cast<TensorTieShapeOp>(op)) {
        tieShape.getResult().replaceAllUsesWith(tieShape.getOperand());
        tieShape.erase();
      } else if (auto constant = dyn_cast<TensorDynamicConstantOp>(op)) {
        lower(constant);
      } else {
        lowered = lower(cast<TensorBitCastOp>(op));
      }
      if (failed(lowered))
        return signalPassFailure();
    }
  }
};

} // namespace
