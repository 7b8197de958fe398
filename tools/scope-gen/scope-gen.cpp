//===- scope-gen.cpp - Random programs with scopes --------------*- C++ -*-===//
//
// This file implements scope-gen: from a seed, a random linalg-on-tensors
// program with random scopes, the same program without scopes plus a driver
// for mlir-runner (the reference), the inputs to run them on, and a JSON
// description (tolerance per result, features, scopes) for the differential
// oracle (utils/differential.py). The same seed and options always give the
// same bytes.
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"
#include "RegisterTestPasses.h"

#include "scopeir/InitAll.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;
namespace cl = llvm::cl;

static cl::OptionCategory category("scope-gen options");

/// An option naming a file scope-gen writes.
static cl::opt<std::string> fileOption(StringRef flag, StringRef description) {
  return cl::opt<std::string>(flag, cl::desc(description),
                              cl::value_desc("file"), cl::cat(category));
}

/// An option listing op families or scope kinds.
static cl::opt<std::string> listOption(StringRef flag, StringRef description,
                                       const char *init) {
  return cl::opt<std::string>(flag, cl::desc(description), cl::init(init),
                              cl::cat(category));
}

static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the program"),
                              cl::init(0), cl::cat(category));
static cl::opt<std::string> outputFilename("o",
                                           cl::desc("Program with scopes "
                                                    "(default: stdout)"),
                                           cl::value_desc("file"),
                                           cl::init("-"), cl::cat(category));
static cl::opt<std::string> referenceFilename = fileOption(
    "reference",
    "Write the program without scopes plus @reference_main, which calls "
    "@main on the inputs and prints each result's bits (printMemrefI32), for "
    "mlir-opt + mlir-runner");
static cl::opt<std::string> withoutScopesFilename =
    fileOption("without-scopes",
               "Write the program without scopes and without a driver: what "
               "util-strip-scopes gives back, up to canonicalization");
static cl::opt<std::string> inputsFilename = fileOption(
    "inputs", "Write one --input=... argument of scope-run per line");
static cl::opt<std::string> metaFilename =
    fileOption("meta", "Write a JSON description: backends, inputs, each "
                       "result's shape and tolerance, features and scopes");
static cl::opt<std::string> opsList = listOption(
    "ops",
    "Op families to generate, comma-separated; 'all' (default) names every "
    "family but the opt-in ones (--list)",
    "all");
static cl::opt<std::string> noOpsList =
    listOption("no-ops", "Op families not to generate", "");
static cl::opt<std::string> scopesList = listOption(
    "scopes",
    "Scope kinds to insert, comma-separated, or 'none'; 'all' (default) "
    "names every kind but the opt-in ones (--list)",
    "all");
static cl::opt<std::string> noScopesList =
    listOption("no-scopes", "Scope kinds not to insert", "");
static cl::opt<unsigned> minOps("min-ops",
                                cl::desc("Fewest ops generated in @main"),
                                cl::init(5), cl::cat(category));
static cl::opt<unsigned> maxOps("max-ops",
                                cl::desc("Most ops generated in @main"),
                                cl::init(12), cl::cat(category));
static cl::opt<double>
    scopeDensity("scope-density",
                 cl::desc("Probability that a scope opens before an op"),
                 cl::init(0.3), cl::cat(category));
static cl::opt<double> insertDensity(
    "insert-density",
    cl::desc("The density option of test-util-insert-scopes (insert-pass)"),
    cl::init(0.15), cl::cat(category));
static cl::opt<std::string> deviceBackend(
    "device-backend",
    cl::desc("A backend with memory of its own (vulkan) that mixed-backend "
             "programs also place device scopes on"),
    cl::init(""), cl::cat(category));
static cl::opt<unsigned> count(
    "count",
    cl::desc("Generate the programs of N seeds, --seed and the N - 1 after "
             "it, each as it would be alone; with N > 1, every file name "
             "given holds %d, replaced by the seed"),
    cl::value_desc("N"), cl::init(1), cl::cat(category));
static cl::opt<bool> listKinds("list",
                               cl::desc("List op families and scope kinds "
                                        "and exit"),
                               cl::cat(category));

static int fail(const llvm::Twine &message) {
  llvm::errs() << "scope-gen: " << message << "\n";
  return 1;
}

/// Parses a comma-separated list of names into a bit mask. `all` (alone or
/// as one of the names) stands for every value but the opt-in ones, which
/// are only generated when named.
template <typename Enum>
static LogicalResult parseList(StringRef list, unsigned numValues,
                               uint64_t optIn,
                               std::optional<Enum> (*parse)(StringRef),
                               uint64_t &mask, StringRef what) {
  mask = 0;
  if (list == "none" || list.empty())
    return success();
  SmallVector<StringRef> names;
  list.split(names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef name : names) {
    if (name.trim() == "all") {
      mask |= ((1ull << numValues) - 1) & ~optIn;
      continue;
    }
    std::optional<Enum> value = parse(name.trim());
    if (!value) {
      llvm::errs() << "scope-gen: unknown " << what << " '" << name
                   << "' (--list shows them)\n";
      return failure();
    }
    mask |= 1ull << static_cast<unsigned>(*value);
  }
  return success();
}

/// Parses the names in `list` less those in `excludedList` into a bit mask.
template <typename Enum>
static LogicalResult parseSelection(StringRef list, StringRef excludedList,
                                    unsigned numValues, uint64_t optIn,
                                    std::optional<Enum> (*parse)(StringRef),
                                    StringRef what, uint64_t &mask) {
  uint64_t excluded = 0;
  if (failed(parseList<Enum>(list, numValues, optIn, parse, mask, what)) ||
      failed(parseList<Enum>(excludedList, numValues, optIn, parse, excluded,
                             what)))
    return failure();
  mask &= ~excluded;
  return success();
}

static LogicalResult writeFile(StringRef path,
                               llvm::function_ref<void(raw_ostream &)> write) {
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file) {
    llvm::errs() << "scope-gen: " << error << "\n";
    return failure();
  }
  write(file->os());
  file->keep();
  return success();
}

static std::string shapeString(ArrayRef<int64_t> shape) {
  std::string text;
  for (int64_t dim : shape)
    text += std::to_string(dim) + "x";
  return text + "f32";
}

static void writeMeta(raw_ostream &os, uint64_t seed,
                      const GeneratedProgram &program) {
  llvm::json::OStream json(os, 2);
  json.object([&] {
    json.attribute("seed", static_cast<int64_t>(seed));
    json.attribute("host_backend", program.hostBackend);
    if (program.uniformBackend.empty())
      json.attribute("uniform_backend", nullptr);
    else
      json.attribute("uniform_backend", program.uniformBackend);
    json.attributeArray("inputs", [&] {
      for (const GeneratedInput &input : program.inputs)
        json.value(input.getSpec());
    });
    json.attributeArray("results", [&] {
      for (const GeneratedResult &result : program.results)
        json.object([&] {
          json.attribute("type", shapeString(result.shape));
          json.attribute("err", result.facts.err);
          json.attribute("exact", result.facts.exact);
          json.attributeArray("sources", [&] {
            if (result.facts.sources & kReassociation)
              json.value("reassociation");
            if (result.facts.sources & kTranscendental)
              json.value("transcendental");
            if (result.facts.sources & kDevicePrecision)
              json.value("device-precision");
          });
        });
    });
    json.attributeObject("features", [&] {
      for (auto &[name, n] : program.features)
        json.attribute(name, static_cast<int64_t>(n));
    });
    json.attributeObject("scopes", [&] {
      for (auto &[name, n] : program.scopes)
        json.attribute(name, static_cast<int64_t>(n));
    });
    // Only where it holds, so that the description of a program without
    // workgroups stays what it was.
    if (program.checkStores)
      json.attribute("check_stores", true);
    if (program.hasStrategies)
      json.attribute("strategies", true);
    if (program.hasKernels) {
      json.attribute("kernels", true);
      json.attribute("kernel_err", program.kernelTolerance);
    }
  });
  os << "\n";
}

/// Writes `module` to `path`, after a comment line naming the seed and
/// `what` the file holds.
static LogicalResult writeModule(StringRef path, uint64_t seed,
                                 const llvm::Twine &what, ModuleOp module) {
  return writeFile(path, [&](raw_ostream &os) {
    os << "// scope-gen --seed=" << seed << what << "\n";
    module->print(os);
    os << "\n";
  });
}

/// Replaces each %d of `path` by `seed`.
static std::string expandPath(StringRef path, uint64_t seed) {
  std::string expanded;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path.substr(i).starts_with("%d")) {
      expanded += std::to_string(seed);
      ++i;
      continue;
    }
    expanded += path[i];
  }
  return expanded;
}

/// Generates the program of `options.seed` and writes the files asked for.
static int generateSeed(MLIRContext *context, const GeneratorOptions &options) {
  uint64_t programSeed = options.seed;
  FailureOr<GeneratedProgram> program =
      generateProgram(context, options, /*withScopes=*/true);
  if (failed(program))
    return 1;

  if (!referenceFilename.empty() || !withoutScopesFilename.empty()) {
    FailureOr<GeneratedProgram> reference =
        generateProgram(context, options, /*withScopes=*/false);
    if (failed(reference))
      return 1;
    // The two runs must have made the same program.
    auto sameShapes = [](const auto &a, const auto &b) {
      if (a.size() != b.size())
        return false;
      for (size_t i = 0; i < a.size(); ++i)
        if (a[i].shape != b[i].shape)
          return false;
      return true;
    };
    if (!sameShapes(program->inputs, reference->inputs) ||
        !sameShapes(program->results, reference->results) ||
        program->features != reference->features)
      return fail("internal error: the program without scopes differs from "
                  "the one with scopes");
    if (!withoutScopesFilename.empty() &&
        failed(writeModule(expandPath(withoutScopesFilename, programSeed),
                           programSeed, ": the program without scopes",
                           *reference->module)))
      return 1;
    if (!referenceFilename.empty()) {
      appendReferenceDriver(*reference->module, *program);
      if (failed(verify(*reference->module)))
        return fail("internal error: the reference module does not verify");
      if (failed(writeModule(expandPath(referenceFilename, programSeed),
                             programSeed,
                             ": the program without scopes, and its driver",
                             *reference->module)))
        return 1;
    }
  }

  if (!inputsFilename.empty() &&
      failed(writeFile(expandPath(inputsFilename, programSeed),
                       [&](raw_ostream &os) {
                         for (const GeneratedInput &input : program->inputs)
                           os << "--input=" << input.getSpec() << "\n";
                       })))
    return 1;
  if (!metaFilename.empty() &&
      failed(writeFile(
          expandPath(metaFilename, programSeed),
          [&](raw_ostream &os) { writeMeta(os, programSeed, *program); })))
    return 1;
  if (failed(writeModule(expandPath(outputFilename, programSeed), programSeed,
                         " (host backend " + program->hostBackend + ")",
                         *program->module)))
    return 1;
  return 0;
}

static int runMain() {
  if (listKinds) {
    llvm::outs() << "op families:";
    for (unsigned i = 0; i < static_cast<unsigned>(OpFamily::NumFamilies); ++i)
      llvm::outs() << " " << getOpFamilyName(static_cast<OpFamily>(i));
    llvm::outs() << "\nscope kinds:";
    for (unsigned i = 0; i < static_cast<unsigned>(ScopeKind::NumKinds); ++i)
      llvm::outs() << " " << getScopeKindName(static_cast<ScopeKind>(i));
    llvm::outs() << "\nopt-in (not in 'all'; name them, as in "
                    "--ops=all,NAME):";
    for (unsigned i = 0; i < static_cast<unsigned>(OpFamily::NumFamilies); ++i)
      if (kOptInFamilies & (1ull << i))
        llvm::outs() << " " << getOpFamilyName(static_cast<OpFamily>(i));
    for (unsigned i = 0; i < static_cast<unsigned>(ScopeKind::NumKinds); ++i)
      if (kOptInScopeKinds & (1ull << i))
        llvm::outs() << " " << getScopeKindName(static_cast<ScopeKind>(i));
    llvm::outs() << "\n";
    return 0;
  }
  GeneratorOptions options;
  options.seed = seed;
  unsigned numFamilies = static_cast<unsigned>(OpFamily::NumFamilies);
  unsigned numKinds = static_cast<unsigned>(ScopeKind::NumKinds);
  if (failed(parseSelection<OpFamily>(opsList, noOpsList, numFamilies,
                                      kOptInFamilies, parseOpFamilyName,
                                      "op family", options.families)) ||
      failed(parseSelection<ScopeKind>(scopesList, noScopesList, numKinds,
                                       kOptInScopeKinds, parseScopeKindName,
                                       "scope kind", options.scopeKinds)))
    return 1;
  if (minOps == 0 || maxOps < minOps)
    return fail("--min-ops must be at least 1 and at most --max-ops");
  options.minOps = minOps;
  options.maxOps = maxOps;
  if (scopeDensity < 0 || scopeDensity > 1 || insertDensity < 0 ||
      insertDensity > 1)
    return fail("densities must be between 0 and 1");
  options.scopeDensity = scopeDensity;
  options.insertDensity = insertDensity;
  options.deviceBackend = deviceBackend;

  if (count == 0)
    return fail("--count must be at least 1");
  if (count > 1) {
    if (!outputFilename.getNumOccurrences())
      return fail("with --count above 1, -o must name a file holding %d");
    for (cl::opt<std::string> *file :
         {&outputFilename, &referenceFilename, &withoutScopesFilename,
          &inputsFilename, &metaFilename})
      if (file->getNumOccurrences() && !StringRef(*file).contains("%d"))
        return fail(llvm::Twine("with --count above 1, every file name "
                                "must hold %d (") +
                    (file->ArgStr.size() == 1 ? "-" : "--") + file->ArgStr +
                    " " + *file + " does not)");
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  for (uint64_t i = 0; i < count; ++i) {
    options.seed = seed + i;
    // A fresh context per seed: a program never depends on the ones
    // generated before it in the same process.
    MLIRContext context(registry);
    context.loadAllAvailableDialects();
    if (int status = generateSeed(&context, options))
      return status;
  }
  return 0;
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  registerAllPasses();
  // The insert-pass scope kind runs test-util-insert-scopes.
  test::registerTestPasses();
  registerMLIRContextCLOptions();
  registerAsmPrinterCLOptions();
  // --help lists scope-gen's own options, not every LLVM and MLIR one the
  // libraries register (--help-hidden still shows them).
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "scope-gen: random linalg-on-tensors programs with random scopes\n");
  return runMain();
}
