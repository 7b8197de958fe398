//===- Elementwise.cpp - scope-gen's elementwise ops ----------------------===//
//
// This file implements the elementwise op families: linalg.generic with a
// random scalar expression (ValueFacts.h) for a body, the named
// elementwise linalg ops, and linalg.fill.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <cmath>

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
  SmallVector<std::string> names;
  expr.collectOpNames(names);
  for (const std::string &name : names)
    count(name);
  push(generic.getResult(0), shape, expr.evaluate(leafFacts));
  return true;
}

bool ProgramGenerator::genNamedElementwise(PoolTensor a) {
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
  push(result, a.shape, facts);
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

