//===- CodegenTU.cpp - scope-gen's codegen.scope.tu scopes ----------------===//
//
// This file implements the codegen-tu scope kind: in a device scope, a
// linalg op is wrapped in a `codegen.scope.tu` of its own whose strategy is
// a pass pipeline or a transform named sequence of the module (which tiles
// the op's first loop), sometimes followed by a consumer tu scope tied to
// its result; and a device scope may carry a `#codegen.strategy` that gives
// the backend's own contraction scopes that sequence. A strategy changes how
// an op is compiled, never what it computes.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Util/Utils/ScopeUtils.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

/// The named sequences the generated strategies name: each tiles the first
/// loop of the ops it matches in its scope by its parameter. The first
/// matches any linalg op (a generated tu scope holds one); the second only
/// contractions, for `#codegen.strategy`, whose scopes the backend forms
/// around a contraction and the fill producing its init.
static constexpr llvm::StringLiteral kTileSequenceName = "scope_gen_tile";
static constexpr llvm::StringLiteral kTileContractionSequenceName =
    "scope_gen_tile_contraction";
static constexpr llvm::StringLiteral kTileSequences = R"mlir(
module attributes {transform.with_named_sequence} {
  transform.named_sequence @scope_gen_tile(
      %scope: !transform.any_op {transform.readonly},
      %size: !transform.param<i64> {transform.readonly}) {
    %ops = transform.structured.match interface{LinalgOp} in %scope
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %ops tile_sizes [%size]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
  transform.named_sequence @scope_gen_tile_contraction(
      %scope: !transform.any_op {transform.readonly},
      %size: !transform.param<i64> {transform.readonly}) {
    %ops = transform.structured.match ops{["linalg.matmul",
                                           "linalg.batch_matmul"]} in %scope
        : (!transform.any_op) -> !transform.any_op
    %tiled, %loop = transform.structured.tile_using_for %ops tile_sizes [%size]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
)mlir";

void ProgramGenerator::addTileSequence() {
  if (module.lookupSymbol(kTileSequenceName))
    return;
  module->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                  UnitAttr::get(context));
  ParserConfig config(context);
  OwningOpRef<ModuleOp> parsed =
      parseSourceString<ModuleOp>(kTileSequences, config);
  if (!parsed)
    llvm::report_fatal_error("scope-gen: the tile sequence does not parse");
  // Sequences go first in the module, above the functions.
  Block *body = module.getBody();
  body->getOperations().splice(body->begin(),
                               parsed->getBody()->getOperations());
}

Attribute ProgramGenerator::randomStrategyAttr() {
  addTileSequence();
  int64_t size = 1 + scopeRng.below(4);
  std::string text = "#codegen.strategy<contraction = @" +
                     kTileContractionSequenceName.str() + "(" +
                     std::to_string(size) + " : i64)>";
  Attribute attr = parseAttribute(text, context);
  if (!attr)
    llvm::report_fatal_error("scope-gen: #codegen.strategy does not parse");
  program.hasStrategies = true;
  countScope("codegen-strategy");
  return attr;
}

/// Returns true if `op` can be the body of a generated tu scope: a linalg op
/// on tensors with at least one loop (the sequence tiles the first), one
/// result and only tensor operands.
static bool isTUCandidate(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp || op->getNumResults() != 1 || linalgOp.getNumLoops() == 0 ||
      !linalgOp.hasPureTensorSemantics() || linalgOp.getNumDpsInits() != 1)
    return false;
  return llvm::all_of(op->getOperandTypes(),
                      [](Type type) { return isa<RankedTensorType>(type); });
}

/// Wraps `op` in a tu scope capturing its operands, the result tied to the
/// capture of operand `tie` where it has the result's type; returns the
/// scope.
static codegen::TUOp wrapInTU(OpBuilder &b, Location loc, linalg::LinalgOp op,
                              std::optional<unsigned> tie) {
  SmallVector<Value> captures(op->getOperands());
  SmallVector<Value> captureDims = buildDynamicDims(b, loc, captures);
  Value init = captures[op.getDpsInitOperand(0)->getOperandNumber()];
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<Value> resultDims;
  SmallVector<int64_t> ties = {-1};
  if (tie && captures[*tie].getType() == resultType) {
    ties[0] = *tie;
  } else {
    for (int64_t d = 0; d < resultType.getRank(); ++d)
      if (resultType.isDynamicDim(d))
        resultDims.push_back(tensor::DimOp::create(b, loc, init, d));
  }
  auto scope =
      codegen::TUOp::create(b, loc, TypeRange{resultType}, resultDims, captures,
                            captureDims, ties, ArrayRef<Attribute>{});
  OpBuilder inner = OpBuilder::atBlockEnd(&scope.getEntryBlock());
  IRMapping mapping;
  mapping.map(captures, scope.getEntryBlock().getArguments());
  Operation *clone = inner.clone(*op, mapping);
  codegen::YieldOp::create(inner, loc, clone->getResults());
  op->getResult(0).replaceAllUsesWith(scope.getResult(0));
  op->erase();
  return scope;
}

void ProgramGenerator::maybeAddTUScopes(Operation *scope) {
  if (!hasScope(ScopeKind::CodegenTU) || !scopeRng.chance(0.6))
    return;
  Block &body = scope->getRegion(0).front();
  SmallVector<linalg::LinalgOp> candidates;
  for (Operation &op : body)
    if (isTUCandidate(&op))
      candidates.push_back(cast<linalg::LinalgOp>(op));
  if (candidates.empty())
    return;
  // Roots whose result another candidate reads come first: a chain of two
  // tu scopes is the rarer shape.
  SmallVector<linalg::LinalgOp> chained;
  for (linalg::LinalgOp candidate : candidates)
    if (llvm::any_of(candidate->getResult(0).getUsers(), [&](Operation *user) {
          return user->getBlock() == &body && isTUCandidate(user);
        }))
      chained.push_back(candidate);
  linalg::LinalgOp root = !chained.empty() && scopeRng.chance(0.7)
                              ? chained[scopeRng.below(chained.size())]
                              : candidates[scopeRng.below(candidates.size())];
  // A consumer of the root's result in the same block: a tu scope of its
  // own, tied to the capture of that result (the chain of
  // test/Integration/codegen-tu-in-device.mlir). The scope also returns the
  // root's result, so bufferization copies it rather than update it in
  // place: a tie is a request, not a promise.
  linalg::LinalgOp consumer;
  std::optional<unsigned> consumerTie;
  for (linalg::LinalgOp candidate : candidates)
    for (OpOperand &operand : candidate->getOpOperands())
      if (candidate != root && operand.get() == root->getResult(0) &&
          !consumer) {
        consumer = candidate;
        consumerTie = operand.getOperandNumber();
      }

  OpBuilder b(root);
  std::optional<unsigned> tie;
  if (scopeRng.chance(0.5))
    tie = root.getDpsInitOperand(0)->getOperandNumber();
  codegen::TUOp tu = wrapInTU(b, loc, root, tie);
  // 0: a pass pipeline, 1: the tile sequence.
  static const unsigned strategyWeights[] = {1, 2};
  if (scopeRng.weighted(strategyWeights) == 0) {
    tu.setStrategyInfo(codegen::Strategy::getPipeline(
        StringAttr::get(context, "canonicalize,cse")));
    countScope("codegen-tu:pipeline");
  } else {
    program.hasStrategies = true;
    addTileSequence();
    int64_t size = 1 + scopeRng.below(4);
    tu.setStrategyInfo(codegen::Strategy::getSequence(
        FlatSymbolRefAttr::get(context, kTileSequenceName),
        ArrayAttr::get(
            context, {IntegerAttr::get(IntegerType::get(context, 64), size)})));
    countScope("codegen-tu:sequence");
  }
  countScope(getScopeKindName(ScopeKind::CodegenTU));

  if (consumer && scopeRng.chance(0.8)) {
    OpBuilder cb(consumer);
    codegen::TUOp consumerTU = wrapInTU(cb, loc, consumer, consumerTie);
    consumerTU.setStrategyInfo(codegen::Strategy::getPipeline(
        StringAttr::get(context, "canonicalize")));
    countScope("codegen-tu:consumer");
  }
}
