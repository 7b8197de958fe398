//===- scope-opt.cpp - scopeir's mlir-opt -----------------------*- C++ -*-===//
//
// This file implements scope-opt: MlirOptMain with every upstream dialect,
// extension and pass plus scopeir's, and scopeir's test passes (test/lib).
//
//===----------------------------------------------------------------------===//

#include "RegisterTestPasses.h"

#include "scopeir/InitAll.h"
#include "scopeir/Pipeline/Pipeline.h"
#include "scopeir/Support/ToolSupport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/TypeID.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/Signals.h"

#include <atomic>

#include <unistd.h>

namespace {

/// Whether the input being processed had an error reported before any pass
/// ran: parsing or verifying it failed, and the tool is still in the parser.
std::atomic<bool> errorBeforePasses{false};
/// Whether a pass ran (or may have run, unseen) in the current context.
std::atomic<bool> passesStarted{false};

/// Runs on a crash signal before LLVM's stack dump: a crash after the parser
/// reported an error is upstream's parser going on with what it could not
/// parse (docs/testing.md, known upstream issues: a malformed `dimensions`
/// list of a linalg op segfaults in NamedAttrList::set after "expected
/// ']'"). The error is printed already: exit 1 with it, as for any other
/// parse error, instead of a segfault. Async-signal-safe.
void exitOnParserCrash(void *) {
  if (!errorBeforePasses || passesStarted)
    return;
  static const char note[] =
      "scope-opt: the parser crashed after reporting the error above (an "
      "upstream MLIR bug); exiting with status 1\n";
  (void)!::write(STDERR_FILENO, note, sizeof(note) - 1);
  ::_exit(1);
}

/// Watches a context once one of its dialects loads while the input is
/// parsed (after MlirOptMain registered its diagnostic handler, so this
/// handler sees every diagnostic first): records errors, and passes through
/// the context's action handler.
class WatchContext : public mlir::DialectExtensionBase {
public:
  explicit WatchContext(llvm::StringRef dialect)
      : DialectExtensionBase(llvm::ArrayRef<llvm::StringRef>(dialect)),
        dialect(dialect) {}

  void apply(mlir::MLIRContext *context,
             llvm::MutableArrayRef<mlir::Dialect *>) const override {
    // Once per context: the first of its dialects to load. (A context made
    // at the address of a destroyed one has no action handler yet.)
    static mlir::MLIRContext *watched = nullptr;
    if (context->hasActionHandler()) {
      // Without the context's actions a pass could run unseen: containment
      // is off where someone else set the handler (action logging, debug
      // counters).
      if (context != watched)
        passesStarted = true;
      watched = context;
      return;
    }
    watched = context;
    errorBeforePasses = false;
    passesStarted = false;
    context->registerActionHandler([](llvm::function_ref<void()> transform,
                                      const mlir::tracing::Action &) {
      passesStarted = true;
      transform();
    });
    context->getDiagEngine().registerHandler([](mlir::Diagnostic &diag) {
      if (diag.getSeverity() == mlir::DiagnosticSeverity::Error &&
          !passesStarted)
        errorBeforePasses = true;
      return mlir::failure(); // Reported by the next handler.
    });
  }

  std::unique_ptr<DialectExtensionBase> clone() const override {
    return std::make_unique<WatchContext>(dialect);
  }

private:
  std::string dialect;
};

/// Makes a crash of the parser after an error diagnostic exit 1 with that
/// diagnostic (see exitOnParserCrash). Call before MlirOptMain, so that the
/// signal handler runs before LLVM's stack dump.
void containParserCrashes(mlir::DialectRegistry &registry) {
  llvm::sys::AddSignalHandler(exitOnParserCrash, nullptr);
  static mlir::TypeIDAllocator ids;
  for (llvm::StringRef name : registry.getDialectNames())
    if (name != "builtin") // Loaded before MlirOptMain's diagnostic handler.
      registry.addExtension(ids.allocate(),
                            std::make_unique<WatchContext>(name));
}

} // namespace

int main(int argc, char **argv) {
  scopeir::registerAllPasses();
  scopeir::test::registerTestPasses();
  scopeir::pipeline::registerCompilePipeline();
  scopeir::setToolVersionPrinter("scope-opt");
  mlir::DialectRegistry registry;
  scopeir::registerAllDialects(registry);
  containParserCrashes(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "scopeir optimizer driver\n", registry));
}
