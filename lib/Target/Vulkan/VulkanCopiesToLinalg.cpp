//===- VulkanCopiesToLinalg.cpp - memref.copy to linalg.copy ----*- C++ -*-===//
//
// This file implements vulkan-copies-to-linalg: the copies bufferization
// made become linalg ops, compiled to kernels like the others.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/Vulkan/Passes.h"

#include "mlir/IR/Builders.h"

namespace scopeir::vulkan {
#define GEN_PASS_DEF_VULKANCOPIESTOLINALGPASS
#include "scopeir/Target/Vulkan/Passes.h.inc"
} // namespace scopeir::vulkan

using namespace mlir;

namespace {

struct VulkanCopiesToLinalgPass
    : scopeir::vulkan::impl::VulkanCopiesToLinalgPassBase<
          VulkanCopiesToLinalgPass> {
  void runOnOperation() override {
    SmallVector<memref::CopyOp> copies;
    getOperation().walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      OpBuilder builder(copy);
      linalg::CopyOp::create(builder, copy.getLoc(), copy.getSource(),
                             copy.getTarget());
      copy.erase();
    }
  }
};

} // namespace
