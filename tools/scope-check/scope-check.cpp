//===- scope-check.cpp - Run the test functions of a module -----*- C++ -*-===//
//
// This file implements scope-check's command line, IREE's iree-check-module
// for scopeir: it maps the flags to a runner::CheckConfig and calls
// runner::runChecks (lib/Runner/CheckRunner.cpp), which compiles and runs
// every public function without arguments, each in a child process, and
// reports PASS or FAIL per test by its check.expect_* ops.
//
//===----------------------------------------------------------------------===//

#include "scopeir/InitAll.h"
#include "scopeir/Runner/CheckRunner.h"
#include "scopeir/Support/ToolSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace mlir;
using namespace scopeir;
namespace cl = llvm::cl;

// --help shows these categories; --help-hidden LLVM's and MLIR's too.
static ToolOptionCategory tests("Tests", "The module and which of its tests "
                                "run");
static ToolOptionCategory devices("Devices", "Where the tests run and on how "
                                  "many threads");
static ToolOptionCategory compile("Compile", "How each test is compiled");
static ToolOptionCategory trace("Trace", "Seeing where the tests' "
                                "dispatches run and their time goes");

static cl::opt<std::string> inputFilename(cl::Positional, cl::init("-"),
    cl::desc("<input .mlir file>"), cl::cat(tests));
static cl::opt<std::string> function("function", cl::value_desc("NAME"),
    cl::desc("Run only this test (a public function without arguments)"),
    cl::init(""), cl::cat(tests));
static cl::opt<bool> listTests("list-tests", cl::cat(tests),
    cl::desc("Print the names of the tests and exit"));
static cl::opt<unsigned> timeout("timeout", cl::value_desc("SECONDS"),
    cl::desc("A test still running after SECONDS (its compile included) "
             "fails; 0: no limit"), cl::init(0), cl::cat(tests));

static cl::opt<std::string> device("device", cl::value_desc("BACKEND"),
    cl::desc("Place each test body on this backend (the module's default "
             "device); default: the host backend"), cl::init(""),
    cl::cat(devices));
static cl::opt<std::string> hostBackend("host-backend", cl::cat(devices),
    cl::desc("Backend compiling functions placed on no device"),
    cl::init(std::string(hal::kDefaultHostBackend)));
/// --threads=N, built after main() unregistered libLLVM's hidden one.
static cl::opt<unsigned, false, PositiveIntParser> &getThreadsOption() {
  static cl::opt<unsigned, false, PositiveIntParser> threads("threads",
      cl::desc("Threads running the parallel loops of device code; default: "
               "every core"),
      cl::value_desc("N"), cl::init(0), cl::cat(devices));
  return threads;
}

enum class InputTypeChoice { Auto, Linalg, TOSA };
static cl::opt<InputTypeChoice> inputType("input-type",
    cl::desc("The dialects the module is written in"),
    cl::values(clEnumValN(InputTypeChoice::Auto, "auto",
                          "TOSA if the module has a TOSA op, else linalg"),
               clEnumValN(InputTypeChoice::Linalg, "linalg",
                          "linalg-on-tensors"),
               clEnumValN(InputTypeChoice::TOSA, "tosa",
                          "TOSA, converted to linalg-on-tensors first")),
    cl::init(InputTypeChoice::Auto), cl::cat(compile));
static cl::opt<bool> dispatch("dispatch", cl::init(true), cl::cat(compile),
    cl::desc("Form dispatch regions inside device scopes (false: each "
             "device scope is one function)"));
static cl::opt<unsigned> optLevel("opt-level", cl::init(2), cl::cat(compile),
    cl::desc("LLVM optimization level (0-3)"));
static cl::opt<bool> stripScopes("strip-scopes", cl::cat(compile),
    cl::desc("Strip every scope first (util-strip-scopes)"));

static cl::opt<bool> dumpDispatches("dump-dispatches", cl::cat(trace),
    cl::desc("Print each test's dispatches with their devices and scope "
             "paths (implies --dispatch)"));
static cl::opt<std::string> traceFile("trace", cl::value_desc("FILE.json"),
    cl::desc("Trace every test's compile and run into FILE.json (Chrome "
             "trace-event JSON, one process per test)"), cl::init(""),
    cl::cat(trace));
static cl::opt<bool> printZones("print-zones", cl::cat(trace),
    cl::desc("Print each test's zone summary to stderr"));

static const char *const overview =
    "scope-check: run the tests of a module (IREE's iree-check-module)\n\n"
    "  scope-check tests.mlir --device=llvm-cpu\n\n"
    "  A test is a public function without arguments; its check.expect_*\n"
    "  ops decide whether it passes. Each test compiles and runs in a\n"
    "  process of its own. Prints PASS or FAIL per test and\n"
    "  'N passed, N failed'; exits 0 if every test passed.\n";

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  runner::keepFreedMemory(/*largeBlocksToo=*/true);
  registerAllPasses();
  runner::registerMLIRCommandLineOptions();
  unregisterOption("threads");
  (void)getThreadsOption();
  hideUnrelatedOptions();
  setToolVersionPrinter("scope-check", {});
  cl::ParseCommandLineOptions(argc, argv, overview);

  runner::CheckConfig config;
  runner::SessionOptions &session = config.session;
  if (inputType != InputTypeChoice::Auto)
    session.inputType = inputType == InputTypeChoice::TOSA
                            ? pipeline::InputType::TOSA
                            : pipeline::InputType::Linalg;
  session.hostBackend = hostBackend;
  session.dispatch = dispatch;
  session.threads = getThreadsOption();
  session.optLevel = optLevel;
  session.stripScopes = stripScopes;
  if (dumpDispatches)
    session.dumpDispatches = pipeline::DispatchDump::Text;
  session.configurePassManager = runner::applyMLIRCommandLineOptions;
  config.inputFilename = inputFilename;
  config.function = function;
  config.device = device;
  config.traceFile = traceFile;
  config.printZones = printZones;
  config.timeoutSeconds = timeout;
  config.listTests = listTests;
  return runner::runChecks(config);
}
