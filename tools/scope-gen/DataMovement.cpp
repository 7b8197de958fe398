//===- DataMovement.cpp - scope-gen's data movement ops -------------------===//
//
// This file implements the op families that move values without
// computing new ones: transpose, broadcast, extract and insert slices,
// pad, concat, reshapes and casts. They keep their inputs' facts.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

bool ProgramGenerator::genTranspose(PoolTensor x) {
  int64_t rank = x.getRank();
  SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    perm.push_back(d);
  do {
    for (int64_t d = rank - 1; d > 0; --d)
      std::swap(perm[d], perm[rng.below(d + 1)]);
  } while (llvm::all_of(llvm::enumerate(perm),
                        [](auto e) { return (int64_t)e.index() == e.value(); }));
  SmallVector<int64_t> outShape;
  SmallVector<bool> outDynamic;
  SmallVector<bool> xDynamic = dynamicMask(x.getType());
  for (int64_t d : perm) {
    outShape.push_back(x.shape[d]);
    outDynamic.push_back(xDynamic[d]);
  }
  Value init = emptyTensor(outShape, tensorType(outShape, outDynamic));
  Value result =
      linalg::TransposeOp::create(builder, loc, x.value, init, perm)
          .getResult()[0];
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genBroadcast(PoolTensor x) {
  int64_t rank = x.getRank();
  int64_t added = 1 + (rank <= 2 ? rng.below(2) : 0);
  int64_t outRank = rank + added;
  SmallVector<bool> isNew(outRank, false);
  for (int64_t i = 0; i < added;) {
    int64_t pos = rng.below(outRank);
    if (!isNew[pos]) {
      isNew[pos] = true;
      ++i;
    }
  }
  SmallVector<int64_t> outShape, dims;
  SmallVector<bool> outDynamic;
  SmallVector<bool> xDynamic = dynamicMask(x.getType());
  int64_t next = 0;
  for (int64_t d = 0; d < outRank; ++d) {
    if (isNew[d]) {
      dims.push_back(d);
      outShape.push_back(rng.range(1, 5));
      outDynamic.push_back(false);
    } else {
      outShape.push_back(x.shape[next]);
      outDynamic.push_back(xDynamic[next]);
      ++next;
    }
  }
  if (numElements(outShape) > kMaxElements)
    return false;
  Value init = emptyTensor(outShape, tensorType(outShape, outDynamic));
  Value result = linalg::BroadcastOp::create(builder, loc, x.value, init, dims)
                     .getResult()[0];
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genExtractSlice(PoolTensor x) {
  int64_t rank = x.getRank();
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> outShape;
  SmallVector<bool> outDynamic;
  // A rank-reducing slice drops unit dims. It is kept fully static (a static
  // source, no SSA offset or size): canonicalization in MLIR 22 reorders the
  // sizes of one that has an SSA offset or size (docs/testing.md, known
  // upstream issues).
  bool rankReduce = rng.chance(0.25);
  if (rankReduce)
    x = castTo(x, tensorType(x.shape, {}));
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dim = x.shape[d];
    int64_t size = rng.range(1, dim);
    int64_t stride = (size > 1 && (size - 1) * 2 < dim && rng.chance(0.3)) ? 2
                                                                          : 1;
    int64_t maxOffset = dim - ((size - 1) * stride + 1);
    int64_t offset = rng.range(0, maxOffset);
    bool dynamicSize = !rankReduce && rng.chance(0.15);
    offsets.push_back(foldResult(offset, !rankReduce && rng.chance(0.2)));
    sizes.push_back(foldResult(size, dynamicSize));
    strides.push_back(builder.getIndexAttr(stride));
    if (rankReduce && size == 1 && rng.chance(0.6))
      continue;
    outShape.push_back(size);
    outDynamic.push_back(dynamicSize);
  }
  RankedTensorType type = tensorType(outShape, outDynamic);
  Value result = tensor::ExtractSliceOp::create(builder, loc, type, x.value,
                                                offsets, sizes, strides);
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genInsertSlice(PoolTensor dest) {
  int64_t rank = dest.getRank();
  SmallVector<int64_t> srcShape;
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t dim = dest.shape[d];
    int64_t size = rng.range(1, dim);
    int64_t stride = (size > 1 && (size - 1) * 2 < dim && rng.chance(0.25))
                         ? 2
                         : 1;
    int64_t offset = rng.range(0, dim - ((size - 1) * stride + 1));
    srcShape.push_back(size);
    offsets.push_back(foldResult(offset, rng.chance(0.2)));
    sizes.push_back(builder.getIndexAttr(size));
    strides.push_back(builder.getIndexAttr(stride));
  }
  PoolTensor source = operandOfShape(srcShape, tensorType(srcShape, {}));
  Value result = tensor::InsertSliceOp::create(
      builder, loc, source.value, dest.value, offsets, sizes, strides);
  push(result, dest.shape, ValueFacts::join(dest.facts, source.facts));
  return true;
}

bool ProgramGenerator::genPad(PoolTensor x) {
  int64_t rank = x.getRank();
  SmallVector<OpFoldResult> low, high;
  SmallVector<int64_t> outShape;
  SmallVector<bool> outDynamic = dynamicMask(x.getType());
  bool any = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t lo = rng.range(0, 2), hi = rng.range(0, 2);
    if (d == rank - 1 && !any && lo + hi == 0)
      hi = 1;
    any |= lo + hi > 0;
    bool dynamic = rng.chance(0.1);
    low.push_back(foldResult(lo, dynamic));
    high.push_back(builder.getIndexAttr(hi));
    outShape.push_back(x.shape[d] + lo + hi);
    if (dynamic)
      outDynamic[d] = true;
  }
  if (numElements(outShape) > kMaxElements)
    return false;
  double padValue = randomDyadic(rng);
  Value result =
      tensor::PadOp::create(builder, loc, tensorType(outShape, outDynamic),
                            x.value, low, high, constantFloat(padValue))
          .getResult();
  push(result, outShape,
       ValueFacts::join(x.facts, ValueFacts::constant(padValue)));
  return true;
}

bool ProgramGenerator::genConcat(PoolTensor first) {
  int64_t rank = first.getRank();
  int64_t dim = rng.below(rank);
  SmallVector<Value> inputs = {first.value};
  SmallVector<int64_t> outShape = first.shape;
  ValueFacts facts = first.facts;
  unsigned pieces = 2 + (rng.chance(0.3) ? 1 : 0);
  for (unsigned p = 1; p < pieces; ++p) {
    SmallVector<int64_t> shape = first.shape;
    shape[dim] = rng.chance(0.4) ? first.shape[dim] : rng.range(1, 5);
    if (numElements(outShape) + numElements(shape) > kMaxElements)
      break;
    // Same type as the first operand outside the concatenated dim.
    SmallVector<bool> mask = dynamicMask(first.getType());
    mask[dim] = rng.chance(0.2);
    PoolTensor piece = operandOfShape(shape, tensorType(shape, mask));
    inputs.push_back(piece.value);
    outShape[dim] += shape[dim];
    facts = ValueFacts::join(facts, piece.facts);
  }
  if (inputs.size() < 2)
    return false;
  Value result = tensor::ConcatOp::create(builder, loc, dim, inputs);
  push(result, outShape, facts);
  return true;
}

bool ProgramGenerator::genReshape() {
  bool collapse = rng.chance(0.5);
  if (collapse) {
    int index = pick([](const PoolTensor &t) { return t.getRank() >= 2; });
    if (index < 0)
      return false;
    PoolTensor x = use(index);
    int64_t rank = x.getRank();
    int64_t first = rng.below(rank - 1);
    SmallVector<ReassociationIndices> groups;
    SmallVector<int64_t> outShape;
    for (int64_t d = 0; d < rank; ++d) {
      if (d == first + 1)
        continue;
      if (d == first) {
        groups.push_back({d, d + 1});
        outShape.push_back(x.shape[d] * x.shape[d + 1]);
      } else {
        groups.push_back({d});
        outShape.push_back(x.shape[d]);
      }
    }
    Value result =
        tensor::CollapseShapeOp::create(builder, loc, x.value, groups);
    push(result, outShape, x.facts);
    return true;
  }
  // Expand a static dim of size a*b into a x b.
  int index = pick([](const PoolTensor &t) {
    if (t.getRank() > 3)
      return false;
    for (auto [d, size] : llvm::enumerate(t.getType().getShape()))
      if (!ShapedType::isDynamic(size) && size >= 4 && size % 2 == 0)
        return true;
    return false;
  });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
  SmallVector<int64_t> candidates;
  for (auto [d, size] : llvm::enumerate(x.getType().getShape()))
    if (!ShapedType::isDynamic(size) && size >= 4 && size % 2 == 0)
      candidates.push_back(d);
  int64_t dim = candidates[rng.below(candidates.size())];
  int64_t size = x.shape[dim];
  SmallVector<int64_t> factors;
  for (int64_t f = 2; f < size; ++f)
    if (size % f == 0)
      factors.push_back(f);
  int64_t outer = factors[rng.below(factors.size())];
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> outShape;
  SmallVector<bool> outDynamic;
  SmallVector<bool> xDynamic = dynamicMask(x.getType());
  SmallVector<OpFoldResult> outputShape;
  int64_t next = 0;
  for (int64_t d = 0; d < x.getRank(); ++d) {
    if (d == dim) {
      groups.push_back({next, next + 1});
      next += 2;
      outShape.append({outer, size / outer});
      outDynamic.append({false, false});
      outputShape.push_back(builder.getIndexAttr(outer));
      outputShape.push_back(builder.getIndexAttr(size / outer));
    } else {
      groups.push_back({next++});
      outShape.push_back(x.shape[d]);
      outDynamic.push_back(xDynamic[d]);
      outputShape.push_back(foldResult(x.shape[d], xDynamic[d]));
    }
  }
  Value result = tensor::ExpandShapeOp::create(
      builder, loc, tensorType(outShape, outDynamic), x.value, groups,
      outputShape);
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genCast(PoolTensor x) {
  SmallVector<bool> mask = dynamicMask(x.getType());
  // Flip one dim between static and dynamic (a dynamic-to-static cast is
  // checked at run time; the generator knows it holds).
  unsigned d = rng.below(mask.size());
  mask[d] = !mask[d];
  PoolTensor result = castTo(x, tensorType(x.shape, mask));
  push(result.value, x.shape, x.facts);
  return true;
}

