//===- scope-fuzz.cpp - libFuzzer target for parsing and passes ----------===//
//
// This file implements scope-fuzz, a libFuzzer target: bytes are parsed as an
// MLIR module with every dialect scope-opt has, verified, printed and
// re-parsed, and, when valid, every registered `util-*`, `hal-*`, `flow-*`,
// `llvm-cpu-*` and `test-util-*` pass is run on a copy with verification
// after it, and so is scopeir's compile pipeline (both granularities), with
// verification after each of its passes.
//
// Any diagnostic is fine; a crash, an assertion, a sanitizer report, valid IR
// whose printed form does not parse back or prints differently the second
// time, or a pass that succeeds and leaves invalid IR is a finding. Run it
// through scripts/fuzz.sh.
//
//===----------------------------------------------------------------------===//

#include "RegisterTestPasses.h"

#include "scopeir/InitAll.h"
#include "scopeir/Pipeline/Pipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;

namespace {

/// The arguments of every util, hal, flow and llvm-cpu pass and of the util
/// test passes, read from their Passes.td at configure time
/// (tools/scope-fuzz/CMakeLists.txt).
const char *const kPassNames[] = {
#include "FuzzPasses.inc"
    nullptr};

/// The registry and pass list are built once. A context is reused for
/// kInputsPerContext inputs: loading linalg for every input would cost more
/// than parsing it, while one context for the whole run grows without bound
/// (uniqued attributes and types are never freed) until libFuzzer's RSS limit
/// reports it. Single-threaded and fresh for the first input, so a finding
/// reproduces when its input is run alone unless it depends on what earlier
/// inputs left in the context.
struct FuzzState {
  static constexpr unsigned kInputsPerContext = 5000;

  FuzzState() {
    // Every dialect, extension and interface model scope-opt has: the
    // compile pipeline reaches bufferization, vector and LLVM, and a
    // promised but unregistered interface would be a fatal error.
    scopeir::registerAllDialects(registry);
    scopeir::registerAllPasses();
    scopeir::test::registerTestPasses();
    for (const char *name : kPassNames)
      if (name)
        if (const PassInfo *info = PassInfo::lookup(name))
          passes.push_back(info);
    pipelines = {/*dispatch=*/false, /*dispatch=*/true};
  }

  MLIRContext &getContext() {
    if (inputs++ % kInputsPerContext == 0) {
      context.reset();
      context = std::make_unique<MLIRContext>(registry,
                                              MLIRContext::Threading::DISABLED);
      context->loadAllAvailableDialects();
    }
    return *context;
  }

  /// How deep inputs get, printed at exit for scripts/fuzz.sh.
  ~FuzzState() {
    // stdio: llvm::errs() may already be destroyed at exit.
    fprintf(stderr,
            "scope-fuzz: %llu inputs, %llu parsed and verified, %zu passes "
            "and %zu compile pipelines run on each valid one\n",
            static_cast<unsigned long long>(inputs),
            static_cast<unsigned long long>(numValid), passes.size(),
            pipelines.size());
  }

  DialectRegistry registry;
  std::unique_ptr<MLIRContext> context;
  uint64_t inputs = 0;
  uint64_t numValid = 0;
  SmallVector<const PassInfo *> passes;
  /// The compile pipelines run: at scope and at dispatch granularity.
  SmallVector<bool> pipelines;
};

FuzzState &getState() {
  static FuzzState state;
  return state;
}

[[noreturn]] void reportFinding(const Twine &what) {
  llvm::errs() << "scope-fuzz: " << what << "\n";
  llvm::errs().flush();
  abort();
}

/// Returns true if `text` would hit a crash inside upstream MLIR that our code
/// does not cause; docs/testing.md ("Known upstream issues") has each one with
/// a reproducer. Skipping them keeps the fuzzer looking for new problems
/// instead of stopping at the same known one. The check works on the text
/// without whitespace and `//` comments, so that spacing cannot hide a known
/// crash; it may also skip a few harmless inputs (the pattern in a string).
bool hitsKnownUpstreamCrash(StringRef text) {
  std::string compact;
  compact.reserve(text.size());
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    if (text[i] == '/' && i + 1 < e && text[i + 1] == '/') {
      i = std::min(text.find('\n', i), e);
      continue;
    }
    if (!llvm::isSpace(text[i])) {
      compact.push_back(text[i]);
      continue;
    }
    // Whitespace between two alphanumerics stays one space: `[2, 0 1]`
    // is not the list `[2, 01]`.
    size_t next = text.find_if_not(llvm::isSpace, i);
    if (next != StringRef::npos && !compact.empty() &&
        llvm::isAlnum(compact.back()) && llvm::isAlnum(text[next]))
      compact.push_back(' ');
    i = next == StringRef::npos ? e : next - 1;
  }
  // Brackets nested thousands deep: MLIR's recursive-descent parser
  // overflows the stack (in the attribute, type or operand-list parser
  // reached), as `mlir-opt` does. 512 levels is far beyond any real IR.
  int depth = 0, maxDepth = 0;
  for (char c : compact) {
    if (c == '[' || c == '(' || c == '<' || c == '{')
      maxDepth = std::max(maxDepth, ++depth);
    else if ((c == ']' || c == ')' || c == '>' || c == '}') && depth > 0)
      --depth;
  }
  if (maxDepth > 512)
    return true;
  // A dense array of `index` elements: the parser asks the element type for a
  // float width and segfaults (FloatType::getWidth on IndexType).
  if (StringRef(compact).contains("array<index"))
    return true;
  // A `linalg.generic` whose trait dictionary is followed by `<` and no
  // dictionary (`linalg.generic {...} <[1, 2]>`): the op's parser reads the
  // properties as a dictionary whatever they are and segfaults
  // (NamedAttrList::push_back).
  for (StringRef rest = compact; !rest.empty();) {
    size_t at = rest.find("linalg.generic{");
    if (at == StringRef::npos)
      break;
    rest = rest.drop_front(at + StringRef("linalg.generic").size());
    // The end of the trait dictionary: braces nest in it.
    size_t end = 0;
    for (int depth = 0; end < rest.size(); ++end) {
      if (rest[end] == '{')
        ++depth;
      else if (rest[end] == '}' && --depth == 0)
        break;
    }
    StringRef after = rest.drop_front(std::min(end + 1, rest.size()));
    if (after.starts_with("<") && !after.starts_with("<{"))
      return true;
  }
  // The same after a named linalg op's name (`linalg.fill<"x"> ins(...)`):
  // its parser aborts growing a SmallVector from the string. (An attribute
  // or type, `#linalg.iterator_type<parallel>`, is not an op.)
  for (StringRef rest = compact; !rest.empty();) {
    size_t at = rest.find("linalg.");
    if (at == StringRef::npos)
      break;
    bool isOp = at == 0 || (rest[at - 1] != '#' && rest[at - 1] != '!');
    rest = rest.drop_front(at + StringRef("linalg.").size());
    if (!isOp)
      continue;
    StringRef after = rest.drop_while(
        [](char c) { return llvm::isAlnum(c) || c == '_' || c == '.'; });
    if (after.starts_with("<") && !after.starts_with("<{"))
      return true;
  }
  // A linalg op's `dimensions = [...]` / `permutation = [...]` that is not a
  // plain list of integers: the op's parser stores a null attribute after the
  // error and segfaults (NamedAttrList::set).
  for (StringRef key : {"dimensions=", "permutation="}) {
    StringRef rest = compact;
    for (size_t at = rest.find(key); at != StringRef::npos;
         at = rest.find(key)) {
      rest = rest.drop_front(at + key.size());
      size_t close = rest.find(']');
      if (!rest.starts_with("[") || close == StringRef::npos)
        return true;
      // Each item an optionally negative integer: `1-2` is not one.
      SmallVector<StringRef> items;
      rest.slice(1, close).split(items, ',');
      if (close != 1 && !llvm::all_of(items, [](StringRef item) {
            item.consume_front("-");
            return !item.empty() && llvm::all_of(item, llvm::isDigit);
          }))
        return true;
    }
  }
  return false;
}

/// Returns true if the compile pipeline on `module` would leave invalid IR
/// because of an upstream bug (docs/testing.md, known upstream issues):
/// finalize-memref-to-llvm frees a buffer in a non-default memory space with
/// a call of `free` on a pointer of the wrong address space. Any memory
/// space in an attribute or a value type counts (bufferization gives its
/// buffers the memory space of the `memory_space` attribute of
/// `bufferization.alloc_tensor`).
bool hitsKnownUpstreamPipelineBug(ModuleOp module) {
  auto hasMemorySpace = [](Type type) {
    auto memref = dyn_cast<BaseMemRefType>(type);
    return memref && memref.getMemorySpace();
  };
  WalkResult result = module->walk([&](Operation *op) {
    if (op->getDiscardableAttr("memory_space") ||
        op->getInherentAttr("memory_space"))
      return WalkResult::interrupt();
    for (Type type : op->getResultTypes())
      if (hasMemorySpace(type))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (hasMemorySpace(arg.getType()))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return result.wasInterrupted();
}

/// Parses `text` without verification and verifies separately, so the two
/// stages show up apart in coverage and crash stacks.
OwningOpRef<ModuleOp> parseAndVerify(StringRef text, MLIRContext &ctx) {
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(text, config);
  if (!module || failed(verify(*module)))
    return nullptr;
  return module;
}

std::string print(ModuleOp module, const OpPrintingFlags &flags) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, flags);
  return text;
}

/// Runs `pass` alone on a copy of `module` and verifies the result. A pass
/// may fail with a diagnostic; a pass that succeeds and leaves invalid IR is a
/// finding. (The verifier is run here rather than by
/// PassManager::enableVerifier so that the two failures can be told apart.)
void runPass(const PassInfo &pass, ModuleOp module, MLIRContext &ctx) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(&ctx, ModuleOp::getOperationName(),
                 OpPassManager::Nesting::Implicit);
  pm.enableVerifier(false);
  if (failed(pass.addToPipeline(pm, /*options=*/"",
                                [](const Twine &) { return failure(); })))
    return;
  if (failed(pm.run(*copy)))
    return;
  if (failed(verify(*copy)))
    reportFinding(Twine("pass '") + pass.getPassArgument() +
                  "' succeeded but left invalid IR");
}

/// Verifies the IR after every pass of a pipeline: a pass that succeeds
/// and leaves invalid IR is a finding, named after the pass. (The pass
/// manager's own verifier would report it as a failure of the pipeline,
/// indistinguishable from a diagnostic.)
struct VerifyAfterEachPass : public PassInstrumentation {
  void runAfterPass(Pass *pass, Operation *op) override {
    if (failed(verify(op)))
      reportFinding(Twine("pass '") + pass->getArgument() +
                    "' of the compile pipeline succeeded but left invalid IR");
  }
};

/// Runs the compile pipeline `pipeline` on a copy of `module`. A pipeline
/// may fail with a diagnostic (most inputs are not programs it compiles).
/// Runs the compile pipeline at dispatch (or scope) granularity.
void runPipeline(bool dispatch, ModuleOp module, MLIRContext &ctx) {
  OwningOpRef<ModuleOp> copy = module.clone();
  PassManager pm(&ctx, ModuleOp::getOperationName());
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<VerifyAfterEachPass>());
  scopeir::pipeline::CompileOptions options;
  options.dispatch = dispatch;
  scopeir::pipeline::buildCompilePipeline(pm, options);
  (void)pm.run(*copy);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzState &state = getState();
  MLIRContext &ctx = state.getContext();
  // Every diagnostic is swallowed: malformed input is expected.
  ScopedDiagnosticHandler swallow(&ctx, [](Diagnostic &) { return success(); });

  // The lexer expects a NUL after the buffer: std::string provides one.
  std::string text(reinterpret_cast<const char *>(data), size);
  if (hitsKnownUpstreamCrash(text))
    return -1; // Not added to the corpus.
  OwningOpRef<ModuleOp> module = parseAndVerify(text, ctx);
  if (!module)
    return 0;
  ++state.numValid;

  // Valid IR must print in both forms, parse back to valid IR, and print the
  // same again: a printer that drops or changes something shows up here.
  for (bool generic : {false, true}) {
    OpPrintingFlags flags;
    if (generic)
      flags.printGenericOpForm();
    std::string printed = print(*module, flags);
    OwningOpRef<ModuleOp> reparsed = parseAndVerify(printed, ctx);
    if (!reparsed)
      reportFinding(Twine("valid IR does not round-trip in ") +
                    (generic ? "generic" : "custom") + " form:\n" + printed);
    std::string reprinted = print(*reparsed, flags);
    if (reprinted != printed)
      reportFinding(Twine("printing is not stable in ") +
                    (generic ? "generic" : "custom") + " form:\n" + printed +
                    "\n--- printed again:\n" + reprinted);
  }

  for (const PassInfo *pass : state.passes)
    runPass(*pass, *module, ctx);
  if (!hitsKnownUpstreamPipelineBug(*module))
    for (bool pipeline : state.pipelines)
      runPipeline(pipeline, *module, ctx);
  return 0;
}
