//===- LLVMCPUFilterLayout.h - Filter layouts of the NCHW taps --*- C++ -*-===//
//
// This file declares the layout in which llvm-cpu's tap strategies read the
// filter of an NCHW convolution, shared by llvm-cpu-apply-strategies (which
// packs a filter into it, or reads one packed ahead) and
// llvm-cpu-hoist-filter-packing (which packs parameter filters ahead).
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUFILTERLAYOUT_H
#define SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUFILTERLAYOUT_H

#include "scopeir/Support/CPUTarget.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace scopeir::llvmcpu {

/// The layout the taps read an F x C x KH x KW filter in.
enum class NchwFilterLayout {
  /// Not read by the taps: another strategy (the 1x1 matmul), or none.
  None,
  /// KH x KW x C x F: a contiguous C x F plane per tap (the NCHW taps).
  TapMajor,
  /// C x KH x KW x F: the channels-last taps' strided planes.
  ChannelMajor,
  /// F / 16 x C x KH x KW x 16: the im2col matmul's right-hand side in the
  /// contraction strategy's packed layout (panels of 16 output channels,
  /// each C * KH * KW rows of 16), read without a pack in the call.
  MatmulPanels,
};

/// The output channels of one panel of NchwFilterLayout::MatmulPanels: the
/// columns of the AVX2 contraction tile.
inline constexpr int64_t kMatmulPanelWidth = 16;

/// Returns the layout in which llvm-cpu-apply-strategies' taps read the
/// filter of `conv` on `target`.
NchwFilterLayout getNchwFilterLayout(mlir::linalg::Conv2DNchwFchwOp conv,
                                     const CPUTarget &target);

/// The permutation of a linalg.transpose from the F x C x KH x KW filter to
/// `layout` (result dim i is filter dim permutation[i]); `layout` is one of
/// the taps' (TapMajor, ChannelMajor).
llvm::ArrayRef<int64_t> getFilterPackingPermutation(NchwFilterLayout layout);

/// The permutation of a linalg.transpose from `layout` (TapMajor,
/// ChannelMajor) back to the F x C x KH x KW filter (the inverse of the
/// packing one).
llvm::SmallVector<int64_t>
getFilterUnpackingPermutation(NchwFilterLayout layout);

/// Returns the shape of an F x C x KH x KW `filter` packed in `layout` (not
/// None).
llvm::SmallVector<int64_t> getPackedFilterShape(llvm::ArrayRef<int64_t> filter,
                                                NchwFilterLayout layout);

/// Builds the F x C x KH x KW filter from `packed`, a filter in `layout`
/// (not None): a linalg.transpose for the taps' layouts, a linalg.unpack
/// (of the F dim by kMatmulPanelWidth) for MatmulPanels.
mlir::Value unpackFilter(mlir::OpBuilder &builder, mlir::Location loc,
                         mlir::Value packed, NchwFilterLayout layout);

/// Returns the filter in `layout` (not None) if `filter` is its unpacking
/// (unpackFilter), else null.
mlir::Value getPackedFilter(mlir::Value filter, NchwFilterLayout layout);

/// Builds the F x C x KH x KW `filter` in `layout` (not None) with
/// transposes whose tiles read whole vectors: the filter as C * KH * KW rows
/// of F (one 2-D transpose), then, for the tap-major layout, those rows
/// regrouped tap-major (a transpose that keeps F innermost). A single 4-D
/// transpose gathered every element: 12 ms for a 512-channel 3x3 filter.
mlir::Value packFilter(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Value filter, NchwFilterLayout layout);

/// Returns true if the contraction strategy on `target` reads the
/// right-hand side of `matmul`, a static f32 `linalg.matmul`, packed ahead
/// of the call in its panels (N / 16 x K x 16): where it packs a right-hand
/// side at any row count (more than 512 KiB, at least 64 rows of k and 32
/// of m) whose columns the panels divide, on a target with a strategy for
/// prepacked right-hand sides (AVX2).
bool readsRhsPanels(mlir::linalg::MatmulOp matmul, const CPUTarget &target);

/// Builds the K x N `rhs` as panels, N / 16 x K x 16 (a transpose that
/// keeps 16 consecutive floats innermost).
mlir::Value packRhsPanels(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value rhs);

/// Builds the K x N right-hand side from its `panels` (N / 16 x K x 16): a
/// linalg.unpack, which the contraction strategy's pack of it cancels.
mlir::Value unpackRhsPanels(mlir::OpBuilder &builder, mlir::Location loc,
                            mlir::Value panels);

/// Returns the panels if `rhs` is their unpacking (unpackRhsPanels), else
/// null.
mlir::Value getRhsPanels(mlir::Value rhs);

/// Returns true if `op` unpacks a filter from a layout that
/// llvm-cpu-apply-strategies reads (unpackFilter).
inline bool isFilterUnpacking(mlir::Operation *op) {
  if (op->getNumResults() != 1)
    return false;
  NchwFilterLayout layouts[] = {NchwFilterLayout::TapMajor,
                                NchwFilterLayout::ChannelMajor,
                                NchwFilterLayout::MatmulPanels};
  return llvm::any_of(layouts, [&](NchwFilterLayout layout) {
    return getPackedFilter(op->getResult(0), layout) != nullptr;
  });
}

/// Returns true if `user` reads `value` as an operand packed ahead of the
/// call that llvm-cpu-apply-strategies reads in place under its unpacking:
/// a convolution's filter (unpackFilter) or a matmul's right-hand side
/// (unpackRhsPanels).
inline bool readsPackedAhead(mlir::Operation *user, mlir::Value value) {
  mlir::Operation *unpacking = value.getDefiningOp();
  if (!unpacking)
    return false;
  if (auto conv = llvm::dyn_cast<mlir::linalg::Conv2DNchwFchwOp>(user))
    return conv.getInputs()[1] == value && isFilterUnpacking(unpacking);
  if (auto matmul = llvm::dyn_cast<mlir::linalg::MatmulOp>(user))
    return matmul.getInputs()[1] == value && getRhsPanels(value);
  return false;
}

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUFILTERLAYOUT_H
