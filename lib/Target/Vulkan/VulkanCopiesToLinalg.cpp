//===- VulkanCopiesToLinalg.cpp - Buffer copies to linalg.copy --*- C++ -*-===//
//
// This file implements vulkan-copies-to-linalg: the copies bufferization and
// buffer deallocation made (memref.copy, bufferization.clone) become
// linalg ops, compiled to kernels like the others.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/Vulkan/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/IR/Builders.h"

namespace scopeir::vulkan {
#define GEN_PASS_DEF_VULKANCOPIESTOLINALGPASS
#include "scopeir/Target/Vulkan/Passes.h.inc"
} // namespace scopeir::vulkan

using namespace mlir;

namespace {

/// Replaces `clone` by a new buffer of identity layout (cast to the clone's
/// type) that a linalg.copy fills. Buffer deallocation clones a function's
/// result that the function does not own (an argument, a constant global):
/// on the host, that copy would read a device value through its handle.
LogicalResult convertClone(bufferization::CloneOp clone) {
  auto type = dyn_cast<MemRefType>(clone.getType());
  if (!type)
    return clone.emitOpError("clones an unranked buffer in a function placed "
                             "on a vulkan device");
  auto allocType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  if (!memref::CastOp::areCastCompatible(allocType, type))
    return clone.emitOpError("clones into a layout no new buffer can have "
                             "in a function placed on a vulkan device");
  OpBuilder builder(clone);
  Location loc = clone.getLoc();
  SmallVector<Value> dims;
  for (int64_t i = 0, e = type.getRank(); i < e; ++i)
    if (type.isDynamicDim(i))
      dims.push_back(memref::DimOp::create(builder, loc, clone.getInput(), i));
  Value buffer = memref::AllocOp::create(builder, loc, allocType, dims);
  linalg::CopyOp::create(builder, loc, clone.getInput(), buffer);
  if (allocType != type)
    buffer = memref::CastOp::create(builder, loc, type, buffer);
  clone.replaceAllUsesWith(buffer);
  clone.erase();
  return success();
}

struct VulkanCopiesToLinalgPass
    : scopeir::vulkan::impl::VulkanCopiesToLinalgPassBase<
          VulkanCopiesToLinalgPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    SmallVector<bufferization::CloneOp> clones;
    getOperation().walk([&](Operation *op) {
      if (auto copy = dyn_cast<memref::CopyOp>(op))
        copies.push_back(copy);
      else if (auto clone = dyn_cast<bufferization::CloneOp>(op))
        clones.push_back(clone);
    });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
    for (bufferization::CloneOp clone : clones)
      if (failed(convertClone(clone)))
        return signalPassFailure();
  }
};

} // namespace
