//===- Operands.cpp - scope-gen's pool and operands -----------------------===//
//
// This file implements the generator's pool of tensors and the helpers
// every op family shares: index and float constants at the top of the
// entry block, random shapes, constant tensors, and operands of a given
// shape made from pool tensors (sliced, padded, broadcast, cast, scaled).
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

OpBuilder ProgramGenerator::entryBuilder() {
  OpBuilder b(context);
  if (fn->lastEntryOp)
    b.setInsertionPointAfter(fn->lastEntryOp);
  else
    b.setInsertionPointToStart(&fn->func.getBody().front());
  return b;
}

void ProgramGenerator::noteEntryOp(Operation *op) {
  fn->lastEntryOp = op;
  fn->entryOps.insert(op);
}

Value ProgramGenerator::constantIndex(int64_t value) {
  for (auto &[v, result] : fn->constantIndices)
    if (v == value)
      return result;
  OpBuilder b = entryBuilder();
  auto op = arith::ConstantIndexOp::create(b, loc, value);
  noteEntryOp(op);
  fn->constantIndices.push_back({value, op});
  return op;
}

Value ProgramGenerator::sizeValue(int64_t size) {
  if (rng.chance(0.75))
    for (auto &[v, result] : fn->dynamicSizes)
      if (v == size)
        return result;
  return constantIndex(size);
}

Value ProgramGenerator::constantFloat(double value) {
  for (auto &[v, result] : fn->constantFloats)
    if (v == value)
      return result;
  OpBuilder b = entryBuilder();
  auto op = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(value));
  noteEntryOp(op);
  fn->constantFloats.push_back({value, op});
  return op;
}

void ProgramGenerator::countExprOps(const ScalarExpr &expr) {
  SmallVector<std::string> names;
  expr.collectOpNames(names);
  for (const std::string &name : names)
    count(name);
}

Value ProgramGenerator::emptyTensor(ArrayRef<int64_t> shape,
                                    RankedTensorType type) {
  SmallVector<Value> dynamicSizes;
  for (auto [i, dim] : llvm::enumerate(type.getShape()))
    if (ShapedType::isDynamic(dim))
      dynamicSizes.push_back(sizeValue(shape[i]));
  return tensor::EmptyOp::create(builder, loc, type, dynamicSizes);
}

Value ProgramGenerator::filledTensor(ArrayRef<int64_t> shape,
                                     RankedTensorType type, double value) {
  Value empty = emptyTensor(shape, type);
  return linalg::FillOp::create(builder, loc, ValueRange{constantFloat(value)},
                                ValueRange{empty})
      .getResult(0);
}

unsigned ProgramGenerator::push(Value value, ArrayRef<int64_t> shape,
                                ValueFacts facts) {
  PoolTensor tensor;
  tensor.value = value;
  tensor.shape.assign(shape.begin(), shape.end());
  tensor.facts = facts;
  fn->pool.push_back(tensor);
  return fn->pool.size() - 1;
}

int ProgramGenerator::pick(llvm::function_ref<bool(const PoolTensor &)> pred) {
  SmallVector<unsigned> candidates;
  for (auto [i, tensor] : llvm::enumerate(fn->pool))
    if (pred(tensor))
      candidates.push_back(i);
  if (candidates.empty())
    return -1;
  if (candidates.size() > 3 && rng.chance(0.5))
    return candidates[candidates.size() - 1 - rng.below(3)];
  return candidates[rng.below(candidates.size())];
}

int64_t ProgramGenerator::randomDim() {
  static const unsigned weights[] = {3, 4, 5, 5, 3, 3, 2, 3, 2};
  static const int64_t sizes[] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
  unsigned choice = rng.weighted(weights);
  if (sizes[choice] == 0)
    return rng.range(9, 17);
  return sizes[choice];
}

SmallVector<int64_t> ProgramGenerator::randomShape(unsigned rank) {
  SmallVector<int64_t> shape;
  for (unsigned i = 0; i < rank; ++i)
    shape.push_back(randomDim());
  while (numElements(shape) > kMaxElements / 4)
    for (int64_t &dim : shape)
      dim = std::max<int64_t>(1, dim / 2);
  return shape;
}

PoolTensor ProgramGenerator::constantTensor(ArrayRef<int64_t> shape,
                                            RankedTensorType type) {
  count("constant");
  auto staticType = RankedTensorType::get(shape, f32());
  std::vector<float> values;
  int64_t n = numElements(shape);
  if (rng.chance(0.2)) {
    values.assign(1, static_cast<float>(rng.range(-16, 16)) / 8);
  } else {
    for (int64_t i = 0; i < n; ++i)
      values.push_back(static_cast<float>(rng.range(-16, 16)) / 8);
  }
  DenseElementsAttr attr =
      values.size() == 1
          ? DenseElementsAttr::get(staticType, values.front())
          : DenseElementsAttr::get(staticType, ArrayRef<float>(values));
  PoolTensor result;
  result.value = arith::ConstantOp::create(builder, loc, staticType, attr);
  result.shape.assign(shape.begin(), shape.end());
  result.facts = ValueFacts::ofValues(values);
  if (type != staticType)
    result = castTo(result, type);
  return result;
}

PoolTensor ProgramGenerator::castTo(const PoolTensor &source,
                                    RankedTensorType type) {
  if (source.getType() == type)
    return source;
  PoolTensor result = source;
  result.value = tensor::CastOp::create(builder, loc, type, source.value);
  return result;
}

PoolTensor ProgramGenerator::coerce(const PoolTensor &source,
                                    ArrayRef<int64_t> shape,
                                    RankedTensorType type) {
  PoolTensor cur = source;
  int64_t rank = shape.size();
  auto fallback = [&] { return constantTensor(shape, type); };

  // Rank: drop leading dims with a rank-reducing slice, or add leading dims
  // with a broadcast.
  if (cur.getRank() > rank) {
    if (!has(OpFamily::ExtractSlice))
      return fallback();
    int64_t drop = cur.getRank() - rank;
    // A rank-reducing slice is kept fully static: canonicalization in
    // MLIR 22 reorders the sizes of one with an SSA offset or size
    // (docs/testing.md, known upstream issues).
    cur = castTo(cur, tensorType(cur.shape, {}));
    SmallVector<OpFoldResult> offsets, sizes, strides;
    SmallVector<int64_t> newShape;
    for (int64_t d = 0; d < cur.getRank(); ++d) {
      strides.push_back(builder.getIndexAttr(1));
      if (d < drop) {
        offsets.push_back(builder.getIndexAttr(rng.below(cur.shape[d])));
        sizes.push_back(builder.getIndexAttr(1));
      } else {
        offsets.push_back(builder.getIndexAttr(0));
        sizes.push_back(builder.getIndexAttr(cur.shape[d]));
        newShape.push_back(cur.shape[d]);
      }
    }
    RankedTensorType sliceType = tensorType(newShape, {});
    count("extract-slice");
    cur.value = tensor::ExtractSliceOp::create(builder, loc, sliceType,
                                               cur.value, offsets, sizes,
                                               strides);
    cur.shape = newShape;
  } else if (cur.getRank() < rank) {
    int64_t add = rank - cur.getRank();
    SmallVector<int64_t> newShape(shape.begin(), shape.begin() + add);
    llvm::append_range(newShape, cur.shape);
    if (!has(OpFamily::Broadcast) || numElements(newShape) > kMaxElements)
      return fallback();
    SmallVector<bool> newDynamic(add, false);
    llvm::append_range(newDynamic, dynamicMask(cur.getType()));
    RankedTensorType outType = tensorType(newShape, newDynamic);
    Value init = emptyTensor(newShape, outType);
    SmallVector<int64_t> dims;
    for (int64_t d = 0; d < add; ++d)
      dims.push_back(d);
    count("broadcast");
    cur.value = linalg::BroadcastOp::create(builder, loc, cur.value, init, dims)
                    .getResult()[0];
    cur.shape = newShape;
  }

  // Sizes: slice the dims that are too large, pad the ones that are too
  // small.
  bool needSlice = false, needPad = false;
  for (int64_t d = 0; d < rank; ++d) {
    needSlice |= cur.shape[d] > shape[d];
    needPad |= cur.shape[d] < shape[d];
  }
  if (needSlice) {
    if (!has(OpFamily::ExtractSlice))
      return fallback();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    SmallVector<int64_t> newShape;
    SmallVector<bool> newDynamic;
    SmallVector<bool> curDynamic = dynamicMask(cur.getType());
    for (int64_t d = 0; d < rank; ++d) {
      int64_t size = std::min(cur.shape[d], shape[d]);
      int64_t stride = 1;
      if (size > 1 && (size - 1) * 2 < cur.shape[d] && rng.chance(0.3))
        stride = 2;
      int64_t maxOffset = cur.shape[d] - ((size - 1) * stride + 1);
      int64_t offset = maxOffset > 0 ? rng.range(0, maxOffset) : 0;
      bool sliced = size != cur.shape[d] || stride != 1;
      offsets.push_back(builder.getIndexAttr(offset));
      strides.push_back(builder.getIndexAttr(stride));
      bool dynamicSize = !sliced && curDynamic[d];
      sizes.push_back(foldResult(size, dynamicSize));
      newShape.push_back(size);
      newDynamic.push_back(dynamicSize);
    }
    count("extract-slice");
    cur.value = tensor::ExtractSliceOp::create(
        builder, loc, tensorType(newShape, newDynamic), cur.value, offsets,
        sizes, strides);
    cur.shape = newShape;
  }
  if (needPad) {
    if (!has(OpFamily::Pad))
      return fallback();
    SmallVector<OpFoldResult> low, high;
    SmallVector<bool> newDynamic = dynamicMask(cur.getType());
    for (int64_t d = 0; d < rank; ++d) {
      int64_t extra = shape[d] - cur.shape[d];
      int64_t lo = extra > 0 ? rng.range(0, extra) : 0;
      low.push_back(builder.getIndexAttr(lo));
      high.push_back(builder.getIndexAttr(extra - lo));
    }
    double padValue = randomDyadic(rng);
    RankedTensorType padType = tensorType(shape, newDynamic);
    count("pad");
    cur.value = tensor::PadOp::create(builder, loc, padType, cur.value, low,
                                      high, constantFloat(padValue))
                    .getResult();
    cur.shape.assign(shape.begin(), shape.end());
    cur.facts = ValueFacts::join(cur.facts, ValueFacts::constant(padValue));
  }
  return castTo(cur, type);
}

PoolTensor ProgramGenerator::operandOfShape(ArrayRef<int64_t> shape,
                                            RankedTensorType type) {
  int exact = pickOfShape(shape);
  if (exact >= 0 && rng.chance(0.7))
    return castTo(use(exact), type);
  int any = pickAny();
  if (any < 0 || rng.chance(0.1))
    return constantTensor(shape, type);
  return coerce(use(any), shape, type);
}

PoolTensor ProgramGenerator::scaleDown(const PoolTensor &source,
                                       double limit) {
  if (source.facts.bound <= limit)
    return source;
  // The scaling is an elementwise op: without that family, a constant of
  // the same shape stands in.
  if (!has(OpFamily::Elementwise))
    return constantTensor(source.shape, source.getType());
  int shift = 0;
  while (std::ldexp(source.facts.bound, shift) > limit)
    --shift;
  double factor = std::ldexp(1.0, shift);
  int64_t rank = source.getRank();
  Value init = emptyTensor(source.shape, source.getType());
  SmallVector<AffineMap> maps(2, builder.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  PoolTensor result = source;
  RankedTensorType type = source.getType();
  result.value =
      linalg::GenericOp::create(
          builder, loc, TypeRange{type}, ValueRange{source.value},
          ValueRange{init}, maps, iterators,
          [&](OpBuilder &b, Location l, ValueRange args) {
            Value c = arith::ConstantOp::create(b, l, b.getF32FloatAttr(factor));
            Value scaled = arith::MulFOp::create(b, l, args[0], c);
            linalg::YieldOp::create(b, l, scaled);
          })
          .getResult(0);
  result.facts.bound = std::ldexp(result.facts.bound, shift);
  result.facts.err = std::ldexp(result.facts.err, shift);
  result.facts.frac -= shift;
  count("elementwise");
  return result;
}
