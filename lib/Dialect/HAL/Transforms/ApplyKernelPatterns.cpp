//===- ApplyKernelPatterns.cpp - Match DAGs into extern scopes ------------===//
//
// This file implements hal-apply-kernel-patterns, which applies a spec
// loaded at run time to the module: a transform script, which wraps the DAGs
// it matches in extern scopes (transform.hal.wrap_in_extern_scope), or PDL
// patterns, which do with the native rewrite WrapInExternScope.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALDialect.h"
#include "scopeir/Dialect/HAL/TransformOps/HALTransformOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Dialect/Util/IR/UtilDialect.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"
#include "scopeir/Dialect/Util/Utils/DecisionRemarks.h"

#include "mlir/Dialect/PDL/IR/PDL.h"
#include "mlir/Dialect/PDL/IR/PDLOps.h"
#include "mlir/Dialect/PDL/IR/PDLTypes.h"
#include "mlir/Dialect/PDLInterp/IR/PDLInterp.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Rewrite/PatternApplicator.h"
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
/// The native rewrite and constraint a PDL spec may call.
static constexpr llvm::StringLiteral kWrapRewriteName = "WrapInExternScope";
static constexpr llvm::StringLiteral kContainsConstraintName = "ContainsOp";

/// Returns the extern scopes of `root`.
static llvm::SmallPtrSet<Operation *, 8> collectExternScopes(Operation *root) {
  llvm::SmallPtrSet<Operation *, 8> scopes;
  root->walk([&](util::ScopeOpInterface scope) {
    if (scope.getScopeAttrOfKind(ExternAttr::kScopeKind))
      scopes.insert(scope);
  });
  return scopes;
}

/// Reports each extern scope of `root` the spec formed (not in `before`).
static void reportFormedScopes(Operation *root,
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
}

/// Reports what the transform spec's application decided: each extern scope
/// it formed, and, for each matcher of a `transform.foreach_match` of the
/// entry sequence whose first step checks the op's name, each op of that
/// name left outside any extern scope, with the reason the matcher gives
/// when run on it alone (the message of the step that failed, and a note at
/// that step in the spec). A matcher whose first step is not a name check
/// names no candidates and is not reported on.
static void explainMatches(Operation *root, ModuleOp library,
                           transform::NamedSequenceOp entry,
                           const llvm::SmallPtrSetImpl<Operation *> &before,
                           const util::DecisionRemarks &remarks) {
  reportFormedScopes(root, before, remarks);

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

//===----------------------------------------------------------------------===//
// PDL specs
//===----------------------------------------------------------------------===//

/// Checks the native calls of a PDL spec: only WrapInExternScope (a kernel
/// attribute, an optional ABI dictionary, then one or more ops; no results)
/// and ContainsOp (an op and an op name). The PDL bytecode assumes every
/// function it calls is registered, so an unknown name must not get that
/// far. A kernel given as a constant is verified here, at the spec.
static LogicalResult verifyPdlSpec(ModuleOp spec) {
  auto isAttribute = [](Value v) {
    return isa<pdl::AttributeType>(v.getType());
  };
  auto isOperation = [](Value v) {
    return isa<pdl::OperationType>(v.getType());
  };
  WalkResult result = spec.walk([&](Operation *op) {
    if (auto rewrite = dyn_cast<pdl::ApplyNativeRewriteOp>(op)) {
      if (rewrite.getName() != kWrapRewriteName) {
        rewrite.emitError("unknown native rewrite '")
            << rewrite.getName() << "' (known: " << kWrapRewriteName << ")";
        return WalkResult::interrupt();
      }
      OperandRange args = rewrite.getArgs();
      size_t numAttributes =
          llvm::find_if_not(args, isAttribute) - args.begin();
      if (!rewrite.getResults().empty() || numAttributes < 1 ||
          numAttributes > 2 || numAttributes == args.size() ||
          !llvm::all_of(args.drop_front(numAttributes), isOperation)) {
        rewrite.emitError(kWrapRewriteName)
            << " takes the kernel (a #hal.extern or its symbol as a string), "
               "optionally a dictionary of ABI options, then the ops to "
               "wrap, and returns nothing";
        return WalkResult::interrupt();
      }
      auto kernel = args[0].getDefiningOp<pdl::AttributeOp>();
      if (!kernel || !kernel.getValue() || isa<ExternAttr>(*kernel.getValue()))
        return WalkResult::advance();
      auto symbol = dyn_cast<StringAttr>(*kernel.getValue());
      if (!symbol) {
        kernel.emitError("the kernel of ")
            << kWrapRewriteName << " is not a #hal.extern nor a string";
        return WalkResult::interrupt();
      }
      DictionaryAttr abi;
      if (numAttributes == 2)
        if (auto abiOp = args[1].getDefiningOp<pdl::AttributeOp>();
            abiOp && abiOp.getValue()) {
          abi = dyn_cast<DictionaryAttr>(*abiOp.getValue());
          if (!abi) {
            abiOp.emitError("the ABI options of ")
                << kWrapRewriteName << " are not a dictionary";
            return WalkResult::interrupt();
          }
        }
      if (failed(ExternAttr::verify([&] { return kernel.emitError(); },
                                    symbol.getValue(), abi)))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    if (auto constraint = dyn_cast<pdl::ApplyNativeConstraintOp>(op)) {
      if (constraint.getName() != kContainsConstraintName) {
        constraint.emitError("unknown native constraint '")
            << constraint.getName() << "' (known: " << kContainsConstraintName
            << ")";
        return WalkResult::interrupt();
      }
      OperandRange args = constraint.getArgs();
      if (!constraint.getResults().empty() || args.size() != 2 ||
          !isOperation(args[0]) || !isAttribute(args[1])) {
        constraint.emitError(kContainsConstraintName)
            << " takes an op and an op name (a string), and returns nothing";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// ContainsOp(op, name): whether an op nested in `op` is named `name`.
static LogicalResult containsOp(PatternRewriter &, PDLResultList &,
                                ArrayRef<PDLValue> args) {
  auto *op = args[0].cast<Operation *>();
  auto name = dyn_cast<StringAttr>(args[1].cast<Attribute>());
  if (!name)
    return failure();
  WalkResult found = op->walk([&](Operation *nested) {
    return nested != op && nested->getName().getStringRef() == name.getValue()
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return success(found.wasInterrupted());
}

/// WrapInExternScope(kernel, [abi,] ops...): wraps the ops in an extern
/// scope for the kernel (wrapInExternScope). What cannot be wrapped is an
/// error at the last op; `failedWrap` records it.
static LogicalResult wrapInExternScopeRewrite(PatternRewriter &rewriter,
                                              ArrayRef<PDLValue> args,
                                              bool &failedWrap) {
  Attribute kernelAttr = args[0].cast<Attribute>();
  DictionaryAttr abi;
  size_t firstOp = 1;
  if (args[1].isa<Attribute>()) {
    abi = dyn_cast<DictionaryAttr>(args[1].cast<Attribute>());
    firstOp = 2;
  }
  SmallVector<Operation *> ops;
  for (PDLValue arg : args.drop_front(firstOp))
    ops.push_back(arg.cast<Operation *>());
  Operation *at = ops.back();
  auto fail = [&]() {
    failedWrap = true;
    return at->emitError("cannot wrap the ops in an extern scope: ");
  };
  auto kernel = dyn_cast<ExternAttr>(kernelAttr);
  if (!kernel) {
    auto symbol = dyn_cast<StringAttr>(kernelAttr);
    if (!symbol) {
      fail() << "the kernel " << kernelAttr
             << " is not a #hal.extern nor a string";
      return failure();
    }
    kernel = ExternAttr::getChecked(
        [&] { return fail(); }, rewriter.getContext(), symbol.getValue(), abi);
    if (!kernel)
      return failure();
  }
  std::string reason;
  if (failed(wrapInExternScope(rewriter, ops, kernel, reason))) {
    fail() << "'" << kernel.getSymbol() << "': " << reason;
    return failure();
  }
  return success();
}

namespace {
/// Records the ops a rewrite erases, so that a walk collected beforehand
/// skips them.
struct ErasedOps : public RewriterBase::Listener {
  void notifyOperationErased(Operation *op) override { erased.insert(op); }
  llvm::SmallPtrSet<Operation *, 8> erased;
};

/// A rewriter for the PDL patterns: a failed WrapInExternScope changed
/// nothing (wrapInExternScope fails before its first change), so the
/// pattern's failure is recoverable.
struct RecoveringRewriter : public PatternRewriter {
  using PatternRewriter::PatternRewriter;
  bool canRecoverFromRewriteFailure() const override { return true; }
};
} // namespace

/// Applies the PDL patterns of `spec` to `root`: each op once, in a walk
/// collected first, skipping ops already inside an extern scope (the ops a
/// rewrite wrapped among them), like `transform.foreach_match` visits each
/// op once. Fails if a wrap failed.
static LogicalResult applyPdlSpec(Operation *root, ModuleOp spec) {
  MLIRContext *context = root->getContext();
  bool failedWrap = false;
  PDLPatternModule pdlModule(OwningOpRef<ModuleOp>(spec.clone()));
  pdlModule.registerConstraintFunction(kContainsConstraintName, containsOp);
  pdlModule.registerRewriteFunction(
      kWrapRewriteName,
      [&](PatternRewriter &rewriter, PDLResultList &, ArrayRef<PDLValue> args) {
        return wrapInExternScopeRewrite(rewriter, args, failedWrap);
      });
  RewritePatternSet patterns(std::move(pdlModule));
  FrozenRewritePatternSet frozen(std::move(patterns));
  PatternApplicator applicator(frozen);
  applicator.applyDefaultCostModel();

  SmallVector<Operation *> candidates;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != root)
      candidates.push_back(op);
  });
  ErasedOps erasedOps;
  RecoveringRewriter rewriter(context);
  rewriter.setListener(&erasedOps);
  for (Operation *op : candidates) {
    if (erasedOps.erased.contains(op) || util::lookupScopeAttr<ExternAttr>(op))
      continue;
    rewriter.setInsertionPoint(op);
    (void)applicator.matchAndRewrite(op, rewriter);
    if (failedWrap)
      return failure();
  }
  return success();
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
    // A module of PDL patterns, without a transform entry, is a PDL spec.
    isPdlSpec = !entry && !parsed->getOps<pdl::PatternOp>().empty();
    if (isPdlSpec && failed(verifyPdlSpec(*parsed)))
      return emitError(parsed->getLoc())
             << "hal-apply-kernel-patterns: invalid PDL spec '" << spec << "'";
    if (!isPdlSpec && (!entry || entry.isExternal()))
      return emitError(parsed->getLoc())
             << "hal-apply-kernel-patterns: the spec has no named sequence @"
             << kEntryName;
    library = std::make_shared<OwningOpRef<ModuleOp>>(std::move(parsed));
    return success();
  }

  void runOnOperation() override {
    Operation *root = getOperation();
    util::DecisionRemarks decisions(DEBUG_TYPE, remarks);
    llvm::SmallPtrSet<Operation *, 8> externScopesBefore;
    if (decisions.isEnabled())
      externScopesBefore = collectExternScopes(root);
    if (isPdlSpec) {
      if (failed(applyPdlSpec(root, **library)))
        return signalPassFailure();
      if (decisions.isEnabled())
        reportFormedScopes(root, externScopesBefore, decisions);
      return;
    }
    auto entry =
        (*library)->lookupSymbol<transform::NamedSequenceOp>(kEntryName);
    RaggedArray<transform::MappedValue> bindings;
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
  /// Whether the spec is PDL patterns rather than a transform script.
  bool isPdlSpec = false;
};
} // namespace
