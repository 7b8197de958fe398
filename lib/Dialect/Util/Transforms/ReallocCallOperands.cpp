//===- ReallocCallOperands.cpp - Copy strided call operands -----*- C++ -*-===//
//
// This file implements util-realloc-call-operands: a call operand that
// bufferization passes to an identity-layout parameter through a memref.cast
// of a strided buffer is copied into a fresh identity-layout buffer instead.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace scopeir::util {
#define GEN_PASS_DEF_REALLOCCALLOPERANDSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir;
using namespace scopeir::util;

/// Returns true if every buffer of type `source` is laid out as an identity
/// layout buffer of its shape: its layout is the identity, or its strides
/// and offset are static and those of the identity layout.
static bool isKnownContiguous(MemRefType source) {
  if (source.getLayout().isIdentity())
    return true;
  if (!source.hasStaticShape())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(source.getStridesAndOffset(strides, offset)) || offset != 0)
    return false;
  int64_t expected = 1;
  for (int64_t i = source.getRank() - 1; i >= 0; --i) {
    if (source.getDimSize(i) != 1 && strides[i] != expected)
      return false;
    expected *= source.getDimSize(i);
  }
  return true;
}

/// Returns true if `cast` only feeds call operands.
static bool onlyFeedsCalls(memref::CastOp cast) {
  return !cast->use_empty() &&
         llvm::all_of(cast->getUsers(),
                      [](Operation *user) { return isa<func::CallOp>(user); });
}

namespace {

struct ReallocCallOperandsPass
    : util::impl::ReallocCallOperandsPassBase<ReallocCallOperandsPass> {
  void runOnOperation() override {
    SmallVector<memref::CastOp> casts;
    getOperation()->walk([&](memref::CastOp cast) {
      auto source = dyn_cast<MemRefType>(cast.getSource().getType());
      auto target = dyn_cast<MemRefType>(cast.getType());
      if (!source || !target || !target.getLayout().isIdentity() ||
          isKnownContiguous(source) || !onlyFeedsCalls(cast))
        return;
      casts.push_back(cast);
    });
    // Nothing to copy: the pass manager need not verify the IR again.
    if (casts.empty())
      return markAllAnalysesPreserved();
    for (memref::CastOp castOp : casts) {
      OpBuilder builder(castOp);
      Location loc = castOp.getLoc();
      auto target = llvm::cast<MemRefType>(castOp.getType());
      SmallVector<Value> dynamicSizes;
      for (int64_t i = 0, e = target.getRank(); i < e; ++i)
        if (target.isDynamicDim(i))
          dynamicSizes.push_back(
              memref::DimOp::create(builder, loc, castOp.getSource(), i));
      auto alloc = memref::AllocOp::create(builder, loc, target, dynamicSizes,
                                           builder.getI64IntegerAttr(64));
      memref::CopyOp::create(builder, loc, castOp.getSource(), alloc);
      castOp.replaceAllUsesWith(alloc.getResult());
      castOp.erase();
    }
  }
};

} // namespace
