//===- VulkanReadOnlyArguments.cpp - Arguments bufferization keeps -*- C++ -*-//
//
// This file implements vulkan-read-only-arguments: every tensor argument of
// a function is marked `bufferization.writable = false`.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/Vulkan/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

namespace scopeir::vulkan {
#define GEN_PASS_DEF_VULKANREADONLYARGUMENTSPASS
#include "scopeir/Target/Vulkan/Passes.h.inc"
} // namespace scopeir::vulkan

using namespace mlir;

namespace {

struct VulkanReadOnlyArgumentsPass
    : scopeir::vulkan::impl::VulkanReadOnlyArgumentsPassBase<
          VulkanReadOnlyArgumentsPass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    BoolAttr no = BoolAttr::get(&getContext(), false);
    for (BlockArgument arg : func.getArguments())
      if (isa<TensorType>(arg.getType()))
        func.setArgAttr(arg.getArgNumber(),
                        bufferization::BufferizationDialect::kWritableAttrName,
                        no);
  }
};

} // namespace
