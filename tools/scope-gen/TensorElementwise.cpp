//===- TensorElementwise.cpp - scope-gen's arith/math ops on tensors ------===//
//
// This file implements the tensor-elementwise op family: arith and math ops
// written directly on ranked tensors (`arith.addf %a, %b : tensor<4x?xf32>`),
// which the compile pipeline turns into linalg.generic ops itself. Besides
// f32, the ops compute in f64 (extended and truncated back) and in signed
// integers of 8, 16 and 32 bits (converted from and back to f32), so that
// every program still takes and returns f32 tensors.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <cmath>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

namespace {
/// The shapes of computation the family draws from, in the order of the
/// weighted draw.
enum class TensorOpShape {
  /// addf, subf, mulf, maximumf, minimumf on two f32 tensors.
  FloatBinary,
  /// negf, absf; floor and ceil of certain inputs; exp with `math`.
  FloatUnary,
  /// cmpf of two certain inputs, then select between them (an i1 tensor).
  CompareSelect,
  /// extf to f64, one binary op, truncf back.
  Float64,
  /// fptosi to i8/i16/i32, one integer op, sitofp back.
  Integer,
};
} // namespace

static const unsigned kShapeWeights[] = {4, 2, 1, 1, 3};

/// `type` with element type `element`.
static RankedTensorType withElement(RankedTensorType type, Type element) {
  return RankedTensorType::get(type.getShape(), element);
}

/// Facts of an integer-valued, exactly computed result bounded by `bound`.
static ValueFacts integerFacts(double bound, const ValueFacts &a,
                               const ValueFacts &b) {
  ValueFacts facts;
  facts.bound = bound;
  facts.frac = 0;
  facts.sources = a.sources | b.sources;
  facts.settle();
  return facts;
}

bool ProgramGenerator::genTensorElementwise(PoolTensor a) {
  RankedTensorType type = a.getType();
  unsigned weights[std::size(kShapeWeights)];
  for (auto [i, weight] : llvm::enumerate(kShapeWeights))
    weights[i] = weight;
  auto shape = static_cast<TensorOpShape>(rng.weighted(weights));
  // Comparisons and conversions to integers are discontinuous: only on
  // inputs every correct compilation computes alike.
  bool certain = a.facts.err == 0;
  if (!certain && (shape == TensorOpShape::CompareSelect ||
                   shape == TensorOpShape::Integer))
    shape = TensorOpShape::FloatBinary;

  auto secondOperand = [&](double bound) {
    PoolTensor b = operandOfShape(a.shape, type);
    return scaleDown(b, bound);
  };

  switch (shape) {
  case TensorOpShape::FloatBinary:
  case TensorOpShape::Float64: {
    // 0 add, 1 sub, 2 mul, 3 max, 4 min.
    static const unsigned opWeights[] = {3, 2, 2, 1, 1};
    unsigned op = rng.weighted(opWeights);
    double limit = op == 2 ? 64 : INFINITY;
    PoolTensor lhs = scaleDown(a, limit);
    PoolTensor rhs = secondOperand(limit);
    Value x = lhs.value, y = rhs.value;
    bool wide = shape == TensorOpShape::Float64;
    RankedTensorType opType =
        wide ? withElement(type, builder.getF64Type()) : type;
    if (wide) {
      // Sums and products of two f32 values are exact in f64: truncating
      // rounds once, as the f32 op does, so the facts are the f32 op's.
      x = arith::ExtFOp::create(builder, loc, opType, x);
      y = arith::ExtFOp::create(builder, loc, opType, y);
    }
    Value result;
    ValueFacts facts;
    switch (op) {
    case 0:
      result = arith::AddFOp::create(builder, loc, x, y);
      facts = ValueFacts::add(lhs.facts, rhs.facts);
      break;
    case 1:
      result = arith::SubFOp::create(builder, loc, x, y);
      facts = ValueFacts::add(lhs.facts, rhs.facts);
      break;
    case 2:
      result = arith::MulFOp::create(builder, loc, x, y);
      facts = ValueFacts::product(lhs.facts, rhs.facts, rounding);
      break;
    case 3:
      result = arith::MaximumFOp::create(builder, loc, x, y);
      facts = ValueFacts::join(lhs.facts, rhs.facts);
      break;
    default:
      result = arith::MinimumFOp::create(builder, loc, x, y);
      facts = ValueFacts::join(lhs.facts, rhs.facts);
      break;
    }
    if (wide) {
      result = arith::TruncFOp::create(builder, loc, type, result);
      count("tensor-elementwise:f64");
    } else {
      count("tensor-elementwise:f32");
    }
    push(result, a.shape, facts);
    return true;
  }
  case TensorOpShape::FloatUnary: {
    // 0 negf, 1 absf, 2 floor, 3 ceil, 4 exp.
    unsigned opWeights[] = {2, 2, certain ? 1u : 0u, certain ? 1u : 0u,
                            has(OpFamily::Math) && a.facts.bound <= 8 ? 1u
                                                                      : 0u};
    unsigned op = rng.weighted(opWeights);
    Value result;
    ValueFacts facts = a.facts;
    switch (op) {
    case 0:
      result = arith::NegFOp::create(builder, loc, a.value);
      break;
    case 1:
      result = math::AbsFOp::create(builder, loc, a.value);
      break;
    case 2:
      result = math::FloorOp::create(builder, loc, a.value);
      facts = ValueFacts::floor(a.facts);
      break;
    case 3:
      result = math::CeilOp::create(builder, loc, a.value);
      facts = ValueFacts::floor(a.facts);
      break;
    default:
      result = math::ExpOp::create(builder, loc, a.value);
      facts = ValueFacts::exp(a.facts, rounding);
      count("math.exp");
      break;
    }
    count("tensor-elementwise:f32");
    push(result, a.shape, facts);
    return true;
  }
  case TensorOpShape::CompareSelect: {
    PoolTensor b = operandOfShape(a.shape, type);
    // A comparison of a value with itself folds to a constant, which has no
    // valid form with a dynamic shape.
    if (b.facts.err != 0 || b.value == a.value)
      b = constantTensor(a.shape, type);
    static const arith::CmpFPredicate predicates[] = {
        arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
        arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE,
        arith::CmpFPredicate::OEQ, arith::CmpFPredicate::ONE};
    arith::CmpFPredicate predicate =
        predicates[rng.below(std::size(predicates))];
    Value cond =
        arith::CmpFOp::create(builder, loc, predicate, a.value, b.value);
    Value result =
        arith::SelectOp::create(builder, loc, cond, a.value, b.value);
    count("tensor-elementwise:i1");
    push(result, a.shape, ValueFacts::join(a.facts, b.facts));
    return true;
  }
  case TensorOpShape::Integer: {
    // Element type: fptosi of a value outside its range is poison, so the
    // operands are scaled into it first (a power of two: exact).
    static const unsigned widths[] = {8, 16, 32};
    static const unsigned widthWeights[] = {1, 1, 2};
    unsigned width = widths[rng.weighted(widthWeights)];
    double limit = width == 8 ? 32 : width == 16 ? 8192 : 0x1.0p20;
    // 0 addi, 1 subi, 2 muli, 3 maxsi, 4 minsi, 5 andi/ori/xori,
    // 6 divsi, 7 remsi.
    static const unsigned opWeights[] = {3, 2, 2, 1, 1, 2, 1, 1};
    unsigned op = rng.weighted(opWeights);
    // A product must fit the type and stay exact in f32.
    if (op == 2)
      limit = std::sqrt(limit);
    PoolTensor lhs = scaleDown(a, limit);
    PoolTensor rhs = secondOperand(limit);
    if (lhs.facts.err != 0 || rhs.facts.err != 0 || lhs.facts.bound > limit ||
        rhs.facts.bound > limit)
      rhs = constantTensor(a.shape, type);
    if (lhs.facts.err != 0 || lhs.facts.bound > limit)
      return false;
    // Folders turn `x - x` and `x ^ x` into constants of the operands'
    // type, which has no valid form with a dynamic shape: an op with the
    // same operand twice (once CSE merges the conversions) adds instead.
    if (lhs.value == rhs.value && (op == 1 || op == 5))
      op = 0;
    Type element = builder.getIntegerType(width);
    RankedTensorType intType = withElement(type, element);
    Value x = arith::FPToSIOp::create(builder, loc, intType, lhs.value);
    Value y = arith::FPToSIOp::create(builder, loc, intType, rhs.value);
    // fptosi truncates toward zero: the bounds stay.
    double bx = std::floor(lhs.facts.bound), by = std::floor(rhs.facts.bound);
    Value result;
    double bound;
    switch (op) {
    case 0:
      result = arith::AddIOp::create(builder, loc, x, y);
      bound = bx + by;
      break;
    case 1:
      result = arith::SubIOp::create(builder, loc, x, y);
      bound = bx + by;
      break;
    case 2:
      result = arith::MulIOp::create(builder, loc, x, y);
      bound = bx * by;
      break;
    case 3:
      result = arith::MaxSIOp::create(builder, loc, x, y);
      bound = std::max(bx, by);
      break;
    case 4:
      result = arith::MinSIOp::create(builder, loc, x, y);
      bound = std::max(bx, by);
      break;
    case 5: {
      // Two's complement values in [-2^k, 2^k) stay there.
      unsigned which = rng.below(3);
      if (which == 0)
        result = arith::AndIOp::create(builder, loc, x, y);
      else if (which == 1)
        result = arith::OrIOp::create(builder, loc, x, y);
      else
        result = arith::XOrIOp::create(builder, loc, x, y);
      bound = powerOfTwoAtLeast(std::max(bx, by) + 1);
      break;
    }
    default: {
      // A divisor that is never 0: y | 1, the 1s a fill of an empty tensor
      // (a constant cannot have a dynamic shape).
      OpBuilder entry = entryBuilder();
      auto one = arith::ConstantOp::create(entry, loc,
                                           builder.getIntegerAttr(element, 1));
      noteEntryOp(one);
      Value ones =
          linalg::FillOp::create(builder, loc, ValueRange{one},
                                 ValueRange{emptyTensor(a.shape, intType)})
              .getResult(0);
      Value divisor = arith::OrIOp::create(builder, loc, y, ones);
      if (op == 6)
        result = arith::DivSIOp::create(builder, loc, x, divisor);
      else
        result = arith::RemSIOp::create(builder, loc, x, divisor);
      bound = bx;
      break;
    }
    }
    result = arith::SIToFPOp::create(builder, loc, type, result);
    count("tensor-elementwise:i" + std::to_string(width));
    push(result, a.shape, integerFacts(bound, lhs.facts, rhs.facts));
    return true;
  }
  }
  llvm_unreachable("unknown tensor op shape");
}
