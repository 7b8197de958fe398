//===- Elementwise.cpp - scope-gen's elementwise ops ----------------------===//
//
// This file implements the elementwise op families: linalg.generic with a
// random scalar expression (ValueFacts.h) for a body, the named
// elementwise linalg ops, and linalg.fill.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <limits>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

bool ProgramGenerator::genElementwise(PoolTensor primary) {
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
      int candidate = pickOfShape(trailing);
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
  int initIndex = rng.chance(0.25) ? pickOfShape(shape) : -1;
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
                                /*allowDiscontinuous=*/true, rounding);
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
  countExprOps(expr);
  push(generic.getResult(0), shape, expr.evaluate(leafFacts));
  return true;
}

namespace {
/// What a named elementwise op needs before it may be drawn.
enum class Needs {
  Nothing,
  /// The math family (the op computes a transcendental function).
  MathFamily,
  /// An input every correct implementation computes alike (err 0): the op
  /// is discontinuous.
  CertainInput,
};

/// A named elementwise linalg op: when it is drawn, how it is built and what
/// the generator knows about its result.
struct NamedOp {
  unsigned weight;
  Needs needs;
  unsigned arity;
  /// Each operand is scaled down to this bound first (a product's factors).
  double operandBound;
  Value (*create)(OpBuilder &b, Location loc, RankedTensorType type,
                  ValueRange ins, Value init);
  ValueFacts (*facts)(ArrayRef<ValueFacts> operands, RoundingModel model);
  /// The math op it computes, counted as a feature; or null.
  const char *mathFeature;
};
} // namespace

template <typename OpTy>
static Value createNamedOp(OpBuilder &b, Location loc, RankedTensorType type,
                           ValueRange ins, Value init) {
  return OpTy::create(b, loc, TypeRange{type}, ins, ValueRange{init})
      .getResult(0);
}

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

template <typename OpTy>
static constexpr NamedOp binary(unsigned weight,
                                ValueFacts (*facts)(ArrayRef<ValueFacts>,
                                                    RoundingModel),
                                double operandBound = kUnbounded) {
  return {weight, Needs::Nothing, 2, operandBound, createNamedOp<OpTy>, facts,
          nullptr};
}

template <typename OpTy>
static constexpr NamedOp
unary(unsigned weight, ValueFacts (*facts)(ArrayRef<ValueFacts>, RoundingModel),
      Needs needs = Needs::Nothing, const char *mathFeature = nullptr) {
  return {weight, needs, 1, kUnbounded, createNamedOp<OpTy>, facts,
          mathFeature};
}

static ValueFacts sumFacts(ArrayRef<ValueFacts> f, RoundingModel) {
  return ValueFacts::add(f[0], f[1]);
}
static ValueFacts productFacts(ArrayRef<ValueFacts> f, RoundingModel model) {
  return ValueFacts::product(f[0], f[1], model);
}
static ValueFacts joinFacts(ArrayRef<ValueFacts> f, RoundingModel) {
  return ValueFacts::join(f[0], f[1]);
}
static ValueFacts sameFacts(ArrayRef<ValueFacts> f, RoundingModel) {
  return f[0];
}
static ValueFacts expFacts(ArrayRef<ValueFacts> f, RoundingModel model) {
  return ValueFacts::exp(f[0], model);
}
static ValueFacts floorFacts(ArrayRef<ValueFacts> f, RoundingModel) {
  return ValueFacts::floor(f[0]);
}

/// The rows of kNamedOps, in the order of the weighted draw.
enum NamedOpKind {
  NamedAdd,
  NamedSub,
  NamedMul,
  NamedMax,
  NamedMin,
  NamedExp,
  NamedAbs,
  NamedNeg,
  NamedFloor,
  NumNamedOps
};
static const NamedOp kNamedOps[NumNamedOps] = {
    binary<linalg::AddOp>(3, sumFacts),
    binary<linalg::SubOp>(2, sumFacts),
    binary<linalg::MulOp>(2, productFacts, /*operandBound=*/64),
    binary<linalg::MaxOp>(1, joinFacts),
    binary<linalg::MinOp>(1, joinFacts),
    unary<linalg::ExpOp>(1, expFacts, Needs::MathFamily, "math.exp"),
    unary<linalg::AbsOp>(1, sameFacts),
    unary<linalg::NegFOp>(1, sameFacts),
    unary<linalg::FloorOp>(1, floorFacts, Needs::CertainInput,
                           "math.floor/ceil"),
};

bool ProgramGenerator::genNamedElementwise(PoolTensor a) {
  RankedTensorType type = a.getType();
  Value init = emptyTensor(a.shape, type);
  unsigned weights[std::size(kNamedOps)];
  for (auto [i, op] : llvm::enumerate(kNamedOps)) {
    bool allowed = op.needs == Needs::Nothing ||
                   (op.needs == Needs::MathFamily && has(OpFamily::Math)) ||
                   (op.needs == Needs::CertainInput && a.facts.err == 0);
    weights[i] = allowed ? op.weight : 0;
  }
  unsigned index = rng.weighted(weights);
  // exp of a larger input could overflow f32 further on: abs instead.
  if (index == NamedExp && a.facts.bound > 8)
    index = NamedAbs;
  const NamedOp &op = kNamedOps[index];
  SmallVector<PoolTensor, 2> operands = {a};
  if (op.arity == 2)
    operands.push_back(operandOfShape(a.shape, type));
  SmallVector<Value, 2> ins;
  SmallVector<ValueFacts, 2> facts;
  for (PoolTensor &operand : operands) {
    operand = scaleDown(operand, op.operandBound);
    ins.push_back(operand.value);
    facts.push_back(operand.facts);
  }
  Value result = op.create(builder, loc, type, ins, init);
  if (op.mathFeature)
    count(op.mathFeature);
  push(result, a.shape, op.facts(facts, rounding));
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
  push(result, shape, ValueFacts::constant(value));
  return true;
}

