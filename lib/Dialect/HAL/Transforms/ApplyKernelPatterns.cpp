//===- ApplyKernelPatterns.cpp - Match DAGs into extern scopes ------------===//
//
// This file implements hal-apply-kernel-patterns, which applies a transform
// script loaded at run time to the module; the script wraps the DAGs it
// matches in extern scopes (transform.hal.wrap_in_extern_scope).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/SourceMgr.h"

#include <memory>

#define DEBUG_TYPE "hal-apply-kernel-patterns"

namespace scopeir::hal {
#define GEN_PASS_DEF_APPLYKERNELPATTERNSPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

/// The entry sequence of a kernel spec.
static constexpr llvm::StringLiteral kEntryName = "__transform_main";

/// Returns the extern scopes of `root`.
static llvm::SmallPtrSet<Operation *, 8> collectExternScopes(Operation *root) {
  llvm::SmallPtrSet<Operation *, 8> scopes;
  root->walk([&](util::ScopeOpInterface scope) {
    if (scope.getScopeAttrOfKind(ExternAttr::kScopeKind))
      scopes.insert(scope);
  });
  return scopes;
}

/// Reports what the spec's application decided: each extern scope it
/// formed, and, for each matcher of a `transform.foreach_match` of the entry
/// sequence whose first step checks the op's name, each op of that name
/// left outside any extern scope, with the reason the matcher gives when
/// run on it alone (the message of the step that failed, and a note at that
/// step in the spec). A matcher whose first step is not a name check names
/// no candidates and is not reported on.
static void explainMatches(Operation *root, ModuleOp library,
                           transform::NamedSequenceOp entry,
                           const llvm::SmallPtrSetImpl<Operation *> &before,
                           const util::DecisionRemarks &remarks) {
  root->walk([&](util::ScopeOpInterface scope) {
    auto kernel = cast_if_present<ExternAttr>(
        scope.getScopeAttrOfKind(ExternAttr::kScopeKind));
    if (!kernel || before.contains(scope))
      return;
    unsigned numOps = 0;
    for (Block &block : scope.getScopeBody())
      for (Operation &op : block)
        numOps += !op.hasTrait<OpTrait::IsTerminator>();
    remarks.report(scope, "extern scope for kernel '" + kernel.getSymbol() +
                              "' formed by the spec (" + Twine(numOps) +
                              " ops)");
  });

  MLIRContext *context = root->getContext();
  entry.walk([&](transform::ForeachMatchOp foreach) {
    for (Attribute symbol : foreach.getMatchers()) {
      auto matcher = library.lookupSymbol<transform::NamedSequenceOp>(
          cast<SymbolRefAttr>(symbol));
      if (!matcher || matcher.isExternal() ||
          matcher.getBody().front().getNumArguments() != 1)
        continue;
      auto nameCheck = dyn_cast<transform::MatchOperationNameOp>(
          matcher.getBody().front().front());
      if (!nameCheck ||
          nameCheck->getOperand(0) != matcher.getBody().front().getArgument(0))
        continue;
      // Collected first: running a matcher must not race a walk.
      SmallVector<Operation *> candidates;
      ArrayAttr names = nameCheck.getOpNames();
      root->walk([&](Operation *op) {
        if (llvm::is_contained(names.getAsValueRange<StringAttr>(),
                               op->getName().getStringRef()) &&
            !util::lookupScopeAttr<ExternAttr>(op))
          candidates.push_back(op);
      });
      for (Operation *op : candidates) {
        // The matcher's own diagnostic says why: capture it instead of
        // reporting it as an error.
        std::optional<Location> whyLoc;
        std::string why;
        LogicalResult matched = success();
        {
          ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
            if (whyLoc || diag.getSeverity() != DiagnosticSeverity::Error)
              return success();
            whyLoc = diag.getLocation();
            // Steps often print the op they looked at after the message:
            // the first line is the reason, and the note shows the step.
            std::string text = diag.str();
            StringRef message = StringRef(text).rtrim();
            why = message.take_until([](char c) { return c == '\n'; })
                      .rtrim()
                      .str();
            if (why.size() != message.size())
              why += " ...";
            return success();
          });
          RaggedArray<transform::MappedValue> bindings;
          bindings.push_back(ArrayRef<transform::MappedValue>{op});
          matched = transform::applyTransformNamedSequence(
              bindings,
              cast<transform::TransformOpInterface>(matcher.getOperation()),
              library, transform::TransformOptions());
        }
        std::string by = ("@" + matcher.getSymName()).str();
        if (succeeded(matched))
          remarks.report(op, "matched by " + by +
                                 " but not wrapped: an earlier match took "
                                 "its ops, or the action left it out");
        else if (whyLoc)
          remarks.report(op, "not matched by " + by + ": " + why, *whyLoc,
                         "the step of " + by + " that failed");
        else
          remarks.report(op, "not matched by " + by);
      }
    }
  });
}

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
    util::DecisionRemarks decisions(DEBUG_TYPE, remarks);
    llvm::SmallPtrSet<Operation *, 8> externScopesBefore;
    if (decisions.isEnabled())
      externScopesBefore = collectExternScopes(root);
    bindings.push_back(ArrayRef<transform::MappedValue>{root});
    if (failed(transform::applyTransformNamedSequence(
            bindings,
            cast<transform::TransformOpInterface>(entry.getOperation()),
            **library, transform::TransformOptions())))
      return signalPassFailure();
    if (decisions.isEnabled())
      explainMatches(root, **library, entry, externScopesBefore, decisions);
  }

  /// The parsed spec, shared by the copies of this pass.
  std::shared_ptr<OwningOpRef<ModuleOp>> library;
};
} // namespace
