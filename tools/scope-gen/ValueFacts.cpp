//===- ValueFacts.cpp - What scope-gen knows about generated values -------===//
//
// This file implements the value facts scope-gen tracks and its random scalar
// expressions.
//
//===----------------------------------------------------------------------===//

#include "ValueFacts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace scopeir::gen;

//===----------------------------------------------------------------------===//
// ValueFacts
//===----------------------------------------------------------------------===//

/// Returns the number of fractional bits of the dyadic rational `value`.
static int getFractionBits(double value) {
  int bits = 0;
  while (bits < 60 && value != std::floor(value)) {
    value *= 2;
    ++bits;
  }
  return bits;
}

ValueFacts ValueFacts::constant(double value) {
  ValueFacts facts;
  facts.bound = std::fabs(value);
  facts.frac = getFractionBits(value);
  facts.settle();
  return facts;
}

ValueFacts ValueFacts::ofValues(ArrayRef<float> values) {
  ValueFacts facts;
  for (float value : values) {
    facts.bound = std::max(facts.bound, std::fabs(static_cast<double>(value)));
    facts.frac = std::max(facts.frac, getFractionBits(value));
  }
  facts.settle();
  return facts;
}

void ValueFacts::settle() {
  // A multiple of 2^-frac of magnitude <= bound is an f32 without rounding
  // when its integer numerator fits the 24-bit significand (and it is far
  // from the subnormal range).
  if (exact && (std::ldexp(bound, frac) > 0x1.0p24 || frac > 100))
    exact = false;
}

ValueFacts ValueFacts::join(const ValueFacts &a, const ValueFacts &b) {
  ValueFacts facts;
  facts.bound = std::max(a.bound, b.bound);
  facts.frac = std::max(a.frac, b.frac);
  facts.exact = a.exact && b.exact;
  facts.err = std::max(a.err, b.err);
  facts.sources = a.sources | b.sources;
  return facts;
}

/// Adds to `facts.err` the rounding of a result computed from inputs that
/// already disagree: each side rounds a different value, up to half an ulp
/// each.
static void addRoundingOfUncertainInputs(ValueFacts &facts) {
  if (facts.err > 0 && !facts.exact)
    facts.err += 2 * kF32Unit * facts.bound;
}

ValueFacts ValueFacts::add(const ValueFacts &a, const ValueFacts &b) {
  ValueFacts facts;
  facts.bound = a.bound + b.bound;
  facts.frac = std::max(a.frac, b.frac);
  facts.exact = a.exact && b.exact;
  facts.settle();
  facts.err = a.err + b.err;
  facts.sources = a.sources | b.sources;
  addRoundingOfUncertainInputs(facts);
  return facts;
}

ValueFacts ValueFacts::product(const ValueFacts &a, const ValueFacts &b) {
  ValueFacts facts;
  facts.bound = a.bound * b.bound;
  facts.frac = a.frac + b.frac;
  facts.exact = a.exact && b.exact;
  facts.settle();
  facts.err = a.bound * b.err + b.bound * a.err + a.err * b.err;
  facts.sources = a.sources | b.sources;
  addRoundingOfUncertainInputs(facts);
  return facts;
}

ValueFacts ValueFacts::exp(const ValueFacts &a) {
  ValueFacts facts;
  facts.bound = std::exp(a.bound);
  facts.exact = false;
  facts.err =
      facts.bound * a.err + kTranscendentalUlps * kF32Unit * facts.bound;
  facts.sources = a.sources | kTranscendental;
  return facts;
}

ValueFacts ValueFacts::floor(const ValueFacts &a) {
  ValueFacts facts;
  facts.bound = a.bound + 1;
  facts.frac = 0;
  facts.settle();
  facts.sources = a.sources;
  return facts;
}

ValueFacts ValueFacts::sum(const ValueFacts &term, int64_t count,
                           const ValueFacts &init) {
  ValueFacts facts;
  facts.bound = static_cast<double>(count) * term.bound + init.bound;
  facts.frac = std::max(term.frac, init.frac);
  facts.exact = term.exact && init.exact;
  // Every partial sum, in any order, is bounded by the total bound, so an
  // exact total means no partial sum rounded either.
  facts.settle();
  facts.err = static_cast<double>(count) * term.err + init.err;
  facts.sources = term.sources | init.sources;
  if (!facts.exact) {
    // Two summation orders (or a fused multiply-add against a rounded
    // product) each stay within count * u * sum|terms| of the exact sum.
    facts.err += 2 * static_cast<double>(count + 1) * kF32Unit * facts.bound;
    facts.sources |= kReassociation;
  }
  return facts;
}

//===----------------------------------------------------------------------===//
// Rng
//===----------------------------------------------------------------------===//

unsigned Rng::weighted(ArrayRef<unsigned> weights) {
  unsigned total = 0;
  for (unsigned weight : weights)
    total += weight;
  if (total == 0)
    return 0;
  unsigned pick = below(total);
  for (auto [i, weight] : llvm::enumerate(weights)) {
    if (pick < weight)
      return i;
    pick -= weight;
  }
  return weights.size() - 1;
}

double scopeir::gen::randomDyadic(Rng &rng) {
  return static_cast<double>(rng.range(-8, 8)) / 4;
}

double scopeir::gen::powerOfTwoAtLeast(double x) {
  double p = 1;
  while (p < x)
    p *= 2;
  while (p / 2 >= x && p > 0x1.0p-20)
    p /= 2;
  return p;
}

//===----------------------------------------------------------------------===//
// ScalarExpr
//===----------------------------------------------------------------------===//

ValueFacts ScalarExpr::evaluate(ArrayRef<ValueFacts> leaves) const {
  return evaluateNode(root, leaves);
}

ValueFacts ScalarExpr::evaluateNode(unsigned index,
                                    ArrayRef<ValueFacts> leaves) const {
  const Node &node = nodes[index];
  auto operand = [&](unsigned i) {
    return evaluateNode(node.operands[i], leaves);
  };
  ValueFacts facts;
  switch (node.kind) {
  case Kind::Leaf:
    return leaves[node.leaf];
  case Kind::Const:
    return ValueFacts::constant(node.value);
  case Kind::Add:
  case Kind::Sub:
    return ValueFacts::add(operand(0), operand(1));
  case Kind::Mul:
    return ValueFacts::product(operand(0), operand(1));
  case Kind::Max:
  case Kind::Min:
    return ValueFacts::join(operand(0), operand(1));
  case Kind::Neg:
  case Kind::Abs:
    return operand(0);
  case Kind::Select:
    return ValueFacts::join(operand(2), operand(3));
  case Kind::DivSafe: {
    ValueFacts a = operand(0), b = operand(1);
    facts.bound = a.bound;
    facts.exact = false;
    // d/db a/(1+|b|) is at most |a|.
    facts.err = a.err + a.bound * b.err;
    facts.sources = a.sources | b.sources;
    addRoundingOfUncertainInputs(facts);
    return facts;
  }
  case Kind::Exp:
    return ValueFacts::exp(operand(0));
  case Kind::LogSafe: {
    ValueFacts a = operand(0);
    facts.bound = std::log1p(a.bound);
    facts.exact = false;
    facts.err = a.err + kTranscendentalUlps * kF32Unit * facts.bound;
    facts.sources = a.sources | kTranscendental;
    return facts;
  }
  case Kind::SqrtSafe: {
    // sqrt is correctly rounded (IEEE 754): no implementation freedom.
    ValueFacts a = operand(0);
    facts.bound = std::sqrt(1 + a.bound);
    facts.exact = false;
    facts.err = a.err / 2;
    facts.sources = a.sources;
    addRoundingOfUncertainInputs(facts);
    return facts;
  }
  case Kind::Sin:
  case Kind::Cos: {
    ValueFacts a = operand(0);
    facts.bound = 1;
    facts.exact = false;
    facts.err = a.err + kTranscendentalUlps * kF32Unit;
    facts.sources = a.sources | kTranscendental;
    return facts;
  }
  case Kind::Floor:
  case Kind::Ceil:
    // Only built on operands with err 0.
    return ValueFacts::floor(operand(0));
  case Kind::Fma: {
    ValueFacts p = ValueFacts::product(operand(0), operand(1));
    ValueFacts c = operand(2);
    ValueFacts a = operand(0), b = operand(1);
    facts.bound = p.bound + c.bound;
    facts.frac = std::max(a.frac + b.frac, c.frac);
    facts.exact = a.exact && b.exact && c.exact;
    facts.settle();
    facts.err = p.err + c.err;
    facts.sources = p.sources | c.sources;
    addRoundingOfUncertainInputs(facts);
    return facts;
  }
  case Kind::Scale: {
    facts = operand(0);
    facts.bound = std::ldexp(facts.bound, node.shift);
    facts.err = std::ldexp(facts.err, node.shift);
    facts.frac -= node.shift;
    return facts;
  }
  }
  llvm_unreachable("unknown expression kind");
}

static Value f32Constant(OpBuilder &builder, Location loc, double value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getF32FloatAttr(value));
}

Value ScalarExpr::emit(OpBuilder &builder, Location loc,
                       ArrayRef<Value> leaves) const {
  return emitNode(root, builder, loc, leaves);
}

Value ScalarExpr::emitNode(unsigned index, OpBuilder &b, Location loc,
                           ArrayRef<Value> leaves) const {
  const Node &node = nodes[index];
  auto operand = [&](unsigned i) {
    return emitNode(node.operands[i], b, loc, leaves);
  };
  auto onePlusAbs = [&](Value x) -> Value {
    Value abs = math::AbsFOp::create(b, loc, x);
    return arith::AddFOp::create(b, loc, abs, f32Constant(b, loc, 1.0));
  };
  switch (node.kind) {
  case Kind::Leaf:
    return leaves[node.leaf];
  case Kind::Const:
    return f32Constant(b, loc, node.value);
  case Kind::Add:
    return arith::AddFOp::create(b, loc, operand(0), operand(1));
  case Kind::Sub:
    return arith::SubFOp::create(b, loc, operand(0), operand(1));
  case Kind::Mul:
    return arith::MulFOp::create(b, loc, operand(0), operand(1));
  case Kind::Max:
    // No NaN is ever generated, so both flavours compute the same.
    if (node.predicate)
      return arith::MaxNumFOp::create(b, loc, operand(0), operand(1));
    return arith::MaximumFOp::create(b, loc, operand(0), operand(1));
  case Kind::Min:
    if (node.predicate)
      return arith::MinNumFOp::create(b, loc, operand(0), operand(1));
    return arith::MinimumFOp::create(b, loc, operand(0), operand(1));
  case Kind::Neg:
    return arith::NegFOp::create(b, loc, operand(0));
  case Kind::Abs:
    return math::AbsFOp::create(b, loc, operand(0));
  case Kind::Select: {
    Value lhs = operand(0), rhs = operand(1);
    Value cond = arith::CmpFOp::create(
        b, loc, static_cast<arith::CmpFPredicate>(node.predicate), lhs, rhs);
    return arith::SelectOp::create(b, loc, cond, operand(2), operand(3));
  }
  case Kind::DivSafe: {
    Value num = operand(0);
    return arith::DivFOp::create(b, loc, num, onePlusAbs(operand(1)));
  }
  case Kind::Exp:
    return math::ExpOp::create(b, loc, operand(0));
  case Kind::LogSafe:
    return math::LogOp::create(b, loc, onePlusAbs(operand(0)));
  case Kind::SqrtSafe:
    return math::SqrtOp::create(b, loc, onePlusAbs(operand(0)));
  case Kind::Sin:
    return math::SinOp::create(b, loc, operand(0));
  case Kind::Cos:
    return math::CosOp::create(b, loc, operand(0));
  case Kind::Floor:
    return math::FloorOp::create(b, loc, operand(0));
  case Kind::Ceil:
    return math::CeilOp::create(b, loc, operand(0));
  case Kind::Fma: {
    Value x = operand(0), y = operand(1), z = operand(2);
    return math::FmaOp::create(b, loc, x, y, z);
  }
  case Kind::Scale:
    return arith::MulFOp::create(b, loc, operand(0),
                                 f32Constant(b, loc, std::ldexp(1.0, node.shift)));
  }
  llvm_unreachable("unknown expression kind");
}

void ScalarExpr::collectOpNames(SmallVectorImpl<std::string> &names) const {
  for (const Node &node : nodes) {
    switch (node.kind) {
    case Kind::Exp:
      names.push_back("math.exp");
      break;
    case Kind::LogSafe:
      names.push_back("math.log");
      break;
    case Kind::SqrtSafe:
      names.push_back("math.sqrt");
      break;
    case Kind::Sin:
    case Kind::Cos:
      names.push_back("math.sin/cos");
      break;
    case Kind::Floor:
    case Kind::Ceil:
      names.push_back("math.floor/ceil");
      break;
    case Kind::Fma:
      names.push_back("math.fma");
      break;
    case Kind::DivSafe:
      names.push_back("arith.divf");
      break;
    case Kind::Select:
      names.push_back("arith.cmpf+select");
      break;
    default:
      break;
    }
  }
}

//===----------------------------------------------------------------------===//
// ScalarExprBuilder
//===----------------------------------------------------------------------===//

ScalarExpr ScalarExprBuilder::build(ArrayRef<ValueFacts> leaves,
                                    unsigned depth) {
  expr = ScalarExpr();
  facts.clear();
  leafFacts = leaves;
  expr.root = limitBound(buildNode(depth), 4096);
  return std::move(expr);
}

unsigned ScalarExprBuilder::add(ScalarExpr::Node node) {
  expr.nodes.push_back(node);
  // Evaluate the new node alone: its operands' facts are known.
  ScalarExpr probe;
  probe.nodes = expr.nodes;
  probe.root = expr.nodes.size() - 1;
  facts.push_back(probe.evaluate(leafFacts));
  return expr.nodes.size() - 1;
}

unsigned ScalarExprBuilder::limitBound(unsigned index, double limit) {
  double bound = facts[index].bound;
  if (bound <= limit)
    return index;
  int shift = 0;
  while (std::ldexp(bound, shift) > limit)
    --shift;
  ScalarExpr::Node node{ScalarExpr::Kind::Scale, {index}};
  node.shift = shift;
  return add(node);
}

unsigned ScalarExprBuilder::buildNode(unsigned depth) {
  using Kind = ScalarExpr::Kind;
  if (depth == 0 || rng.chance(0.25)) {
    if (leafFacts.empty() || rng.chance(0.12)) {
      ScalarExpr::Node node{Kind::Const, {}};
      node.value = randomDyadic(rng);
      return add(node);
    }
    ScalarExpr::Node node{Kind::Leaf, {}};
    node.leaf = rng.below(leafFacts.size());
    return add(node);
  }

  enum Choice {
    Add, Sub, Mul, Max, Min, Neg, Abs, Select, DivSafe, Exp, LogSafe,
    SqrtSafe, Sin, Cos, Floor, Fma, Scale, NumChoices
  };
  unsigned math = allowMath ? 1 : 0;
  unsigned discontinuous = allowDiscontinuous ? 1 : 0;
  unsigned weights[NumChoices] = {
      4, 3, 3, 1, 1, 1, 1, 1 * discontinuous, 1 * math, 1 * math, 1 * math,
      1 * math, 1 * math, 1 * math, 1 * discontinuous * math, 1, 1};
  auto choice = static_cast<Choice>(rng.weighted(weights));
  auto unary = [&](Kind kind, unsigned operand) {
    return add(ScalarExpr::Node{kind, {operand}});
  };
  switch (choice) {
  case Add:
  case Sub: {
    unsigned a = buildNode(depth - 1), b = buildNode(depth - 1);
    return add({choice == Add ? Kind::Add : Kind::Sub, {a, b}});
  }
  case Mul: {
    unsigned a = limitBound(buildNode(depth - 1), 64);
    unsigned b = limitBound(buildNode(depth - 1), 64);
    return add({Kind::Mul, {a, b}});
  }
  case Max:
  case Min: {
    unsigned a = buildNode(depth - 1), b = buildNode(depth - 1);
    ScalarExpr::Node node{choice == Max ? Kind::Max : Kind::Min, {a, b}};
    node.predicate = rng.below(2);
    return add(node);
  }
  case Neg:
    return unary(Kind::Neg, buildNode(depth - 1));
  case Abs:
    return unary(Kind::Abs, buildNode(depth - 1));
  case Select: {
    unsigned a = buildNode(depth - 1), b = buildNode(depth - 1);
    unsigned c = buildNode(depth - 1), d = buildNode(depth - 1);
    // A comparison of values compilers may disagree on could pick
    // different branches: compare only values everyone agrees on.
    if (facts[a].err > 0 || facts[b].err > 0) {
      ScalarExpr::Node node{Kind::Max, {c, d}};
      return add(node);
    }
    static const arith::CmpFPredicate predicates[] = {
        arith::CmpFPredicate::OLT, arith::CmpFPredicate::OLE,
        arith::CmpFPredicate::OGT, arith::CmpFPredicate::OGE,
        arith::CmpFPredicate::OEQ, arith::CmpFPredicate::ONE,
        arith::CmpFPredicate::ULT, arith::CmpFPredicate::UGE};
    ScalarExpr::Node node{Kind::Select, {a, b, c, d}};
    node.predicate = static_cast<unsigned>(predicates[rng.below(8)]);
    return add(node);
  }
  case DivSafe: {
    unsigned a = buildNode(depth - 1), b = buildNode(depth - 1);
    return add({Kind::DivSafe, {a, b}});
  }
  case Exp:
    return unary(Kind::Exp, limitBound(buildNode(depth - 1), 8));
  case LogSafe:
    return unary(Kind::LogSafe, buildNode(depth - 1));
  case SqrtSafe:
    return unary(Kind::SqrtSafe, buildNode(depth - 1));
  case Sin:
    return unary(Kind::Sin, limitBound(buildNode(depth - 1), 64));
  case Cos:
    return unary(Kind::Cos, limitBound(buildNode(depth - 1), 64));
  case Floor: {
    unsigned a = buildNode(depth - 1);
    if (facts[a].err > 0)
      return unary(Kind::Abs, a);
    return unary(rng.chance(0.5) ? Kind::Floor : Kind::Ceil, a);
  }
  case Fma: {
    unsigned a = limitBound(buildNode(depth - 1), 64);
    unsigned b = limitBound(buildNode(depth - 1), 64);
    unsigned c = buildNode(depth - 1);
    return add({Kind::Fma, {a, b, c}});
  }
  case Scale: {
    ScalarExpr::Node node{Kind::Scale, {buildNode(depth - 1)}};
    node.shift = static_cast<int>(rng.range(-2, 1));
    return add(node);
  }
  case NumChoices:
    break;
  }
  llvm_unreachable("unknown choice");
}
