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

/// Adds to `facts.err` how far an op that a device computes within
/// `deviceUlps` ulp may be from the correctly rounded one (half an ulp) the
/// CPU computes: an ulp of a value bounded by `bound` is at most 2 u bound.
static void addDeviceUlps(ValueFacts &facts, double deviceUlps) {
  facts.err += 2 * (deviceUlps + 0.5) * kF32Unit * facts.bound;
  facts.sources |= kDevicePrecision;
}

RoundingModel scopeir::gen::getRoundingModel(StringRef backend) {
  return backend == "vulkan" ? RoundingModel::Vulkan : RoundingModel::IEEE;
}

ValueFacts ValueFacts::product(const ValueFacts &a, const ValueFacts &b,
                               RoundingModel model) {
  ValueFacts facts;
  facts.bound = a.bound * b.bound;
  facts.frac = a.frac + b.frac;
  facts.exact = a.exact && b.exact;
  facts.settle();
  facts.err = a.bound * b.err + b.bound * a.err + a.err * b.err;
  facts.sources = a.sources | b.sources;
  // A SPIR-V multiply without NoContraction may be fused into the add that
  // consumes it: the sum then sees the product before its rounding.
  if (model == RoundingModel::Vulkan && !facts.exact) {
    facts.err += kF32Unit * facts.bound;
    facts.sources |= kDevicePrecision;
  }
  addRoundingOfUncertainInputs(facts);
  return facts;
}

/// Facts of a transcendental function of `a` whose results are bounded by
/// `bound` and which stretches differences by at most `lipschitz`: libm and
/// a polynomial approximation both round within a few ulp.
static ValueFacts transcendental(const ValueFacts &a, double bound,
                                 double lipschitz) {
  ValueFacts facts;
  facts.bound = bound;
  facts.exact = false;
  facts.err = lipschitz * a.err + kTranscendentalUlps * kF32Unit * bound;
  facts.sources = a.sources | kTranscendental;
  return facts;
}

ValueFacts ValueFacts::exp(const ValueFacts &a, RoundingModel model) {
  double bound = std::exp(a.bound);
  ValueFacts facts = transcendental(a, bound, /*lipschitz=*/bound);
  // Vulkan's exp(x) is within 3 + 2|x| ulp.
  if (model == RoundingModel::Vulkan)
    addDeviceUlps(facts, 3 + 2 * a.bound);
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
// ScalarExpr kinds
//===----------------------------------------------------------------------===//

using Kind = ScalarExpr::Kind;
using Node = ScalarExpr::Node;
/// Emits a node's operand `i` (when the node's kind asks for it, so that
/// each kind decides the order of its ops).
using EmitOperand = llvm::function_ref<Value(unsigned i)>;

static ValueFacts constFacts(const Node &node, ArrayRef<ValueFacts>,
                             RoundingModel) {
  return ValueFacts::constant(node.value);
}
static ValueFacts sumFacts(const Node &, ArrayRef<ValueFacts> operands,
                           RoundingModel) {
  return ValueFacts::add(operands[0], operands[1]);
}
static ValueFacts productFacts(const Node &, ArrayRef<ValueFacts> operands,
                               RoundingModel model) {
  return ValueFacts::product(operands[0], operands[1], model);
}
static ValueFacts joinFacts(const Node &, ArrayRef<ValueFacts> operands,
                            RoundingModel) {
  return ValueFacts::join(operands[0], operands[1]);
}
static ValueFacts sameFacts(const Node &, ArrayRef<ValueFacts> operands,
                            RoundingModel) {
  return operands[0];
}
static ValueFacts selectFacts(const Node &, ArrayRef<ValueFacts> operands,
                              RoundingModel) {
  return ValueFacts::join(operands[2], operands[3]);
}
static ValueFacts divSafeFacts(const Node &, ArrayRef<ValueFacts> operands,
                               RoundingModel model) {
  const ValueFacts &a = operands[0], &b = operands[1];
  ValueFacts facts;
  facts.bound = a.bound;
  facts.exact = false;
  // d/db a/(1+|b|) is at most |a|.
  facts.err = a.err + a.bound * b.err;
  facts.sources = a.sources | b.sources;
  addRoundingOfUncertainInputs(facts);
  // Vulkan's division is within 2.5 ulp (the divisor is at least 1).
  if (model == RoundingModel::Vulkan)
    addDeviceUlps(facts, 2.5);
  return facts;
}
static ValueFacts expFacts(const Node &, ArrayRef<ValueFacts> operands,
                           RoundingModel model) {
  return ValueFacts::exp(operands[0], model);
}
static ValueFacts logSafeFacts(const Node &, ArrayRef<ValueFacts> operands,
                               RoundingModel model) {
  ValueFacts facts = transcendental(operands[0], std::log1p(operands[0].bound),
                                    /*lipschitz=*/1);
  // Vulkan's log is within 2^-21 of the result on [0.5, 2] (1 + |a| is at
  // least 1) and within 3 ulp beyond.
  if (model == RoundingModel::Vulkan) {
    facts.err += std::max(0x1.0p-21, 2 * 3.5 * kF32Unit * facts.bound);
    facts.sources |= kDevicePrecision;
  }
  return facts;
}
static ValueFacts sqrtSafeFacts(const Node &, ArrayRef<ValueFacts> operands,
                                RoundingModel model) {
  // IEEE 754 rounds sqrt correctly: no implementation freedom.
  const ValueFacts &a = operands[0];
  ValueFacts facts;
  facts.bound = std::sqrt(1 + a.bound);
  facts.exact = false;
  facts.err = a.err / 2;
  facts.sources = a.sources;
  addRoundingOfUncertainInputs(facts);
  // Vulkan's sqrt is inherited from 1 / inversesqrt: 2 ulp, then 2.5.
  if (model == RoundingModel::Vulkan)
    addDeviceUlps(facts, 2 + 2.5);
  return facts;
}
static ValueFacts sinCosFacts(const Node &, ArrayRef<ValueFacts> operands,
                              RoundingModel model) {
  ValueFacts facts = transcendental(operands[0], /*bound=*/1,
                                    /*lipschitz=*/1);
  // Vulkan's sin and cos are within 2^-11 on [-pi, pi], where the builder
  // keeps their operands under this model.
  if (model == RoundingModel::Vulkan) {
    facts.err += 0x1.0p-11;
    facts.sources |= kDevicePrecision;
  }
  return facts;
}
static ValueFacts floorFacts(const Node &, ArrayRef<ValueFacts> operands,
                             RoundingModel) {
  // Only built on operands with err 0.
  return ValueFacts::floor(operands[0]);
}
static ValueFacts fmaFacts(const Node &, ArrayRef<ValueFacts> operands,
                           RoundingModel model) {
  const ValueFacts &a = operands[0], &b = operands[1], &c = operands[2];
  // Under Vulkan's rules fma may be a multiply then an add: the product's
  // facts under the model include its rounding.
  ValueFacts p = ValueFacts::product(a, b, model);
  ValueFacts facts;
  facts.bound = p.bound + c.bound;
  facts.frac = std::max(a.frac + b.frac, c.frac);
  facts.exact = a.exact && b.exact && c.exact;
  facts.settle();
  facts.err = p.err + c.err;
  facts.sources = p.sources | c.sources;
  addRoundingOfUncertainInputs(facts);
  return facts;
}
static ValueFacts scaleFacts(const Node &node, ArrayRef<ValueFacts> operands,
                             RoundingModel) {
  ValueFacts facts = operands[0];
  facts.bound = std::ldexp(facts.bound, node.shift);
  facts.err = std::ldexp(facts.err, node.shift);
  facts.frac -= node.shift;
  return facts;
}

static Value f32Constant(OpBuilder &builder, Location loc, double value) {
  return arith::ConstantOp::create(builder, loc,
                                   builder.getF32FloatAttr(value));
}

/// 1 + |x|: at least 1.
static Value onePlusAbs(OpBuilder &b, Location loc, Value x) {
  Value abs = math::AbsFOp::create(b, loc, x);
  return arith::AddFOp::create(b, loc, abs, f32Constant(b, loc, 1.0));
}

static Value emitConst(OpBuilder &b, Location loc, const Node &node,
                       EmitOperand) {
  return f32Constant(b, loc, node.value);
}
template <typename OpTy>
static Value emitUnary(OpBuilder &b, Location loc, const Node &,
                       EmitOperand operand) {
  return OpTy::create(b, loc, operand(0));
}
template <typename OpTy>
static Value emitBinary(OpBuilder &b, Location loc, const Node &,
                        EmitOperand operand) {
  Value lhs = operand(0);
  Value rhs = operand(1);
  return OpTy::create(b, loc, lhs, rhs);
}
/// A max or min: `NumOpTy` (maxnumf, minnumf) where the node's predicate is
/// set. No NaN is ever generated, so both flavours compute the same.
template <typename NumOpTy, typename OpTy>
static Value emitMaxMin(OpBuilder &b, Location loc, const Node &node,
                        EmitOperand operand) {
  if (node.predicate)
    return emitBinary<NumOpTy>(b, loc, node, operand);
  return emitBinary<OpTy>(b, loc, node, operand);
}
/// `OpTy` of 1 + |a|.
template <typename OpTy>
static Value emitOfOnePlusAbs(OpBuilder &b, Location loc, const Node &,
                              EmitOperand operand) {
  return OpTy::create(b, loc, onePlusAbs(b, loc, operand(0)));
}
static Value emitSelect(OpBuilder &b, Location loc, const Node &node,
                        EmitOperand operand) {
  Value lhs = operand(0), rhs = operand(1);
  Value cond = arith::CmpFOp::create(
      b, loc, static_cast<arith::CmpFPredicate>(node.predicate), lhs, rhs);
  Value ifTrue = operand(2);
  Value ifFalse = operand(3);
  return arith::SelectOp::create(b, loc, cond, ifTrue, ifFalse);
}
static Value emitDivSafe(OpBuilder &b, Location loc, const Node &,
                         EmitOperand operand) {
  Value num = operand(0);
  return arith::DivFOp::create(b, loc, num, onePlusAbs(b, loc, operand(1)));
}
static Value emitFma(OpBuilder &b, Location loc, const Node &,
                     EmitOperand operand) {
  Value x = operand(0), y = operand(1), z = operand(2);
  return math::FmaOp::create(b, loc, x, y, z);
}
static Value emitScale(OpBuilder &b, Location loc, const Node &node,
                       EmitOperand operand) {
  Value x = operand(0);
  return arith::MulFOp::create(
      b, loc, x, f32Constant(b, loc, std::ldexp(1.0, node.shift)));
}

namespace {
/// What the generator knows about one ScalarExpr::Kind.
struct KindInfo {
  /// Facts of a node's value from the facts of its operands.
  ValueFacts (*evaluate)(const Node &node, ArrayRef<ValueFacts> operands,
                         RoundingModel model);
  /// Emits a node's ops.
  Value (*emit)(OpBuilder &b, Location loc, const Node &node,
                EmitOperand operand);
  /// The feature a node counts as (an op beyond the basic arithmetic), or
  /// null.
  const char *feature;
};
} // namespace

/// Every kind, in ScalarExpr::Kind order. A leaf is its leaf's value: it has
/// no entry of its own.
static const KindInfo kKinds[] = {
    /*Leaf*/ {nullptr, nullptr, nullptr},
    /*Const*/ {constFacts, emitConst, nullptr},
    /*Add*/ {sumFacts, emitBinary<arith::AddFOp>, nullptr},
    /*Sub*/ {sumFacts, emitBinary<arith::SubFOp>, nullptr},
    /*Mul*/ {productFacts, emitBinary<arith::MulFOp>, nullptr},
    /*Max*/
    {joinFacts, emitMaxMin<arith::MaxNumFOp, arith::MaximumFOp>, nullptr},
    /*Min*/
    {joinFacts, emitMaxMin<arith::MinNumFOp, arith::MinimumFOp>, nullptr},
    /*Neg*/ {sameFacts, emitUnary<arith::NegFOp>, nullptr},
    /*Abs*/ {sameFacts, emitUnary<math::AbsFOp>, nullptr},
    /*Select*/ {selectFacts, emitSelect, "arith.cmpf+select"},
    /*DivSafe*/ {divSafeFacts, emitDivSafe, "arith.divf"},
    /*Exp*/ {expFacts, emitUnary<math::ExpOp>, "math.exp"},
    /*LogSafe*/ {logSafeFacts, emitOfOnePlusAbs<math::LogOp>, "math.log"},
    /*SqrtSafe*/ {sqrtSafeFacts, emitOfOnePlusAbs<math::SqrtOp>, "math.sqrt"},
    /*Sin*/ {sinCosFacts, emitUnary<math::SinOp>, "math.sin/cos"},
    /*Cos*/ {sinCosFacts, emitUnary<math::CosOp>, "math.sin/cos"},
    /*Floor*/ {floorFacts, emitUnary<math::FloorOp>, "math.floor/ceil"},
    /*Ceil*/ {floorFacts, emitUnary<math::CeilOp>, "math.floor/ceil"},
    /*Fma*/ {fmaFacts, emitFma, "math.fma"},
    /*Scale*/ {scaleFacts, emitScale, nullptr},
};
static_assert(std::size(kKinds) == static_cast<size_t>(Kind::Scale) + 1);

static const KindInfo &getKindInfo(Kind kind) {
  return kKinds[static_cast<unsigned>(kind)];
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
  if (node.kind == Kind::Leaf)
    return leaves[node.leaf];
  SmallVector<ValueFacts, 4> operands;
  for (unsigned operand : node.operands)
    operands.push_back(evaluateNode(operand, leaves));
  return getKindInfo(node.kind).evaluate(node, operands, model);
}

Value ScalarExpr::emit(OpBuilder &builder, Location loc,
                       ArrayRef<Value> leaves) const {
  return emitNode(root, builder, loc, leaves);
}

Value ScalarExpr::emitNode(unsigned index, OpBuilder &b, Location loc,
                           ArrayRef<Value> leaves) const {
  const Node &node = nodes[index];
  if (node.kind == Kind::Leaf)
    return leaves[node.leaf];
  return getKindInfo(node.kind).emit(b, loc, node, [&](unsigned i) {
    return emitNode(node.operands[i], b, loc, leaves);
  });
}

void ScalarExpr::collectOpNames(SmallVectorImpl<std::string> &names) const {
  for (const Node &node : nodes)
    if (const char *feature = getKindInfo(node.kind).feature)
      names.push_back(feature);
}

//===----------------------------------------------------------------------===//
// ScalarExprBuilder
//===----------------------------------------------------------------------===//

ScalarExpr ScalarExprBuilder::build(ArrayRef<ValueFacts> leaves,
                                    unsigned depth) {
  expr = ScalarExpr();
  expr.model = model;
  facts.clear();
  leafFacts = leaves;
  expr.root = limitBound(buildNode(depth), 4096);
  return std::move(expr);
}

unsigned ScalarExprBuilder::add(ScalarExpr::Node node) {
  expr.nodes.push_back(node);
  // Evaluate the new node alone: its operands' facts are known.
  ScalarExpr probe;
  probe.model = model;
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
  case Cos: {
    // Vulkan bounds the error of sin and cos on [-pi, pi] only.
    double limit = model == RoundingModel::Vulkan ? 3 : 64;
    return unary(choice == Sin ? Kind::Sin : Kind::Cos,
                 limitBound(buildNode(depth - 1), limit));
  }
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
