//===- ValueFacts.h - What scope-gen knows about generated values -*- C++ -*-===//
//
// This file declares ValueFacts, the bounds scope-gen tracks for every tensor
// it generates (a magnitude bound, whether the value was computed without
// rounding, and how far two correct compilers may disagree on it), and the
// scalar expression trees the generator puts in linalg.generic bodies.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TOOLS_SCOPE_GEN_VALUEFACTS_H
#define SCOPEIR_TOOLS_SCOPE_GEN_VALUEFACTS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace scopeir::gen {

/// The op families a value's tolerance comes from (a bit mask in
/// ValueFacts::sources). A family only appears where it made two correct
/// implementations disagree, not merely where it was used.
enum ToleranceSource : uint32_t {
  /// A sum whose order is free (matmul, convolution, reduction) over terms
  /// that are rounded: each order rounds differently.
  kReassociation = 1u << 0,
  /// A transcendental function (exp, log, sin, cos): libm and a polynomial
  /// approximation are both correct within a few ulp.
  kTranscendental = 1u << 1,
  /// An op whose precision a device's rules leave open (Vulkan: sqrt,
  /// division, fma, a product an add may consume unrounded, exp, log, sin,
  /// cos), in a program that may compute it on that device.
  kDevicePrecision = 1u << 2,
};

/// The rounding rules of the backends that may compute a program's values:
/// how far the ops whose precision a backend's specification leaves open
/// may stray from the correctly rounded result.
enum class RoundingModel {
  /// IEEE 754 as the CPU backends and the reference compute: +, -, *, /,
  /// sqrt and fma correctly rounded (fma fused), a product rounded before a
  /// sum consumes it; transcendental functions within a few ulp.
  IEEE,
  /// The rules of the Vulkan environment for SPIR-V ("Precision and
  /// Operation of SPIR-V Instructions"): sqrt inherited from
  /// 1 / inversesqrt (2 and 2.5 ulp), division 2.5 ulp, fma inherited from a
  /// multiply then an add (fused or not), a multiply without NoContraction
  /// fused into the add that consumes it, exp (3 + 2|x|) ulp, log 3 ulp
  /// (2^-21 absolute in [0.5, 2]), sin and cos 2^-11 absolute on [-pi, pi]
  /// (undefined outside).
  Vulkan,
};

/// The rounding model of the device backend `backend` (scope-gen
/// --device-backend): Vulkan for `vulkan`, IEEE otherwise.
RoundingModel getRoundingModel(llvm::StringRef backend);

/// Unit roundoff of f32 (round to nearest).
constexpr double kF32Unit = 0x1.0p-24;
/// The error, in units of the result's magnitude bound, that a
/// transcendental implementation may add (8 ulp).
constexpr double kTranscendentalUlps = 8;

/// What the generator knows about every element of a value. Two compilers
/// that both implement the program correctly may disagree on an element by
/// at most `err`; when `err` is 0 they must agree bit for bit.
struct ValueFacts {
  /// Every element satisfies |x| <= bound.
  double bound = 0;
  /// When `exact`: every element is an integer multiple of 2^-frac.
  int frac = 0;
  /// No operation producing the value (or its inputs) rounded, so any
  /// evaluation order gives the same bits.
  bool exact = true;
  /// The absolute amount two correct implementations may differ by.
  double err = 0;
  /// ToleranceSource bits contributing to `err`.
  uint32_t sources = 0;

  /// Facts of a compile-time constant.
  static ValueFacts constant(double value);
  /// Facts of a value holding any of `values` (dyadic rationals).
  static ValueFacts ofValues(llvm::ArrayRef<float> values);

  /// Clears `exact` if a result with these bound and frac bits cannot be
  /// represented exactly in f32 (it was rounded).
  void settle();
  /// Facts of a value that is either `a` or `b` (select, scf.if, slices of
  /// both inserted into one tensor).
  static ValueFacts join(const ValueFacts &a, const ValueFacts &b);
  /// Facts of a sum of `count` terms of `term` plus an accumulator `init`,
  /// in an order the compiler may choose.
  static ValueFacts sum(const ValueFacts &term, int64_t count,
                        const ValueFacts &init);
  /// Facts of `a + b` or `a - b` (one operation: one evaluation order).
  static ValueFacts add(const ValueFacts &a, const ValueFacts &b);
  /// Facts of the product of `a` and `b` (rounded once; under `model`,
  /// maybe not rounded at all where a sum consumes it).
  static ValueFacts product(const ValueFacts &a, const ValueFacts &b,
                            RoundingModel model);
  /// Facts of exp(a): implementations of exp differ by a few ulp (more
  /// under a device's rules).
  static ValueFacts exp(const ValueFacts &a, RoundingModel model);
  /// Facts of floor(a) or ceil(a), for an `a` that every correct
  /// implementation computes alike (err 0): an integer they agree on.
  static ValueFacts floor(const ValueFacts &a);
};

/// The generator's source of randomness: std::mt19937_64, whose output the
/// C++ standard fully specifies, used through its raw output only (the
/// std::*_distribution classes differ between standard libraries), so that
/// a seed gives the same program everywhere.
class Rng {
public:
  explicit Rng(uint64_t seed) : engine(seed) {}
  uint64_t next() { return engine(); }
  /// A number in [0, n).
  unsigned below(unsigned n) { return n == 0 ? 0 : next() % n; }
  /// A number in [lo, hi].
  int64_t range(int64_t lo, int64_t hi) {
    return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1));
  }
  bool chance(double probability) {
    return static_cast<double>(next() >> 11) * 0x1.0p-53 < probability;
  }
  /// Index of a weighted choice.
  unsigned weighted(llvm::ArrayRef<unsigned> weights);

private:
  std::mt19937_64 engine;
};

//===----------------------------------------------------------------------===//
// Scalar expressions
//===----------------------------------------------------------------------===//

/// A scalar f32 expression tree over leaves (block arguments of a
/// linalg.generic body) and constants. The tree is data so that its facts
/// can be evaluated again for other leaf facts (a loop body runs many times).
struct ScalarExpr {
  enum class Kind {
    Leaf,
    Const,
    Add,
    Sub,
    Mul,
    Max,
    Min,
    Neg,
    Abs,
    /// cmpf(pred, a, b) ? c : d; a and b are never uncertain (err 0).
    Select,
    /// a / (1 + |b|): a denominator bounded away from 0.
    DivSafe,
    /// exp(a), |a| bounded.
    Exp,
    /// log(1 + |a|).
    LogSafe,
    /// sqrt(1 + |a|).
    SqrtSafe,
    Sin,
    Cos,
    /// floor(a) and ceil(a); a is never uncertain.
    Floor,
    Ceil,
    /// math.fma(a, b, c).
    Fma,
    /// a * 2^shift (exact).
    Scale,
  };

  struct Node {
    Kind kind;
    llvm::SmallVector<unsigned, 4> operands;
    unsigned leaf = 0;
    double value = 0;
    int shift = 0;
    unsigned predicate = 0;
  };

  std::vector<Node> nodes;
  unsigned root = 0;
  /// The rounding rules the expression's facts are evaluated under.
  RoundingModel model = RoundingModel::IEEE;

  /// Facts of the expression's value given the facts of its leaves.
  ValueFacts evaluate(llvm::ArrayRef<ValueFacts> leaves) const;
  /// Emits the expression with arith/math ops; `leaves` are its leaf values.
  mlir::Value emit(mlir::OpBuilder &builder, mlir::Location loc,
                   llvm::ArrayRef<mlir::Value> leaves) const;
  /// Names of the math ops used ("exp", ...), for the feature counts.
  void collectOpNames(llvm::SmallVectorImpl<std::string> &names) const;

private:
  ValueFacts evaluateNode(unsigned index,
                          llvm::ArrayRef<ValueFacts> leaves) const;
  mlir::Value emitNode(unsigned index, mlir::OpBuilder &builder,
                       mlir::Location loc,
                       llvm::ArrayRef<mlir::Value> leaves) const;
};

/// Builds random scalar expressions whose results are well defined on the
/// facts of their leaves: no NaN, no infinity, no division by a value near
/// 0, discontinuous ops (floor, comparisons) only on values every correct
/// compiler computes bit for bit alike.
class ScalarExprBuilder {
public:
  ScalarExprBuilder(Rng &rng, bool allowMath, bool allowDiscontinuous,
                    RoundingModel model)
      : rng(rng), allowMath(allowMath), allowDiscontinuous(allowDiscontinuous),
        model(model) {}

  /// A random expression over leaves with `leafFacts`, at most `depth` deep.
  ScalarExpr build(llvm::ArrayRef<ValueFacts> leafFacts, unsigned depth);

private:
  unsigned buildNode(unsigned depth);
  unsigned add(ScalarExpr::Node node);
  /// Wraps `index` in a Scale node if its bound exceeds `limit`.
  unsigned limitBound(unsigned index, double limit);
  ValueFacts factsOf(unsigned index) { return facts[index]; }

  Rng &rng;
  bool allowMath;
  bool allowDiscontinuous;
  RoundingModel model;
  ScalarExpr expr;
  std::vector<ValueFacts> facts;
  llvm::ArrayRef<ValueFacts> leafFacts;
};

/// Returns a random dyadic constant k/4, |k| <= 8.
double randomDyadic(Rng &rng);

/// Returns the smallest power of two >= x (x > 0).
double powerOfTwoAtLeast(double x);

} // namespace scopeir::gen

#endif // SCOPEIR_TOOLS_SCOPE_GEN_VALUEFACTS_H
