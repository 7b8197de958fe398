//===- ControlFlow.cpp - scope-gen's loops, branches, calls ---------------===//
//
// This file implements the op families with regions or callees:
// scf.for with a tensor iter_arg, scf.if, and calls of helper functions
// generated on the spot.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <algorithm>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

Value ProgramGenerator::emitClamp(OpBuilder &b, Location loc, Value x,
                                  double c) {
  Value lo = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(-c));
  Value hi = arith::ConstantOp::create(b, loc, b.getF32FloatAttr(c));
  Value clamped = arith::MaximumFOp::create(b, loc, x, lo);
  return arith::MinimumFOp::create(b, loc, clamped, hi);
}

bool ProgramGenerator::genFor(PoolTensor init) {
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
                                /*allowDiscontinuous=*/false, rounding);
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
  inBlock(forOp.getBody(), blk->regionDepth + 1, [&] {
    Value iv = forOp.getInductionVar();
    unsigned accIndex =
        push(forOp.getRegionIterArgs()[0], init.shape, iterFacts);
    if (extraOps)
      genOps(extraOps);
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
    closeScopes();
    yield->setOperand(0, fn->pool[updatedIndex].value);
  });
  countExprOps(expr);

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

bool ProgramGenerator::genIf() {
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
    inBlock(block, blk->regionDepth + 1, [&] {
      size_t base = fn->pool.size();
      genOps(1 + rng.below(3));
      closeScopes();
      // The newest tensor made here (or any), shaped as the result.
      int index = fn->pool.size() > base && rng.chance(0.8)
                      ? static_cast<int>(fn->pool.size() - 1)
                      : pickAny();
      PoolTensor value = coerce(use(index), shape, type);
      facts[branch] = value.facts;
      scf::YieldOp::create(builder, loc, value.value);
    });
  }
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
  addArgumentDims();
  SmallVector<unsigned> results;
  inBlock(&callee.getBody().front(), /*regionDepth=*/0, [&] {
    genOps(2 + rng.below(4));
    closeScopes();
    results = chooseResults(2);
    finishFunction(results);
  });
  std::vector<std::pair<SmallVector<int64_t>, ValueFacts>> resultInfo;
  for (unsigned index : results)
    resultInfo.push_back({helper.pool[index].shape, helper.pool[index].facts});
  maybePlaceOnDevice(callee, ScopeKind::FuncDevice, 0.4);

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
  return true;
}

