//===- OpImplUtils.cpp - Shared pieces of tied, shape-aware ops -*- C++ -*-===//
//
// This file implements the helpers with which ops of several dialects
// implement TiedOpInterface, ShapeAwareOpInterface and the reification of
// their result shapes alike.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/OpImplUtils.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace scopeir::util;

SmallVector<int64_t> scopeir::util::getTiesOrUntied(DenseI64ArrayAttr stored,
                                                    unsigned numResults) {
  if (stored)
    return SmallVector<int64_t>(stored.asArrayRef());
  return SmallVector<int64_t>(numResults, TiedOpInterface::kUntied);
}

DenseI64ArrayAttr scopeir::util::getTiesAttrOrNull(MLIRContext *context,
                                                   ArrayRef<int64_t> ties) {
  if (llvm::all_of(ties,
                   [](int64_t t) { return t == TiedOpInterface::kUntied; }))
    return {};
  return DenseI64ArrayAttr::get(context, ties);
}

ValueRange scopeir::util::getTiedResultDynamicDims(TiedOpInterface op,
                                                   unsigned resultIndex,
                                                   ValueRange operandDims,
                                                   ValueRange resultDims) {
  if (std::optional<unsigned> tied = op.getTiedResultOperandIndex(resultIndex))
    return sliceDynamicDims(op.getTiedOperandsRange().getTypes(), operandDims,
                            *tied);
  unsigned begin = 0;
  for (unsigned i = 0; i < resultIndex; ++i)
    if (!op.isResultTied(i))
      begin += getNumDynamicDims(op->getResult(i).getType());
  unsigned count = getNumDynamicDims(op->getResult(resultIndex).getType());
  if (begin + count > resultDims.size())
    return {};
  return resultDims.slice(begin, count);
}

FailureOr<unsigned>
scopeir::util::verifyTiedResults(TiedOpInterface op,
                                 std::optional<size_t> numTieEntries,
                                 StringRef operandNoun, StringRef countIntro) {
  if (numTieEntries && *numTieEntries != op->getNumResults())
    return op->emitOpError("expects one tied_operands entry per result (")
           << op->getNumResults() << ") but has " << *numTieEntries;
  OperandRange operands = op.getTiedOperandsRange();
  llvm::SmallDenseMap<int64_t, unsigned> tiedBy;
  unsigned untiedResultDims = 0;
  for (auto [i, tie] : llvm::enumerate(op.getTiedResultIndices())) {
    Type resultType = op->getResult(i).getType();
    if (tie == TiedOpInterface::kUntied) {
      untiedResultDims += getNumDynamicDims(resultType);
      continue;
    }
    if (tie < 0 || tie >= static_cast<int64_t>(operands.size()))
      return op->emitOpError("result #")
             << i << " is tied to " << operandNoun << " #" << tie << " but "
             << countIntro << " " << operands.size() << " " << operandNoun
             << "s";
    auto [it, inserted] = tiedBy.try_emplace(tie, i);
    if (!inserted)
      return op->emitOpError("results #")
             << it->second << " and #" << i << " are both tied to "
             << operandNoun << " #" << tie;
    Type operandType = operands[tie].getType();
    if (operandType != resultType)
      return op->emitOpError("result #")
             << i << " of type " << resultType << " is tied to " << operandNoun
             << " #" << tie << " of type " << operandType
             << "; a tied result must have its " << operandNoun << "'s type";
  }
  return untiedResultDims;
}

LogicalResult
scopeir::util::reifyResultShapesFromDims(ShapeAwareOpInterface op,
                                         Builder &builder,
                                         ReifiedRankedShapedTypeDims &shapes) {
  for (OpResult result : op->getResults()) {
    auto type = dyn_cast<RankedTensorType>(result.getType());
    if (!type) {
      shapes.emplace_back();
      continue;
    }
    ValueRange dims = op.getResultDynamicDims(result.getResultNumber());
    SmallVector<OpFoldResult> sizes;
    unsigned next = 0;
    for (int64_t size : type.getShape()) {
      if (!ShapedType::isDynamic(size)) {
        sizes.push_back(builder.getIndexAttr(size));
        continue;
      }
      if (next >= dims.size())
        return failure();
      sizes.push_back(dims[next++]);
    }
    shapes.push_back(std::move(sizes));
  }
  return success();
}
