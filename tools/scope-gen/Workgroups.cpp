//===- Workgroups.cpp - scope-gen's workgroups scopes ---------------------===//
//
// This file implements the workgroups scope kind: an elementwise linalg op
// the program just computed is replaced by the same op distributed by hand
// over a grid of workgroups, a `codegen.scope.workgroups` whose body slices
// the operands at its tile, applies the op to the slices and writes the tile
// with `codegen.store`: at the top of the body, once per sub-tile in an
// `scf.for`, or under an `scf.if` whose branches store the tile whole or
// by sub-tiles. Every element of the result is stored exactly once, so the
// scope computes what the op computes, element by element with the same
// scalar operations, and `scope-run --codegen-check-stores` must find
// nothing to report.
//
// Like every scope decision, the choices come from the scope stream and
// nothing here draws from the program's: the program without scopes holds
// the op itself.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

/// Returns true if `op` is an elementwise linalg op on tensors that a grid
/// of workgroups can compute tile by tile: parallel loops only, one result
/// written through the identity map, inputs read through projections, and
/// a body that uses nothing from above.
static bool isDistributable(linalg::LinalgOp op) {
  if (op->getNumResults() != 1 || op.getNumDpsInits() != 1 ||
      op.getNumLoops() == 0 || op.getNumParallelLoops() != op.getNumLoops() ||
      !op.hasPureTensorSemantics())
    return false;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<RankedTensorType>(operand.get().getType()))
      return false;
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isProjectedPermutation(/*allowZeroInResults=*/false))
      return false;
    if (op.isDpsInit(&operand) && !map.isIdentity())
      return false;
  }
  llvm::SetVector<Value> above;
  getUsedValuesDefinedAbove(op->getRegions(), above);
  return above.empty();
}

/// An index value of runtime value `size` for a dim: an argument's dim of
/// that size or a constant. Unlike sizeValue, it draws nothing from the
/// program's random stream.
Value ProgramGenerator::knownSizeValue(int64_t size) {
  for (auto &[v, result] : fn->dynamicSizes)
    if (v == size)
      return result;
  return constantIndex(size);
}

void ProgramGenerator::maybeDistributeOverWorkgroups() {
  if (!hasScope(ScopeKind::Workgroups) || fn->pool.empty())
    return;
  PoolTensor &last = fn->pool.back();
  auto op = last.value.getDefiningOp<linalg::LinalgOp>();
  if (!op || op->getBlock() != blk->block || !isDistributable(op) ||
      !scopeRng.chance(0.3))
    return;
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  int64_t rank = resultType.getRank();
  ArrayRef<int64_t> shape = last.shape;

  // The grid: the first one or two dims, each cut into tiles of a random
  // size (the last tile shorter where the size does not divide).
  unsigned gridRank = rank >= 2 && scopeRng.chance(0.5) ? 2 : 1;
  SmallVector<int64_t> tileSizes;
  for (unsigned d = 0; d < gridRank; ++d)
    tileSizes.push_back(1 + scopeRng.below(shape[d]));
  enum Body { Top, Loop, Branch };
  static const unsigned bodyWeights[] = {1, 2, 2};
  auto body = static_cast<Body>(scopeRng.weighted(bodyWeights));
  int64_t subTile = 1 + scopeRng.below(tileSizes[0]);

  OpBuilder b(op);
  SmallVector<Value> resultDims, counts;
  for (int64_t d = 0; d < rank; ++d)
    if (resultType.isDynamicDim(d))
      resultDims.push_back(knownSizeValue(shape[d]));
  for (unsigned d = 0; d < gridRank; ++d) {
    int64_t tiles = (shape[d] + tileSizes[d] - 1) / tileSizes[d];
    if (!resultType.isDynamicDim(d)) {
      counts.push_back(constantIndex(tiles));
      continue;
    }
    // A dynamic extent: the count is computed from it, as hand-written
    // code would.
    Value extent = knownSizeValue(shape[d]);
    counts.push_back(arith::CeilDivSIOp::create(b, loc, extent,
                                                constantIndex(tileSizes[d])));
  }
  SmallVector<Value> captures(op->getOperands());
  SmallVector<Value> captureDims = buildDynamicDims(b, loc, captures);
  auto scope = codegen::WorkgroupsOp::create(
      b, loc, TypeRange{resultType}, resultDims, captures, captureDims, counts);

  Block &entry = scope.getEntryBlock();
  OpBuilder bb(context);
  bb.setInsertionPoint(entry.getTerminator());
  Block::BlockArgListType args = scope.getCaptureArguments();
  Block::BlockArgListType ids = scope.getWorkgroupIds();
  Value handle = scope.getResultHandles().front();
  Value init = args[op.getDpsInitOperand(0)->getOperandNumber()];
  auto cst = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(bb, loc, value);
  };

  // The extent of every loop dim (the result's dims), inside the body.
  SmallVector<Value> extents;
  for (int64_t d = 0; d < rank; ++d)
    extents.push_back(resultType.isDynamicDim(d)
                          ? tensor::DimOp::create(bb, loc, init, d).getResult()
                          : cst(resultType.getDimSize(d)));
  // This workgroup's tile: offset id * T, size min(T, extent - offset);
  // the dims beyond the grid whole.
  SmallVector<Value> offsets, sizes;
  for (int64_t d = 0; d < rank; ++d) {
    if (d >= static_cast<int64_t>(gridRank)) {
      offsets.push_back(cst(0));
      sizes.push_back(extents[d]);
      continue;
    }
    Value tile = cst(tileSizes[d]);
    Value offset = arith::MulIOp::create(bb, loc, ids[d], tile);
    Value left = arith::SubIOp::create(bb, loc, extents[d], offset);
    offsets.push_back(offset);
    sizes.push_back(arith::MinSIOp::create(bb, loc, tile, left));
  }

  // Computes the op on the slice [offsets] [sizes] of the loop space and
  // stores it.
  auto emitTile = [&](OpBuilder &tb, ArrayRef<Value> tileOffsets,
                      ArrayRef<Value> tileSizes) {
    SmallVector<Value> operands;
    for (OpOperand &operand : op->getOpOperands()) {
      AffineMap map = op.getMatchingIndexingMap(&operand);
      SmallVector<OpFoldResult> o, s, strides;
      for (AffineExpr expr : map.getResults()) {
        unsigned loop = cast<AffineDimExpr>(expr).getPosition();
        o.push_back(tileOffsets[loop]);
        s.push_back(tileSizes[loop]);
        strides.push_back(tb.getIndexAttr(1));
      }
      Value source = args[operand.getOperandNumber()];
      if (map.getNumResults() == 0) {
        operands.push_back(source);
        continue;
      }
      operands.push_back(
          tensor::ExtractSliceOp::create(tb, loc, source, o, s, strides));
    }
    Value initTile = operands[op.getDpsInitOperand(0)->getOperandNumber()];
    Operation *tileOp =
        mlir::clone(tb, op, TypeRange{initTile.getType()}, operands);
    SmallVector<OpFoldResult> o(tileOffsets.begin(), tileOffsets.end());
    SmallVector<OpFoldResult> s(tileSizes.begin(), tileSizes.end());
    SmallVector<OpFoldResult> strides(rank, tb.getIndexAttr(1));
    codegen::StoreOp::create(tb, loc, tileOp->getResult(0), handle, o, s,
                             strides);
  };
  // The tile by sub-tiles of `subTile` along dim 0, one store each.
  auto emitLoop = [&](OpBuilder &lb) {
    Value step = arith::ConstantIndexOp::create(lb, loc, subTile);
    Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
    auto loop = scf::ForOp::create(lb, loc, zero, sizes[0], step);
    OpBuilder ib = OpBuilder::atBlockTerminator(loop.getBody());
    Value iv = loop.getInductionVar();
    SmallVector<Value> o(offsets), s(sizes);
    o[0] = arith::AddIOp::create(ib, loc, offsets[0], iv);
    Value left = arith::SubIOp::create(ib, loc, sizes[0], iv);
    s[0] = arith::MinSIOp::create(ib, loc, step, left);
    emitTile(ib, o, s);
  };

  switch (body) {
  case Top:
    emitTile(bb, offsets, sizes);
    countScope("workgroups:top");
    break;
  case Loop:
    emitLoop(bb);
    countScope("workgroups:for");
    break;
  case Branch: {
    // Even workgroups store their tile whole, odd ones by sub-tiles.
    Value two = cst(2);
    Value parity = arith::RemSIOp::create(bb, loc, ids[0], two);
    Value even = arith::CmpIOp::create(bb, loc, arith::CmpIPredicate::eq,
                                       parity, cst(0));
    auto branch = scf::IfOp::create(bb, loc, even, /*withElseRegion=*/true);
    OpBuilder tb = branch.getThenBodyBuilder();
    emitTile(tb, offsets, sizes);
    OpBuilder eb = branch.getElseBodyBuilder();
    emitLoop(eb);
    countScope("workgroups:if");
    break;
  }
  }

  op->getResult(0).replaceAllUsesWith(scope.getResult(0));
  op->erase();
  last.value = scope.getResult(0);
  countScope(getScopeKindName(ScopeKind::Workgroups));
  // Without a device of its own memory, no scope can refuse the check.
  program.checkStores = options.deviceBackend.empty();
}
