//===- LLVMCPUTileAndVectorize.cpp - llvm-cpu tensor strategy ---*- C++ -*-===//
//
// This file implements llvm-cpu-tile-and-vectorize: linalg ops are tiled
// with scf::tileUsingSCF, the tiles vectorized with linalg::vectorize, and
// the vector ops lowered to simpler ones.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/MathExtras.h"

#include <deque>

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUTILEANDVECTORIZEPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

namespace {
/// Folds `tensor.insert_slice %src into %dest` that overwrites the whole of
/// `%dest` into `%src`, where `%dest` is a (not rank-reducing)
/// `tensor.extract_slice` whose dynamic sizes are the insert's sizes:
///
///   %d = tensor.extract_slice %t[...] [%m, 4] [1, 1]
///   %r = scf.for ... iter_args(%acc = %d) -> (tensor<?x4xf32>) {...}
///   %i = tensor.insert_slice %r into %d[0, 0] [%m, 4] [1, 1]
///
/// A strategy tiling k by the whole reduction leaves this shape once the
/// single-iteration k loop and its identity extract_slice are folded away.
/// Upstream's folder only recognises whole-tensor inserts of static shapes;
/// left in place, one-shot bufferization sees the loop write %d in place
/// and the insert read it afterwards, and copies every accumulator block
/// (through the strided memref.copy runtime call) twice per call.
struct FoldWholeSliceInsert : OpRewritePattern<tensor::InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::InsertSliceOp insert,
                                PatternRewriter &rewriter) const override {
    auto dest = insert.getDest().getDefiningOp<tensor::ExtractSliceOp>();
    if (!dest || insert.getSourceType() != insert.getType() ||
        dest.getSourceType().getRank() != dest.getType().getRank())
      return rewriter.notifyMatchFailure(insert, "not a whole-slice insert");
    if (!llvm::all_of(insert.getMixedOffsets(),
                      [](OpFoldResult v) { return isZeroInteger(v); }) ||
        !llvm::all_of(insert.getMixedStrides(),
                      [](OpFoldResult v) { return isOneInteger(v); }))
      return rewriter.notifyMatchFailure(insert, "not at the origin");
    for (auto [inserted, extracted] :
         llvm::zip_equal(insert.getMixedSizes(), dest.getMixedSizes()))
      if (!isEqualConstantIntOrValue(inserted, extracted))
        return rewriter.notifyMatchFailure(insert, "sizes differ");
    rewriter.replaceOp(insert, insert.getSource());
    return success();
  }
};
} // namespace

/// Returns true if every value `op` yields for a reduction depends on one of
/// its input block arguments. linalg::vectorize (MLIR 22) miscompiles a
/// reduction whose combined value is loop-invariant (`out + c` for a
/// constant `c`): it adds `c` once instead of once per reduction iteration.
static bool reductionsReadInputs(linalg::LinalgOp op) {
  if (op.getNumReductionLoops() == 0)
    return true;
  Block *body = op.getBlock();
  unsigned numInputs = op.getNumDpsInputs();
  auto readsInput = [&](Value value) {
    SmallVector<Value> worklist = {value};
    llvm::SmallPtrSet<Operation *, 8> visited;
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        if (arg.getOwner() == body && arg.getArgNumber() < numInputs)
          return true;
        continue;
      }
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != body || !visited.insert(def).second)
        continue;
      llvm::append_range(worklist, def->getOperands());
    }
    return false;
  };
  return llvm::all_of(body->getTerminator()->getOperands(), readsInput);
}

/// Returns the largest number of 1-D rows (the product of all but the
/// innermost dim) of the vector any operand of `op` is read or written as
/// when its loops are vectorized with `loopSizes`. An operand dim indexed by
/// a sum of loops (a convolution's input window) counts as the sum of
/// their sizes.
static int64_t getMaxVectorRows(linalg::LinalgOp op,
                                ArrayRef<int64_t> loopSizes) {
  int64_t maxRows = 0;
  for (AffineMap map : op.getIndexingMapsArray()) {
    int64_t rows = 1;
    for (unsigned i = 0, e = map.getNumResults(); i + 1 < e; ++i) {
      int64_t size = 0;
      map.getResult(i).walk([&](AffineExpr expr) {
        if (auto dimExpr = dyn_cast<AffineDimExpr>(expr))
          size += loopSizes[dimExpr.getPosition()];
      });
      // Sizes are bounded by tile sizes and static dims: cap the product
      // instead of letting it overflow.
      rows = std::min<int64_t>(rows * std::max<int64_t>(size, 1),
                               int64_t(1) << 40);
    }
    maxRows = std::max(maxRows, rows);
  }
  return maxRows;
}

/// What a math function computed with a C library call per lane costs, in
/// instructions of a row (16 lanes of f32: a call and an extract and insert
/// each, at least).
static constexpr int64_t kLibmCallCost = 32;

/// Returns true for a math op that the CPU has no vector instruction for
/// (log, exp, tanh, ...): LLVM computes a vector of it with one call of the
/// C library per lane, plus the extracts and inserts around each.
static bool isLibmCallPerLane(Operation *op) {
  if (op->getDialect()->getNamespace() != "math")
    return false;
  // The math ops x86 computes with vector instructions.
  return !isa<math::AbsFOp, math::AbsIOp, math::CeilOp, math::FloorOp,
              math::FmaOp, math::SqrtOp, math::RsqrtOp, math::RoundOp,
              math::RoundEvenOp, math::TruncOp, math::CopySignOp,
              math::CountLeadingZerosOp, math::CountTrailingZerosOp,
              math::CtPopOp>(op);
}

/// Returns a rough count of the instructions one row of `op`'s vectors
/// costs once unrolled and lowered: one per op of the body, and
/// `libmCallCost` per math function computed with a call per lane;
/// doubled when the vectors are masked (a dynamic or partial tile: every
/// transfer carries its mask).
static int64_t getRowCost(linalg::LinalgOp op, bool masked,
                          int64_t libmCallCost) {
  int64_t cost = 1;
  for (Operation &inner : op.getBlock()->without_terminator())
    cost += isLibmCallPerLane(&inner) ? libmCallCost : 1;
  return masked ? 2 * cost : cost;
}

/// Returns true if an operand of `op` has elements narrower than a byte
/// (i1). Memory holds them one per byte, but LLVM stores and loads a vector
/// of them bit-packed: a vectorized `arith.cmpi` writing a `tensor<4xi1>`
/// would store 4 bits into the first byte instead of 4 bytes.
static bool hasSubByteElements(linalg::LinalgOp op) {
  return llvm::any_of(op->getOperandTypes(), [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    Type element = shaped ? shaped.getElementType() : type;
    return element.isIntOrFloat() && element.getIntOrFloatBitWidth() < 8;
  });
}

/// Returns true if the body of `op` divides integers. A masked vector lane
/// (a partial or dynamic tile) divides by the padding value (poison), and
/// the CPU has no vector integer division: LLVM scalarizes it, and the
/// inactive lane may trap (SIGFPE). Scalar loops never divide in a lane that
/// does not exist, and lose nothing here.
static bool dividesIntegers(linalg::LinalgOp op) {
  return llvm::any_of(op.getBlock()->getOperations(), [](Operation &inner) {
    return isa<arith::DivSIOp, arith::DivUIOp, arith::RemSIOp, arith::RemUIOp,
               arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(
        inner);
  });
}

/// Returns true if `op` reduces along its innermost loop and along at least
/// one other loop, and keeps a parallel loop (an NCHW global average pool:
/// 1xCxHxW -> 1xC). Its multi-reduction is lowered with the reduction dims
/// outermost: the vector is transposed so that each step adds one element
/// per output lane, and LLVM's instruction selection handles that transpose
/// element by element, in time growing faster than the vector's size. The
/// tiles of `tile-sizes` (1x16x16x112 for EfficientNet-B0's first
/// squeeze-and-excitation pool) took LLVM a minute for one op. A
/// convolution (an operand indexed by a sum of loops, `oh + kh`) is not
/// one: it keeps `tile-sizes` (tiled as a plane reduction, an NHWC
/// depthwise 3x3 layer ran 4.8 times slower, 225 us -> 1.08 ms).
static bool isPlaneReduction(linalg::LinalgOp op) {
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  if (iterators.empty() || iterators.back() != utils::IteratorType::reduction)
    return false;
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return false;
  return op.getNumReductionLoops() >= 2 && op.getNumParallelLoops() >= 1;
}

/// Marks the tile loops still to peel and the tiles to vectorize once
/// peeled.
static constexpr StringLiteral kPeelMarker = "__llvm_cpu_peel";

namespace {

struct LLVMCPUTileAndVectorizePass
    : llvmcpu::impl::LLVMCPUTileAndVectorizePassBase<LLVMCPUTileAndVectorizePass> {
  using Base::Base;

  /// Returns the tile size of loop `i` of `op`'s `numLoops` loops (0:
  /// untiled): `parallel-tile-sizes` aligned to the innermost loops for an
  /// op whose loops are all parallel, the plane reduction tiles for a plane
  /// reduction (isPlaneReduction), `tile-sizes` otherwise.
  int64_t getTileSize(linalg::LinalgOp op, unsigned i,
                      unsigned numLoops) const {
    if (planeReductionLanes > 0 && isPlaneReduction(op)) {
      // One row of the innermost loop per lane of the innermost parallel
      // loop; every other loop one iteration at a time. Each lane adds its
      // elements in the op's iteration order, as it did with `tile-sizes`
      // tiles that left the innermost loop whole: same values.
      SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
      if (i + 1 == numLoops)
        return i < tileSizes.size() && tileSizes[i] > 0 ? tileSizes[i] : 0;
      if (iterators[i] != utils::IteratorType::parallel)
        return 1;
      for (unsigned j = i + 1; j < numLoops; ++j)
        if (iterators[j] == utils::IteratorType::parallel)
          return 1;
      return planeReductionLanes;
    }
    if (!parallelTileSizes.empty() &&
        op.getNumParallelLoops() == numLoops) {
      unsigned fromInnermost = numLoops - 1 - i;
      if (fromInnermost >= parallelTileSizes.size())
        return 1;
      int64_t size =
          parallelTileSizes[parallelTileSizes.size() - 1 - fromInnermost];
      return size > 0 ? size : 0;
    }
    if (i < tileSizes.size() && tileSizes[i] > 0)
      return tileSizes[i];
    return 0;
  }

  /// Returns the loop of `op` whose tiles run in parallel (an scf.forall),
  /// or nullopt: with `parallel-min-iterations`, the outermost tiled loop
  /// that is parallel, static, longer than its tile and divided by it (so
  /// that every tile keeps static sizes and can still be peeled along the
  /// other loops), in an op whose static iteration space has at least that
  /// many points. A dynamic loop counts as one point.
  std::optional<unsigned> getParallelLoop(linalg::LinalgOp op) const {
    if (parallelMinIterations <= 0)
      return std::nullopt;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    uint64_t points = 1;
    for (int64_t range : ranges)
      if (!ShapedType::isDynamic(range))
        points = llvm::SaturatingMultiply(points, static_cast<uint64_t>(range));
    if (points < static_cast<uint64_t>(parallelMinIterations))
      return std::nullopt;
    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    for (auto [i, range] : llvm::enumerate(ranges)) {
      int64_t size = getTileSize(op, i, ranges.size());
      // A loop of one iteration (a batch of one) makes no tile loop.
      if (size == 0 || range == 1)
        continue;
      if (iterators[i] == utils::IteratorType::parallel &&
          !ShapedType::isDynamic(range) && range > size && range % size == 0)
        return i;
      // Only the outermost tiled loop: an inner one would fork once per
      // iteration of the loops around it.
      return std::nullopt;
    }
    return std::nullopt;
  }

  /// Tiles `op` by `sizes` with loops of `loopType` and replaces it;
  /// returns the tiling (one tiled linalg op), or reports a failure on `op`
  /// (before replacing it) and returns failure.
  static FailureOr<scf::SCFTilingResult>
  tileOnce(RewriterBase &rewriter, linalg::LinalgOp op,
           ArrayRef<OpFoldResult> sizes,
           scf::SCFTilingOptions::LoopType loopType) {
    scf::SCFTilingOptions options;
    options.setTileSizes(sizes);
    options.setLoopType(loopType);
    rewriter.setInsertionPoint(op);
    FailureOr<scf::SCFTilingResult> result = scf::tileUsingSCF(
        rewriter, cast<TilingInterface>(op.getOperation()), options);
    if (failed(result) || result->tiledOps.size() != 1 ||
        !isa<linalg::LinalgOp>(result->tiledOps.front())) {
      op->emitError("llvm-cpu-tile-and-vectorize: tiling failed");
      return failure();
    }
    // `op` is erased here: the failure above is reported on it only before.
    rewriter.replaceOp(op, result->replacements);
    return result;
  }

  /// Tiles `op`; returns the tiled op (or `op` itself if no loop is tiled)
  /// and adds the tile loops, outermost first, to `loops`; reports a
  /// failure (on the op it failed on) itself. The loop
  /// getParallelLoop picks is tiled first, as an scf.forall around the
  /// others (not added to `loops`).
  FailureOr<linalg::LinalgOp> tile(RewriterBase &rewriter, linalg::LinalgOp op,
                                   SmallVectorImpl<scf::ForOp> &loops) {
    unsigned numLoops = op.getNumLoops();
    std::optional<unsigned> parallelLoop = getParallelLoop(op);
    SmallVector<OpFoldResult> sizes;
    bool anyTiled = false;
    for (unsigned i = 0; i < numLoops; ++i) {
      int64_t size = getTileSize(op, i, numLoops);
      if (parallelLoop && i == *parallelLoop)
        size = 0;
      sizes.push_back(rewriter.getIndexAttr(size));
      anyTiled |= size != 0;
    }
    if (parallelLoop) {
      SmallVector<OpFoldResult> forallSizes(numLoops, rewriter.getIndexAttr(0));
      forallSizes[*parallelLoop] =
          rewriter.getIndexAttr(getTileSize(op, *parallelLoop, numLoops));
      FailureOr<scf::SCFTilingResult> result = tileOnce(
          rewriter, op, forallSizes, scf::SCFTilingOptions::LoopType::ForallOp);
      if (failed(result))
        return failure();
      op = cast<linalg::LinalgOp>(result->tiledOps.front());
    }
    if (!anyTiled)
      return op;
    FailureOr<scf::SCFTilingResult> result =
        tileOnce(rewriter, op, sizes, scf::SCFTilingOptions::LoopType::ForOp);
    if (failed(result))
      return failure();
    for (LoopLikeOpInterface loop : result->loops)
      if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation()))
        loops.push_back(forOp);
    return cast<linalg::LinalgOp>(result->tiledOps.front());
  }

  /// Vectorizes `op` when its loop ranges are static or bounded by a tile
  /// size (masked vectorization); leaves it alone otherwise. `untiledRanges`
  /// are the static loop ranges of the op before tiling: a partial tile of a
  /// static loop shorter than the tile needs no wider vector than the loop.
  void vectorize(RewriterBase &rewriter, linalg::LinalgOp op,
                 ArrayRef<int64_t> untiledRanges) {
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    SmallVector<int64_t> vectorSizes;
    bool dynamic = false;
    for (auto [i, range] : llvm::enumerate(ranges)) {
      if (!ShapedType::isDynamic(range)) {
        vectorSizes.push_back(range);
        continue;
      }
      dynamic = true;
      int64_t tileSize = getTileSize(op, i, ranges.size());
      if (tileSize == 0)
        return; // An untiled dynamic loop has no vector size bound.
      int64_t untiled = untiledRanges[i];
      vectorSizes.push_back(ShapedType::isDynamic(untiled)
                                ? tileSize
                                : std::min(tileSize, untiled));
    }
    int64_t rows = getMaxVectorRows(op, vectorSizes);
    if (maxVectorRows > 0 && rows > maxVectorRows)
      return;
    // What the unrolled rows cost, not only how many there are: a 3-D
    // reduction calling math.log on 8x16x16 masked tiles has few enough
    // rows but made 12,700 vector values in one function and minutes in
    // LLVM (differential seed 50524).
    // Dynamic loops are vectorized with masks (a static loop shorter than
    // its tile is vectorized whole).
    if (maxVectorCost > 0 &&
        rows * getRowCost(op, /*masked=*/dynamic, kLibmCallCost) >
            maxVectorCost)
      return;
    if (!dynamic)
      vectorSizes.clear();
    if (!reductionsReadInputs(op) || hasSubByteElements(op) ||
        dividesIntegers(op))
      return;
    // Spell out "not scalable" per dim: with an empty list, masked
    // vectorization builds mask types that print alike but are not equal.
    SmallVector<bool> scalableDims(vectorSizes.size(), false);
    if (failed(linalg::vectorizeOpPrecondition(op, vectorSizes, scalableDims)))
      return;
    rewriter.setInsertionPoint(op);
    FailureOr<linalg::VectorizationResult> result =
        linalg::vectorize(rewriter, op, vectorSizes, scalableDims);
    if (failed(result))
      return;
    rewriter.replaceOp(op, result->replacements);
  }

  /// Returns true if the tiles of `op` (not tiled yet) are worth peeling:
  /// every loop it tiles has a static range, and a tile size does not
  /// divide one longer than it. (Without peeling, every tile of such a loop has
  /// a dynamic size, and all of them are vectorized with masks: a 65x32x65
  /// matmul took 24 times as long as a 64x32x64 one.)
  bool isWorthPeeling(linalg::LinalgOp op) const {
    if (!peel)
      return false;
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    bool uneven = false;
    for (auto [i, range] : llvm::enumerate(ranges)) {
      int64_t size = getTileSize(op, i, ranges.size());
      if (size == 0)
        continue;
      if (ShapedType::isDynamic(range))
        return false;
      uneven |= range > size && range % size != 0;
    }
    return uneven;
  }

  /// Peels the last, partial iteration off each of `loops` (tile loops
  /// around `tiledOp`, outermost first) and off the copies of inner loops
  /// that peeling an outer one made: the full tiles then have static sizes,
  /// and so does the remainder tile of a static loop. `tiledOp` and its
  /// copies are marked with kPeelMarker.
  void peelTiles(RewriterBase &rewriter, linalg::LinalgOp tiledOp,
                 ArrayRef<scf::ForOp> loops) {
    StringAttr marker = rewriter.getStringAttr(kPeelMarker);
    tiledOp->setAttr(marker, rewriter.getUnitAttr());
    for (scf::ForOp loop : loops)
      loop->setAttr(marker, rewriter.getUnitAttr());
    std::deque<scf::ForOp> worklist(loops.begin(), loops.end());
    while (!worklist.empty()) {
      scf::ForOp loop = worklist.front();
      worklist.pop_front();
      loop->removeAttr(marker);
      scf::ForOp partial;
      rewriter.setInsertionPoint(loop);
      if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, loop, partial)))
        continue;
      // The partial iteration holds copies of the inner loops still to peel.
      partial->walk([&](scf::ForOp inner) {
        if (inner->hasAttr(marker))
          worklist.push_back(inner);
      });
    }
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    MLIRContext *context = &getContext();
    IRRewriter rewriter(context);

    SmallVector<linalg::LinalgOp> candidates;
    root->walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics())
        candidates.push_back(op);
    });
    bool peeled = false;
    for (linalg::LinalgOp op : candidates) {
      SmallVector<int64_t> untiledRanges = op.getStaticLoopRanges();
      bool worthPeeling = isWorthPeeling(op);
      SmallVector<scf::ForOp> loops;
      // Tiling replaces `op`: nothing reads it after this.
      FailureOr<linalg::LinalgOp> tiled = tile(rewriter, op, loops);
      if (failed(tiled))
        return signalPassFailure();
      if (!loops.empty() && worthPeeling) {
        peelTiles(rewriter, *tiled, loops);
        peeled = true;
        continue;
      }
      vectorize(rewriter, *tiled, untiledRanges);
    }

    // Peeled tiles: once the bounds peeling simplified are folded into the
    // slices, each copy of a tile has static sizes and is vectorized
    // without masks.
    if (peeled) {
      RewritePatternSet folds(context);
      for (Dialect *dialect : context->getLoadedDialects())
        dialect->getCanonicalizationPatterns(folds);
      for (RegisteredOperationName name : context->getRegisteredOperations())
        name.getCanonicalizationPatterns(folds, context);
      if (failed(applyPatternsGreedily(root, std::move(folds))))
        return signalPassFailure();
      SmallVector<linalg::LinalgOp> peeledOps;
      root->walk([&](linalg::LinalgOp op) {
        if (op->removeAttr(kPeelMarker))
          peeledOps.push_back(op);
      });
      for (linalg::LinalgOp op : peeledOps)
        vectorize(rewriter, op, op.getStaticLoopRanges());
    }

    // Canonicalize what vectorization produced: elementwise products feeding
    // a reduction become vector.contract, transfer permutation maps become
    // minor identities (plus broadcast/transpose), masks around transfers
    // become masked transfers. Contractions, multi-reductions and transposes
    // are lowered after bufferization and by convert-vector-to-llvm.
    RewritePatternSet patterns(context);
    vector::populateVectorReductionToContractPatterns(patterns);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    vector::TransferReadOp::getCanonicalizationPatterns(patterns, context);
    vector::TransferWriteOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExtractSliceOp::getCanonicalizationPatterns(patterns, context);
    scf::ForOp::getCanonicalizationPatterns(patterns, context);
    affine::AffineMinOp::getCanonicalizationPatterns(patterns, context);
    patterns.add<FoldWholeSliceInsert>(context);
    if (failed(applyPatternsGreedily(root, std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
