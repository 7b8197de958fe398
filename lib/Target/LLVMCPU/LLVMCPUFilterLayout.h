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
};

/// Returns the layout in which llvm-cpu-apply-strategies' taps read the
/// filter of `conv` on `target`.
NchwFilterLayout getNchwFilterLayout(mlir::linalg::Conv2DNchwFchwOp conv,
                                     const CPUTarget &target);

/// The permutation of a linalg.transpose from the F x C x KH x KW filter to
/// `layout` (result dim i is filter dim permutation[i]); `layout` is not
/// None.
llvm::ArrayRef<int64_t> getFilterPackingPermutation(NchwFilterLayout layout);

/// The permutation of a linalg.transpose from `layout` back to the
/// F x C x KH x KW filter (the inverse of the packing one).
llvm::SmallVector<int64_t>
getFilterUnpackingPermutation(NchwFilterLayout layout);

/// Builds the F x C x KH x KW `filter` in `layout` (not None) with
/// transposes whose tiles read whole vectors: the filter as C * KH * KW rows
/// of F (one 2-D transpose), then, for the tap-major layout, those rows
/// regrouped tap-major (a transpose that keeps F innermost). A single 4-D
/// transpose gathered every element: 12 ms for a 512-channel 3x3 filter.
mlir::Value packFilter(mlir::OpBuilder &builder, mlir::Location loc,
                       mlir::Value filter, NchwFilterLayout layout);

/// Returns true if `transpose` unpacks a filter from a layout the taps read
/// (a KH x KW x C x F or C x KH x KW x F tensor to F x C x KH x KW).
inline bool isFilterUnpacking(mlir::linalg::TransposeOp transpose) {
  NchwFilterLayout layouts[] = {NchwFilterLayout::TapMajor,
                                NchwFilterLayout::ChannelMajor};
  return llvm::any_of(layouts, [&](NchwFilterLayout layout) {
    return transpose.getPermutation() ==
           llvm::ArrayRef<int64_t>(getFilterUnpackingPermutation(layout));
  });
}

} // namespace scopeir::llvmcpu

#endif // SCOPEIR_LIB_TARGET_LLVMCPU_LLVMCPUFILTERLAYOUT_H
