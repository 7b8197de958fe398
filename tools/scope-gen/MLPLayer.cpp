//===- MLPLayer.cpp - scope-gen's layers on strided views -----------------===//
//
// This file implements the mlp-layer op family and the extern scope kind.
// A layer is what the example kernel `mlp_layer_f32` computes,
// relu(x * w + bias) (a fill, a matmul and a generic adding the bias and
// taking the ReLU), on operands that are views of other tensors: a slice
// with offsets and steps of a larger tensor, a transposed view
// (`memref.transpose` between `bufferization.to_buffer` and `to_tensor`), a
// slice at an offset only known at run time, a column of a matrix as the
// bias. Bufferization makes each of them a strided buffer, which a kernel
// receives as it is (its strides in the descriptor) unless the kernel asks
// for contiguous buffers.
//
// With the extern scope kind, the layer is wrapped in an extern scope of
// `mlp_layer_f32` capturing x, w and bias: the differential then runs the
// kernel (the example library's scalar loops over any strides) with its
// calls checked against the decomposition, while the program without scopes
// computes the same layer with linalg ops. The views are program decisions
// and the wrapping a scope decision, so both programs hold the same views.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

#include <algorithm>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

/// The symbol of the example kernels (examples/kernels/mlp_layer.h).
static constexpr llvm::StringLiteral kLayerKernel = "mlp_layer_f32";

/// Bound on the magnitude of a layer's x and w, as for a matmul's operands.
static constexpr double kLayerOperandBound = 64;

namespace {
/// How a layer's x or w is made, in the order of the weighted draw.
enum class ViewKind {
  /// A pool tensor as it is (a dense buffer, or whatever view it already
  /// is).
  Whole,
  /// A slice with offsets and steps of a larger tensor.
  Slice,
  /// A transposed view of a tensor (sometimes of a slice).
  Transposed,
  /// A slice whose row offset is computed from a dynamic dim.
  DynamicOffset,
};
} // namespace

static const unsigned kViewWeights[] = {1, 3, 3, 2};

PoolTensor ProgramGenerator::viewSource(ArrayRef<int64_t> shape, double bound) {
  PoolTensor source = operandOfShape(shape, tensorType(shape, {}));
  return scaleDown(source, bound);
}

Value ProgramGenerator::opaqueIndex(int64_t value, bool &dynamic) {
  dynamic = !fn->dynamicSizes.empty();
  if (!dynamic)
    return constantIndex(value);
  auto [size, dim] = fn->dynamicSizes[rng.below(fn->dynamicSizes.size())];
  return arith::AddIOp::create(builder, loc, dim, constantIndex(value - size));
}

/// A static slice of `source` at `offsets` with `steps`, of `sizes`.
static Value createSlice(OpBuilder &b, Location loc, Value source,
                         ArrayRef<OpFoldResult> offsets,
                         ArrayRef<int64_t> sizes, ArrayRef<int64_t> steps) {
  SmallVector<OpFoldResult> sizeAttrs, stepAttrs;
  for (auto [size, step] : llvm::zip_equal(sizes, steps)) {
    sizeAttrs.push_back(b.getIndexAttr(size));
    stepAttrs.push_back(b.getIndexAttr(step));
  }
  auto type = RankedTensorType::get(sizes, b.getF32Type());
  return tensor::ExtractSliceOp::create(b, loc, type, source, offsets,
                                        sizeAttrs, stepAttrs);
}

PoolTensor ProgramGenerator::layerOperand(ArrayRef<int64_t> shape) {
  auto kind = static_cast<ViewKind>(rng.weighted(kViewWeights));
  // A slice with steps: each dim steps by 1 or 2 from an offset of up to
  // 2, in a source up to one element longer than the slice needs.
  auto sliceWithSteps = [&](ArrayRef<int64_t> sliceShape) {
    SmallVector<int64_t> sourceShape, steps;
    SmallVector<OpFoldResult> offsets;
    for (int64_t size : sliceShape) {
      int64_t step = 1 + rng.below(2);
      int64_t offset = rng.range(0, 2);
      sourceShape.push_back(offset + (size - 1) * step + 1 + rng.range(0, 1));
      steps.push_back(step);
      offsets.push_back(builder.getIndexAttr(offset));
    }
    PoolTensor source = viewSource(sourceShape, kLayerOperandBound);
    PoolTensor view = source;
    view.value =
        createSlice(builder, loc, source.value, offsets, sliceShape, steps);
    view.shape.assign(sliceShape.begin(), sliceShape.end());
    count("mlp-layer:slice");
    return view;
  };

  switch (kind) {
  case ViewKind::Whole:
    return viewSource(shape, kLayerOperandBound);
  case ViewKind::Slice:
    return sliceWithSteps(shape);
  case ViewKind::Transposed: {
    SmallVector<int64_t> sourceShape = {shape[1], shape[0]};
    PoolTensor source = rng.chance(0.3)
                            ? sliceWithSteps(sourceShape)
                            : viewSource(sourceShape, kLayerOperandBound);
    // Any layout: the buffer the tensor already has, not a copy.
    int64_t dynamic = ShapedType::kDynamic;
    auto layout = StridedLayoutAttr::get(context, dynamic, {dynamic, dynamic});
    auto bufferType = MemRefType::get(sourceShape, f32(), layout);
    Value buffer = bufferization::ToBufferOp::create(
        builder, loc, bufferType, source.value, /*read_only=*/true);
    AffineMap swap =
        AffineMap::getPermutationMap(ArrayRef<unsigned>{1, 0}, context);
    Value transposed = memref::TransposeOp::create(builder, loc, buffer,
                                                   AffineMapAttr::get(swap));
    PoolTensor view = source;
    view.value = bufferization::ToTensorOp::create(
        builder, loc, tensorType(shape, {}), transposed, /*restrict=*/true);
    view.shape.assign(shape.begin(), shape.end());
    count("mlp-layer:transposed");
    return view;
  }
  case ViewKind::DynamicOffset: {
    int64_t extraRows = 1 + rng.below(3), extraCols = rng.below(3);
    SmallVector<int64_t> sourceShape = {shape[0] + extraRows,
                                        shape[1] + extraCols};
    PoolTensor source = viewSource(sourceShape, kLayerOperandBound);
    bool dynamic = false;
    SmallVector<OpFoldResult> offsets = {
        opaqueIndex(rng.range(0, extraRows), dynamic),
        builder.getIndexAttr(rng.range(0, extraCols))};
    PoolTensor view = source;
    view.value =
        createSlice(builder, loc, source.value, offsets, shape, {1, 1});
    view.shape.assign(shape.begin(), shape.end());
    count(dynamic ? "mlp-layer:dynamic-offset" : "mlp-layer:slice");
    return view;
  }
  }
  llvm_unreachable("unknown view kind");
}

PoolTensor ProgramGenerator::layerBias(int64_t size) {
  // 0: a pool tensor, 1: a slice with a step, 2: a column of a matrix.
  static const unsigned weights[] = {1, 2, 2};
  unsigned kind = rng.weighted(weights);
  if (kind == 0)
    return viewSource({size}, kLayerOperandBound);
  int64_t step = 1 + rng.below(2);
  int64_t offset = rng.range(0, 2);
  int64_t extent = offset + (size - 1) * step + 1;
  // A column drops a unit dim: with a size of 1 the slice would drop one of
  // two unit dims, a subview MLIR 22 mishandles (docs/testing.md, known
  // upstream issues 13 and 15); a slice with a step instead.
  if (kind == 1 || size == 1) {
    PoolTensor source = viewSource({extent}, kLayerOperandBound);
    PoolTensor view = source;
    view.value = createSlice(builder, loc, source.value,
                             {builder.getIndexAttr(offset)}, {size}, {step});
    view.shape = {size};
    count("mlp-layer:bias-slice");
    return view;
  }
  // A rank-reducing slice is kept fully static (a static source, static
  // offsets): see genExtractSlice.
  int64_t columns = 1 + rng.below(4);
  int64_t column = rng.below(columns);
  PoolTensor source = viewSource({extent, columns}, kLayerOperandBound);
  PoolTensor view = source;
  auto type = RankedTensorType::get({size}, f32());
  view.value = tensor::ExtractSliceOp::create(
      builder, loc, type, source.value,
      ArrayRef<OpFoldResult>{builder.getIndexAttr(offset),
                             builder.getIndexAttr(column)},
      ArrayRef<OpFoldResult>{builder.getIndexAttr(size),
                             builder.getIndexAttr(1)},
      ArrayRef<OpFoldResult>{builder.getIndexAttr(step),
                             builder.getIndexAttr(1)});
  view.shape = {size};
  count("mlp-layer:bias-column");
  return view;
}

bool ProgramGenerator::genMLPLayer() {
  int64_t m = randomDim(), k = randomDim(), n = randomDim();
  PoolTensor x = layerOperand({m, k});
  PoolTensor w = layerOperand({k, n});
  PoolTensor bias = layerBias(n);

  // The layer as examples/mlp.mlir writes it: the ops the kernel replaces.
  RankedTensorType outType = tensorType({m, n}, {});
  Value zero = constantFloat(0.0);
  Value empty = emptyTensor({m, n}, outType);
  Operation *first = empty.getDefiningOp();
  Value init =
      linalg::FillOp::create(builder, loc, ValueRange{zero}, ValueRange{empty})
          .getResult(0);
  Value product =
      linalg::MatmulOp::create(builder, loc, TypeRange{outType},
                               ValueRange{x.value, w.value}, ValueRange{init})
          .getResult(0);
  MLIRContext *ctx = context;
  SmallVector<AffineMap> maps = {
      AffineMap::getMultiDimIdentityMap(2, ctx),
      AffineMap::get(2, 0, {getAffineDimExpr(1, ctx)}, ctx),
      AffineMap::getMultiDimIdentityMap(2, ctx)};
  SmallVector<utils::IteratorType> iterators(2, utils::IteratorType::parallel);
  Value layer =
      linalg::GenericOp::create(
          builder, loc, TypeRange{outType}, ValueRange{product, bias.value},
          ValueRange{empty}, maps, iterators,
          [&](OpBuilder &b, Location l, ValueRange args) {
            // The body's own constant: a body using nothing from
            // above may go into an isolated tu scope.
            Value bodyZero =
                arith::ConstantOp::create(b, l, b.getF32FloatAttr(0.0));
            Value sum = arith::AddFOp::create(b, l, args[0], args[1]);
            Value relu = arith::MaximumFOp::create(b, l, sum, bodyZero);
            linalg::YieldOp::create(b, l, relu);
          })
          .getResult(0);

  // max(s, 0) keeps the bound, the exactness and the tolerance of s.
  ValueFacts products = ValueFacts::product(x.facts, w.facts, rounding);
  ValueFacts facts = ValueFacts::add(
      ValueFacts::sum(products, k, ValueFacts::constant(0)), bias.facts);
  unsigned index = push(layer, {m, n}, facts);
  maybeWrapInExternScope(first, layer, {x, w, bias}, index);
  return true;
}

void ProgramGenerator::maybeWrapInExternScope(Operation *first, Value result,
                                              ArrayRef<PoolTensor> args,
                                              unsigned resultIndex) {
  if (!hasScope(ScopeKind::Extern) || !scopeRng.chance(0.85))
    return;
  if (!externContiguous)
    externContiguous = scopeRng.chance(0.5);
  DictionaryAttr abi;
  if (*externContiguous)
    abi = DictionaryAttr::get(
        context, {NamedAttribute(StringAttr::get(context, "contiguous"),
                                 BoolAttr::get(context, true))});
  auto kernel = hal::ExternAttr::get(context, kLayerKernel, abi);

  IRRewriter rewriter(context);
  rewriter.setInsertionPoint(first);
  auto annotate =
      util::AnnotateOp::create(rewriter, loc, TypeRange{result.getType()},
                               ArrayAttr::get(context, {kernel}));
  util::moveOpsIntoScope(rewriter, annotate, first->getIterator(),
                         std::next(result.getDefiningOp()->getIterator()),
                         {result});
  // The kernel's arguments, in the order of its C signature.
  util::ScopeOpOperands operands;
  for (const PoolTensor &arg : args)
    operands.captures.push_back(arg.value);
  operands.ties.push_back(-1);
  util::ScopeOp scope = util::replaceWithScopeOp(
      rewriter, cast<util::ScopeOpInterface>(annotate.getOperation()),
      operands);
  fn->pool[resultIndex].value = scope.getResult(0);

  program.hasKernels = true;
  program.kernelTolerance =
      std::max(program.kernelTolerance, fn->pool[resultIndex].facts.err);
  countScope(getScopeKindName(ScopeKind::Extern));
  countScope(*externContiguous ? "extern:contiguous" : "extern:strided");
}
