//===- Contraction.cpp - scope-gen's contractions -------------------------===//
//
// This file implements the op families that sum (or take the max) over
// reduced dims: matmul, batch matmul, convolution, pooling and
// reductions. Their sums may be reassociated by a compiler, which is
// where most of a result's tolerance comes from.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

template <typename OpTy>
static Value createBinary(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  return OpTy::create(b, loc, lhs, rhs);
}

/// Creates a linalg op with one result of `type` computed into `init`.
template <typename OpTy>
static Value createStructured(OpBuilder &b, Location loc, RankedTensorType type,
                              ValueRange ins, Value init) {
  return OpTy::create(b, loc, TypeRange{type}, ins, ValueRange{init})
      .getResult(0);
}

/// Creates a sliding-window linalg op (convolution, pooling).
template <typename OpTy>
static Value createWindowed(OpBuilder &b, Location loc, RankedTensorType type,
                            ValueRange ins, Value init, Attribute strides,
                            Attribute dilations) {
  return OpTy::create(b, loc, TypeRange{type}, ins, ValueRange{init}, strides,
                      dilations)
      .getResult(0);
}

bool ProgramGenerator::genReduction(PoolTensor x) {
  int64_t rank = x.getRank();
  SmallVector<bool> reduced(rank, false);
  bool any = false;
  for (int64_t d = 0; d < rank; ++d)
    any |= reduced[d] = rng.chance(0.5);
  if (!any)
    reduced[rng.below(rank)] = true;

  SmallVector<int64_t> outShape, reducedDims;
  SmallVector<bool> outDynamic;
  SmallVector<bool> xDynamic = dynamicMask(x.getType());
  SmallVector<AffineExpr> outExprs;
  SmallVector<utils::IteratorType> iterators;
  int64_t terms = 1;
  for (int64_t d = 0; d < rank; ++d) {
    if (reduced[d]) {
      reducedDims.push_back(d);
      terms *= x.shape[d];
      iterators.push_back(utils::IteratorType::reduction);
    } else {
      outShape.push_back(x.shape[d]);
      outDynamic.push_back(xDynamic[d]);
      outExprs.push_back(builder.getAffineDimExpr(d));
      iterators.push_back(utils::IteratorType::parallel);
    }
  }
  RankedTensorType outType = tensorType(outShape, outDynamic);

  // The combiners, in the order of the draw: a sum, max, min.
  enum { Sum, MaxReduce, MinReduce };
  static Value (*const combiners[])(OpBuilder &, Location, Value, Value) = {
      createBinary<arith::AddFOp>, createBinary<arith::MaximumFOp>,
      createBinary<arith::MinimumFOp>};
  unsigned kind = rng.weighted({4, 2, 1});
  bool named = rng.chance(0.35);

  // The term: the input itself (linalg.reduce) or an expression of it.
  ValueFacts termFacts = x.facts;
  ScalarExpr expr;
  if (!named) {
    ScalarExprBuilder exprBuilder(rng, has(OpFamily::Math),
                                  /*allowDiscontinuous=*/true, rounding);
    expr = exprBuilder.build({x.facts}, rng.below(3));
    termFacts = expr.evaluate({x.facts});
  }

  // The accumulator: the combiner's identity, or for a sum sometimes an
  // existing tensor of the result's shape.
  ValueFacts initFacts;
  Value init;
  int initIndex = kind == Sum && rng.chance(0.2) ? pickOfShape(outShape) : -1;
  if (initIndex >= 0) {
    PoolTensor &initTensor = use(initIndex);
    initFacts = initTensor.facts;
    // linalg.reduce wants the init typed exactly as the input's kept dims.
    if (named)
      init = castTo(initTensor, outType).value;
    else {
      init = initTensor.value;
      outType = initTensor.getType();
    }
  } else {
    double identity = 0;
    if (kind != Sum) {
      double extreme = powerOfTwoAtLeast(termFacts.bound + 1);
      identity = kind == MaxReduce ? -extreme : extreme;
    }
    init = filledTensor(outShape, outType, identity);
    initFacts = ValueFacts::constant(identity);
  }

  auto combine = combiners[kind];
  Value result;
  if (named) {
    result = linalg::ReduceOp::create(
                 builder, loc, ValueRange{x.value}, ValueRange{init},
                 reducedDims,
                 [&](OpBuilder &b, Location l, ValueRange args) {
                   linalg::YieldOp::create(b, l,
                                           combine(b, l, args[0], args[1]));
                 })
                 .getResult(0);
  } else {
    SmallVector<AffineMap> maps = {
        builder.getMultiDimIdentityMap(rank),
        AffineMap::get(rank, 0, outExprs, context)};
    result = linalg::GenericOp::create(
                 builder, loc, TypeRange{outType}, ValueRange{x.value},
                 ValueRange{init}, maps, iterators,
                 [&](OpBuilder &b, Location l, ValueRange args) {
                   Value term = expr.emit(b, l, {args[0]});
                   linalg::YieldOp::create(b, l, combine(b, l, term, args[1]));
                 })
                 .getResult(0);
    countExprOps(expr);
  }
  ValueFacts facts = kind == Sum ? ValueFacts::sum(termFacts, terms, initFacts)
                                 : ValueFacts::join(termFacts, initFacts);
  push(result, outShape, facts);
  return true;
}

bool ProgramGenerator::genMatmulOrBatch(bool batch) {
  int64_t rank = batch ? 3 : 2;
  int aIndex = pick([&](const PoolTensor &t) { return t.getRank() == rank; });
  PoolTensor a;
  if (aIndex >= 0 && rng.chance(0.85)) {
    a = use(aIndex);
  } else {
    SmallVector<int64_t> shape = randomShape(rank);
    a = operandOfShape(shape, tensorType(shape, {}));
  }
  int64_t m = a.shape[rank - 2], k = a.shape[rank - 1];
  int64_t batchSize = batch ? a.shape[0] : 1;
  int bIndex = pick([&](const PoolTensor &t) {
    return t.getRank() == rank && t.shape[rank - 2] == k &&
           (!batch || t.shape[0] == batchSize);
  });
  PoolTensor b;
  if (bIndex >= 0 && rng.chance(0.7)) {
    b = use(bIndex);
  } else {
    SmallVector<int64_t> shape;
    if (batch)
      shape.push_back(batchSize);
    shape.push_back(k);
    shape.push_back(randomDim());
    b = operandOfShape(shape, tensorType(shape, {}));
  }
  int64_t n = b.shape[rank - 1];
  a = scaleDown(a, 64);
  b = scaleDown(b, 64);

  SmallVector<int64_t> outShape;
  SmallVector<bool> outDynamic;
  SmallVector<bool> aDynamic = dynamicMask(a.getType());
  SmallVector<bool> bDynamic = dynamicMask(b.getType());
  if (batch) {
    outShape.push_back(batchSize);
    outDynamic.push_back(aDynamic[0]);
  }
  outShape.push_back(m);
  outDynamic.push_back(aDynamic[rank - 2]);
  outShape.push_back(n);
  outDynamic.push_back(bDynamic[rank - 1]);
  RankedTensorType outType = tensorType(outShape, outDynamic);

  Value init;
  ValueFacts initFacts = ValueFacts::constant(0);
  int initIndex = rng.chance(0.2) ? pickOfShape(outShape) : -1;
  if (initIndex >= 0) {
    PoolTensor &initTensor = use(initIndex);
    init = initTensor.value;
    outType = initTensor.getType();
    initFacts = initTensor.facts;
  } else {
    init = filledTensor(outShape, outType, 0.0);
  }
  auto create = batch ? createStructured<linalg::BatchMatmulOp>
                      : createStructured<linalg::MatmulOp>;
  Value result = create(builder, loc, outType, {a.value, b.value}, init);
  push(result, outShape,
       ValueFacts::sum(ValueFacts::product(a.facts, b.facts, rounding), k,
                       initFacts));
  return true;
}

/// Output size of a sliding window.
static int64_t windowOutput(int64_t in, int64_t window, int64_t stride,
                            int64_t dilation) {
  return (in - (window - 1) * dilation - 1) / stride + 1;
}

PoolTensor ProgramGenerator::windowInput(
    llvm::function_ref<bool(const PoolTensor &)> fits,
    llvm::function_ref<SmallVector<int64_t>()> randomShape) {
  int index = pick(fits);
  PoolTensor input;
  if (index >= 0 && rng.chance(0.8)) {
    input = use(index);
  } else {
    SmallVector<int64_t> shape = randomShape();
    input = operandOfShape(shape, tensorType(shape, {}));
  }
  SmallVector<bool> dynamic(input.getRank(), false);
  dynamic[0] = dynamicMask(input.getType())[0];
  return castTo(input, tensorType(input.shape, dynamic));
}

namespace {
/// A convolution the generator emits: N x spatial... x C inputs, and a
/// filter with a features dim unless depthwise.
struct ConvVariant {
  unsigned weight;
  unsigned spatialDims;
  bool depthwise;
  Value (*create)(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange ins, Value init, Attribute strides,
                  Attribute dilations);
};
} // namespace

/// The convolutions, in the order of the weighted draw.
static const ConvVariant kConvVariants[] = {
    {3, 2, /*depthwise=*/false, createWindowed<linalg::Conv2DNhwcHwcfOp>},
    {2, 2, /*depthwise=*/true,
     createWindowed<linalg::DepthwiseConv2DNhwcHwcOp>},
    {2, 1, /*depthwise=*/false, createWindowed<linalg::Conv1DNwcWcfOp>},
};

bool ProgramGenerator::genConv() {
  unsigned weights[std::size(kConvVariants)];
  for (auto [i, variant] : llvm::enumerate(kConvVariants))
    weights[i] = variant.weight;
  const ConvVariant &variant = kConvVariants[rng.weighted(weights)];
  unsigned spatial = variant.spatialDims;
  int64_t rank = spatial + 2;

  // Input: N x spatial... x C with static spatial dims and channels.
  PoolTensor input = windowInput(
      [&](const PoolTensor &t) {
        if (t.getRank() != rank)
          return false;
        for (unsigned s = 0; s < spatial; ++s)
          if (t.shape[1 + s] < 2)
            return false;
        return t.shape[rank - 1] <= 8;
      },
      [&] {
        SmallVector<int64_t> shape = {rng.range(1, 2)};
        for (unsigned s = 0; s < spatial; ++s)
          shape.push_back(rng.range(3, 10));
        shape.push_back(rng.range(1, 4));
        return shape;
      });
  input = scaleDown(input, 64);
  ArrayRef<int64_t> inShape = input.shape;
  bool batchDynamic = input.getType().isDynamicDim(0);

  SmallVector<int64_t> window, strides, dilations, outShape = {inShape[0]};
  for (unsigned s = 0; s < spatial; ++s) {
    int64_t in = inShape[1 + s];
    int64_t dilation = rng.chance(0.25) ? 2 : 1;
    int64_t maxWindow = std::min<int64_t>(3, (in - 1) / dilation + 1);
    int64_t w = rng.range(1, maxWindow);
    int64_t stride = rng.chance(0.3) ? 2 : 1;
    window.push_back(w);
    strides.push_back(stride);
    dilations.push_back(dilation);
    outShape.push_back(windowOutput(in, w, stride, dilation));
  }
  int64_t channels = inShape[rank - 1];
  int64_t features = variant.depthwise ? channels : rng.range(1, 4);
  outShape.push_back(features);

  SmallVector<int64_t> filterShape(window);
  filterShape.push_back(channels);
  if (!variant.depthwise)
    filterShape.push_back(features);
  PoolTensor filter = rng.chance(0.7)
                          ? constantTensor(filterShape,
                                           tensorType(filterShape, {}))
                          : operandOfShape(filterShape,
                                           tensorType(filterShape, {}));
  filter = scaleDown(filter, 64);

  SmallVector<bool> outDynamic(rank, false);
  outDynamic[0] = batchDynamic;
  RankedTensorType outType = tensorType(outShape, outDynamic);
  Value init = filledTensor(outShape, outType, 0.0);
  Value result = variant.create(
      builder, loc, outType, {input.value, filter.value}, init,
      builder.getI64TensorAttr(strides), builder.getI64TensorAttr(dilations));
  int64_t terms = numElements(window) * (variant.depthwise ? 1 : channels);
  push(result, outShape,
       ValueFacts::sum(ValueFacts::product(input.facts, filter.facts, rounding),
                       terms, ValueFacts::constant(0)));
  return true;
}

bool ProgramGenerator::genPooling() {
  PoolTensor input = windowInput(
      [&](const PoolTensor &t) {
        return t.getRank() == 4 && t.shape[1] >= 2 && t.shape[2] >= 2;
      },
      [&] {
        return SmallVector<int64_t>{rng.range(1, 2), rng.range(3, 9),
                                    rng.range(3, 9), rng.range(1, 4)};
      });
  ArrayRef<int64_t> inShape = input.shape;

  SmallVector<int64_t> window, strides, dilations;
  SmallVector<int64_t> outShape = {inShape[0]};
  for (unsigned s = 0; s < 2; ++s) {
    int64_t w = rng.range(1, std::min<int64_t>(3, inShape[1 + s]));
    int64_t stride = rng.chance(0.4) ? 2 : 1;
    window.push_back(w);
    strides.push_back(stride);
    dilations.push_back(1);
    outShape.push_back(windowOutput(inShape[1 + s], w, stride, 1));
  }
  outShape.push_back(inShape[3]);
  SmallVector<bool> outDynamic = {input.getType().isDynamicDim(0), false, false,
                                  false};
  RankedTensorType outType = tensorType(outShape, outDynamic);
  Value windowTensor = tensor::EmptyOp::create(builder, loc, window, f32());
  bool isMax = rng.chance(0.5);
  double extreme = powerOfTwoAtLeast(input.facts.bound + 1);
  Value init = filledTensor(outShape, outType, isMax ? -extreme : 0.0);
  auto create = isMax ? createWindowed<linalg::PoolingNhwcMaxOp>
                      : createWindowed<linalg::PoolingNhwcSumOp>;
  Value result = create(builder, loc, outType, {input.value, windowTensor},
                        init, builder.getI64TensorAttr(strides),
                        builder.getI64TensorAttr(dilations));
  ValueFacts facts =
      isMax ? ValueFacts::join(input.facts, ValueFacts::constant(-extreme))
            : ValueFacts::sum(input.facts, numElements(window),
                              ValueFacts::constant(0));
  push(result, outShape, facts);
  return true;
}
