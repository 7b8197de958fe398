//===- TestInsertScopes.cpp - Wrap random op ranges in scopes -------------===//
//
// This file implements the test-util-insert-scopes test pass, which wraps
// pseudo-random ranges of ops in scopes of random forms, so that lit tests
// can check that inserting scopes and stripping them gives the input back.
//
//===----------------------------------------------------------------------===//

#include "Dialect/Util/TestPasses.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Utils/DimBuilder.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

#include <random>
#include <string>

namespace scopeir::test {
#define GEN_PASS_DEF_TESTINSERTSCOPESPASS
#include "Dialect/Util/TestPasses.h.inc"
} // namespace scopeir::test

using namespace mlir;
using namespace scopeir::util;

namespace {

/// How deep the pass nests scopes it creates inside scopes it created.
constexpr unsigned kMaxNesting = 2;
/// The longest range of ops one scope wraps.
constexpr size_t kMaxRangeLength = 6;

struct TestInsertScopesPass
    : public scopeir::test::impl::TestInsertScopesPassBase<
          TestInsertScopesPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  // The random choices use the generator's raw output (fully specified by the
  // standard), not std::*_distribution, whose results differ across standard
  // libraries.
  bool chance(double probability) {
    return static_cast<double>(rng() >> 8) / static_cast<double>(1u << 24) <
           probability;
  }
  unsigned pick(unsigned n) { return rng() % n; }

  void processBlock(Block *block, unsigned depth);
  ScopeOpInterface tryWrap(ArrayRef<Operation *> range);
  ArrayAttr randomScopeAttrs();

  std::mt19937 rng;
  IRRewriter *rewriter = nullptr;
  DimOpIndex dimIndex;
  SmallVector<std::pair<Block *, unsigned>> worklist;
};

ArrayAttr TestInsertScopesPass::randomScopeAttrs() {
  if (!chance(0.5))
    return {};
  std::string name = "z" + std::to_string(pick(1000));
  return rewriter->getArrayAttr(ZoneAttr::get(&getContext(), name));
}

ScopeOpInterface TestInsertScopesPass::tryWrap(ArrayRef<Operation *> range) {
  Block *block = range.front()->getBlock();
  llvm::SmallPtrSet<Operation *, 8> inRange(range.begin(), range.end());
  auto isOutside = [&](Operation *user) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    return !ancestor || !inRange.contains(ancestor);
  };

  // The values used after the range become results.
  SmallVector<Value> results;
  for (Operation *op : range)
    for (Value result : op->getResults())
      if (llvm::any_of(result.getUsers(), isOutside))
        results.push_back(result);

  // Wrap the range in a util.annotate first: its implicit captures and
  // returned values are what every form starts from.
  rewriter->setInsertionPoint(range.front());
  Location loc = range.front()->getLoc();
  auto annotate = AnnotateOp::create(
      *rewriter, loc, ValueRange(results).getTypes(), randomScopeAttrs());
  moveOpsIntoScope(*rewriter, annotate, range.front()->getIterator(),
                   std::next(range.back()->getIterator()), results);

  // Result dims must already exist above the range (no new op outside).
  DynamicDimBuilder dims(annotate, /*allowCreate=*/false, dimIndex);
  for (Value result : annotate.getResults()) {
    if (failed(dims.getDynamicDims(result))) {
      dims.eraseUnusedOps();
      (void)inlineScope(*rewriter, annotate);
      return {};
    }
  }

  ScopeOpInterface scope = annotate;
  unsigned form = pick(3);
  if (form != 0) {
    // Form 1 captures nothing explicitly (and so ties nothing).
    ScopeOpOperands operands;
    LogicalResult chosen = chooseCapturesAndTies(
        annotate, dims, [&] { return form == 2 && chance(0.7); },
        [&] { return chance(0.5); }, operands);
    assert(succeeded(chosen) && "the result dims were found above");
    (void)chosen;
    scope = replaceWithScopeOp(*rewriter, annotate, operands);
  }
  dims.eraseUnusedOps();

  // Undo a scope that does not verify, or whose parent or a user of whose
  // results no longer does (an op that constrains where its operands or its
  // parent come from, such as tosa.reshape, whose shape must be a
  // tosa.const_shape).
  ScopedDiagnosticHandler silence(&getContext(),
                                  [](Diagnostic &) { return success(); });
  // (An isolated parent, such as a function, is not verified: its verifier
  // walks its whole body, and a scope cannot break isolation.)
  Operation *parent = scope->getParentOp();
  bool verifyParent =
      parent && !parent->hasTrait<OpTrait::IsIsolatedFromAbove>();
  auto usersVerify = [&] {
    for (Operation *user : scope->getUsers())
      if (failed(verify(user, /*verifyRecursively=*/false)))
        return false;
    return true;
  };
  if (failed(verify(scope)) ||
      (verifyParent && failed(verify(parent, /*verifyRecursively=*/false))) ||
      !usersVerify()) {
    (void)inlineScope(*rewriter, scope);
    return {};
  }
  return scope;
}

void TestInsertScopesPass::processBlock(Block *block, unsigned depth) {
  SmallVector<Operation *> ops;
  for (Operation &op : *block)
    ops.push_back(&op);
  if (!ops.empty() && ops.back()->hasTrait<OpTrait::IsTerminator>())
    ops.pop_back();

  size_t i = 0;
  while (i < ops.size()) {
    if (!chance(density)) {
      ++i;
      continue;
    }
    size_t length =
        1 +
        pick(static_cast<unsigned>(std::min(kMaxRangeLength, ops.size() - i)));
    ScopeOpInterface scope;
    for (; length > 0 && !scope; length /= 2)
      scope = tryWrap(ArrayRef(ops).slice(i, length));
    if (!scope) {
      ++i;
      continue;
    }
    i += scope.getScopeBody().front().getOperations().size() - 1;
    if (depth < kMaxNesting && chance(0.5))
      worklist.push_back({&scope.getScopeBody().front(), depth + 1});
  }
}

void TestInsertScopesPass::runOnOperation() {
  rng.seed(seed);
  IRRewriter localRewriter(&getContext());
  rewriter = &localRewriter;
  // Nothing may survive from a previous run: the index holds op pointers.
  dimIndex = DimOpIndex();
  if (getEnclosingTransformOp(getOperation()))
    return;

  // Function bodies and the blocks of region ops nested in them (scf.for,
  // scf.if, scopes, ...), in IR order. Transform IR is not payload: a
  // transform.named_sequence is function-like, but a scope in it would mean
  // nothing (the verifier rejects it), so nothing inside transform IR is
  // visited.
  getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<transform::TransformOpInterface>(op))
      return WalkResult::skip();
    auto func = dyn_cast<FunctionOpInterface>(op);
    if (!func)
      return WalkResult::advance();
    for (Region &region : func->getRegions())
      for (Block &block : region)
        worklist.push_back({&block, 0});
    func->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == func.getOperation())
        return WalkResult::advance();
      if (op->hasTrait<OpTrait::IsIsolatedFromAbove>())
        return WalkResult::skip();
      if (isa<RegionBranchOpInterface>(op))
        for (Region &region : op->getRegions())
          for (Block &block : region)
            worklist.push_back({&block, 0});
      return WalkResult::advance();
    });
    return WalkResult::skip();
  });

  for (size_t i = 0; i < worklist.size(); ++i)
    processBlock(worklist[i].first, worklist[i].second);
  worklist.clear();
  dimIndex = DimOpIndex();
  rewriter = nullptr;
}

} // namespace
