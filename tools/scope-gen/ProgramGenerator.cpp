//===- ProgramGenerator.cpp - Random linalg programs with scopes ----------===//
//
// This file implements scope-gen's program generator.
//
// The generator keeps a pool of the tensors available at the current point
// (function arguments, results of earlier ops, loop-carried values), picks an
// op family, takes operands from the pool (adapting a tensor's shape with
// slices, pads and broadcasts where none fits) and adds the results. Every
// tensor carries ValueFacts, so that the generator avoids undefined or
// ill-conditioned computations (no NaN or infinity, no comparison of values
// compilers may round differently) and can tell the oracle how far apart
// two correct compilations of each result may be.
//
// Scopes are woven in while the program is generated: before an op a scope
// may "open"; when it closes, the ops generated since then move into a
// util.annotate / util.scope / hal.device.scope whose results are every pool
// tensor defined inside. The pool entries then refer to the scope's results,
// so the rest of the program, drawn from its own random stream, is the same
// with and without scopes.
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/UtilAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cmath>
#include <functional>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

const char *const scopeir::gen::kBackends[2] = {"llvm-cpu", "llvm-cpu-loops"};

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

static const char *const kFamilyNames[] = {
    "matmul",      "batch-matmul", "conv",      "pooling",
    "elementwise", "named-elementwise", "reduction", "fill",
    "transpose",   "broadcast",    "extract-slice", "insert-slice",
    "pad",         "concat",       "reshape",   "cast",
    "for",         "if",           "call",      "math",
    "dynamic",
};
static_assert(std::size(kFamilyNames) ==
              static_cast<size_t>(OpFamily::NumFamilies));

static const char *const kScopeKindNames[] = {
    "device", "zone",        "nest",          "annotate",   "scope",
    "hal-device-scope", "func-device", "module-device", "insert-pass",
};
static_assert(std::size(kScopeKindNames) ==
              static_cast<size_t>(ScopeKind::NumKinds));

StringRef scopeir::gen::getOpFamilyName(OpFamily family) {
  return kFamilyNames[static_cast<unsigned>(family)];
}

StringRef scopeir::gen::getScopeKindName(ScopeKind kind) {
  return kScopeKindNames[static_cast<unsigned>(kind)];
}

std::optional<OpFamily> scopeir::gen::parseOpFamilyName(StringRef name) {
  for (auto [i, known] : llvm::enumerate(kFamilyNames))
    if (name == known)
      return static_cast<OpFamily>(i);
  return std::nullopt;
}

std::optional<ScopeKind> scopeir::gen::parseScopeKindName(StringRef name) {
  for (auto [i, known] : llvm::enumerate(kScopeKindNames))
    if (name == known)
      return static_cast<ScopeKind>(i);
  return std::nullopt;
}

/// Prints `value` (a dyadic rational) exactly and briefly.
static std::string formatExact(double value) {
  char buffer[64];
  snprintf(buffer, sizeof(buffer), "%.9g", value);
  return buffer;
}

std::string GeneratedInput::getSpec() const {
  std::string spec;
  for (int64_t dim : shape)
    spec += std::to_string(dim) + "x";
  spec += "f32=";
  for (auto [i, value] : llvm::enumerate(values)) {
    if (i)
      spec += ",";
    spec += formatExact(value);
  }
  return spec;
}

//===----------------------------------------------------------------------===//
// ProgramGenerator
//===----------------------------------------------------------------------===//

namespace {

/// Largest number of elements of any tensor the generator makes (keeps runs
/// fast and inputs short).
constexpr int64_t kMaxElements = 2048;
/// How deep region ops (loops, conditionals) nest.
constexpr unsigned kMaxRegionDepth = 2;
/// How many helper functions a program may have.
constexpr unsigned kMaxHelpers = 3;

/// A tensor available to later ops.
struct PoolTensor {
  Value value;
  /// Runtime sizes (the generator chooses the inputs, so it knows them).
  SmallVector<int64_t> shape;
  ValueFacts facts;
  unsigned uses = 0;

  RankedTensorType getType() const {
    return cast<RankedTensorType>(value.getType());
  }
  int64_t getRank() const { return shape.size(); }
};

/// A scope that is open: it will wrap every op generated in its block after
/// `before` (null: from the block's start).
struct ScopeFrame {
  Operation *before = nullptr;
  size_t poolMark = 0;
};

struct BlockState {
  Block *block = nullptr;
  size_t poolBase = 0;
  SmallVector<ScopeFrame> frames;
};

struct FunctionState {
  func::FuncOp func;
  /// Constants and argument dims live at the top of the entry block, above
  /// every scope, so that any op anywhere in the function may use them.
  Operation *lastEntryOp = nullptr;
  llvm::DenseSet<Operation *> entryOps;
  /// Runtime size -> an index value of that size (a tensor.dim of an
  /// argument, or a constant).
  std::vector<std::pair<int64_t, Value>> dynamicSizes;
  std::vector<std::pair<int64_t, Value>> constantIndices;
  std::vector<std::pair<double, Value>> constantFloats;
  std::vector<PoolTensor> pool;
  bool isHelper = false;
};

class ProgramGenerator {
public:
  ProgramGenerator(MLIRContext *context, const GeneratorOptions &options,
                   bool withScopes)
      : context(context), options(options), withScopes(withScopes),
        rng(options.seed * 2 + 1),
        scopeRng(options.seed * 0x9E3779B97F4A7C15ull + 0x5C0FE),
        builder(context), loc(UnknownLoc::get(context)) {}

  FailureOr<GeneratedProgram> run();

private:
  //===--- Helpers ------------------------------------------------------===//

  bool has(OpFamily family) const { return options.has(family); }
  bool hasScope(ScopeKind kind) const {
    return withScopes && options.has(kind);
  }
  void count(StringRef feature) { ++program.features[feature.str()]; }
  void countScope(StringRef kind) { ++program.scopes[kind.str()]; }

  Type f32() { return builder.getF32Type(); }
  RankedTensorType tensorType(ArrayRef<int64_t> shape,
                              ArrayRef<bool> dynamic) {
    SmallVector<int64_t> dims;
    for (auto [i, size] : llvm::enumerate(shape))
      dims.push_back(i < dynamic.size() && dynamic[i] ? ShapedType::kDynamic
                                                      : size);
    return RankedTensorType::get(dims, f32());
  }
  static SmallVector<bool> dynamicMask(RankedTensorType type) {
    SmallVector<bool> mask;
    for (int64_t dim : type.getShape())
      mask.push_back(ShapedType::isDynamic(dim));
    return mask;
  }
  static int64_t numElements(ArrayRef<int64_t> shape) {
    int64_t n = 1;
    for (int64_t dim : shape)
      n *= dim;
    return n;
  }

  OpBuilder entryBuilder();
  void noteEntryOp(Operation *op);
  Value constantIndex(int64_t value);
  /// An index value of runtime value `size`: a dim of an argument when one
  /// has that size, else a constant.
  Value sizeValue(int64_t size);
  Value constantFloat(double value);
  OpFoldResult foldResult(int64_t value, bool dynamic) {
    if (dynamic)
      return sizeValue(value);
    return builder.getIndexAttr(value);
  }

  Value emptyTensor(ArrayRef<int64_t> shape, RankedTensorType type);
  Value filledTensor(ArrayRef<int64_t> shape, RankedTensorType type,
                     double value);

  /// Adds a freshly created tensor to the pool; returns its index.
  unsigned push(Value value, ArrayRef<int64_t> shape, ValueFacts facts);
  PoolTensor &use(unsigned index) {
    ++fn->pool[index].uses;
    return fn->pool[index];
  }
  /// A random pool tensor satisfying `pred` (recent ones more likely), or -1.
  int pick(llvm::function_ref<bool(const PoolTensor &)> pred);
  int pickAny() {
    return pick([](const PoolTensor &) { return true; });
  }

  SmallVector<int64_t> randomShape(unsigned rank);
  int64_t randomDim();
  /// A dense constant of the given runtime shape and type.
  PoolTensor constantTensor(ArrayRef<int64_t> shape, RankedTensorType type);
  /// A tensor of exactly `shape` and `type` made from `source`: rank
  /// changed by slicing or broadcasting, sizes by slicing or padding, type
  /// by tensor.cast. Falls back to a constant where a family is disabled.
  PoolTensor coerce(const PoolTensor &source, ArrayRef<int64_t> shape,
                    RankedTensorType type);
  /// A pool tensor of `shape` (any type), or a coerced one.
  PoolTensor operandOfShape(ArrayRef<int64_t> shape, RankedTensorType type);
  PoolTensor castTo(const PoolTensor &source, RankedTensorType type);
  /// `source` scaled by a power of two (exactly) so that its bound is at
  /// most `limit`; `source` itself if it already is.
  PoolTensor scaleDown(const PoolTensor &source, double limit);

  //===--- Op families --------------------------------------------------===//

  void genOps(unsigned count, unsigned regionDepth);
  void genOneOp(unsigned regionDepth);
  bool genElementwise();
  bool genNamedElementwise();
  bool genReduction();
  bool genMatmul(bool batch);
  bool genConv();
  bool genPooling();
  bool genFill();
  bool genTranspose();
  bool genBroadcast();
  bool genExtractSlice();
  bool genInsertSlice();
  bool genPad();
  bool genConcat();
  bool genReshape();
  bool genCast();
  bool genFor(unsigned regionDepth);
  bool genIf(unsigned regionDepth);
  bool genCall();

  /// Emits min(max(x, -c), c) (exact) in a generic body.
  Value emitClamp(OpBuilder &b, Location loc, Value x, double c);

  //===--- Blocks, functions, scopes ------------------------------------===//

  /// Runs `body` with `block` as the current block (ops appended at its
  /// end); closes the scopes opened in it and forgets its pool tensors.
  void inBlock(Block *block, llvm::function_ref<void()> body);
  void maybeOpenScope();
  void maybeCloseScope();
  void closeScope(ScopeFrame frame);
  ArrayAttr randomScopeAttrs(bool &hasDevice, bool &hasZone,
                             hal::DeviceTargetAttr &device);
  /// Turns a freshly built util.annotate into util.scope with explicit
  /// captures, dims and ties (where dims can be found); updates the pool.
  void convertToScopeOp(util::AnnotateOp annotate, size_t poolMark,
                        ArrayRef<unsigned> poolIndices);
  std::string randomBackend() {
    if (!program.uniformBackend.empty())
      return program.uniformBackend;
    return kBackends[scopeRng.below(2)];
  }

  func::FuncOp beginFunction(StringRef name, ArrayRef<Type> argTypes,
                             FunctionState &state);
  /// Picks the results of the current function (preferring unused,
  /// recent tensors) and returns their pool indices.
  SmallVector<unsigned> chooseResults(unsigned maxResults);
  void finishFunction(ArrayRef<unsigned> results);

  MLIRContext *context;
  const GeneratorOptions &options;
  bool withScopes;
  /// Program decisions.
  Rng rng;
  /// Scope decisions: a separate stream, so that the program is the same
  /// with and without scopes.
  Rng scopeRng;
  OpBuilder builder;
  Location loc;

  ModuleOp module;
  func::FuncOp mainFunc;
  FunctionState *fn = nullptr;
  BlockState *blk = nullptr;
  unsigned openScopes = 0;
  unsigned numHelpers = 0;
  unsigned zoneCounter = 0;
  GeneratedProgram program;
};

} // namespace

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

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
  int exact = pick([&](const PoolTensor &t) {
    return ArrayRef<int64_t>(t.shape) == shape;
  });
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

Value ProgramGenerator::emitClamp(OpBuilder &b, Location loc, Value x,
                                  double c) {
  Value lo = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(-c));
  Value hi = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(c));
  Value clamped = arith::MaximumFOp::create(b, loc, x, lo);
  return arith::MinimumFOp::create(b, loc, clamped, hi);
}

//===----------------------------------------------------------------------===//
// Op families
//===----------------------------------------------------------------------===//

void ProgramGenerator::genOps(unsigned count, unsigned regionDepth) {
  for (unsigned i = 0; i < count; ++i) {
    maybeOpenScope();
    genOneOp(regionDepth);
    maybeCloseScope();
  }
}

void ProgramGenerator::genOneOp(unsigned regionDepth) {
  enum Choice {
    Elementwise, NamedElementwise, Reduction, Matmul, BatchMatmul, Conv,
    Pooling, Fill, Transpose, Broadcast, ExtractSlice, InsertSlice, Pad,
    Concat, Reshape, Cast, For, If, Call, NumChoices
  };
  static const OpFamily families[NumChoices] = {
      OpFamily::Elementwise, OpFamily::NamedElementwise, OpFamily::Reduction,
      OpFamily::Matmul,      OpFamily::BatchMatmul,      OpFamily::Conv,
      OpFamily::Pooling,     OpFamily::Fill,             OpFamily::Transpose,
      OpFamily::Broadcast,   OpFamily::ExtractSlice,     OpFamily::InsertSlice,
      OpFamily::Pad,         OpFamily::Concat,           OpFamily::Reshape,
      OpFamily::Cast,        OpFamily::For,              OpFamily::If,
      OpFamily::Call};
  static const unsigned baseWeights[NumChoices] = {
      8, 3, 4, 4, 2, 2, 1, 1, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2};
  unsigned weights[NumChoices];
  for (unsigned i = 0; i < NumChoices; ++i)
    weights[i] = has(families[i]) ? baseWeights[i] : 0;
  if (regionDepth >= kMaxRegionDepth)
    weights[For] = weights[If] = 0;
  if (fn->isHelper || numHelpers >= kMaxHelpers)
    weights[Call] = 0;

  for (unsigned attempt = 0; attempt < 8; ++attempt) {
    auto choice = static_cast<Choice>(rng.weighted(weights));
    bool done = false;
    switch (choice) {
    case Elementwise:
      done = genElementwise();
      break;
    case NamedElementwise:
      done = genNamedElementwise();
      break;
    case Reduction:
      done = genReduction();
      break;
    case Matmul:
      done = genMatmul(/*batch=*/false);
      break;
    case BatchMatmul:
      done = genMatmul(/*batch=*/true);
      break;
    case Conv:
      done = genConv();
      break;
    case Pooling:
      done = genPooling();
      break;
    case Fill:
      done = genFill();
      break;
    case Transpose:
      done = genTranspose();
      break;
    case Broadcast:
      done = genBroadcast();
      break;
    case ExtractSlice:
      done = genExtractSlice();
      break;
    case InsertSlice:
      done = genInsertSlice();
      break;
    case Pad:
      done = genPad();
      break;
    case Concat:
      done = genConcat();
      break;
    case Reshape:
      done = genReshape();
      break;
    case Cast:
      done = genCast();
      break;
    case For:
      done = genFor(regionDepth);
      break;
    case If:
      done = genIf(regionDepth);
      break;
    case Call:
      done = genCall();
      break;
    case NumChoices:
      break;
    }
    if (done)
      return;
  }
  // Nothing applied (an empty pool, most families disabled): a constant.
  SmallVector<int64_t> shape = randomShape(1 + rng.below(2));
  PoolTensor constant = constantTensor(shape, tensorType(shape, {}));
  push(constant.value, constant.shape, constant.facts);
}

bool ProgramGenerator::genElementwise() {
  int primaryIndex = pickAny();
  if (primaryIndex < 0)
    return false;
  PoolTensor primary = use(primaryIndex);
  ArrayRef<int64_t> shape = primary.shape;
  int64_t rank = shape.size();
  RankedTensorType type = primary.getType();

  SmallVector<Value> inputs = {primary.value};
  SmallVector<AffineMap> maps = {builder.getMultiDimIdentityMap(rank)};
  SmallVector<ValueFacts> leafFacts = {primary.facts};
  unsigned numInputs = 1 + rng.below(3);
  for (unsigned k = 1; k < numInputs; ++k) {
    // A lower-rank operand read along the trailing dims (a broadcast in
    // the indexing map) when one is there.
    if (rank > 1 && rng.chance(0.3)) {
      int64_t sub = 1 + rng.below(rank - 1);
      ArrayRef<int64_t> trailing = shape.take_back(sub);
      int candidate = pick([&](const PoolTensor &t) {
        return ArrayRef<int64_t>(t.shape) == trailing;
      });
      if (candidate >= 0) {
        PoolTensor &operand = use(candidate);
        inputs.push_back(operand.value);
        SmallVector<AffineExpr> exprs;
        for (int64_t d = rank - sub; d < rank; ++d)
          exprs.push_back(builder.getAffineDimExpr(d));
        maps.push_back(AffineMap::get(rank, 0, exprs, context));
        leafFacts.push_back(operand.facts);
        continue;
      }
    }
    PoolTensor operand = operandOfShape(shape, tensorType(shape, {}));
    inputs.push_back(operand.value);
    maps.push_back(builder.getMultiDimIdentityMap(rank));
    leafFacts.push_back(operand.facts);
  }

  // The output: a fresh tensor, or an existing one whose values the body
  // reads.
  Value init;
  bool readsInit = false;
  int initIndex = rng.chance(0.25) ? pick([&](const PoolTensor &t) {
    return ArrayRef<int64_t>(t.shape) == shape;
  })
                                   : -1;
  if (initIndex >= 0) {
    PoolTensor &initTensor = use(initIndex);
    init = initTensor.value;
    type = initTensor.getType();
    readsInit = true;
    leafFacts.push_back(initTensor.facts);
  } else {
    init = emptyTensor(shape, type);
  }
  maps.push_back(builder.getMultiDimIdentityMap(rank));

  ScalarExprBuilder exprBuilder(rng, has(OpFamily::Math),
                                /*allowDiscontinuous=*/true);
  ScalarExpr expr = exprBuilder.build(leafFacts, 1 + rng.below(3));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  unsigned numLeaves = leafFacts.size();
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{type}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &b, Location l, ValueRange args) {
        SmallVector<Value> leaves(args.take_front(inputs.size()));
        if (readsInit)
          leaves.push_back(args.back());
        (void)numLeaves;
        linalg::YieldOp::create(b, l, expr.emit(b, l, leaves));
      });
  count("elementwise");
  SmallVector<std::string> names;
  expr.collectOpNames(names);
  for (const std::string &name : names)
    count(name);
  push(generic.getResult(0), shape, expr.evaluate(leafFacts));
  return true;
}

bool ProgramGenerator::genNamedElementwise() {
  int index = pickAny();
  if (index < 0)
    return false;
  PoolTensor a = use(index);
  RankedTensorType type = a.getType();
  Value init = emptyTensor(a.shape, type);
  enum { Add, Sub, Mul, Max, Min, Exp, Abs, Neg, Floor };
  unsigned weights[] = {3, 2, 2, 1, 1, has(OpFamily::Math) ? 1u : 0u, 1, 1,
                        a.facts.err == 0 ? 1u : 0u};
  unsigned op = rng.weighted(weights);
  if (op == Exp && a.facts.bound > 8)
    op = Abs;
  Value result;
  ValueFacts facts;
  if (op <= Min) {
    PoolTensor b = operandOfShape(a.shape, type);
    if (op == Mul) {
      a = scaleDown(a, 64);
      b = scaleDown(b, 64);
    }
    SmallVector<Value, 2> ins = {a.value, b.value};
    switch (op) {
    case Add:
      result = linalg::AddOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      facts = ValueFacts::add(a.facts, b.facts);
      break;
    case Sub:
      result = linalg::SubOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      facts = ValueFacts::add(a.facts, b.facts);
      break;
    case Mul: {
      result = linalg::MulOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      facts = ValueFacts::product(a.facts, b.facts);
      break;
    }
    case Max:
      result = linalg::MaxOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      facts = ValueFacts::join(a.facts, b.facts);
      break;
    default:
      result = linalg::MinOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      facts = ValueFacts::join(a.facts, b.facts);
      break;
    }
  } else {
    SmallVector<Value, 1> ins = {a.value};
    facts = a.facts;
    switch (op) {
    case Exp:
      result = linalg::ExpOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      facts.bound = std::exp(a.facts.bound);
      facts.exact = false;
      facts.err = facts.bound * a.facts.err +
                  kTranscendentalUlps * kF32Unit * facts.bound;
      facts.sources |= kTranscendental;
      count("math.exp");
      break;
    case Abs:
      result = linalg::AbsOp::create(builder, loc, TypeRange{type}, ins,
                                     ValueRange{init})
                   .getResult(0);
      break;
    case Neg:
      result = linalg::NegFOp::create(builder, loc, TypeRange{type}, ins,
                                      ValueRange{init})
                   .getResult(0);
      break;
    default:
      result = linalg::FloorOp::create(builder, loc, TypeRange{type}, ins,
                                       ValueRange{init})
                   .getResult(0);
      facts.bound += 1;
      facts.frac = 0;
      facts.exact = true;
      facts.settle();
      count("math.floor/ceil");
      break;
    }
  }
  count("named-elementwise");
  push(result, a.shape, facts);
  return true;
}

bool ProgramGenerator::genReduction() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
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

  enum { Sum, MaxReduce, MinReduce };
  unsigned kind = rng.weighted({4, 2, 1});
  bool named = rng.chance(0.35);

  // The term: the input itself (linalg.reduce) or an expression of it.
  ValueFacts termFacts = x.facts;
  ScalarExpr expr;
  if (!named) {
    ScalarExprBuilder exprBuilder(rng, has(OpFamily::Math),
                                  /*allowDiscontinuous=*/true);
    expr = exprBuilder.build({x.facts}, rng.below(3));
    termFacts = expr.evaluate({x.facts});
  }

  // The accumulator: the combiner's identity, or for a sum sometimes an
  // existing tensor of the result's shape.
  ValueFacts initFacts;
  Value init;
  int initIndex = -1;
  if (kind == Sum && rng.chance(0.2))
    initIndex = pick([&](const PoolTensor &t) {
      return ArrayRef<int64_t>(t.shape) == ArrayRef<int64_t>(outShape);
    });
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

  auto combine = [&](OpBuilder &b, Location l, Value term,
                     Value acc) -> Value {
    switch (kind) {
    case Sum:
      return arith::AddFOp::create(b, l, term, acc);
    case MaxReduce:
      return arith::MaximumFOp::create(b, l, term, acc);
    default:
      return arith::MinimumFOp::create(b, l, term, acc);
    }
  };
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
    SmallVector<std::string> names;
    expr.collectOpNames(names);
    for (const std::string &name : names)
      count(name);
  }
  count("reduction");
  ValueFacts facts = kind == Sum ? ValueFacts::sum(termFacts, terms, initFacts)
                                 : ValueFacts::join(termFacts, initFacts);
  push(result, outShape, facts);
  return true;
}

bool ProgramGenerator::genMatmul(bool batch) {
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
  int initIndex = rng.chance(0.2) ? pick([&](const PoolTensor &t) {
    return ArrayRef<int64_t>(t.shape) == ArrayRef<int64_t>(outShape);
  })
                                  : -1;
  if (initIndex >= 0) {
    PoolTensor &initTensor = use(initIndex);
    init = initTensor.value;
    outType = initTensor.getType();
    initFacts = initTensor.facts;
  } else {
    init = filledTensor(outShape, outType, 0.0);
  }
  Value result;
  if (batch) {
    result = linalg::BatchMatmulOp::create(builder, loc, TypeRange{outType},
                                           ValueRange{a.value, b.value},
                                           ValueRange{init})
                 .getResult(0);
    count("batch-matmul");
  } else {
    result = linalg::MatmulOp::create(builder, loc, TypeRange{outType},
                                      ValueRange{a.value, b.value},
                                      ValueRange{init})
                 .getResult(0);
    count("matmul");
  }
  push(result, outShape,
       ValueFacts::sum(ValueFacts::product(a.facts, b.facts), k, initFacts));
  return true;
}

/// Output size of a sliding window.
static int64_t windowOutput(int64_t in, int64_t window, int64_t stride,
                            int64_t dilation) {
  return (in - (window - 1) * dilation - 1) / stride + 1;
}

bool ProgramGenerator::genConv() {
  enum { Conv2D, Depthwise, Conv1D };
  unsigned variant = rng.weighted({3, 2, 2});
  int64_t rank = variant == Conv1D ? 3 : 4;
  unsigned spatial = rank - 2;

  // Input: N x spatial... x C with static spatial dims and channels.
  int inputIndex = pick([&](const PoolTensor &t) {
    if (t.getRank() != rank)
      return false;
    for (unsigned s = 0; s < spatial; ++s)
      if (t.shape[1 + s] < 2)
        return false;
    return t.shape[rank - 1] <= 8;
  });
  PoolTensor input;
  SmallVector<int64_t> inShape;
  if (inputIndex >= 0 && rng.chance(0.8)) {
    input = use(inputIndex);
    inShape = input.shape;
  } else {
    inShape.push_back(rng.range(1, 2));
    for (unsigned s = 0; s < spatial; ++s)
      inShape.push_back(rng.range(3, 10));
    inShape.push_back(rng.range(1, 4));
    input = operandOfShape(inShape, tensorType(inShape, {}));
  }
  SmallVector<bool> inDynamic(rank, false);
  inDynamic[0] = dynamicMask(input.getType())[0];
  input = scaleDown(castTo(input, tensorType(inShape, inDynamic)), 64);

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
  int64_t features = variant == Depthwise ? channels : rng.range(1, 4);
  outShape.push_back(features);

  SmallVector<int64_t> filterShape(window);
  filterShape.push_back(channels);
  if (variant != Depthwise)
    filterShape.push_back(features);
  PoolTensor filter = rng.chance(0.7)
                          ? constantTensor(filterShape,
                                           tensorType(filterShape, {}))
                          : operandOfShape(filterShape,
                                           tensorType(filterShape, {}));
  filter = scaleDown(filter, 64);

  SmallVector<bool> outDynamic(rank, false);
  outDynamic[0] = inDynamic[0];
  RankedTensorType outType = tensorType(outShape, outDynamic);
  Value init = filledTensor(outShape, outType, 0.0);
  Attribute strideAttr = builder.getI64TensorAttr(strides);
  Attribute dilationAttr = builder.getI64TensorAttr(dilations);
  SmallVector<Value, 2> ins = {input.value, filter.value};
  Value result;
  int64_t terms = numElements(window);
  switch (variant) {
  case Conv2D:
    result = linalg::Conv2DNhwcHwcfOp::create(builder, loc, TypeRange{outType},
                                              ins, ValueRange{init},
                                              strideAttr, dilationAttr)
                 .getResult(0);
    terms *= channels;
    break;
  case Depthwise:
    result = linalg::DepthwiseConv2DNhwcHwcOp::create(
                 builder, loc, TypeRange{outType}, ins, ValueRange{init},
                 strideAttr, dilationAttr)
                 .getResult(0);
    break;
  default:
    result = linalg::Conv1DNwcWcfOp::create(builder, loc, TypeRange{outType},
                                            ins, ValueRange{init}, strideAttr,
                                            dilationAttr)
                 .getResult(0);
    terms *= channels;
    break;
  }
  count("conv");
  push(result, outShape,
       ValueFacts::sum(ValueFacts::product(input.facts, filter.facts), terms,
                       ValueFacts::constant(0)));
  return true;
}

bool ProgramGenerator::genPooling() {
  int inputIndex = pick([&](const PoolTensor &t) {
    return t.getRank() == 4 && t.shape[1] >= 2 && t.shape[2] >= 2;
  });
  PoolTensor input;
  SmallVector<int64_t> inShape;
  if (inputIndex >= 0 && rng.chance(0.8)) {
    input = use(inputIndex);
    inShape = input.shape;
  } else {
    inShape = {rng.range(1, 2), rng.range(3, 9), rng.range(3, 9),
               rng.range(1, 4)};
    input = operandOfShape(inShape, tensorType(inShape, {}));
  }
  SmallVector<bool> inDynamic(4, false);
  inDynamic[0] = dynamicMask(input.getType())[0];
  input = castTo(input, tensorType(inShape, inDynamic));

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
  SmallVector<bool> outDynamic = {inDynamic[0], false, false, false};
  RankedTensorType outType = tensorType(outShape, outDynamic);
  Value windowTensor = tensor::EmptyOp::create(builder, loc, window, f32());
  bool isMax = rng.chance(0.5);
  double extreme = powerOfTwoAtLeast(input.facts.bound + 1);
  Value init = filledTensor(outShape, outType, isMax ? -extreme : 0.0);
  Attribute strideAttr = builder.getI64TensorAttr(strides);
  Attribute dilationAttr = builder.getI64TensorAttr(dilations);
  SmallVector<Value, 2> ins = {input.value, windowTensor};
  Value result;
  ValueFacts facts;
  if (isMax) {
    result = linalg::PoolingNhwcMaxOp::create(builder, loc, TypeRange{outType},
                                              ins, ValueRange{init},
                                              strideAttr, dilationAttr)
                 .getResult(0);
    facts = ValueFacts::join(input.facts, ValueFacts::constant(-extreme));
  } else {
    result = linalg::PoolingNhwcSumOp::create(builder, loc, TypeRange{outType},
                                              ins, ValueRange{init},
                                              strideAttr, dilationAttr)
                 .getResult(0);
    facts = ValueFacts::sum(input.facts, numElements(window),
                            ValueFacts::constant(0));
  }
  count("pooling");
  push(result, outShape, facts);
  return true;
}

bool ProgramGenerator::genFill() {
  double value = randomDyadic(rng);
  int index = pickAny();
  SmallVector<int64_t> shape;
  Value init;
  RankedTensorType type;
  if (index >= 0 && rng.chance(0.6)) {
    PoolTensor &target = use(index);
    shape = target.shape;
    type = target.getType();
    // Overwrite an existing tensor (destination-passing style) or a new one.
    init = rng.chance(0.5) ? target.value : emptyTensor(shape, type);
  } else {
    shape = randomShape(1 + rng.below(3));
    type = tensorType(shape, {});
    init = emptyTensor(shape, type);
  }
  Value result = linalg::FillOp::create(builder, loc,
                                        ValueRange{constantFloat(value)},
                                        ValueRange{init})
                     .getResult(0);
  count("fill");
  push(result, shape, ValueFacts::constant(value));
  return true;
}

bool ProgramGenerator::genTranspose() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 2; });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
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
  count("transpose");
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genBroadcast() {
  int index = pick([](const PoolTensor &t) { return t.getRank() <= 3; });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
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
  count("broadcast");
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genExtractSlice() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
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
  count("extract-slice");
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genInsertSlice() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (index < 0)
    return false;
  PoolTensor dest = use(index);
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
  count("insert-slice");
  push(result, dest.shape, ValueFacts::join(dest.facts, source.facts));
  return true;
}

bool ProgramGenerator::genPad() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
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
  count("pad");
  push(result, outShape,
       ValueFacts::join(x.facts, ValueFacts::constant(padValue)));
  return true;
}

bool ProgramGenerator::genConcat() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (index < 0)
    return false;
  PoolTensor first = use(index);
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
  count("concat");
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
    count("reshape");
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
  count("reshape");
  push(result, outShape, x.facts);
  return true;
}

bool ProgramGenerator::genCast() {
  int index = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (index < 0)
    return false;
  PoolTensor x = use(index);
  SmallVector<bool> mask = dynamicMask(x.getType());
  // Flip one dim between static and dynamic (a dynamic-to-static cast is
  // checked at run time; the generator knows it holds).
  unsigned d = rng.below(mask.size());
  mask[d] = !mask[d];
  PoolTensor result = castTo(x, tensorType(x.shape, mask));
  count("cast");
  push(result.value, x.shape, x.facts);
  return true;
}

bool ProgramGenerator::genFor(unsigned regionDepth) {
  int initIndex = pick([](const PoolTensor &t) { return t.getRank() >= 1; });
  if (initIndex < 0)
    return false;
  PoolTensor init = use(initIndex);
  RankedTensorType type = init.getType();
  // Row updates (insert_slice at the induction variable) or whole-tensor
  // updates in place of the loop-carried tensor. Either way the yielded
  // tensor is the iter_arg updated in place, as bufferization requires.
  bool rows = has(OpFamily::InsertSlice) && has(OpFamily::ExtractSlice) &&
              rng.chance(0.5);
  // The loop-invariant operand, shaped like the init.
  PoolTensor other = operandOfShape(init.shape, tensorType(init.shape, {}));
  double clampBound = powerOfTwoAtLeast(std::max(init.facts.bound, 1.0));

  int64_t tripCount = rows ? init.shape[0] : rng.range(1, 4);
  int64_t lower = rows ? 0 : rng.range(0, 1);
  Value lb = constantIndex(lower);
  Value ub = rows ? sizeValue(tripCount) : constantIndex(lower + tripCount);
  Value step = constantIndex(1);

  ValueFacts iterFacts = init.facts;
  iterFacts.bound = clampBound;
  ScalarExprBuilder exprBuilder(rng, has(OpFamily::Math),
                                /*allowDiscontinuous=*/false);
  ScalarExpr expr = exprBuilder.build({iterFacts, other.facts},
                                      1 + rng.below(2));
  unsigned extraOps = rng.chance(0.3) ? 1 + rng.below(2) : 0;

  auto forOp = scf::ForOp::create(builder, loc, lb, ub, step,
                                  ValueRange{init.value});
  // Until the body is complete it yields its iter_arg: the dim analysis of
  // a scope closed inside the body may reach the iter_arg, and upstream's
  // loop model reads the body's terminator.
  OpBuilder yieldBuilder = OpBuilder::atBlockEnd(forOp.getBody());
  auto yield = scf::YieldOp::create(yieldBuilder, loc,
                                    forOp.getRegionIterArgs()[0]);
  inBlock(forOp.getBody(), [&] {
    Value iv = forOp.getInductionVar();
    unsigned accIndex =
        push(forOp.getRegionIterArgs()[0], init.shape, iterFacts);
    if (extraOps)
      genOps(extraOps, regionDepth + 1);
    int64_t rank = init.getRank();
    SmallVector<int64_t> rowShape = init.shape;
    SmallVector<OpFoldResult> offsets, sizes, strides;
    RankedTensorType rowType = type;
    // Pool indices of the generic's operands (scopes closing in between
    // replace the values).
    unsigned lhsIndex = accIndex;
    int rhsIndex = -1;
    if (rows) {
      maybeOpenScope();
      rowShape[0] = 1;
      SmallVector<bool> rowDynamic = dynamicMask(type);
      rowDynamic[0] = false;
      rowType = tensorType(rowShape, rowDynamic);
      SmallVector<OpFoldResult> staticSizes;
      offsets.push_back(iv);
      sizes.push_back(builder.getIndexAttr(1));
      staticSizes.push_back(builder.getIndexAttr(1));
      for (int64_t d = 1; d < rank; ++d) {
        offsets.push_back(builder.getIndexAttr(0));
        sizes.push_back(foldResult(init.shape[d], rowDynamic[d]));
        staticSizes.push_back(builder.getIndexAttr(init.shape[d]));
      }
      strides.assign(rank, builder.getIndexAttr(1));
      Value lhs = tensor::ExtractSliceOp::create(
          builder, loc, rowType, fn->pool[accIndex].value, offsets, sizes,
          strides);
      Value rhs = tensor::ExtractSliceOp::create(
          builder, loc, tensorType(rowShape, {}), other.value, offsets,
          staticSizes, strides);
      lhsIndex = push(lhs, rowShape, iterFacts);
      rhsIndex = push(rhs, rowShape, other.facts);
      count("extract-slice");
      maybeCloseScope();
    }
    maybeOpenScope();
    SmallVector<AffineMap> maps(2, builder.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value rhs = rhsIndex >= 0 ? fn->pool[rhsIndex].value : other.value;
    // Rows: a fresh row from both slices. Whole tensor: in place of the
    // iter_arg, read as the output operand.
    Value out = rows ? emptyTensor(rowShape, rowType)
                     : fn->pool[accIndex].value;
    SmallVector<Value> ins = {rhs};
    if (rows) {
      ins.insert(ins.begin(), fn->pool[lhsIndex].value);
      maps.push_back(builder.getMultiDimIdentityMap(rank));
    }
    Value updated =
        linalg::GenericOp::create(
            builder, loc, TypeRange{rowType}, ins, ValueRange{out}, maps,
            iterators,
            [&](OpBuilder &b, Location l, ValueRange args) {
              Value acc = rows ? args[0] : args[1];
              Value x = rows ? args[1] : args[0];
              Value v = expr.emit(b, l, {acc, x});
              linalg::YieldOp::create(b, l, emitClamp(b, l, v, clampBound));
            })
            .getResult(0);
    count("elementwise");
    unsigned updatedIndex = push(updated, rowShape, iterFacts);
    maybeCloseScope();
    if (rows) {
      maybeOpenScope();
      Value inserted = tensor::InsertSliceOp::create(
          builder, loc, fn->pool[updatedIndex].value,
          fn->pool[accIndex].value, offsets, sizes, strides);
      count("insert-slice");
      updatedIndex = push(inserted, init.shape, iterFacts);
      maybeCloseScope();
    }
    // Close the body's scopes before reading the value to yield.
    while (!blk->frames.empty())
      closeScope(blk->frames.pop_back_val());
    yield->setOperand(0, fn->pool[updatedIndex].value);
  });
  SmallVector<std::string> names;
  expr.collectOpNames(names);
  for (const std::string &name : names)
    count(name);
  count("for");

  // The facts after the loop: the body's expression applied once per row,
  // or trip-count times to the whole tensor, clamped each time.
  auto apply = [&](const ValueFacts &acc) {
    ValueFacts f = expr.evaluate({acc, other.facts});
    f.bound = std::min(f.bound, clampBound);
    return f;
  };
  ValueFacts facts;
  if (rows) {
    facts = ValueFacts::join(init.facts, apply(iterFacts));
  } else {
    facts = init.facts;
    for (int64_t t = 0; t < tripCount; ++t)
      facts = apply(facts);
  }
  push(forOp.getResult(0), init.shape, facts);
  return true;
}

bool ProgramGenerator::genIf(unsigned regionDepth) {
  int templateIndex = pickAny();
  if (templateIndex < 0)
    return false;
  PoolTensor target = fn->pool[templateIndex];
  RankedTensorType type = target.getType();
  SmallVector<int64_t> shape = target.shape;

  // A condition every correct compilation evaluates alike: a runtime size
  // against a constant, or an element no compiler may round differently.
  Value cond;
  int elementIndex = pick([](const PoolTensor &t) {
    return t.facts.err == 0 && t.getRank() <= 4;
  });
  if (!fn->dynamicSizes.empty() && rng.chance(0.5)) {
    auto &[size, value] = fn->dynamicSizes[rng.below(fn->dynamicSizes.size())];
    static const arith::CmpIPredicate predicates[] = {
        arith::CmpIPredicate::slt, arith::CmpIPredicate::sge,
        arith::CmpIPredicate::eq, arith::CmpIPredicate::ne};
    cond = arith::CmpIOp::create(builder, loc, predicates[rng.below(4)], value,
                                 constantIndex(size + rng.range(-1, 1)));
  } else if (elementIndex >= 0) {
    PoolTensor &element = use(elementIndex);
    SmallVector<Value> indices;
    for (int64_t dim : element.shape)
      indices.push_back(constantIndex(rng.below(dim)));
    Value x = tensor::ExtractOp::create(builder, loc, element.value, indices);
    static const arith::CmpFPredicate predicates[] = {
        arith::CmpFPredicate::OLT, arith::CmpFPredicate::OGE,
        arith::CmpFPredicate::OEQ, arith::CmpFPredicate::UNE};
    cond = arith::CmpFOp::create(builder, loc, predicates[rng.below(4)], x,
                                 constantFloat(randomDyadic(rng)));
  } else {
    cond = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::slt,
                                 constantIndex(rng.below(2)),
                                 constantIndex(1));
  }

  auto ifOp = scf::IfOp::create(builder, loc, TypeRange{type}, cond,
                                /*withElseRegion=*/true);
  ValueFacts facts[2];
  for (unsigned branch = 0; branch < 2; ++branch) {
    Block *block = branch == 0 ? ifOp.thenBlock() : ifOp.elseBlock();
    inBlock(block, [&] {
      size_t base = fn->pool.size();
      genOps(1 + rng.below(3), regionDepth + 1);
      while (!blk->frames.empty())
        closeScope(blk->frames.pop_back_val());
      // The newest tensor made here (or any), shaped as the result.
      int index = fn->pool.size() > base && rng.chance(0.8)
                      ? static_cast<int>(fn->pool.size() - 1)
                      : pickAny();
      PoolTensor value = coerce(use(index), shape, type);
      facts[branch] = value.facts;
      scf::YieldOp::create(builder, loc, value.value);
    });
  }
  count("if");
  push(ifOp.getResult(0), shape, ValueFacts::join(facts[0], facts[1]));
  return true;
}

bool ProgramGenerator::genCall() {
  unsigned numArgs = 1 + rng.below(2);
  SmallVector<unsigned> argIndices;
  for (unsigned i = 0; i < numArgs; ++i) {
    int index = pickAny();
    if (index < 0)
      return false;
    if (!llvm::is_contained(argIndices, static_cast<unsigned>(index)))
      argIndices.push_back(index);
  }
  SmallVector<Type> argTypes;
  SmallVector<Value> args;
  for (unsigned index : argIndices) {
    PoolTensor &arg = use(index);
    argTypes.push_back(arg.getType());
    args.push_back(arg.value);
  }

  // Build the helper with its own state, then come back.
  FunctionState *callerFn = fn;
  BlockState *callerBlk = blk;
  OpBuilder::InsertPoint callerPoint = builder.saveInsertionPoint();
  unsigned callerOpenScopes = openScopes;
  openScopes = 0;

  FunctionState helper;
  helper.isHelper = true;
  std::string name = "helper_" + std::to_string(numHelpers++);
  builder.setInsertionPoint(mainFunc);
  func::FuncOp callee = beginFunction(name, argTypes, helper);
  callee.setPrivate();
  for (auto [i, index] : llvm::enumerate(argIndices))
    helper.pool[i].facts = callerFn->pool[index].facts;
  for (auto [i, index] : llvm::enumerate(argIndices))
    helper.pool[i].shape = callerFn->pool[index].shape;
  // Dims of the helper's dynamic arguments, from its own arguments.
  for (auto [i, arg] : llvm::enumerate(callee.getArguments())) {
    auto argType = cast<RankedTensorType>(arg.getType());
    for (auto [d, size] : llvm::enumerate(argType.getShape())) {
      if (!ShapedType::isDynamic(size))
        continue;
      OpBuilder b = entryBuilder();
      Value dim = tensor::DimOp::create(b, loc, arg, constantIndex(d));
      noteEntryOp(dim.getDefiningOp());
      helper.dynamicSizes.push_back({helper.pool[i].shape[d], dim});
    }
  }
  SmallVector<unsigned> results;
  inBlock(&callee.getBody().front(), [&] {
    genOps(2 + rng.below(4), /*regionDepth=*/0);
    while (!blk->frames.empty())
      closeScope(blk->frames.pop_back_val());
    results = chooseResults(2);
    finishFunction(results);
  });
  std::vector<std::pair<SmallVector<int64_t>, ValueFacts>> resultInfo;
  for (unsigned index : results)
    resultInfo.push_back({helper.pool[index].shape, helper.pool[index].facts});
  if (hasScope(ScopeKind::FuncDevice) && scopeRng.chance(0.4)) {
    callee->setAttr(hal::HALDialect::getDeviceAttrName(),
                    hal::DeviceTargetAttr::get(context, randomBackend()));
    countScope("func-device");
  }

  fn = callerFn;
  blk = callerBlk;
  openScopes = callerOpenScopes;
  builder.restoreInsertionPoint(callerPoint);

  unsigned calls = rng.chance(0.2) ? 2 : 1;
  for (unsigned c = 0; c < calls; ++c) {
    auto call = func::CallOp::create(builder, loc, callee, args);
    for (auto [result, info] : llvm::zip_equal(call.getResults(), resultInfo))
      push(result, info.first, info.second);
  }
  count("call");
  return true;
}

//===----------------------------------------------------------------------===//
// Blocks, functions and scopes
//===----------------------------------------------------------------------===//

void ProgramGenerator::inBlock(Block *block, llvm::function_ref<void()> body) {
  BlockState state;
  state.block = block;
  state.poolBase = fn->pool.size();
  BlockState *parent = blk;
  blk = &state;
  OpBuilder::InsertionGuard guard(builder);
  // A block may already end in a placeholder terminator (a loop body's);
  // generated ops go in front of it.
  if (block->mightHaveTerminator())
    builder.setInsertionPoint(block->getTerminator());
  else
    builder.setInsertionPointToEnd(block);
  body();
  while (!blk->frames.empty())
    closeScope(blk->frames.pop_back_val());
  fn->pool.resize(state.poolBase);
  blk = parent;
}

void ProgramGenerator::maybeOpenScope() {
  if (!withScopes)
    return;
  unsigned maxOpen = hasScope(ScopeKind::Nest) ? 3 : 1;
  if (openScopes >= maxOpen || !scopeRng.chance(options.scopeDensity))
    return;
  ScopeFrame frame;
  Block *block = blk->block;
  frame.before = block->empty() ? nullptr : &block->back();
  frame.poolMark = fn->pool.size();
  blk->frames.push_back(frame);
  ++openScopes;
}

void ProgramGenerator::maybeCloseScope() {
  if (!withScopes || blk->frames.empty() || !scopeRng.chance(0.35))
    return;
  closeScope(blk->frames.pop_back_val());
}

ArrayAttr ProgramGenerator::randomScopeAttrs(bool &hasDevice, bool &hasZone,
                                             hal::DeviceTargetAttr &device) {
  SmallVector<Attribute> attrs;
  hasDevice = hasScope(ScopeKind::Device) && scopeRng.chance(0.6);
  hasZone = hasScope(ScopeKind::Zone) && scopeRng.chance(0.5);
  if (hasDevice) {
    device = hal::DeviceTargetAttr::get(context, randomBackend());
    attrs.push_back(device);
  }
  if (hasZone)
    attrs.push_back(
        util::ZoneAttr::get(context, "z" + std::to_string(zoneCounter++)));
  // The order of attributes in the list means nothing: shuffle it.
  if (attrs.size() == 2 && scopeRng.chance(0.5))
    std::swap(attrs[0], attrs[1]);
  if (attrs.empty())
    return {};
  return ArrayAttr::get(context, attrs);
}

/// Returns true if every dynamic dim of every result of `scope` can be
/// computed above it (as util-lower-annotations will). Leaves no op behind.
static bool resultDimsComputable(Operation *scope) {
  util::DimOpIndex dimIndex;
  util::DynamicDimBuilder dims(scope, /*allowCreate=*/true, dimIndex);
  bool ok = llvm::all_of(scope->getResults(), [&](Value result) {
    return succeeded(dims.getDynamicDims(result));
  });
  dims.eraseUnusedOps();
  return ok;
}

void ProgramGenerator::closeScope(ScopeFrame frame) {
  --openScopes;
  Block *block = blk->block;
  // The scope ends before the block's placeholder terminator, if any.
  Operation *terminator =
      block->mightHaveTerminator() ? block->getTerminator() : nullptr;
  Operation *start = frame.before ? frame.before->getNextNode()
                                  : (block->empty() ? nullptr : &block->front());
  // The top of the entry block holds constants and dims: never wrap them.
  while (start && fn->entryOps.contains(start))
    start = start->getNextNode();
  if (!start || start == terminator)
    return;
  Block::iterator end =
      terminator ? terminator->getIterator() : block->end();

  bool hasDevice = false, hasZone = false;
  hal::DeviceTargetAttr device;
  ArrayAttr attrs = randomScopeAttrs(hasDevice, hasZone, device);
  enum Form { Annotate, Scope, HalDeviceScope };
  unsigned weights[] = {hasScope(ScopeKind::Annotate) ? 3u : 0u,
                        hasScope(ScopeKind::Scope) ? 3u : 0u,
                        (hasScope(ScopeKind::HalDeviceScope) && hasDevice &&
                         !hasZone)
                            ? 2u
                            : 0u};
  if (!weights[0] && !weights[1] && !weights[2])
    return;
  auto form = static_cast<Form>(scopeRng.weighted(weights));

  // The scope returns every pool tensor defined in its range, so that the
  // program after it can use any of them, as it would without the scope.
  llvm::SmallPtrSet<Operation *, 16> range;
  for (Operation *op = start; op && op != terminator; op = op->getNextNode())
    range.insert(op);
  SmallVector<unsigned> poolIndices;
  SmallVector<Value> values;
  SmallVector<Type> types;
  for (size_t i = frame.poolMark; i < fn->pool.size(); ++i) {
    Value value = fn->pool[i].value;
    Operation *def = value.getDefiningOp();
    Operation *ancestor = def ? block->findAncestorOpInBlock(*def) : nullptr;
    if (!ancestor || !range.contains(ancestor))
      continue;
    poolIndices.push_back(i);
    values.push_back(value);
    types.push_back(value.getType());
  }

  IRRewriter b(context);
  b.setInsertionPoint(start);
  Operation *scope;
  if (form == HalDeviceScope) {
    scope = hal::DeviceScopeOp::create(b, loc, types, device);
  } else {
    scope = util::AnnotateOp::create(b, loc, types, attrs);
  }
  util::moveOpsIntoScope(b, scope, start->getIterator(), end, values);
  // util-lower-annotations computes each dynamic result dim above the
  // scope and rejects a scope where it cannot (the result of a call, say):
  // such a range is not a valid scope, so it is left unwrapped.
  if (!resultDimsComputable(scope)) {
    if (failed(util::inlineScope(b, cast<util::ScopeOpInterface>(scope))))
      llvm::report_fatal_error("scope-gen: cannot undo a scope");
    return;
  }
  for (auto [index, result] : llvm::zip_equal(poolIndices, scope->getResults()))
    fn->pool[index].value = result;
  countScope(form == Annotate  ? "annotate"
             : form == Scope ? "scope"
                             : "hal-device-scope");
  if (hasDevice)
    countScope("device");
  if (hasZone)
    countScope("zone");
  if (scope->getParentOfType<util::ScopeOpInterface>())
    countScope("nest");
  if (form == Scope)
    convertToScopeOp(cast<util::AnnotateOp>(scope), frame.poolMark,
                     poolIndices);
}

void ProgramGenerator::convertToScopeOp(util::AnnotateOp annotate,
                                        size_t poolMark,
                                        ArrayRef<unsigned> poolIndices) {
  (void)poolMark;
  util::DimOpIndex dimIndex;
  util::DynamicDimBuilder dims(annotate, /*allowCreate=*/true, dimIndex);
  util::ScopeOpOperands operands;
  if (failed(util::chooseCapturesAndTies(
          annotate, dims, [&] { return scopeRng.chance(0.7); },
          [&] { return scopeRng.chance(0.5); }, operands))) {
    // Dims not computable above the scope: keep the annotate form.
    dims.eraseUnusedOps();
    return;
  }
  IRRewriter rewriter(context);
  util::ScopeOp scope = util::replaceWithScopeOp(rewriter, annotate, operands);
  dims.eraseUnusedOps();
  for (auto [index, result] : llvm::zip_equal(poolIndices, scope.getResults()))
    fn->pool[index].value = result;
}

func::FuncOp ProgramGenerator::beginFunction(StringRef name,
                                             ArrayRef<Type> argTypes,
                                             FunctionState &state) {
  auto func = func::FuncOp::create(builder, loc, name,
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  state.func = func;
  fn = &state;
  for (BlockArgument arg : entry->getArguments()) {
    PoolTensor tensor;
    tensor.value = arg;
    state.pool.push_back(tensor);
  }
  // The first entry constant anchors the others, so that ops appended to
  // the body never land above them.
  OpBuilder b(context);
  b.setInsertionPointToStart(entry);
  auto zero = arith::ConstantIndexOp::create(b, loc, 0);
  noteEntryOp(zero);
  state.constantIndices.push_back({0, zero});
  return func;
}

SmallVector<unsigned> ProgramGenerator::chooseResults(unsigned maxResults) {
  SmallVector<unsigned> results;
  unsigned wanted = 1 + rng.below(maxResults);
  // Unused tensors first (newest first), then any.
  for (int i = static_cast<int>(fn->pool.size()) - 1;
       i >= 0 && results.size() < wanted; --i)
    if (fn->pool[i].uses == 0 && !isa<BlockArgument>(fn->pool[i].value))
      results.push_back(i);
  for (int i = static_cast<int>(fn->pool.size()) - 1;
       i >= 0 && results.size() < wanted; --i)
    if (!llvm::is_contained(results, static_cast<unsigned>(i)))
      results.push_back(i);
  return results;
}

void ProgramGenerator::finishFunction(ArrayRef<unsigned> results) {
  SmallVector<Value> values;
  SmallVector<Type> types;
  for (unsigned index : results) {
    values.push_back(fn->pool[index].value);
    types.push_back(fn->pool[index].value.getType());
  }
  func::ReturnOp::create(builder, loc, values);
  fn->func.setFunctionType(builder.getFunctionType(
      fn->func.getFunctionType().getInputs(), types));
}

FailureOr<GeneratedProgram> ProgramGenerator::run() {
  module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  program.module = module;

  // Scope-level choices first: the backend plan.
  if (withScopes) {
    if (scopeRng.chance(0.5))
      program.uniformBackend = kBackends[scopeRng.below(2)];
    program.hostBackend = program.uniformBackend.empty()
                              ? kBackends[scopeRng.below(2)]
                              : program.uniformBackend;
  } else {
    program.hostBackend = kBackends[1];
  }

  // The entry function's arguments.
  unsigned numArgs = 1 + rng.below(3);
  SmallVector<Type> argTypes;
  for (unsigned i = 0; i < numArgs; ++i) {
    static const unsigned rankWeights[] = {2, 5, 3, 2};
    unsigned rank = 1 + rng.weighted(rankWeights);
    GeneratedInput input;
    input.shape = randomShape(rank);
    SmallVector<bool> mask;
    for (unsigned d = 0; d < rank; ++d)
      mask.push_back(has(OpFamily::Dynamic) && rng.chance(0.3));
    for (int64_t e = 0, n = numElements(input.shape); e < n; ++e)
      input.values.push_back(static_cast<float>(rng.range(-16, 16)) / 8);
    argTypes.push_back(tensorType(input.shape, mask));
    program.inputs.push_back(std::move(input));
  }

  FunctionState mainState;
  mainFunc = beginFunction("main", argTypes, mainState);
  for (auto [i, input] : llvm::enumerate(program.inputs)) {
    mainState.pool[i].shape = input.shape;
    mainState.pool[i].facts = ValueFacts::ofValues(input.values);
    auto argType = cast<RankedTensorType>(argTypes[i]);
    for (auto [d, size] : llvm::enumerate(argType.getShape())) {
      if (!ShapedType::isDynamic(size))
        continue;
      count("dynamic");
      OpBuilder b = entryBuilder();
      Value dim = tensor::DimOp::create(b, loc, mainFunc.getArgument(i),
                                        constantIndex(d));
      noteEntryOp(dim.getDefiningOp());
      mainState.dynamicSizes.push_back({input.shape[d], dim});
    }
  }
  SmallVector<unsigned> results;
  inBlock(&mainFunc.getBody().front(), [&] {
    genOps(options.minOps + rng.below(options.maxOps - options.minOps + 1),
           /*regionDepth=*/0);
    while (!blk->frames.empty())
      closeScope(blk->frames.pop_back_val());
    results = chooseResults(3);
    for (unsigned index : results)
      program.results.push_back(
          {mainState.pool[index].shape, mainState.pool[index].facts});
    finishFunction(results);
  });
  fn = nullptr;

  if (hasScope(ScopeKind::FuncDevice) && scopeRng.chance(0.25)) {
    mainFunc->setAttr(hal::HALDialect::getDeviceAttrName(),
                      hal::DeviceTargetAttr::get(context, randomBackend()));
    countScope("func-device");
  }
  if (hasScope(ScopeKind::ModuleDevice) && scopeRng.chance(0.25)) {
    module->setAttr(hal::HALDialect::getDeviceAttrName(),
                    hal::DeviceTargetAttr::get(context, randomBackend()));
    countScope("module-device");
  }

  if (failed(verify(module))) {
    // A generator bug: show the module, so that the report is complete.
    module->emitError("scope-gen: the generated module does not verify");
    module->print(llvm::errs(),
                  OpPrintingFlags().assumeVerified().printGenericOpForm());
    return failure();
  }

  if (hasScope(ScopeKind::InsertPass)) {
    unsigned scopesBefore = 0;
    module.walk([&](util::ScopeOpInterface) { ++scopesBefore; });
    unsigned seed = static_cast<unsigned>(scopeRng.next() & 0x7fffffff);
    std::string pipeline = "test-util-insert-scopes{seed=" +
                           std::to_string(seed) + " density=" +
                           formatExact(options.insertDensity) + "}";
    PassManager pm(context, ModuleOp::getOperationName());
    if (failed(parsePassPipeline(pipeline, pm)) || failed(pm.run(module))) {
      module->emitError("scope-gen: test-util-insert-scopes failed");
      return failure();
    }
    unsigned after = 0;
    module.walk([&](util::ScopeOpInterface) { ++after; });
    if (after > scopesBefore)
      program.scopes["insert-pass"] += after - scopesBefore;
  }
  return std::move(program);
}

FailureOr<GeneratedProgram>
scopeir::gen::generateProgram(MLIRContext *context,
                              const GeneratorOptions &options,
                              bool withScopes) {
  ProgramGenerator generator(context, options, withScopes);
  return generator.run();
}

//===----------------------------------------------------------------------===//
// Reference driver
//===----------------------------------------------------------------------===//

void scopeir::gen::appendReferenceDriver(ModuleOp module,
                                         const GeneratedProgram &program) {
  MLIRContext *context = module.getContext();
  Location loc = UnknownLoc::get(context);
  OpBuilder b(context);
  b.setInsertionPointToEnd(module.getBody());
  auto mainFunc = module.lookupSymbol<func::FuncOp>("main");
  Type i32 = b.getI32Type();
  auto unranked = UnrankedTensorType::get(i32);
  auto print = func::FuncOp::create(b, loc, "printMemrefI32",
                                    b.getFunctionType({unranked}, {}));
  print.setPrivate();

  auto driver =
      func::FuncOp::create(b, loc, "reference_main", b.getFunctionType({}, {}));
  b.setInsertionPointToStart(driver.addEntryBlock());
  SmallVector<Value> args;
  for (auto [input, argType] :
       llvm::zip_equal(program.inputs, mainFunc.getArgumentTypes())) {
    auto staticType = RankedTensorType::get(input.shape, b.getF32Type());
    auto attr = DenseElementsAttr::get(staticType, ArrayRef<float>(input.values));
    Value arg = arith::ConstantOp::create(b, loc, staticType, attr);
    if (staticType != argType)
      arg = tensor::CastOp::create(b, loc, argType, arg);
    args.push_back(arg);
  }
  auto call = func::CallOp::create(b, loc, mainFunc, args);
  for (auto [result, info] : llvm::zip_equal(call.getResults(), program.results)) {
    // f32 -> its bits as i32, so that the print is exact.
    auto type = cast<RankedTensorType>(result.getType());
    auto bitsType = RankedTensorType::get(type.getShape(), i32);
    SmallVector<Value> dynamicSizes;
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(tensor::DimOp::create(
            b, loc, result, arith::ConstantIndexOp::create(b, loc, d)));
    Value empty = tensor::EmptyOp::create(b, loc, bitsType, dynamicSizes);
    int64_t rank = type.getRank();
    SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value bits = linalg::GenericOp::create(
                     b, loc, TypeRange{bitsType}, ValueRange{result},
                     ValueRange{empty}, maps, iterators,
                     [&](OpBuilder &nb, Location l, ValueRange blockArgs) {
                       Value cast =
                           arith::BitcastOp::create(nb, l, i32, blockArgs[0]);
                       linalg::YieldOp::create(nb, l, cast);
                     })
                     .getResult(0);
    Value erased = tensor::CastOp::create(b, loc, unranked, bits);
    func::CallOp::create(b, loc, print, ValueRange{erased});
    (void)info;
  }
  func::ReturnOp::create(b, loc);
}
