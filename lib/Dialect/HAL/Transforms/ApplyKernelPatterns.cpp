//===- ApplyKernelPatterns.cpp - Match DAGs into extern scopes ------------===//
//
// This file implements hal-apply-kernel-patterns, which applies a transform
// script loaded at run time to the module; the script wraps the DAGs it
// matches in extern scopes (transform.hal.wrap_in_extern_scope).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

namespace scopeir::hal {
#define GEN_PASS_DEF_APPLYKERNELPATTERNSPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

/// The entry sequence of a kernel spec.
static constexpr llvm::StringLiteral kEntryName = "__transform_main";

namespace {
struct ApplyKernelPatternsPass
    : public scopeir::hal::impl::ApplyKernelPatternsPassBase<
          ApplyKernelPatternsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    if (spec.empty())
      return emitError(UnknownLoc::get(context))
             << "hal-apply-kernel-patterns: no spec file (option spec)";
    std::string errorMessage;
    std::unique_ptr<llvm::MemoryBuffer> buffer =
        openInputFile(spec, &errorMessage);
    if (!buffer)
      return emitError(UnknownLoc::get(context))
             << "hal-apply-kernel-patterns: cannot open spec '" << spec
             << "': " << errorMessage;
    // Parse errors are reported at their location in the spec file.
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    OwningOpRef<ModuleOp> parsed =
        parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(context));
    if (!parsed)
      return emitError(UnknownLoc::get(context))
             << "hal-apply-kernel-patterns: cannot parse the spec '" << spec
             << "'";
    auto entry = parsed->lookupSymbol<transform::NamedSequenceOp>(kEntryName);
    if (!entry || entry.isExternal())
      return emitError(parsed->getLoc())
             << "hal-apply-kernel-patterns: the spec has no named sequence @"
             << kEntryName;
    library = std::make_shared<OwningOpRef<ModuleOp>>(std::move(parsed));
    return success();
  }

  void runOnOperation() override {
    auto entry =
        (*library)->lookupSymbol<transform::NamedSequenceOp>(kEntryName);
    RaggedArray<transform::MappedValue> bindings;
    Operation *root = getOperation();
    bindings.push_back(ArrayRef<transform::MappedValue>{root});
    if (failed(transform::applyTransformNamedSequence(
            bindings,
            cast<transform::TransformOpInterface>(entry.getOperation()),
            **library, transform::TransformOptions())))
      return signalPassFailure();
  }

  /// The parsed spec, shared by the copies of this pass.
  std::shared_ptr<OwningOpRef<ModuleOp>> library;
};
} // namespace
