//===- LLVMCPUApplyStrategies.cpp - llvm-cpu per-root strategies -*- C++ -*-===//
//
// This file implements llvm-cpu-apply-strategies: each root op of the
// anchor op is handed, with parameters computed from the target CPU, to a
// transform-dialect named sequence of the llvm-cpu strategy library, applied
// by the transform interpreter.
//
// The plumbing is deliberately small: choose a sequence and its parameters
// per root, then `transform::applyTransformNamedSequence`. The strategies
// themselves live in LLVMCPUStrategies.mlir.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUDeviceConfig.h"
#include "LLVMCPUFilterLayout.h"
#include "LLVMCPUPads.h"

#include "scopeir/Dialect/Util/Utils/OutliningUtils.h"
#include "scopeir/Support/CPUTarget.h"
#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUAPPLYSTRATEGIESPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;
using namespace scopeir::llvmcpu;

/// The built-in strategy library (LLVMCPUStrategies.mlir).
static constexpr const char kBuiltinLibrary[] =
#include "LLVMCPUStrategies.mlir.inc"
    ;

namespace {

/// A register tile of a contraction strategy and its default cache block.
struct ContractionTile {
  StringRef sequence;
  /// The same strategy for a right-hand side already in its packed layout
  /// (a pack of an unpack, which the pass folds away afterwards), or empty.
  StringRef prepackedRhsSequence;
  /// The strategy and its prepacked variant for the transposed contraction
  /// C[n][m] += A[k][m] * B[k][n] (the im2col matmul), or empty.
  StringRef transposedSequence;
  StringRef transposedPrepackedRhsSequence;
  int64_t m, n;
  int64_t blockM, blockN, blockK;
};

/// Picks the contraction strategy for `target`'s vector registers: the
/// accumulator tile takes about three quarters of them, one row of the
/// right-hand side and one broadcast element take the rest.
std::optional<ContractionTile> getContractionTile(const CPUTarget &target) {
  if (target.vectorBits >= 512 && target.numVectorRegisters >= 32)
    return ContractionTile{
        "llvm_cpu_contraction_12x32", "", "", "", 12, 32, 8, 4, 256};
  if (target.vectorBits >= 256)
    return ContractionTile{"llvm_cpu_contraction_6x16",
                           "llvm_cpu_contraction_6x16_prepacked_rhs",
                           "llvm_cpu_contraction_6x16_transposed",
                           "llvm_cpu_contraction_6x16_transposed_prepacked_rhs",
                           6,
                           kMatmulPanelWidth,
                           16,
                           8,
                           256};
  return std::nullopt;
}

/// The shortest static reduction the packing contraction strategies take.
constexpr int64_t kMinPackedReduction = 64;

/// The fewest static rows (m) the packing contraction strategies take: with
/// fewer, packing the right-hand side costs more than it saves, and the
/// generic tiles, which read it once in place, are faster (Zen 4, one
/// thread, k = 1280, n = 1000: m = 1 0.43 -> 0.13 ms, m = 8 0.45 -> 0.26,
/// m = 16 0.72 -> 0.55; m = 32 1.03 vs 1.06, m = 64 1.93 vs 2.15). A
/// classifier's matrix-vector product at batch 1 is the common case.
constexpr int64_t kMinPackedRows = 32;

/// Below `small-contraction-rows` static rows (128 by default), a
/// contraction whose right-hand side has at most kMaxUnpackedRhsBytes is
/// left to the generic tiles too: the peeled 8x16 tiles read a right-hand
/// side that stays in L2 faster than packing it (Zen 4, one thread,
/// m x k x n: 32x128x512 52 -> 38 us, 65x512x128 95 -> 76, 65x128x384
/// 73 -> 59, 48x256x512 132 -> 110; with 1 MiB it is not: 48x512x512 253
/// vs 265, 32x256x1024 230 vs 333; nor always with more rows: 256x128x512
/// 364 vs 476). With at most kMaxUnpackedTinyRhsBytes (attention's
/// per-head products), whatever the static rows: 128x64x128 25 -> 18 us,
/// 256x64x256 93 -> 75, 3136x64x64 317 -> 227.
constexpr int64_t kMaxUnpackedRhsBytes = 512 * 1024;
constexpr int64_t kMaxUnpackedTinyRhsBytes = 64 * 1024;

/// Returns true if `tile`'s strategy reads a k x n right-hand side packed
/// ahead in its panels (kMatmulPanelWidth columns each) and packs it at any
/// static row count: more than kMaxUnpackedRhsBytes, at least
/// kMinPackedReduction rows, columns the panels divide.
bool packsRhsPanelsAtAnyRows(const ContractionTile &tile, int64_t k,
                             int64_t n) {
  return !tile.prepackedRhsSequence.empty() && tile.n == kMatmulPanelWidth &&
         n % kMatmulPanelWidth == 0 && k >= kMinPackedReduction &&
         k * n * 4 > kMaxUnpackedRhsBytes;
}

/// Returns true if `op` is a contraction the contraction strategies take:
/// f32 operands on tensors, exactly one m, n and k dimension, no batch
/// dimension, a multiply-add body.
bool isStrategyContraction(linalg::LinalgOp op, int64_t smallRows,
                           int64_t tinyRhsBytes) {
  if (!op.hasPureTensorSemantics() || !linalg::isaContractionOpInterface(op))
    return false;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.size() != 1 || dims->n.size() != 1 ||
      dims->k.size() != 1 || !dims->batch.empty())
    return false;
  // The right-hand side must be k-major (k before n in its indexing map,
  // as in a row-major k x n matrix): the strategy's pack transposition
  // assumes it (an n-major right-hand side makes the pattern rewrites of the
  // strategy loop).
  AffineMap rhsMap = op.getMatchingIndexingMap(op.getDpsInputOperand(1));
  std::optional<unsigned> kPos =
      rhsMap.getResultPosition(getAffineDimExpr(dims->k.front(), op.getContext()));
  std::optional<unsigned> nPos =
      rhsMap.getResultPosition(getAffineDimExpr(dims->n.front(), op.getContext()));
  if (!kPos || !nPos || *kPos > *nPos)
    return false;
  // Packing copies every operand once: with a short reduction that costs
  // about as much as the multiply-adds, and the generic tiles do better.
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t k = ranges[dims->k.front()];
  if (!ShapedType::isDynamic(k) && k < kMinPackedReduction)
    return false;
  int64_t m = ranges[dims->m.front()];
  if (!ShapedType::isDynamic(m) && m < kMinPackedRows)
    return false;
  int64_t n = ranges[dims->n.front()];
  if (smallRows > 0 && !ShapedType::isDynamic(m) && !ShapedType::isDynamic(k) &&
      !ShapedType::isDynamic(n)) {
    int64_t rhsBytes = k * n * 4;
    if (rhsBytes <= tinyRhsBytes ||
        (m < smallRows && rhsBytes <= kMaxUnpackedRhsBytes))
      return false;
  }
  return llvm::all_of(op->getOperandTypes(), [](Type type) {
    return getElementTypeOrSelf(type).isF32();
  });
}

/// Returns the largest divisor of `size` that is at most `limit`.
int64_t getLargestDivisor(int64_t size, int64_t limit) {
  for (int64_t d = std::min(size, limit); d > 1; --d)
    if (size % d == 0)
      return d;
  return 1;
}

/// Returns the largest power of two that divides `size` and is at most
/// `limit` (1 if none is larger).
int64_t getLargestPowerOfTwoDivisor(int64_t size, int64_t limit) {
  int64_t d = 1;
  while (2 * d <= limit && size % (2 * d) == 0)
    d *= 2;
  return d;
}

/// Returns the static batch (dim 0) of `op`'s result.
int64_t getBatch(linalg::LinalgOp op) {
  return cast<ShapedType>(op.getDpsInits()[0].getType()).getDimSize(0);
}

/// Returns true if `op` (an NCHW convolution, depthwise convolution or
/// pooling) is one the backend splits into taps: static f32 operands. The
/// taps take one image: an op of a larger batch is first tiled along the
/// batch (tileBatch).
bool isTapDecomposable(linalg::LinalgOp op) { return hasStaticF32Operands(op); }

/// Returns true if `op` is an NCHW convolution, depthwise convolution or
/// pooling the taps take (isTapDecomposable) over more than one image.
bool isBatchedWindowOp(linalg::LinalgOp op) {
  return isa<linalg::Conv2DNchwFchwOp, linalg::DepthwiseConv2DNchwChwOp,
             linalg::PoolingNchwMaxOp, linalg::PoolingNchwSumOp>(
             op.getOperation()) &&
         isTapDecomposable(op) && getBatch(op) > 1;
}

/// Makes `tiled`, an op tiled along its batch, read the operands the loop
/// slices whole (the filter) as they were.
void readWholeOperands(RewriterBase &rewriter, linalg::LinalgOp tiled) {
  for (OpOperand &operand : tiled->getOpOperands()) {
    auto slice = operand.get().getDefiningOp<tensor::ExtractSliceOp>();
    if (slice && slice.getSourceType() == slice.getResultType() &&
        areAllConstantIntValue(slice.getMixedOffsets(), 0) &&
        areAllConstantIntValue(slice.getMixedStrides(), 1))
      rewriter.modifyOpInPlace(tiled, [&] { operand.set(slice.getSource()); });
  }
}

/// The most bytes of padded input and output planes one tile of a window
/// op whose pad it takes along (isTakenWindowPad) holds: half of a 512 KiB
/// L2 cache, so that the tile's padded input, written by the pad's copy,
/// is still there when its taps read it.
constexpr int64_t kMaxWindowTileBytes = 256 * 1024;

/// Returns the pad of `op`'s input that its tiles take along, or null.
tensor::PadOp getTakenWindowPad(linalg::LinalgOp op) {
  if (op.getNumDpsInputs() == 0)
    return nullptr;
  Value input = op.getDpsInputs()[0];
  return isTakenWindowPad(op, input) ? input.getDefiningOp<tensor::PadOp>()
                                     : nullptr;
}

/// Returns the channels of one tile of `op`, a window op whose input pad
/// its tiles take along: the largest divisor of its channel count whose
/// padded input and output planes fit kMaxWindowTileBytes (at least one).
int64_t getWindowChannelTile(linalg::LinalgOp op, tensor::PadOp pad) {
  ArrayRef<int64_t> in = pad.getResultType().getShape();
  ArrayRef<int64_t> out =
      cast<ShapedType>(op.getDpsInits()[0].getType()).getShape();
  int64_t perChannel = (in[2] * in[3] + out[2] * out[3]) * 4;
  return getLargestDivisor(
      out[1], std::max<int64_t>(1, kMaxWindowTileBytes / perChannel));
}

/// Rewrites `epilogue`, an epilogue (isTiledEpilogue) reading `use`, to
/// update that operand in place: it becomes the init, which the payload
/// reads through the init's block argument (the old init is not read).
/// Returns the new op.
linalg::GenericOp updateInPlace(RewriterBase &rewriter,
                                linalg::GenericOp epilogue, OpOperand &use) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  for (OpOperand *input : epilogue.getDpsInputOperands()) {
    if (input == &use)
      continue;
    inputs.push_back(input->get());
    maps.push_back(epilogue.getMatchingIndexingMap(input));
  }
  maps.push_back(epilogue.getMatchingIndexingMap(&use));
  Block &body = epilogue.getRegion().front();
  rewriter.setInsertionPoint(epilogue);
  auto inPlace = linalg::GenericOp::create(
      rewriter, epilogue.getLoc(), epilogue->getResultTypes(), inputs,
      ValueRange{use.get()}, maps, epilogue.getIteratorTypesArray(),
      [&](OpBuilder &builder, Location, ValueRange args) {
        // Block arguments follow the operands: inputs, then the init.
        IRMapping mapping;
        unsigned next = 0;
        for (OpOperand *input : epilogue.getDpsInputOperands())
          if (input != &use)
            mapping.map(body.getArgument(input->getOperandNumber()),
                        args[next++]);
        mapping.map(body.getArgument(use.getOperandNumber()), args.back());
        for (Operation &op : body)
          builder.clone(op, mapping);
      });
  rewriter.replaceOp(epilogue, inPlace->getResults());
  return inPlace;
}

/// Makes the epilogues in the loop of `tiled`, the tile of a window op
/// whose loop computes its epilogues (tileBatch), update `tiled`'s output
/// tile in place, and the fill of that tile fill the tile of the loop's
/// output: `tiled` then accumulates into the loop's output, which the
/// epilogues update (none reads its own init: isTiledEpilogue), and no
/// tensor of the whole output is allocated for the window op's result
/// (nor copied: epilogues writing a tile of their own made bufferization
/// copy the loop's output tile). Leaves the fill as it is where the types
/// differ, it has another user, or the output tile cannot be computed
/// before it.
void updateEpiloguesInPlace(RewriterBase &rewriter, linalg::LinalgOp tiled) {
  SmallVector<OpOperand *> chain =
      util::getSingleUseChain(tiled, [&](OpOperand &use) {
        auto epilogue = dyn_cast<linalg::GenericOp>(use.getOwner());
        return epilogue && epilogue->getBlock() == tiled->getBlock() &&
               epilogue.getNumDpsInits() == 1;
      });
  if (chain.empty())
    return;
  Value dest =
      cast<linalg::GenericOp>(chain.back()->getOwner()).getDpsInits()[0];
  auto fill = tiled.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  // The output tile's slice (and what it is computed from) moves before
  // the fill.
  if (fill && fill->hasOneUse() &&
      dest.getType() == fill.getOutputs()[0].getType() &&
      dest.getParentBlock() == fill->getBlock() &&
      succeeded(moveValueDefinitions(rewriter, dest, fill)))
    rewriter.modifyOpInPlace(fill,
                             [&] { fill.getOutputsMutable()[0].set(dest); });
  for (OpOperand *use : chain)
    updateInPlace(rewriter, cast<linalg::GenericOp>(use->getOwner()), *use);
}

/// Returns the epilogue chain that `op`'s tiles compute (isTiledEpilogue):
/// the elementwise ops after it in its block, each the only user of the
/// result before it, in order.
SmallVector<linalg::GenericOp> getTiledEpilogues(linalg::LinalgOp op) {
  return llvm::map_to_vector(
      util::getSingleUseChain(op,
                              [&](OpOperand &use) {
                                return use.getOwner()->getBlock() ==
                                           op->getBlock() &&
                                       isTiledEpilogue(op, use);
                              }),
      [](OpOperand *use) { return cast<linalg::GenericOp>(use->getOwner()); });
}

/// Tiles `tail` by `sizes` as an scf.forall and fuses into the loop the
/// producers of its tiles' operands that are in `fused`, and no other: the
/// loops of tileBatch and tileTapsByRows.
FailureOr<scf::SCFTileAndFuseResult>
tileIntoForall(RewriterBase &rewriter, linalg::LinalgOp tail,
               ArrayRef<OpFoldResult> sizes,
               const llvm::SmallPtrSetImpl<Operation *> &fused) {
  scf::SCFTilingOptions tiling;
  tiling.setTileSizes(sizes);
  tiling.setLoopType(scf::SCFTilingOptions::LoopType::ForallOp);
  scf::SCFTileAndFuseOptions options;
  options.setTilingOptions(tiling);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer,
          bool) -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!fused.contains(producer.getOwner()))
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(tail);
  return scf::tileConsumerAndFuseProducersUsingSCF(
      rewriter, cast<TilingInterface>(tail.getOperation()), options);
}

/// Tiles `op` (isBatchedWindowOp, or a window op whose input pad it takes:
/// getTakenWindowPad) along its batch loop (loop 0 of the NCHW ops) by one
/// and, with a pad, along its channels by getWindowChannelTile, as an
/// scf.forall over the images (and channel tiles; run on threads), with the
/// fill of its output fused into it (each image's output filled while it is
/// in cache: 8 images of 64 channels of 56x56 are 6.4 MiB), and the pad
/// too, decomposed into a fill and a copy of the tile's padded input
/// (decomposePad). The epilogues after it (getTiledEpilogues) are computed
/// in the same tiles: the loop is the last epilogue's, with the others and
/// `op` fused into it, and `op`'s tile writes into the tile of the loop's
/// output, which the epilogues then update in place
/// (updateEpiloguesInPlace). Returns the one-image op inside it. An operand
/// the loop slices whole (the filter) is read as it was, so that a filter
/// packed ahead of the call is still recognised under its transpose.
FailureOr<linalg::LinalgOp> tileBatch(RewriterBase &rewriter,
                                      linalg::LinalgOp op) {
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  tensor::PadOp pad = getTakenWindowPad(op);
  SmallVector<linalg::GenericOp> epilogues = getTiledEpilogues(op);
  // The tiled op: the last epilogue (its loops are the dims of the output,
  // NCHW) or `op`.
  auto tail = epilogues.empty()
                  ? op
                  : cast<linalg::LinalgOp>(epilogues.back().getOperation());
  SmallVector<OpFoldResult> sizes(tail.getNumLoops(), rewriter.getIndexAttr(0));
  sizes[0] = rewriter.getIndexAttr(1);
  if (pad) {
    // The loop of the output's channel dim (dim 1 of NCHW).
    AffineMap output = tail.getIndexingMapMatchingResult(tail->getResult(0));
    auto channel = dyn_cast<AffineDimExpr>(output.getResult(1));
    if (!channel)
      pad = nullptr;
    else
      sizes[channel.getPosition()] =
          rewriter.getIndexAttr(getWindowChannelTile(op, pad));
  }
  // Only the epilogues, `op`, its fill and the taken pad join the loop (the
  // input's other producers are outside the op's scope); a fill read
  // elsewhere too stays, for those readers.
  llvm::SmallPtrSet<Operation *, 8> fused;
  fused.insert(op);
  for (linalg::GenericOp epilogue : epilogues)
    fused.insert(epilogue);
  if (fill)
    fused.insert(fill);
  if (pad)
    fused.insert(pad);
  FailureOr<scf::SCFTileAndFuseResult> result =
      tileIntoForall(rewriter, tail, sizes, fused);
  if (failed(result))
    return op->emitError("llvm-cpu-apply-strategies: cannot tile the batch");
  // The tile of `op`: the loop's own op, or one fused into it.
  auto tiledIt =
      llvm::find_if(result->tiledAndFusedOps, [&](Operation *tiledOp) {
        return tiledOp->getName() == op->getName();
      });
  if (tiledIt == result->tiledAndFusedOps.end() ||
      !isa<linalg::LinalgOp>(*tiledIt))
    return op->emitError("llvm-cpu-apply-strategies: cannot tile the batch");
  auto tiled = cast<linalg::LinalgOp>(*tiledIt);
  rewriter.replaceOp(tail,
                     llvm::map_to_vector(tail->getResults(), [&](Value res) {
                       return result->replacements.lookup(res);
                     }));
  for (linalg::GenericOp epilogue : llvm::reverse(ArrayRef(epilogues)))
    if (epilogue != tail && epilogue->use_empty())
      rewriter.eraseOp(epilogue);
  if (op != tail && op->use_empty())
    rewriter.eraseOp(op);
  if (fill && fill->use_empty())
    rewriter.eraseOp(fill);
  if (pad && pad->use_empty())
    rewriter.eraseOp(pad);
  readWholeOperands(rewriter, tiled);
  if (!epilogues.empty())
    updateEpiloguesInPlace(rewriter, tiled);
  // The tile's pad as a fill and a copy, which tile and vectorize.
  if (pad) {
    SmallVector<tensor::PadOp> tiledPads;
    result->loops.front()->walk(
        [&](tensor::PadOp tiledPad) { tiledPads.push_back(tiledPad); });
    for (tensor::PadOp tiledPad : tiledPads)
      (void)decomposePad(rewriter, tiledPad);
  }
  return tiled;
}

/// Returns the (output width, output channel) register tile for a
/// convolution the direct convolution strategy takes, or nullopt: a static
/// f32 `linalg.conv_2d_nhwc_hwcf` whose channel count is a multiple of the
/// vector width. The tile divides both dims so that every tile is static.
std::optional<std::pair<int64_t, int64_t>>
getConvTile(linalg::Conv2DNhwcHwcfOp conv, const ContractionTile &tile,
            const CPUTarget &target) {
  if (!hasStaticF32Operands(conv))
    return std::nullopt;
  ArrayRef<int64_t> output =
      cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
  int64_t width = output[2], channels = output[3];
  int64_t lanes = target.getVectorLanes(32);
  int64_t f = channels % tile.n == 0 ? tile.n
              : channels % lanes == 0 ? lanes
                                      : 0;
  if (f == 0)
    return std::nullopt;
  return std::make_pair(getLargestDivisor(width, tile.m), f);
}

/// Returns the pixels of one row of the NCHW taps' register tile on
/// `target` for an output `width` pixels wide: the largest divisor of the
/// width that fits one register (at most 16), so that every tile is static.
int64_t getTapRowPixels(int64_t width, const CPUTarget &target) {
  return getLargestDivisor(width,
                           std::min<int64_t>(16, target.getVectorLanes(32)));
}

/// Returns true if `target` has 16 vector registers or fewer (AVX2), whose
/// tiles differ from those sized for 32 (AVX-512): see isWideReduction,
/// isPackablePointwise and readsInputChannelsLast.
bool hasFewVectorRegisters(const CPUTarget &target) {
  return target.numVectorRegisters < 32;
}

/// Returns the most bytes of a right-hand side that `target` leaves to the
/// generic tiles at any row count (kMaxUnpackedTinyRhsBytes), or 0. On 16
/// vector registers (AVX2) the packing strategy is the faster one there too
/// (Zen 3, one thread: 128x64x128 44.5 -> 32.6 us, 128x128x64 43.1 -> 30.4,
/// 256x64x256 158 -> 130, 3136x64x64 487 -> 416, 197x197x64 99.7 -> 89.0;
/// 128x64x512 134 vs 132).
int64_t getMaxUnpackedTinyRhsBytes(const CPUTarget &target) {
  return hasFewVectorRegisters(target) ? 0 : kMaxUnpackedTinyRhsBytes;
}

/// Returns the (output channel, output width) register tile of the tap
/// strategy on `target` for an output of `channels` x `width`: at most one
/// register of pixels (rows of several registers each ran ten times slower:
/// a 64-channel 56x56 3x3 layer with 16 x 14 tiles on AVX2, 8 lanes, took
/// 53 ms, with 16 x 8 5.3) by at most half the registers' count of channels
/// (accumulator rows: 16 of 32 on AVX-512, 8 of 16 on AVX2, where 16 left no
/// register for the input vector and the broadcast filter value: the
/// 3-channel 7x7/2 stem 6.1 ms with 16 x 8, 5.4 with 8 x 8), each a divisor
/// of its dim so that every tile is static. Measured on Zen 4 (one thread):
/// a 64-channel 56x56 3x3 layer runs at 89 GFLOP/s with 16 x 14 tiles, a
/// 512-channel 7x7 one at 39 GFLOP/s with 16 x 7 (31 with 8 x 7).
std::pair<int64_t, int64_t> getTapTile(int64_t channels, int64_t width,
                                       const CPUTarget &target) {
  int64_t rows = std::max<int64_t>(1, target.numVectorRegisters / 2);
  return {getLargestDivisor(channels, std::min<int64_t>(16, rows)),
          getTapRowPixels(width, target)};
}

/// Returns true if the NCHW taps' rows over an output `width` pixels wide
/// (getTapRowPixels) fill at most half a vector register, leaving at least half
/// of every register idle: ResNet's and MobileNet's 7-wide last stages on
/// AVX-512, SqueezeNet's 13-wide ones on AVX2 (rows of one pixel: its 1x1 512
/// to 1000 channel layer took 23 ms). ResNet's 14-wide layers ran as fast with
/// the taps' rows as any other layout on AVX-512.
bool isNarrowOutput(int64_t width, const CPUTarget &target) {
  return 2 * getTapRowPixels(width, target) <= target.getVectorLanes(32);
}

/// Returns true if each tap reduces over at least as many input channels as
/// a vector register has lanes (at least 8) and the output is wide enough
/// for the channels-last taps to beat the NCHW taps' rows: every width with
/// 16 registers (AVX2), where the NCHW taps' at most 8 accumulator rows load
/// a filter value for each FMA (Zen 3, one thread: 64 channels on 56x56 3x3
/// 5.3 -> 3.7 ms, 128 on 28x28 5.1 -> 3.5, 256 on 14x14 5.5 -> 5.0, 512 on
/// 7x7 8.4 -> 5.5); rows wider than a register with 32 (AVX-512: Zen 4, 64
/// channels on 56x56 2.51 -> 2.24 ms, 128 on 28x28 2.60 -> 2.22; the 14-wide
/// layers ran as fast or faster with the NCHW taps' rows of 14 lanes).
bool isWideReduction(int64_t width, int64_t inputChannels,
                     const CPUTarget &target) {
  int64_t lanes = target.getVectorLanes(32);
  if (lanes < 8 || inputChannels < lanes)
    return false;
  return hasFewVectorRegisters(target) || width > lanes;
}

/// Returns the (output width, output channel) register tile of the
/// channels-last tap strategy, or nullopt where the NCHW tap strategy is
/// taken: narrow outputs (isNarrowOutput: ResNet's 7-wide late layers,
/// whose rows of 7 lanes ran at a third of the FMA peak) and wide ones
/// over many input channels (isWideReduction), with a channel
/// count the vector width divides. Rows of output pixels are the
/// tile's rows (one broadcast input value each), output channels its
/// vectors: a divisor of the width of at most m rows (a narrow width is at
/// most half the lanes, within m for the contraction tiles), and as many
/// vectors per row as the contraction tile's accumulator budget (m x n /
/// lanes registers) leaves, a power-of-two divisor of the channels'
/// vectors.
std::optional<std::pair<int64_t, int64_t>>
getChannelsLastTapTile(int64_t channels, int64_t width, int64_t inputChannels,
                       const ContractionTile &tile, const CPUTarget &target) {
  int64_t lanes = target.getVectorLanes(32);
  if ((!isNarrowOutput(width, target) &&
       !isWideReduction(width, inputChannels, target)) ||
      channels % lanes != 0)
    return std::nullopt;
  int64_t rows = getLargestDivisor(width, tile.m);
  int64_t budget = tile.m * (tile.n / lanes);
  // Fewer than half the contraction tile's rows (a 7- or 14-wide output on
  // AVX2, 6 rows): up to half the registers' count of rows, and all the
  // accumulators but a filter vector and a broadcast value leave (Zen 3,
  // 512 channels on 7x7: 7 x 16 5.5 ms, 1 x 64 8.8; 256 on 14x14: 7 x 16
  // 4.5, 2 x 32 5.0, 14 x 8 5.8).
  if (2 * rows < tile.m) {
    rows = getLargestDivisor(width, target.numVectorRegisters / 2);
    budget = std::max<int64_t>(1, target.numVectorRegisters - 2);
  }
  // Vectors of a power-of-two count of registers: rows of 3, 6 or 12
  // registers ran ten times slower (Zen 3, 48 to 192 channels on 13x13:
  // 1 x 96 channels 5.3 ms, 1 x 64 0.40).
  int64_t vectors = getLargestPowerOfTwoDivisor(
      channels / lanes, std::max<int64_t>(1, budget / rows));
  return std::make_pair(rows, vectors * lanes);
}

/// The C x OH x OW windows of a 1 x C x H x W input that the taps of a
/// windowed NCHW op (strides, dilations) read: strided extract_slices, no
/// copy, except along a strided width when `splitPhases` is set. The input
/// is then split once into its column phases (phase p holds columns p,
/// p + s, p + 2s, ... of a width stride s), each copied into a contiguous
/// tensor, and every tap reads a window with unit stride along the width
/// from one phase: the vectors along the width load consecutive floats. A
/// window with a strided width became one scalar load per lane, in every
/// tap: 49 times for a 7x7 stride-2 stem, 9 for a 3x3 stride-2 pooling,
/// against one strided pass here.
class TapWindows {
public:
  TapWindows(RewriterBase &rewriter, Location loc, Value input,
             ArrayRef<int64_t> strides, ArrayRef<int64_t> dilations,
             bool splitPhases)
      : rewriter(rewriter), loc(loc), input(input), strides(strides),
        dilations(dilations),
        splitPhases(splitPhases && strides[1] > 1) {}

  /// Returns the window of tap (`i`, `j`), of type `windowType`.
  Value get(int64_t i, int64_t j, RankedTensorType windowType) {
    ArrayRef<int64_t> shape = windowType.getShape();
    int64_t column = j * dilations[1];
    Value source = input;
    int64_t widthStride = strides[1];
    if (splitPhases) {
      source = getPhase(column % strides[1]);
      column /= strides[1];
      widthStride = 1;
    }
    SmallVector<OpFoldResult> offsets = {
        index(0), index(0), index(i * dilations[0]), index(column)};
    SmallVector<OpFoldResult> sizes = {index(1), index(shape[0]),
                                       index(shape[1]), index(shape[2])};
    SmallVector<OpFoldResult> sliceStrides = {
        index(1), index(1), index(strides[0]), index(widthStride)};
    if (!llvm::is_contained(shape, 1))
      return tensor::ExtractSliceOp::create(rewriter, loc, windowType, source,
                                            offsets, sizes, sliceStrides);
    // With another unit dim, which dim a rank-reducing slice drops is
    // ambiguous, and upstream's expand-strided-metadata crashes on the
    // subview it bufferizes to (memref::SubViewOp::getDroppedDims; a
    // pooling to one output column over two images did): the batch dim
    // is dropped by a collapse instead.
    SmallVector<int64_t> fullShape = {1, shape[0], shape[1], shape[2]};
    Value window = tensor::ExtractSliceOp::create(
        rewriter, loc,
        RankedTensorType::get(fullShape, windowType.getElementType()), source,
        offsets, sizes, sliceStrides);
    return tensor::CollapseShapeOp::create(
        rewriter, loc, windowType, window,
        ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
  }

  /// Splits the input into all its column phases at once (splitAllPhases)
  /// where the first W / s columns of every phase hold every column that
  /// the windows of `kw` filter columns over `width` output columns read
  /// (an even width padded by one on each side for a 3x3 stride-2 window,
  /// as in MobileNet and ResNet); otherwise each phase is copied the first
  /// time it is asked for. A no-op without splitPhases.
  void splitPhasesIfTheyHoldWindows(int64_t kw, int64_t width) {
    if (!splitPhases)
      return;
    int64_t phaseWidth =
        cast<ShapedType>(input.getType()).getDimSize(3) / strides[1];
    if ((kw - 1) * dilations[1] / strides[1] + width <= phaseWidth)
      splitAllPhases(phaseWidth);
  }

private:
  OpFoldResult index(int64_t v) { return rewriter.getIndexAttr(v); }

  /// Splits the input into all its column phases at once, `width` columns
  /// each (the first s * `width` <= W columns of the input): one
  /// elementwise op reads each row as `width` pairs (s-tuples) of
  /// consecutive columns and writes their i-th elements into phase i, a
  /// transpose that vectorizes into contiguous loads and shuffles. The
  /// phases' copies of a strided slice each (getPhase) load one float per
  /// lane: a 1x144x58x58 input took 1.2 ms to split that way, 0.07 ms this
  /// way. Only with splitPhases.
  void splitAllPhases(int64_t width) {
    assert(splitPhases && "no phases to split");
    auto type = cast<RankedTensorType>(input.getType());
    ArrayRef<int64_t> shape = type.getShape();
    int64_t stride = strides[1], c = shape[1], h = shape[2];
    assert(stride * width <= shape[3] && "phases wider than the input");
    Type elementType = type.getElementType();
    MLIRContext *context = rewriter.getContext();
    Value rows = tensor::ExtractSliceOp::create(
        rewriter, loc,
        RankedTensorType::get({c, h, stride * width}, elementType), input,
        {index(0), index(0), index(0), index(0)},
        {index(1), index(c), index(h), index(stride * width)},
        {index(1), index(1), index(1), index(1)});
    Value pairs = tensor::ExpandShapeOp::create(
        rewriter, loc,
        RankedTensorType::get({c, h, width, stride}, elementType), rows,
        ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
    SmallVector<int64_t> allShape = {stride, c, h, width};
    Value empty = tensor::EmptyOp::create(rewriter, loc, allShape, elementType);
    AffineExpr dc, dh, dw, dp;
    bindDims(context, dc, dh, dw, dp);
    SmallVector<AffineMap> maps = {
        AffineMap::get(4, 0, {dc, dh, dw, dp}, context),
        AffineMap::get(4, 0, {dp, dc, dh, dw}, context)};
    SmallVector<utils::IteratorType> iterators(4,
                                               utils::IteratorType::parallel);
    Value all =
        linalg::GenericOp::create(
            rewriter, loc, empty.getType(), pairs, empty, maps, iterators,
            [](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(b, loc, args[0]);
            })
            .getResult(0);
    auto phaseType = RankedTensorType::get({1, c, h, width}, elementType);
    for (int64_t p = 0; p < stride; ++p)
      phases[p] = tensor::ExtractSliceOp::create(
          rewriter, loc, phaseType, all,
          {index(p), index(0), index(0), index(0)},
          {index(1), index(c), index(h), index(width)},
          {index(1), index(1), index(1), index(1)});
  }

  /// Returns phase `p` of the input (1 x C x H x ceil((W - p) / s)),
  /// copying it the first time it is asked for.
  Value getPhase(int64_t p) {
    Value &phase = phases[p];
    if (phase)
      return phase;
    auto type = cast<RankedTensorType>(input.getType());
    ArrayRef<int64_t> shape = type.getShape();
    int64_t stride = strides[1];
    SmallVector<int64_t> phaseShape = {shape[0], shape[1], shape[2],
                                       (shape[3] - p + stride - 1) / stride};
    auto phaseType = RankedTensorType::get(phaseShape, type.getElementType());
    Value columns = tensor::ExtractSliceOp::create(
        rewriter, loc, phaseType, input,
        {index(0), index(0), index(0), index(p)},
        {index(phaseShape[0]), index(phaseShape[1]), index(phaseShape[2]),
         index(phaseShape[3])},
        {index(1), index(1), index(1), index(stride)});
    Value empty = tensor::EmptyOp::create(rewriter, loc, phaseShape,
                                          type.getElementType());
    phase = linalg::CopyOp::create(rewriter, loc, columns, empty).getResult(0);
    return phase;
  }

  RewriterBase &rewriter;
  Location loc;
  Value input;
  ArrayRef<int64_t> strides, dilations;
  bool splitPhases;
  llvm::SmallDenseMap<int64_t, Value> phases;
};

/// Returns the number of input channels of `conv`.
int64_t getInputChannels(linalg::Conv2DNchwFchwOp conv) {
  return cast<ShapedType>(conv.getInputs()[1].getType()).getDimSize(1);
}

/// Returns true if `conv`, a 1x1 layer, reads input pixel (h, w) for
/// output pixel (h, w) and no other: stride 1 and an input plane of the
/// output's size. Its input is then the matmul's operand in place; a
/// strided layer, or one over a larger input (it reads only the top-left
/// OH x OW pixels: valid IR, if no exporter writes it), needs a copy of the
/// pixels it reads.
bool readsEveryInputPixel(linalg::Conv2DNchwFchwOp conv) {
  ArrayRef<int64_t> in =
      cast<ShapedType>(conv.getInputs()[0].getType()).getShape();
  ArrayRef<int64_t> out =
      cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
  return llvm::all_of(conv.getStrides().getValues<int64_t>(),
                      [](int64_t stride) { return stride == 1; }) &&
         in[2] == out[2] && in[3] == out[3];
}

/// Returns true if `conv` is a 1x1 stride-1 convolution that the
/// contraction strategy takes as a matmul: a reduction over at least
/// kMinPackedReduction input channels, with a narrow output, or any output
/// with 16 vector registers (AVX2), where the NCHW taps' rows load a filter
/// value for each FMA (Zen 3, one thread: ResNet-50's 1x1 layers 1.3 to
/// 3 times faster as matmuls: 64 to 256 channels on 56x56 2.10 -> 1.62 ms,
/// 256 to 1024 on 14x14 4.79 -> 1.58). (On 14-wide outputs on AVX-512 the
/// taps ran 10% faster than the matmul's packing and unpacking.) A strided
/// 1x1 layer (ResNet's downsampling shortcuts) is one too, on its input's
/// subsampled copy (rewritePointwiseAsMatmul; Zen 3, one thread: ResNet-50's
/// 1024 to 2048 channels from 14x14 to 7x7 10.7 ms as taps).
bool isPackablePointwise(linalg::Conv2DNchwFchwOp conv,
                         const CPUTarget &target) {
  ArrayRef<int64_t> window =
      cast<ShapedType>(conv.getInputs()[1].getType()).getShape();
  int64_t width = cast<ShapedType>(conv.getOutputs()[0].getType()).getDimSize(3);
  return (isNarrowOutput(width, target) || hasFewVectorRegisters(target)) &&
         window[2] == 1 && window[3] == 1 && window[1] >= kMinPackedReduction;
}

/// The fewest output pixels of a convolution that the contraction strategy
/// takes as an im2col matmul (isIm2colConv) over a filter packed in the
/// call: with 7x7 outputs (49 pixels) that pack costs more than the taps
/// lose (Zen 3, one thread: 512 channels on 7x7 4.4 ms as taps, 4.9 as a
/// matmul, 1.4 ms of it packing the 9.4 MB filter).
constexpr int64_t kMinIm2colPixels = 128;

/// The same over a filter packed ahead of the call in the matmul's panels
/// (NchwFilterLayout::MatmulPanels).
constexpr int64_t kMinPrepackedIm2colPixels = 32;

/// The most output pixels of a 1x1 layer that reads its filter packed
/// ahead as the im2col matmul's panels (readsPointwisePanels): with more,
/// the plain matmul's tiles of 16 pixels waste little and its unpack of
/// the output is cheaper than the transposed one (Zen 3, one thread: 256
/// to 1024 channels on 28x28 4.9 ms as the plain matmul, 5.3 over panels).
constexpr int64_t kMaxPointwisePanelPixels = 256;

/// Returns true if `conv`, a 1x1 layer the contraction strategy takes as a
/// matmul (isPackablePointwise), reads its filter packed ahead as the
/// im2col matmul's panels (NchwFilterLayout::MatmulPanels), its input the
/// left-hand side in place: on 16 vector registers (AVX2), where the
/// strategy packs the filter at any row count (packsRhsPanelsAtAnyRows: a
/// filter of more than 512 KiB) and the output has from
/// kMinPrepackedIm2colPixels to kMaxPointwisePanelPixels pixels. The plain
/// matmul's rows are the output channels: it packs the whole filter in each
/// call, and its tiles of 16 pixels waste 15 of 64 on 7x7 outputs (Zen 3,
/// one thread: ResNet-50's 512 to 2048 channels on 7x7 1.80 -> 1.31 ms,
/// 2048 to 512 1.73 -> 1.19, 1024 to 2048 at stride 2 3.67 -> 2.50, 1024 to
/// 256 on 14x14 1.25 -> 1.14; 256 to 1024 on 14x14 1.35 -> 1.33).
bool readsPointwisePanels(linalg::Conv2DNchwFchwOp conv,
                          const ContractionTile &contraction,
                          const CPUTarget &target) {
  ArrayRef<int64_t> out =
      cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
  int64_t pixels = out[2] * out[3];
  return hasFewVectorRegisters(target) &&
         packsRhsPanelsAtAnyRows(contraction, getInputChannels(conv), out[1]) &&
         pixels >= kMinPrepackedIm2colPixels &&
         pixels <= kMaxPointwisePanelPixels;
}

/// Rewrites `conv`, a batch-1 1x1 NCHW convolution, as the matmul it is,
/// out[F][OH * OW] += w[F][C] * x[C][OH * OW] (collapse_shapes, no copy;
/// with strides, x is a copy of the input's subsampled pixels), and returns
/// the matmul, which the contraction strategy's packed kernels run
/// (MobileNet's 1x1 layers on 7-wide activations: 160 to 960 channels in
/// 0.24 ms instead of 0.31 with the taps' rows of 7 pixels, and 3.4 ms with
/// the channels-last taps, whose transposes in and out cost more than one
/// pass over the input channels).
linalg::MatmulOp rewritePointwiseAsMatmul(RewriterBase &rewriter,
                                          linalg::Conv2DNchwFchwOp conv) {
  Location loc = conv.getLoc();
  Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
  Value init = conv.getOutputs()[0];
  auto outType = cast<RankedTensorType>(init.getType());
  ArrayRef<int64_t> out = outType.getShape();
  int64_t c = cast<ShapedType>(filter.getType()).getDimSize(1);
  int64_t pixels = out[2] * out[3];
  Type f32 = outType.getElementType();
  rewriter.setInsertionPoint(conv);
  SmallVector<ReassociationIndices> rowsOfPixels = {{0, 1}, {2, 3}};
  Value w = tensor::CollapseShapeOp::create(
      rewriter, loc, RankedTensorType::get({out[1], c}, f32), filter,
      ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
  SmallVector<int64_t> strides(conv.getStrides().getValues<int64_t>());
  // A layer that does not read every input pixel (strided, or over an
  // input larger than its output) reads a copy of the pixels it uses.
  if (!readsEveryInputPixel(conv)) {
    auto index = [&](int64_t v) -> OpFoldResult {
      return rewriter.getIndexAttr(v);
    };
    SmallVector<int64_t> subsampled = {1, c, out[2], out[3]};
    Value pixelsUsed = tensor::ExtractSliceOp::create(
        rewriter, loc, RankedTensorType::get(subsampled, f32), input,
        {index(0), index(0), index(0), index(0)},
        {index(1), index(c), index(out[2]), index(out[3])},
        {index(1), index(1), index(strides[0]), index(strides[1])});
    input =
        linalg::CopyOp::create(
            rewriter, loc, pixelsUsed,
            tensor::EmptyOp::create(rewriter, loc, subsampled, f32).getResult())
            .getResult(0);
  }
  Value x = tensor::CollapseShapeOp::create(
      rewriter, loc, RankedTensorType::get({c, pixels}, f32), input,
      rowsOfPixels);
  Value acc = tensor::CollapseShapeOp::create(
      rewriter, loc, RankedTensorType::get({out[1], pixels}, f32), init,
      rowsOfPixels);
  auto matmul = linalg::MatmulOp::create(rewriter, loc, acc.getType(),
                                         ValueRange{w, x}, ValueRange{acc});
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
      conv, outType, matmul.getResult(0), rowsOfPixels);
  return matmul;
}

/// The most input channels times filter columns that foldFilterColumns
/// folds into one reduction.
constexpr int64_t kMaxFoldedColumns = 64;

/// The fewest filter columns foldFilterColumns folds: a 3x3 stem's taps
/// (3 channels to 32 at stride 2, MobileNet's and EfficientNet's) ran slower
/// folded (Zen 3: 0.69 -> 1.3 ms), the copies of the input's columns costing
/// more than the accumulators' traffic saved.
constexpr int64_t kMinFoldedColumns = 5;

/// Rewrites `conv`, a batch-1 NCHW convolution over fewer input channels
/// than a vector register has lanes with several filter columns (the
/// 3-channel stems of ResNet, MobileNet, EfficientNet, SqueezeNet), as a
/// convolution with one filter column over C * KW channels: channel
/// c * KW + kw of its input holds x[c][h][ow * sw + kw * dw] for every row h
/// and output column ow (KW copies of the input's columns, read from its
/// column phases; 2 MiB for ResNet's stem), its filter is w[f][c][kh][kw]
/// at [f][c * KW + kw][kh][0], and its strides and dilations are 1 along
/// the width. Each of its KH taps then reduces over C * KW values instead
/// of each of KH * KW taps over C, with the accumulators read and written
/// KH times instead of KH * KW (Zen 3, one thread: ResNet's 7x7 stride-2
/// stem 5.6 ms as 49 taps over 3 channels). Returns the new convolution,
/// or `conv` where the rewrite does not apply.
linalg::Conv2DNchwFchwOp foldFilterColumns(RewriterBase &rewriter,
                                           linalg::Conv2DNchwFchwOp conv,
                                           const CPUTarget &target) {
  ArrayRef<int64_t> window =
      cast<ShapedType>(conv.getInputs()[1].getType()).getShape();
  int64_t f = window[0], c = window[1], kh = window[2], kw = window[3];
  if (kw < kMinFoldedColumns ||
      c >= static_cast<int64_t>(target.getVectorLanes(32)) ||
      c * kw > kMaxFoldedColumns)
    return conv;
  Location loc = conv.getLoc();
  Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
  auto inType = cast<RankedTensorType>(input.getType());
  ArrayRef<int64_t> in = inType.getShape();
  ArrayRef<int64_t> out =
      cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
  int64_t h = in[2], ow = out[3];
  SmallVector<int64_t> strides(conv.getStrides().getValues<int64_t>());
  SmallVector<int64_t> dilations(conv.getDilations().getValues<int64_t>());
  Type f32 = inType.getElementType();
  auto index = [&](int64_t v) -> OpFoldResult {
    return rewriter.getIndexAttr(v);
  };
  rewriter.setInsertionPoint(conv);
  // The columns of filter column kw: every row, columns kw * dw + ow * sw,
  // unit-stride windows of the input's column phases.
  SmallVector<int64_t> rowStrides = {1, strides[1]};
  SmallVector<int64_t> rowDilations = {1, dilations[1]};
  TapWindows windows(rewriter, loc, input, rowStrides, rowDilations,
                     /*splitPhases=*/true);
  windows.splitPhasesIfTheyHoldWindows(kw, ow);
  Value columns = tensor::EmptyOp::create(rewriter, loc,
                                          ArrayRef<int64_t>{c, kw, h, ow}, f32);
  auto columnType = RankedTensorType::get({c, h, ow}, f32);
  for (int64_t j = 0; j < kw; ++j) {
    SmallVector<OpFoldResult> offsets = {index(0), index(j), index(0),
                                         index(0)};
    SmallVector<OpFoldResult> sizes = {index(c), index(1), index(h), index(ow)};
    SmallVector<OpFoldResult> unit(4, index(1));
    Value slot = tensor::ExtractSliceOp::create(rewriter, loc, columnType,
                                                columns, offsets, sizes, unit);
    Value copy = linalg::CopyOp::create(rewriter, loc,
                                        windows.get(0, j, columnType), slot)
                     .getResult(0);
    columns = tensor::InsertSliceOp::create(rewriter, loc, copy, columns,
                                            offsets, sizes, unit);
  }
  Value folded = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get({1, c * kw, h, ow}, f32),
      tensor::CollapseShapeOp::create(
          rewriter, loc, RankedTensorType::get({c * kw, h, ow}, f32), columns,
          ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}}),
      ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
  Value swapped = linalg::TransposeOp::create(
                      rewriter, loc, filter,
                      tensor::EmptyOp::create(
                          rewriter, loc, ArrayRef<int64_t>{f, c, kw, kh}, f32),
                      ArrayRef<int64_t>{0, 1, 3, 2})
                      ->getResult(0);
  Value foldedFilter = tensor::ExpandShapeOp::create(
      rewriter, loc, RankedTensorType::get({f, c * kw, kh, 1}, f32),
      tensor::CollapseShapeOp::create(
          rewriter, loc, RankedTensorType::get({f, c * kw, kh}, f32), swapped,
          ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}}),
      ArrayRef<ReassociationIndices>{{0}, {1}, {2, 3}});
  auto attr = [&](int64_t height, int64_t width) {
    return DenseIntElementsAttr::get(
        RankedTensorType::get({2}, rewriter.getI64Type()),
        ArrayRef<int64_t>{height, width});
  };
  auto replacement = linalg::Conv2DNchwFchwOp::create(
      rewriter, loc, conv.getResultTypes(), ValueRange{folded, foldedFilter},
      conv.getOutputs(), attr(strides[0], 1), attr(dilations[0], 1));
  rewriter.replaceOp(conv, replacement->getResults());
  return replacement;
}

/// Returns true if the channels-last taps of `conv` read its input laid out
/// channels-last (H x W x C, one transpose before the first tap): with 16
/// vector registers (AVX2) and input planes of at least a page (1024
/// floats). Each step of c of the taps then reads its broadcast pixels from
/// the same few lines instead of a plane (a page) further (Zen 3, one
/// thread: 64 channels on 56x56 3x3 3.53 -> 2.95 ms, 64 to 128 channels
/// from 58x58 at stride 2 2.12 -> 1.76; with 256 channels on 16x16 planes
/// 4.43 -> 4.85 ms, so smaller planes keep the NCHW input). Not measured on
/// AVX-512, which keeps the NCHW input.
bool readsInputChannelsLast(linalg::Conv2DNchwFchwOp conv,
                            const CPUTarget &target) {
  ArrayRef<int64_t> input =
      cast<ShapedType>(conv.getInputs()[0].getType()).getShape();
  return hasFewVectorRegisters(target) && input[2] * input[3] >= 1024;
}

/// Rewrites `conv` (1 x C x H x W input, F x C x KH x KW filter) as KH * KW
/// contractions, one per filter tap (kh, kw), chained through the
/// accumulator (dims f, oh, ow, c):
///
///   out[f][oh][ow] += w[f][c][kh][kw] * x[c][oh*sh + kh*dh][ow*sw + kw*dw]
///
/// The input operand of a tap is a strided window of the input
/// (tensor.extract_slice with the convolution's strides), the filter operand
/// the tap's C x F plane of the filter packed once per call, the accumulator
/// the output without its batch dim (a collapse_shape). With
/// `channelsLast`, the accumulator is laid out OH x OW x F instead (dims oh,
/// ow, f, c; the output transposed into it before the first tap and back
/// after the last), so that vectors can run along the output channels: the
/// layout for outputs narrower than a vector register. With `hwcInput`
/// (channelsLast only), the taps read the input transposed once into
/// H x W x C (readsInputChannelsLast). Returns the contractions.
SmallVector<linalg::GenericOp> decomposeIntoTaps(RewriterBase &rewriter,
                                                 linalg::Conv2DNchwFchwOp conv,
                                                 bool channelsLast,
                                                 bool hwcInput = false) {
  assert((channelsLast || !hwcInput) && "an H x W x C input for the NCHW taps");
  Location loc = conv.getLoc();
  Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
  Value init = conv.getOutputs()[0];
  auto outType = cast<RankedTensorType>(init.getType());
  ArrayRef<int64_t> out = outType.getShape();
  ArrayRef<int64_t> window =
      cast<RankedTensorType>(filter.getType()).getShape();
  int64_t f = out[1], oh = out[2], ow = out[3];
  int64_t c = window[1], kh = window[2], kw = window[3];
  SmallVector<int64_t> strides(conv.getStrides().getValues<int64_t>());
  SmallVector<int64_t> dilations(conv.getDilations().getValues<int64_t>());
  Type f32 = outType.getElementType();
  MLIRContext *context = rewriter.getContext();
  AffineExpr df, dh, dw, dc;
  if (channelsLast)
    bindDims(context, dh, dw, df, dc);
  else
    bindDims(context, df, dh, dw, dc);
  AffineMap accMap = channelsLast ? AffineMap::get(4, 0, {dh, dw, df}, context)
                                  : AffineMap::get(4, 0, {df, dh, dw}, context);
  SmallVector<AffineMap> maps = {
      hwcInput ? AffineMap::get(4, 0, {dh, dw, dc}, context)
               : AffineMap::get(4, 0, {dc, dh, dw}, context),
      AffineMap::get(4, 0, {dc, df}, context), accMap};
  SmallVector<utils::IteratorType> iterators(3,
                                             utils::IteratorType::parallel);
  iterators.push_back(utils::IteratorType::reduction);
  auto index = [&](int64_t v) -> OpFoldResult {
    return rewriter.getIndexAttr(v);
  };
  rewriter.setInsertionPoint(conv);
  SmallVector<ReassociationIndices> dropBatch = {{0, 1}, {2}, {3}};
  auto outputType = RankedTensorType::get({f, oh, ow}, f32);
  Value acc = tensor::CollapseShapeOp::create(rewriter, loc, outputType, init,
                                              dropBatch);
  auto transpose = [&](Value value, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> permutation) -> Value {
    return linalg::TransposeOp::create(
               rewriter, loc, value,
               tensor::EmptyOp::create(rewriter, loc, shape, f32), permutation)
        ->getResult(0);
  };
  if (channelsLast) {
    // A filled output (the usual case) is filled in its new layout instead
    // of transposed.
    if (auto fill = init.getDefiningOp<linalg::FillOp>())
      acc = linalg::FillOp::create(
                rewriter, loc, fill.getInputs()[0],
                tensor::EmptyOp::create(rewriter, loc,
                                        ArrayRef<int64_t>{oh, ow, f}, f32)
                    .getResult())
                .getResult(0);
    else
      acc = transpose(acc, {oh, ow, f}, {1, 2, 0});
  }
  auto accType = cast<RankedTensorType>(acc.getType());
  // The filter as C * KH * KW rows of F (packFilter): every step of c of a
  // tap reads consecutive output channels (one vector load instead of a
  // strided gather). With the channels-last accumulator, the C x F plane of
  // tap (kh, kw) is every (KH * KW)-th row of it from row kh * KW + kw, a
  // strided slice. Otherwise its rows are regrouped tap-major into
  // contiguous planes: the strided slice there flipped the orientation of
  // the tile's outer products (rows of one lane). A filter packed ahead of
  // the call (llvm-cpu-hoist-filter-packing) is read in place.
  int64_t taps2d = kh * kw;
  NchwFilterLayout layout = channelsLast ? NchwFilterLayout::ChannelMajor
                                         : NchwFilterLayout::TapMajor;
  Value packedFilter = getPackedFilter(filter, layout);
  if (!packedFilter)
    packedFilter = packFilter(rewriter, loc, filter, layout);
  Value packed = tensor::CollapseShapeOp::create(
      rewriter, loc,
      channelsLast ? RankedTensorType::get({c, taps2d, f}, f32)
                   : RankedTensorType::get({taps2d, c, f}, f32),
      packedFilter,
      channelsLast ? ArrayRef<ReassociationIndices>{{0}, {1, 2}, {3}}
                   : ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
  auto getPlane = [&](int64_t tap) -> Value {
    auto planeType = RankedTensorType::get({c, f}, f32);
    if (channelsLast)
      return tensor::ExtractSliceOp::create(
          rewriter, loc, planeType, packed, {index(0), index(tap), index(0)},
          {index(c), index(1), index(f)}, {index(1), index(1), index(1)});
    return tensor::ExtractSliceOp::create(
        rewriter, loc, planeType, packed, {index(tap), index(0), index(0)},
        {index(1), index(c), index(f)}, {index(1), index(1), index(1)});
  };
  // The channels-last taps read the input one broadcast value at a time:
  // a strided width costs them nothing.
  TapWindows windows(rewriter, loc, input, strides, dilations,
                     /*splitPhases=*/!channelsLast);
  Value hwc;
  if (hwcInput) {
    ArrayRef<int64_t> in = cast<RankedTensorType>(input.getType()).getShape();
    Value chw = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({c, in[2], in[3]}, f32), input,
        dropBatch);
    hwc = transpose(chw, {in[2], in[3], c}, {1, 2, 0});
  }
  SmallVector<linalg::GenericOp> taps;
  for (int64_t i = 0; i < kh; ++i) {
    for (int64_t j = 0; j < kw; ++j) {
      Value rows =
          hwcInput
              ? tensor::ExtractSliceOp::create(
                    rewriter, loc, RankedTensorType::get({oh, ow, c}, f32), hwc,
                    {index(i * dilations[0]), index(j * dilations[1]),
                     index(0)},
                    {index(oh), index(ow), index(c)},
                    {index(strides[0]), index(strides[1]), index(1)})
                    .getResult()
              : windows.get(i, j, RankedTensorType::get({c, oh, ow}, f32));
      Value plane = getPlane(i * kw + j);
      // The multiply's first operand becomes the lhs of the tile's
      // vector.contract, whose outer-product lowering broadcasts the lhs
      // elements and runs vectors along the rhs: the filter row (output
      // channels) goes second in the channels-last layout, the input row
      // (output pixels) in the other (w * x made rows of 7 lanes along the
      // width again, one per output channel). Both orders round alike.
      auto tap = linalg::GenericOp::create(
          rewriter, loc, accType, ValueRange{rows, plane}, ValueRange{acc},
          maps, iterators,
          [&](OpBuilder &b, Location loc, ValueRange args) {
            Value product =
                channelsLast
                    ? arith::MulFOp::create(b, loc, args[0], args[1])
                    : arith::MulFOp::create(b, loc, args[1], args[0]);
            Value sum = arith::AddFOp::create(b, loc, args[2], product);
            linalg::YieldOp::create(b, loc, sum);
          });
      taps.push_back(tap);
      acc = tap.getResult(0);
    }
  }
  if (channelsLast)
    acc = transpose(acc, {f, oh, ow}, {2, 0, 1});
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(conv, outType, acc,
                                                     dropBatch);
  return taps;
}

/// Tiles the channels-last taps of one convolution over an H x W x C input
/// (decomposeIntoTaps with `hwcInput`), chained through their OH x OW x F
/// accumulator, into one scf.forall over the output rows, with the
/// accumulator's fill and the transpose of the result back to F x OH x OW:
/// every tap of a row runs while that row of the accumulator (OW x F) is in
/// L1, and the row is transposed from there. Taps over the whole output
/// each read and wrote all of it (64 channels of 56x56 are 784 KiB, more
/// than Zen 3's L2), and the transpose was one more pass. The input's
/// transpose stays before the loop (each row reads KH of its rows). Returns
/// the taps in the loop, in chain order, or `taps` where the last tap's
/// only user is not that transpose or tiling fails.
SmallVector<linalg::GenericOp>
tileTapsByRows(RewriterBase &rewriter, ArrayRef<linalg::GenericOp> taps) {
  if (taps.empty() || !taps.back()->hasOneUse())
    return SmallVector<linalg::GenericOp>(taps);
  // The loop is the transpose's: its dims are F x OH x OW, rows dim 1.
  auto tail = dyn_cast<linalg::TransposeOp>(*taps.back()->user_begin());
  if (!tail || tail.getPermutation() != ArrayRef<int64_t>{2, 0, 1})
    return SmallVector<linalg::GenericOp>(taps);
  SmallVector<OpFoldResult> sizes(3, rewriter.getIndexAttr(0));
  sizes[1] = rewriter.getIndexAttr(1);
  llvm::SmallPtrSet<Operation *, 16> fused(
      llvm::from_range,
      llvm::map_range(taps, [](auto tap) { return tap.getOperation(); }));
  linalg::GenericOp firstTap = taps.front();
  auto fill = firstTap.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  if (fill && fill->hasOneUse())
    fused.insert(fill);
  FailureOr<scf::SCFTileAndFuseResult> result =
      tileIntoForall(rewriter, tail, sizes, fused);
  if (failed(result))
    return SmallVector<linalg::GenericOp>(taps);
  rewriter.replaceOp(tail, result->replacements.lookup(tail->getResult(0)));
  // The taps and the fill outside the loop are read by nothing but the
  // slices the fusion left.
  auto eraseIfDead = [&](Operation *op) {
    for (Operation *user : llvm::make_early_inc_range(op->getUsers()))
      if (isa<tensor::ExtractSliceOp>(user) && user->use_empty())
        rewriter.eraseOp(user);
    if (op->use_empty())
      rewriter.eraseOp(op);
  };
  for (linalg::GenericOp tap : llvm::reverse(taps))
    eraseIfDead(tap);
  if (fill)
    eraseIfDead(fill);
  SmallVector<linalg::GenericOp> tiled;
  result->loops.front()->walk(
      [&](linalg::GenericOp tap) { tiled.push_back(tap); });
  return tiled;
}

/// Returns the output columns of the channels-last taps over an H x W x C
/// input (tileTapsByRows) that tiles of the contraction tile's rows (6 on
/// AVX2) cover, the taps' rest running with tiles of their own
/// (linalg::splitOp), or `width` where a divisor of it is that many rows.
/// Rows of the largest divisor at most as many ran slower: a 56-wide
/// output took rows of 4, 8 accumulators, which the FMA latency leaves too
/// few (Zen 3, one thread, 64 channels on 56x56 3x3, with the loop over
/// rows: 2.92 ms with rows of 4, 2.84 with 54 columns of 6 and 2 of 2).
int64_t getChannelsLastTapSplit(int64_t width, const ContractionTile &tile) {
  if (width <= tile.m || getLargestDivisor(width, tile.m) == tile.m)
    return width;
  return width - width % tile.m;
}

/// Returns true if `conv`, whose filter the channels-last taps would read
/// (NchwFilterLayout::ChannelMajor), runs faster as a matmul over its
/// input's im2col copy (rewriteAsIm2colMatmul), its filter packed in the
/// call or, with `prepacked`, ahead of it: on 16 vector registers (AVX2),
/// with at least kMinIm2colPixels (kMinPrepackedIm2colPixels) output
/// pixels, from an NCHW input the taps would not transpose
/// (readsInputChannelsLast: there the channels-last taps were as fast or
/// faster at stride 1, 64 channels on 56x56 2.9 ms against 3.7) or with
/// strides along both dims (there the copy has a quarter of the input's
/// pixels: ResNet-50's 128 channels from 56x56 to 28x28 3.9 -> 2.9 ms,
/// ResNet-18's 64 to 128 1.81 -> 1.53; a stem folded into one filter
/// column, stride 1 along the width, keeps its taps: 5.0 ms, 6.2 as the
/// matmul). The channels-last taps' tiles of 7 or 13 rows by 16 channels
/// need 17 registers and spill (Zen 3, one thread, filter packed in the
/// call: 256 channels on 14x14 4.1 -> 3.1 ms, 128 on 28x28 4.5 -> 3.4, 128
/// to 256 at stride 2 to 14x14 2.2 -> 1.5, SqueezeNet's 64 to 256 on 13x13
/// 1.65 -> 0.68, 32 to 128 on 27x27 1.09 -> 0.81; its 48 to 192 on 13x13
/// 0.39 -> 0.44).
bool isIm2colConv(linalg::Conv2DNchwFchwOp conv, const CPUTarget &target,
                  bool prepacked) {
  ArrayRef<int64_t> out =
      cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
  int64_t minPixels = prepacked ? kMinPrepackedIm2colPixels : kMinIm2colPixels;
  return hasFewVectorRegisters(target) && out[2] * out[3] >= minPixels &&
         (!readsInputChannelsLast(conv, target) ||
          llvm::all_of(conv.getStrides().getValues<int64_t>(),
                       [](int64_t stride) { return stride > 1; }));
}

/// Rewrites `conv` (1 x C x H x W input, F x C x KH x KW filter) as the
/// transposed matmul of its input's im2col copy and its filter,
///
///   out[f][p] += col[r][p] * w[r][f]
///
/// over the output pixels p = oh * OW + ow and the columns r = (c * KH + kh)
/// * KW + kw of the copy,
///
///   col[c][kh][kw][oh][ow] = x[c][oh * sh + kh * dh][ow * sw + kw * dw],
///
/// whose rows are runs of the input's rows (none for a 1x1 stride-1
/// convolution: its input is the copy), and with the filter as C * KH * KW
/// rows of F (the channels-last taps' C x KH x KW x F layout). With
/// `panels`, the filter packed ahead in NchwFilterLayout::MatmulPanels, the
/// right-hand side is the linalg.unpack of those panels, which the
/// contraction strategy's pack of it cancels; else the filter is read in
/// place where it was packed ahead as C x KH x KW x F, or packed here. The
/// output pixels are the contraction's rows (m), whose tiles of 6 waste
/// fewer than the tiles of 16 along its columns would on 7- or 14-wide
/// outputs; @llvm_cpu_contraction_6x16_transposed packs the copy's rows
/// and unpacks the F x OH * OW output without a transpose. Returns the
/// contraction.
linalg::GenericOp rewriteAsIm2colMatmul(RewriterBase &rewriter,
                                        linalg::Conv2DNchwFchwOp conv,
                                        Value panels) {
  Location loc = conv.getLoc();
  Value input = conv.getInputs()[0], filter = conv.getInputs()[1];
  Value init = conv.getOutputs()[0];
  auto outType = cast<RankedTensorType>(init.getType());
  ArrayRef<int64_t> out = outType.getShape();
  ArrayRef<int64_t> in = cast<ShapedType>(input.getType()).getShape();
  ArrayRef<int64_t> window = cast<ShapedType>(filter.getType()).getShape();
  int64_t f = out[1], oh = out[2], ow = out[3];
  int64_t c = window[1], kh = window[2], kw = window[3];
  int64_t pixels = oh * ow, reduction = c * kh * kw;
  SmallVector<int64_t> strides(conv.getStrides().getValues<int64_t>());
  SmallVector<int64_t> dilations(conv.getDilations().getValues<int64_t>());
  Type f32 = outType.getElementType();
  MLIRContext *context = rewriter.getContext();
  rewriter.setInsertionPoint(conv);
  auto empty = [&](ArrayRef<int64_t> shape) -> Value {
    return tensor::EmptyOp::create(rewriter, loc, shape, f32);
  };
  SmallVector<ReassociationIndices> rowsOfPixels = {{0, 1}, {2, 3}};
  // The im2col copy, C * KH * KW rows of OH * OW pixels.
  Value lhs;
  if (kh == 1 && kw == 1 && readsEveryInputPixel(conv)) {
    lhs = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({c, pixels}, f32), input,
        rowsOfPixels);
  } else {
    Value chw = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({c, in[2], in[3]}, f32), input,
        ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
    AffineExpr dC, dKh, dKw, dOh, dOw;
    bindDims(context, dC, dKh, dKw, dOh, dOw);
    SmallVector<AffineMap> copyMaps = {
        AffineMap::get(5, 0,
                       {dC, dOh * strides[0] + dKh * dilations[0],
                        dOw * strides[1] + dKw * dilations[1]},
                       context),
        AffineMap::getMultiDimIdentityMap(5, context)};
    Value columns =
        linalg::GenericOp::create(
            rewriter, loc, RankedTensorType::get({c, kh, kw, oh, ow}, f32), chw,
            empty({c, kh, kw, oh, ow}), copyMaps,
            SmallVector<utils::IteratorType>(5, utils::IteratorType::parallel),
            [](OpBuilder &b, Location loc, ValueRange args) {
              linalg::YieldOp::create(b, loc, args[0]);
            })
            .getResult(0);
    lhs = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({reduction, pixels}, f32), columns,
        ArrayRef<ReassociationIndices>{{0, 1, 2}, {3, 4}});
  }
  // The filter as C * KH * KW rows of F.
  Value rhs;
  if (panels) {
    Value rows = tensor::CollapseShapeOp::create(
        rewriter, loc,
        RankedTensorType::get(
            {f / kMatmulPanelWidth, reduction, kMatmulPanelWidth}, f32),
        panels, ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}, {4}});
    rhs = unpackRhsPanels(rewriter, loc, rows);
  } else {
    Value packedFilter =
        getPackedFilter(filter, NchwFilterLayout::ChannelMajor);
    if (!packedFilter)
      packedFilter =
          packFilter(rewriter, loc, filter, NchwFilterLayout::ChannelMajor);
    rhs = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({reduction, f}, f32), packedFilter,
        ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}});
  }
  // The accumulator, output channels by pixels: a fill of its own (whose
  // reads in the strategy's pack become broadcasts, foldReadsOfFills), or
  // the output collapsed.
  Value acc;
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    acc = linalg::FillOp::create(rewriter, loc, fill.getInputs()[0],
                                 empty({f, pixels}))
              .getResult(0);
  else
    acc = tensor::CollapseShapeOp::create(
        rewriter, loc, RankedTensorType::get({f, pixels}, f32), init,
        rowsOfPixels);
  AffineExpr dM, dN, dK;
  bindDims(context, dM, dN, dK);
  SmallVector<AffineMap> maps = {AffineMap::get(3, 0, {dK, dM}, context),
                                 AffineMap::get(3, 0, {dK, dN}, context),
                                 AffineMap::get(3, 0, {dN, dM}, context)};
  auto matmul = linalg::GenericOp::create(
      rewriter, loc, acc.getType(), ValueRange{lhs, rhs}, ValueRange{acc}, maps,
      {utils::IteratorType::parallel, utils::IteratorType::parallel,
       utils::IteratorType::reduction},
      [](OpBuilder &b, Location loc, ValueRange args) {
        Value product = arith::MulFOp::create(b, loc, args[0], args[1]);
        Value sum = arith::AddFOp::create(b, loc, args[2], product);
        linalg::YieldOp::create(b, loc, sum);
      });
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
      conv, outType, matmul.getResult(0), rowsOfPixels);
  // The convolution's unpack of the panels, no longer read.
  if (Operation *unpack = filter.getDefiningOp();
      panels && unpack && unpack->use_empty())
    rewriter.eraseOp(unpack);
  return matmul;
}

/// Replaces each linalg.pack of `unpack`'s result that packs it back into
/// its source's layout (same inner dims, tiles and outer permutation, no
/// padding) with that source, and erases `unpack` once it has no use: the
/// contraction strategy's pack of a right-hand side packed ahead of the
/// call in its panels (unpackRhsPanels).
void foldPackOfUnpack(RewriterBase &rewriter, linalg::UnPackOp unpack) {
  for (Operation *user : llvm::make_early_inc_range(unpack->getUsers())) {
    auto pack = dyn_cast<linalg::PackOp>(user);
    if (!pack || pack.getSource() != unpack.getResult() ||
        pack.getDestType() != unpack.getSourceType() ||
        pack.getInnerDimsPos() != unpack.getInnerDimsPos() ||
        pack.getStaticInnerTiles() != unpack.getStaticInnerTiles() ||
        pack.getOuterDimsPerm() != unpack.getOuterDimsPerm())
      continue;
    ArrayRef<int64_t> shape = unpack.getDestType().getShape();
    if (!llvm::all_of(
            llvm::zip(unpack.getInnerDimsPos(), unpack.getStaticInnerTiles()),
            [&](auto dimAndTile) {
              auto [dim, tile] = dimAndTile;
              return !ShapedType::isDynamic(tile) &&
                     !ShapedType::isDynamic(shape[dim]) &&
                     shape[dim] % tile == 0;
            }))
      continue;
    rewriter.replaceOp(pack, unpack.getSource());
  }
  if (unpack->use_empty())
    rewriter.eraseOp(unpack);
}

/// Returns the linalg.fill whose result `value` is a view of (through
/// reshapes and slices), or null.
linalg::FillOp getFillOfView(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    if (auto fill = dyn_cast<linalg::FillOp>(op))
      return fill.hasPureTensorSemantics() ? fill : nullptr;
    if (!isa<tensor::CollapseShapeOp, tensor::ExpandShapeOp,
             tensor::ExtractSliceOp>(op))
      return nullptr;
    value = op->getOperand(0);
  }
  return nullptr;
}

/// Returns true if `a` and `b` are the same value or equal float constants.
bool isSameFloat(Value a, Value b) {
  if (a == b)
    return true;
  FloatAttr x, y;
  return matchPattern(a, m_Constant(&x)) && matchPattern(b, m_Constant(&y)) &&
         x.getValue().bitwiseIsEqual(y.getValue());
}

/// Replaces each vector.transfer_read in `root` of a view of a linalg.fill
/// whose padding is the fill's value with a broadcast of that value (every
/// lane, read or padded, is that value): the contraction strategies' pack
/// of a filled accumulator then writes the packed zeros without reading a
/// filled tensor, and the fill itself goes where nothing else reads it.
void foldReadsOfFills(RewriterBase &rewriter, Operation *root) {
  SmallVector<std::pair<vector::TransferReadOp, Value>> reads;
  root->walk([&](vector::TransferReadOp read) {
    // A read under a vector.mask stays: the mask takes only maskable ops.
    if (!isa<RankedTensorType>(read.getBase().getType()) ||
        isa<vector::MaskOp>(read->getParentOp()))
      return;
    linalg::FillOp fill = getFillOfView(read.getBase());
    if (fill && isSameFloat(fill.getInputs()[0], read.getPadding()))
      reads.push_back({read, fill.getInputs()[0]});
  });
  for (auto [read, value] : reads) {
    rewriter.setInsertionPoint(read);
    rewriter.replaceOpWithNewOp<vector::BroadcastOp>(read, read.getVectorType(),
                                                     value);
  }
}

/// The largest static batch a batch matmul is split into matmuls for.
constexpr int64_t kMaxSplitBatch = 64;

/// Returns true if `op` is a static f32 `linalg.batch_matmul` with the
/// default indexing maps and at most kMaxSplitBatch batches: the attention
/// products of a transformer at batch 1 (one per head). The generic tiles
/// take a batch matmul as a 4-D contraction and tile it outermost-first (a
/// 4 x 128 x 128 x 64 product took 2.9 ms, 3 GFLOP/s).
bool isSplittableBatchMatmul(linalg::LinalgOp op) {
  auto batch = dyn_cast<linalg::BatchMatmulOp>(op.getOperation());
  if (!batch || batch.hasUserDefinedMaps() || !hasStaticF32Operands(op))
    return false;
  int64_t b = cast<ShapedType>(op.getDpsInits()[0].getType()).getDimSize(0);
  return b <= kMaxSplitBatch;
}

/// Rewrites `op` (isSplittableBatchMatmul) as one `linalg.matmul` per batch
/// on rank-reducing slices of its operands, each inserted into the
/// accumulator in place, and returns the matmuls: each is then a 2-D
/// contraction the contraction strategy (or the generic tiles) takes.
SmallVector<linalg::MatmulOp> splitBatchMatmul(RewriterBase &rewriter,
                                               linalg::LinalgOp op) {
  Location loc = op.getLoc();
  Value lhs = op.getDpsInputs()[0], rhs = op.getDpsInputs()[1];
  Value acc = op.getDpsInits()[0];
  auto accType = cast<RankedTensorType>(acc.getType());
  ArrayRef<int64_t> lhsShape = cast<ShapedType>(lhs.getType()).getShape();
  ArrayRef<int64_t> rhsShape = cast<ShapedType>(rhs.getType()).getShape();
  Type f32 = accType.getElementType();
  auto index = [&](int64_t v) -> OpFoldResult {
    return rewriter.getIndexAttr(v);
  };
  auto slice = [&](Value value, ArrayRef<int64_t> shape,
                   int64_t b) -> Value {
    return tensor::ExtractSliceOp::create(
        rewriter, loc, RankedTensorType::get({shape[1], shape[2]}, f32), value,
        {index(b), index(0), index(0)}, {index(1), index(shape[1]), index(shape[2])},
        {index(1), index(1), index(1)});
  };
  rewriter.setInsertionPoint(op);
  SmallVector<linalg::MatmulOp> matmuls;
  for (int64_t b = 0, e = accType.getDimSize(0); b < e; ++b) {
    Value init = slice(acc, accType.getShape(), b);
    auto matmul = linalg::MatmulOp::create(
        rewriter, loc, init.getType(),
        ValueRange{slice(lhs, lhsShape, b), slice(rhs, rhsShape, b)},
        ValueRange{init});
    matmuls.push_back(matmul);
    acc = tensor::InsertSliceOp::create(
        rewriter, loc, matmul.getResult(0), acc,
        {index(b), index(0), index(0)},
        {index(1), index(accType.getDimSize(1)), index(accType.getDimSize(2))},
        {index(1), index(1), index(1)});
  }
  rewriter.replaceOp(op, acc);
  return matmuls;
}

/// How a tap of a windowed op updates the accumulator.
enum class TapCombiner {
  MultiplyAdd, // depthwise convolution: acc + w[c] * x
  Max,         // max pooling: max(acc, x)
  Add,         // sum pooling: acc + x
};

/// The most taps one elementwise op of a window combines: a 7x7 window.
/// Its vectorized tile is then 49 window reads and 98 multiplies and adds
/// into 8 accumulator rows, within llvm-cpu-tile-and-vectorize's
/// `max-vector-cost` even when masked; larger windows are split into ops of
/// at most this many taps, chained through the accumulator.
constexpr int64_t kMaxTapsPerOp = 49;

/// Rewrites a batch-1 windowed NCHW op (1 x C x H x W `input`, a KH x KW
/// window, an optional C x KH x KW `filter`) as one elementwise op over
/// the output whose inputs are the KH * KW windows of the input (and, with
/// a filter, the C-vectors of its taps), combined into the accumulator in
/// the op's order of taps:
///
///   acc = out[c][oh][ow]
///   acc = combine(acc, w[c][kh][kw], x[c][oh*sh + kh*dh][ow*sw + kw*dw])
///         for each (kh, kw), row-major
///   out[c][oh][ow] = acc
///
/// It has only parallel loops, so the backend's tiles of all-parallel ops
/// (8 x 16 along oh, ow) vectorize it along the output width, and each tile
/// of the output is read and written once, its accumulator kept in
/// registers across the taps (one op per tap, chained through the output,
/// read and wrote it KH * KW times: memory-bound). Every tap rounds as the
/// loops' body does, in the same order. Windows of more than kMaxTapsPerOp
/// taps become several such ops, chained.
void decomposeWindowIntoTaps(RewriterBase &rewriter, linalg::LinalgOp op,
                             Value filter, int64_t kh, int64_t kw,
                             ArrayRef<int64_t> strides,
                             ArrayRef<int64_t> dilations,
                             TapCombiner combiner) {
  Location loc = op.getLoc();
  Value input = op.getDpsInputs()[0];
  Value init = op.getDpsInits()[0];
  auto outType = cast<RankedTensorType>(init.getType());
  ArrayRef<int64_t> out = outType.getShape();
  int64_t c = out[1], oh = out[2], ow = out[3];
  Type f32 = outType.getElementType();
  MLIRContext *context = rewriter.getContext();
  AffineExpr dc, dh, dw;
  bindDims(context, dc, dh, dw);
  AffineMap identity = AffineMap::get(3, 0, {dc, dh, dw}, context);
  AffineMap channel = AffineMap::get(3, 0, {dc}, context);
  SmallVector<utils::IteratorType> iterators(3,
                                             utils::IteratorType::parallel);
  auto index = [&](int64_t v) -> OpFoldResult {
    return rewriter.getIndexAttr(v);
  };
  rewriter.setInsertionPoint(op);
  SmallVector<ReassociationIndices> dropBatch = {{0, 1}, {2}, {3}};
  auto accType = RankedTensorType::get({c, oh, ow}, f32);
  Value acc =
      tensor::CollapseShapeOp::create(rewriter, loc, accType, init, dropBatch);
  // A filled output (the usual case) is not read: the first op starts from
  // the fill value, in registers, and writes into the fill's destination
  // (one pass over the output fewer; the fill goes away unless something
  // else uses it). In a tile of a larger op (tileBatch) that destination is
  // the tile of the loop's output, which the taps then write in place (an
  // empty tensor was a buffer of its own, copied into the output after).
  Value start;
  if (auto fill = init.getDefiningOp<linalg::FillOp>()) {
    start = fill.getInputs()[0];
    acc = tensor::CollapseShapeOp::create(rewriter, loc, accType,
                                          fill.getOutputs()[0], dropBatch);
  }
  TapWindows windows(rewriter, loc, input, strides, dilations,
                     /*splitPhases=*/true);
  windows.splitPhasesIfTheyHoldWindows(kw, ow);
  // The operands of tap t are inputs[perTap * t] (its window) and, with a
  // filter, inputs[perTap * t + 1] (its C weights).
  int64_t perTap = filter ? 2 : 1;
  int64_t taps = kh * kw;
  for (int64_t first = 0; first < taps; first += kMaxTapsPerOp) {
    int64_t last = std::min(taps, first + kMaxTapsPerOp);
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (int64_t tap = first; tap < last; ++tap) {
      int64_t i = tap / kw, j = tap % kw;
      inputs.push_back(windows.get(i, j, accType));
      maps.push_back(identity);
      if (!filter)
        continue;
      inputs.push_back(tensor::ExtractSliceOp::create(
          rewriter, loc, RankedTensorType::get({c}, f32), filter,
          {index(0), index(i), index(j)}, {index(c), index(1), index(1)},
          {index(1), index(1), index(1)}));
      maps.push_back(channel);
    }
    maps.push_back(identity);
    acc = linalg::GenericOp::create(
              rewriter, loc, accType, inputs, ValueRange{acc}, maps, iterators,
              [&](OpBuilder &b, Location loc, ValueRange args) {
                Value next = start ? start : args.back();
                for (int64_t t = 0, e = last - first; t < e; ++t) {
                  Value x = args[perTap * t];
                  switch (combiner) {
                  case TapCombiner::MultiplyAdd:
                    next = arith::AddFOp::create(
                        b, loc, next,
                        arith::MulFOp::create(b, loc, x, args[perTap * t + 1]));
                    break;
                  case TapCombiner::Max:
                    next = arith::MaximumFOp::create(b, loc, next, x);
                    break;
                  case TapCombiner::Add:
                    next = arith::AddFOp::create(b, loc, next, x);
                    break;
                  }
                }
                linalg::YieldOp::create(b, loc, next);
              })
              .getResult(0);
    start = Value();
  }
  rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(op, outType, acc,
                                                     dropBatch);
}

/// Splits `op` into taps (decomposeWindowIntoTaps) if it is a depthwise
/// NCHW convolution or an NCHW max or sum pooling the backend takes.
void decomposeWindowOpIfTaken(RewriterBase &rewriter, linalg::LinalgOp op) {
  if (!isTapDecomposable(op) || getBatch(op) != 1)
    return;
  auto values = [](DenseIntElementsAttr attr) {
    return SmallVector<int64_t>(attr.getValues<int64_t>());
  };
  if (auto conv = dyn_cast<linalg::DepthwiseConv2DNchwChwOp>(*op)) {
    ArrayRef<int64_t> window =
        cast<ShapedType>(conv.getInputs()[1].getType()).getShape();
    decomposeWindowIntoTaps(rewriter, op, conv.getInputs()[1], window[1],
                            window[2], values(conv.getStrides()),
                            values(conv.getDilations()),
                            TapCombiner::MultiplyAdd);
    return;
  }
  auto pool = [&](auto pooling, TapCombiner combiner) {
    ArrayRef<int64_t> window =
        cast<ShapedType>(pooling.getInputs()[1].getType()).getShape();
    decomposeWindowIntoTaps(rewriter, op, /*filter=*/Value(), window[0],
                            window[1], values(pooling.getStrides()),
                            values(pooling.getDilations()), combiner);
  };
  if (auto max = dyn_cast<linalg::PoolingNchwMaxOp>(*op))
    pool(max, TapCombiner::Max);
  else if (auto sum = dyn_cast<linalg::PoolingNchwSumOp>(*op))
    pool(sum, TapCombiner::Add);
}

struct LLVMCPUApplyStrategiesPass
    : llvmcpu::impl::LLVMCPUApplyStrategiesPassBase<LLVMCPUApplyStrategiesPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    FailureOr<CPUTarget> named =
        getPassTarget(context, "llvm-cpu-apply-strategies", cpu, cpuFeatures);
    if (failed(named))
      return failure();
    target = *named;
    contraction = getContractionTile(target);
    if (!cacheTiles.empty()) {
      if (cacheTiles.size() != 3 ||
          llvm::any_of(cacheTiles, [](int64_t v) { return v <= 0; }))
        return emitError(UnknownLoc::get(context))
               << "llvm-cpu-apply-strategies: cache-tiles takes 3 "
                  "positive values (m tiles, n tiles, k steps)";
      if (contraction) {
        contraction->blockM = cacheTiles[0];
        contraction->blockN = cacheTiles[1];
        contraction->blockK = cacheTiles[2];
      }
    }

    // The library, parsed once and shared by the copies of this pass.
    std::string errorMessage;
    std::unique_ptr<llvm::MemoryBuffer> buffer;
    if (strategyLibrary.empty()) {
      buffer = llvm::MemoryBuffer::getMemBuffer(kBuiltinLibrary,
                                                "LLVMCPUStrategies.mlir");
    } else {
      buffer = openInputFile(strategyLibrary, &errorMessage);
      if (!buffer)
        return emitError(UnknownLoc::get(context))
               << "llvm-cpu-apply-strategies: cannot open strategy "
                  "library '"
               << strategyLibrary << "': " << errorMessage;
    }
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    OwningOpRef<ModuleOp> parsed =
        parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
    if (!parsed)
      return failure();
    library = std::make_shared<OwningOpRef<ModuleOp>>(std::move(parsed));
    return success();
  }

  /// Returns the named sequence `name` of the library, or emits an error
  /// at `root` and returns null.
  transform::TransformOpInterface lookupSequence(StringRef name,
                                                 Operation *root) {
    auto sequence =
        (*library)->lookupSymbol<transform::NamedSequenceOp>(name);
    if (!sequence || sequence.isExternal()) {
      root->emitError("llvm-cpu-apply-strategies: the strategy library "
                      "has no named sequence @")
          << name;
      return nullptr;
    }
    return cast<transform::TransformOpInterface>(sequence.getOperation());
  }

  /// Applies sequence `name` to `root` with integer parameters `params`.
  LogicalResult apply(Operation *root, StringRef name,
                      ArrayRef<int64_t> params) {
    transform::TransformOpInterface sequence = lookupSequence(name, root);
    if (!sequence)
      return failure();
    Builder builder(root->getContext());
    RaggedArray<transform::MappedValue> bindings;
    bindings.push_back(ArrayRef<transform::MappedValue>{root});
    for (int64_t value : params)
      bindings.push_back(ArrayRef<transform::MappedValue>{
          builder.getI64IntegerAttr(value)});
    Location loc = root->getLoc();
    if (failed(transform::applyTransformNamedSequence(
            bindings, sequence, **library, transform::TransformOptions()))) {
      emitError(loc) << "llvm-cpu-apply-strategies: strategy @" << name
                     << " failed";
      return failure();
    }
    return success();
  }

  void runOnOperation() override {
    // The device's config overrides the pass options.
    FailureOr<LLVMCPUConfig> config = lookupLLVMCPUConfig(getOperation());
    if (failed(config))
      return signalPassFailure();
    const CPUTarget &target = config->target ? *config->target : this->target;
    std::optional<ContractionTile> contraction =
        config->target ? getContractionTile(target) : this->contraction;
    if (contraction && config->cacheTiles) {
      contraction->blockM = (*config->cacheTiles)[0];
      contraction->blockN = (*config->cacheTiles)[1];
      contraction->blockK = (*config->cacheTiles)[2];
    } else if (contraction && config->target && !cacheTiles.empty()) {
      contraction->blockM = cacheTiles[0];
      contraction->blockN = cacheTiles[1];
      contraction->blockK = cacheTiles[2];
    }
    if (!contraction)
      return;
    IRRewriter rewriter(&getContext());
    // The taps take one image: an NCHW window op over several is a loop
    // over its images first.
    SmallVector<linalg::LinalgOp> batched;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isImageTiledWindowOp(op))
        batched.push_back(op);
    });
    for (linalg::LinalgOp op : batched)
      if (failed(tileBatch(rewriter, op)))
        return signalPassFailure();
    // Roots first, strategies after: a strategy rewrites the IR around its
    // root.
    SmallVector<std::pair<Operation *, SmallVector<int64_t>>> roots;
    SmallVector<StringRef> names;
    SmallVector<linalg::Conv2DNchwFchwOp> nchwConvs;
    SmallVector<linalg::LinalgOp> windowOps, batchMatmuls;
    // The unpacks of the right-hand sides packed ahead, folded into the
    // strategies' packs of them once those exist.
    SmallVector<linalg::UnPackOp> prepackedRhs;
    int64_t tinyRhsBytes = getMaxUnpackedTinyRhsBytes(target);
    // A contraction root of `sequence`, or of `prepackedSequence` where its
    // right-hand side is read from panels packed ahead (the strategy's pack
    // of it is folded away after).
    auto addContractionRoot = [&](Operation *op, StringRef sequence,
                                  StringRef prepackedSequence) {
      roots.push_back(
          {op,
           {contraction->blockM, contraction->blockN, contraction->blockK}});
      Value rhs = cast<linalg::LinalgOp>(op).getDpsInputOperand(1)->get();
      if (!prepackedSequence.empty() && contraction->n == kMatmulPanelWidth &&
          getRhsPanels(rhs)) {
        names.push_back(prepackedSequence);
        prepackedRhs.push_back(rhs.getDefiningOp<linalg::UnPackOp>());
        return;
      }
      names.push_back(sequence);
    };
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isSplittableBatchMatmul(op)) {
        batchMatmuls.push_back(op);
        return;
      }
      if (isStrategyContraction(op, smallContractionRows, tinyRhsBytes)) {
        addContractionRoot(op, contraction->sequence,
                           contraction->prepackedRhsSequence);
        return;
      }
      if (auto conv = dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation())) {
        if (auto tile = getConvTile(conv, *contraction, target)) {
          roots.push_back({op, {tile->first, tile->second}});
          names.push_back("llvm_cpu_conv2d_nhwc_hwcf");
        }
      }
      if (auto conv = dyn_cast<linalg::Conv2DNchwFchwOp>(op.getOperation()))
        if (isTapDecomposable(conv) && getBatch(conv) == 1)
          nchwConvs.push_back(conv);
      if (isa<linalg::DepthwiseConv2DNchwChwOp, linalg::PoolingNchwMaxOp,
              linalg::PoolingNchwSumOp>(op.getOperation()))
        windowOps.push_back(op);
    });
    // A depthwise NCHW convolution or pooling becomes one elementwise op
    // over its taps' windows, which the tiles of all-parallel ops vectorize
    // after this pass.
    // A batch matmul becomes a matmul per batch, each a contraction of the
    // contraction strategy where it takes it (else the generic tiles).
    for (linalg::LinalgOp op : batchMatmuls)
      for (linalg::MatmulOp matmul : splitBatchMatmul(rewriter, op))
        if (isStrategyContraction(matmul, smallContractionRows, tinyRhsBytes))
          addContractionRoot(matmul, contraction->sequence,
                             contraction->prepackedRhsSequence);
    for (linalg::LinalgOp op : windowOps)
      decomposeWindowOpIfTaken(rewriter, op);
    // An NCHW convolution becomes one contraction per filter tap, each of
    // which is a root of the tap strategy.
    for (linalg::Conv2DNchwFchwOp conv : nchwConvs) {
      conv = foldFilterColumns(rewriter, conv, target);
      NchwFilterLayout layout = getNchwFilterLayout(conv, target);
      // The im2col matmul over panels packed ahead, which it reads as its
      // packed right-hand side. Where the filter was not packed ahead (not
      // a parameter), a 1x1 layer is the plain matmul, any other the im2col
      // matmul that packs its filter in the call.
      Value panels;
      if (layout == NchwFilterLayout::MatmulPanels) {
        panels = getPackedFilter(conv.getInputs()[1], layout);
        layout = !panels && isPackablePointwise(conv, target)
                     ? NchwFilterLayout::None
                     : NchwFilterLayout::ChannelMajor;
      }
      if (layout == NchwFilterLayout::None) {
        roots.push_back({rewritePointwiseAsMatmul(rewriter, conv),
                         {contraction->blockM, contraction->blockN,
                          contraction->blockK}});
        names.push_back(contraction->sequence);
        continue;
      }
      ArrayRef<int64_t> out =
          cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
      // The im2col matmul: over panels packed ahead, or where it is worth
      // a pack of the filter in the call. Elsewhere the channels-last taps.
      if (layout == NchwFilterLayout::ChannelMajor &&
          (panels || isIm2colConv(conv, target, /*prepacked=*/false))) {
        linalg::GenericOp matmul =
            rewriteAsIm2colMatmul(rewriter, conv, panels);
        // (The im2col matmul is AVX2's: its tile has the transposed
        // sequences.)
        if (!contraction->transposedSequence.empty() &&
            isStrategyContraction(matmul, smallContractionRows, tinyRhsBytes))
          addContractionRoot(matmul, contraction->transposedSequence,
                             contraction->transposedPrepackedRhsSequence);
        continue;
      }
      if (layout == NchwFilterLayout::ChannelMajor) {
        // (Read before the taps replace `conv`.)
        int64_t inputChannels = getInputChannels(conv);
        std::optional<std::pair<int64_t, int64_t>> channelsLastTile =
            getChannelsLastTapTile(out[1], out[3], inputChannels, *contraction,
                                   target);
        bool hwcInput = readsInputChannelsLast(conv, target);
        SmallVector<linalg::GenericOp> taps =
            decomposeIntoTaps(rewriter, conv, /*channelsLast=*/true, hwcInput);
        // Over an H x W x C input: a loop over the output rows, and, where
        // no divisor of the width is a whole contraction tile's rows, the
        // taps split into columns of whole tiles and the rest.
        std::optional<std::pair<int64_t, int64_t>> headTile, restTile;
        int64_t split = out[3];
        if (hwcInput) {
          taps = tileTapsByRows(rewriter, taps);
          split = getChannelsLastTapSplit(out[3], *contraction);
          if (split < out[3]) {
            headTile = getChannelsLastTapTile(out[1], split, inputChannels,
                                              *contraction, target);
            restTile = getChannelsLastTapTile(
                out[1], out[3] - split, inputChannels, *contraction, target);
          }
        }
        for (linalg::GenericOp tap : taps) {
          if (headTile && restTile) {
            rewriter.setInsertionPoint(tap);
            auto [head, rest] = linalg::splitOp(
                rewriter, cast<TilingInterface>(tap.getOperation()),
                /*dimension=*/1, rewriter.getIndexAttr(split));
            roots.push_back({head, {headTile->first, headTile->second}});
            names.push_back("llvm_cpu_conv2d_nchw_tap_channels_last");
            roots.push_back({rest, {restTile->first, restTile->second}});
            names.push_back("llvm_cpu_conv2d_nchw_tap_channels_last");
            continue;
          }
          roots.push_back(
              {tap, {channelsLastTile->first, channelsLastTile->second}});
          names.push_back("llvm_cpu_conv2d_nchw_tap_channels_last");
        }
        continue;
      }
      auto [f, ow] = getTapTile(out[1], out[3], target);
      for (linalg::GenericOp tap :
           decomposeIntoTaps(rewriter, conv, /*channelsLast=*/false)) {
        roots.push_back({tap, {f, ow}});
        names.push_back("llvm_cpu_conv2d_nchw_tap");
      }
    }
    for (auto [root, name] : llvm::zip(roots, names))
      if (failed(apply(root.first, name, root.second)))
        return signalPassFailure();
    for (linalg::UnPackOp unpack : prepackedRhs)
      foldPackOfUnpack(rewriter, unpack);
    foldReadsOfFills(rewriter, getOperation());
  }

  CPUTarget target;
  std::optional<ContractionTile> contraction;
  std::shared_ptr<OwningOpRef<ModuleOp>> library;
};

} // namespace

NchwFilterLayout
scopeir::llvmcpu::getNchwFilterLayout(linalg::Conv2DNchwFchwOp conv,
                                      const CPUTarget &target) {
  std::optional<ContractionTile> contraction = getContractionTile(target);
  if (!contraction || !isTapDecomposable(conv))
    return NchwFilterLayout::None;
  ArrayRef<int64_t> out =
      cast<ShapedType>(conv.getOutputs()[0].getType()).getShape();
  ArrayRef<int64_t> window =
      cast<ShapedType>(conv.getInputs()[1].getType()).getShape();
  if (isPackablePointwise(conv, target))
    return readsPointwisePanels(conv, *contraction, target)
               ? NchwFilterLayout::MatmulPanels
               : NchwFilterLayout::None;
  // A single tap would pay the transposes in and out of the channels-last
  // layout for one pass over the input channels.
  if (window[2] * window[3] <= 1 ||
      !getChannelsLastTapTile(out[1], out[3], window[1], *contraction, target))
    return NchwFilterLayout::TapMajor;
  // The im2col matmul reads a filter packed ahead in its panels where the
  // contraction strategy packs its right-hand side at any row count.
  if (packsRhsPanelsAtAnyRows(*contraction, window[1] * window[2] * window[3],
                              out[1]) &&
      isIm2colConv(conv, target, /*prepacked=*/true))
    return NchwFilterLayout::MatmulPanels;
  return NchwFilterLayout::ChannelMajor;
}

ArrayRef<int64_t>
scopeir::llvmcpu::getFilterPackingPermutation(NchwFilterLayout layout) {
  static constexpr int64_t tapMajor[] = {2, 3, 1, 0};
  static constexpr int64_t channelMajor[] = {1, 2, 3, 0};
  assert((layout == NchwFilterLayout::TapMajor ||
          layout == NchwFilterLayout::ChannelMajor) &&
         "a layout the taps read");
  return layout == NchwFilterLayout::TapMajor ? ArrayRef<int64_t>(tapMajor)
                                              : ArrayRef<int64_t>(channelMajor);
}

SmallVector<int64_t>
scopeir::llvmcpu::getFilterUnpackingPermutation(NchwFilterLayout layout) {
  return invertPermutationVector(getFilterPackingPermutation(layout));
}

Value scopeir::llvmcpu::packFilter(OpBuilder &builder, Location loc,
                                   Value filter, NchwFilterLayout layout) {
  auto type = cast<RankedTensorType>(filter.getType());
  ArrayRef<int64_t> shape = type.getShape();
  int64_t f = shape[0], c = shape[1], kh = shape[2], kw = shape[3];
  Type element = type.getElementType();
  auto transpose = [&](Value value, ArrayRef<int64_t> to,
                       ArrayRef<int64_t> permutation) -> Value {
    Value init = tensor::EmptyOp::create(builder, loc, to, element);
    return linalg::TransposeOp::create(builder, loc, value, init, permutation)
        ->getResult(0);
  };
  Value rows = tensor::CollapseShapeOp::create(
      builder, loc, RankedTensorType::get({f, c * kh * kw}, element), filter,
      ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}});
  Value columns = transpose(rows, {c * kh * kw, f}, {1, 0});
  if (layout == NchwFilterLayout::MatmulPanels)
    return tensor::ExpandShapeOp::create(
        builder, loc,
        RankedTensorType::get(getPackedFilterShape(shape, layout), element),
        packRhsPanels(builder, loc, columns),
        ArrayRef<ReassociationIndices>{{0}, {1, 2, 3}, {4}});
  if (layout == NchwFilterLayout::ChannelMajor)
    return tensor::ExpandShapeOp::create(
        builder, loc, RankedTensorType::get({c, kh, kw, f}, element), columns,
        ArrayRef<ReassociationIndices>{{0, 1, 2}, {3}});
  Value planes = tensor::ExpandShapeOp::create(
      builder, loc, RankedTensorType::get({c, kh * kw, f}, element), columns,
      ArrayRef<ReassociationIndices>{{0, 1}, {2}});
  Value tapMajor = transpose(planes, {kh * kw, c, f}, {1, 0, 2});
  return tensor::ExpandShapeOp::create(
      builder, loc, RankedTensorType::get({kh, kw, c, f}, element), tapMajor,
      ArrayRef<ReassociationIndices>{{0, 1}, {2}, {3}});
}

SmallVector<int64_t>
scopeir::llvmcpu::getPackedFilterShape(ArrayRef<int64_t> filter,
                                       NchwFilterLayout layout) {
  if (layout == NchwFilterLayout::MatmulPanels)
    return {filter[0] / kMatmulPanelWidth, filter[1], filter[2], filter[3],
            kMatmulPanelWidth};
  SmallVector<int64_t> shape;
  for (int64_t dim : getFilterPackingPermutation(layout))
    shape.push_back(filter[dim]);
  return shape;
}

Value scopeir::llvmcpu::unpackFilter(OpBuilder &builder, Location loc,
                                     Value packed, NchwFilterLayout layout) {
  auto type = cast<RankedTensorType>(packed.getType());
  Type element = type.getElementType();
  if (layout == NchwFilterLayout::MatmulPanels) {
    ArrayRef<int64_t> shape = type.getShape();
    Value init = tensor::EmptyOp::create(
        builder, loc,
        ArrayRef<int64_t>{shape[0] * shape[4], shape[1], shape[2], shape[3]},
        element);
    return linalg::UnPackOp::create(builder, loc, packed, init,
                                    /*innerDimsPos=*/{0},
                                    {builder.getIndexAttr(kMatmulPanelWidth)})
        .getResult();
  }
  SmallVector<int64_t> permutation = getFilterUnpackingPermutation(layout);
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(type.getDimSize(dim));
  Value init = tensor::EmptyOp::create(builder, loc, shape, element);
  return linalg::TransposeOp::create(builder, loc, packed, init, permutation)
      ->getResult(0);
}

Value scopeir::llvmcpu::getPackedFilter(Value filter, NchwFilterLayout layout) {
  if (layout == NchwFilterLayout::MatmulPanels) {
    auto unpack = filter.getDefiningOp<linalg::UnPackOp>();
    if (!unpack || unpack.getSourceType().getRank() != 5 ||
        unpack.getInnerDimsPos() != ArrayRef<int64_t>{0} ||
        unpack.getStaticInnerTiles() != ArrayRef<int64_t>{kMatmulPanelWidth} ||
        !unpack.getOuterDimsPerm().empty() ||
        unpack.getDestType().getDimSize(0) % kMatmulPanelWidth != 0)
      return Value();
    return unpack.getSource();
  }
  auto transpose = filter.getDefiningOp<linalg::TransposeOp>();
  if (!transpose ||
      transpose.getPermutation() !=
          ArrayRef<int64_t>(getFilterUnpackingPermutation(layout)))
    return Value();
  return transpose.getInput();
}

bool scopeir::llvmcpu::readsRhsPanels(linalg::MatmulOp matmul,
                                      const CPUTarget &target) {
  std::optional<ContractionTile> contraction = getContractionTile(target);
  if (!contraction || matmul.hasUserDefinedMaps() ||
      !hasStaticF32Operands(matmul))
    return false;
  ArrayRef<int64_t> lhs =
      cast<ShapedType>(matmul.getInputs()[0].getType()).getShape();
  ArrayRef<int64_t> rhs =
      cast<ShapedType>(matmul.getInputs()[1].getType()).getShape();
  return lhs[0] >= kMinPackedRows &&
         packsRhsPanelsAtAnyRows(*contraction, rhs[0], rhs[1]);
}

Value scopeir::llvmcpu::packRhsPanels(OpBuilder &builder, Location loc,
                                      Value rhs) {
  auto type = cast<RankedTensorType>(rhs.getType());
  int64_t k = type.getDimSize(0), n = type.getDimSize(1);
  int64_t panels = n / kMatmulPanelWidth;
  Type element = type.getElementType();
  Value split = tensor::ExpandShapeOp::create(
      builder, loc,
      RankedTensorType::get({k, panels, kMatmulPanelWidth}, element), rhs,
      ArrayRef<ReassociationIndices>{{0}, {1, 2}});
  Value init = tensor::EmptyOp::create(
      builder, loc, ArrayRef<int64_t>{panels, k, kMatmulPanelWidth}, element);
  return linalg::TransposeOp::create(builder, loc, split, init,
                                     ArrayRef<int64_t>{1, 0, 2})
      ->getResult(0);
}

Value scopeir::llvmcpu::unpackRhsPanels(OpBuilder &builder, Location loc,
                                        Value panels) {
  auto type = cast<RankedTensorType>(panels.getType());
  Value init = tensor::EmptyOp::create(
      builder, loc,
      ArrayRef<int64_t>{type.getDimSize(1),
                        type.getDimSize(0) * type.getDimSize(2)},
      type.getElementType());
  return linalg::UnPackOp::create(builder, loc, panels, init,
                                  /*innerDimsPos=*/{1},
                                  {builder.getIndexAttr(kMatmulPanelWidth)},
                                  /*outerDimsPerm=*/{1, 0})
      .getResult();
}

Value scopeir::llvmcpu::getRhsPanels(Value rhs) {
  auto unpack = rhs.getDefiningOp<linalg::UnPackOp>();
  if (!unpack || unpack.getSourceType().getRank() != 3 ||
      unpack.getInnerDimsPos() != ArrayRef<int64_t>{1} ||
      unpack.getStaticInnerTiles() != ArrayRef<int64_t>{kMatmulPanelWidth} ||
      unpack.getOuterDimsPerm() != ArrayRef<int64_t>{1, 0} ||
      !unpack.getSourceType().hasStaticShape())
    return Value();
  return unpack.getSource();
}

bool scopeir::llvmcpu::isImageTiledWindowOp(Operation *op) {
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  return linalgOp && (isBatchedWindowOp(linalgOp) ||
                      getTakenWindowPad(linalgOp) != nullptr);
}

bool scopeir::llvmcpu::isTiledEpilogue(Operation *window, OpOperand &use) {
  auto epilogue = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!epilogue || !isImageTiledWindowOp(window) ||
      !epilogue.hasPureTensorSemantics() || epilogue.getNumDpsInits() != 1 ||
      epilogue.getNumLoops() != epilogue.getNumParallelLoops() ||
      epilogue->getResult(0).getType() != window->getResult(0).getType() ||
      !epilogue.isDpsInput(&use))
    return false;
  OpOperand *init = epilogue.getDpsInitOperand(0);
  if (!epilogue.getMatchingIndexingMap(init).isIdentity() ||
      epilogue.payloadUsesValueFromOperand(init) ||
      !epilogue.getMatchingIndexingMap(&use).isIdentity())
    return false;
  return llvm::all_of(epilogue.getDpsInputOperands(), [&](OpOperand *input) {
    return epilogue.getMatchingIndexingMap(input).isProjectedPermutation();
  });
}
