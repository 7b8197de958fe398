//===- scope-run.cpp - Compile and run a function with scopes ---*- C++ -*-===//
//
// This file implements scope-run's command line: it maps the flags to a
// runner::RunConfig and calls runner::run (lib/Runner/Session.cpp), which
// compiles the module through the pipeline library and runs one function
// in-process, with inputs and outputs in iree-run-module's format.
//
//===----------------------------------------------------------------------===//

#include "scopeir/InitAll.h"
#include "scopeir/Runner/Session.h"
#include "scopeir/Support/CPUTarget.h"
#include "scopeir/Support/ToolSupport.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

#include <unistd.h>

using namespace mlir;
using namespace scopeir;
namespace cl = llvm::cl;

// --help shows these categories; --help-hidden LLVM's and MLIR's too.
static ToolOptionCategory io("Input and output", "The module, the function "
                             "to run, its arguments and results");
static ToolOptionCategory devices("Devices", "Where device code runs and on "
                                  "how many threads");
static ToolOptionCategory compile("Compile", "How the module is compiled, "
                                  "and printing it instead of running it");
static ToolOptionCategory kernels("Kernels", "Hand-written kernels "
                                  "replacing extern scopes (docs/kernels.md)");
static ToolOptionCategory bench("Benchmark and trace", "Timing the function "
                                "and seeing where its dispatches run");
static ToolOptionCategory batch("Batch", "Many modules in one process");

static cl::opt<std::string> inputFilename(cl::Positional, cl::init("-"),
    cl::desc("<input .mlir file>"), cl::cat(io));
static cl::opt<std::string> function("function", cl::init("main"),
    cl::desc("Function to run"), cl::cat(io));
static cl::list<std::string> inputs("input", cl::value_desc("value"),
    cl::desc("An argument, in order: 2x3xf32=1 2 3 4 5 6, 4xf32=0.5 "
             "(splat), f32=0.5 or i64=3 (scalar), 2x3xbf16=@file.bin "
             "(raw) or @file.npy; element types i1 i8 i16 i32 i64 f16 bf16 "
             "f32 f64"), cl::cat(io));
static cl::list<std::string> outputs("output", cl::value_desc("@file.npy|-"),
    cl::desc("Where a result goes, in order: @file.npy, or - to print it"),
    cl::cat(io));
enum class InputTypeChoice { Auto, Linalg, TOSA };
static cl::opt<InputTypeChoice> inputType("input-type",
    cl::desc("The dialects the module is written in"),
    cl::values(clEnumValN(InputTypeChoice::Auto, "auto",
                          "TOSA if the module has a TOSA op, else linalg"),
               clEnumValN(InputTypeChoice::Linalg, "linalg",
                          "linalg-on-tensors (tensor, arith, math, ...)"),
               clEnumValN(InputTypeChoice::TOSA, "tosa",
                          "TOSA, converted to linalg-on-tensors first")),
    cl::init(InputTypeChoice::Auto), cl::cat(io));

static cl::opt<bool> listDevices("list-devices", cl::cat(devices),
    cl::desc("List the backends, Vulkan devices and JIT target, and exit"));
static cl::opt<std::string> hostBackend("host-backend", cl::cat(devices),
    cl::desc("Backend compiling functions placed on no device"),
    cl::init(std::string(hal::kDefaultHostBackend)));
static cl::opt<std::string> vulkanDevice("vulkan-device", cl::cat(devices),
    cl::desc("The Vulkan device: N (in --list-devices) or part of its name; "
             "default: the first usable one"), cl::value_desc("N|NAME"));
/// --threads=N, built after main() unregistered libLLVM's hidden one.
static cl::opt<unsigned, false, PositiveIntParser> &getThreadsOption() {
  static cl::opt<unsigned, false, PositiveIntParser> threads("threads",
      cl::desc("Threads running the parallel loops of device code (the "
               "outer tiles of llvm-cpu's strategies); default: every core; "
               "1 runs them sequentially. Results do not depend on it"),
      cl::value_desc("N"), cl::init(0), cl::cat(devices));
  return threads;
}

static cl::opt<bool> dispatch("dispatch", cl::init(true), cl::cat(compile),
    cl::desc("Form dispatch regions inside device scopes, each compiled by "
             "its device's backend (--dispatch=false: each device scope is "
             "one function)"));
static cl::opt<unsigned> optLevel("opt-level", cl::init(2), cl::cat(compile),
    cl::desc("LLVM optimization level (0-3)"));
static cl::opt<bool> emitLLVMDialect("emit-llvm-dialect", cl::cat(compile),
    cl::desc("Print the module lowered to the LLVM dialect and exit"));
static cl::opt<bool> emitLLVM("emit-llvm", cl::cat(compile),
    cl::desc("Print the LLVM IR the JIT compiles (optimized) and exit"));
static cl::opt<bool> stripScopes("strip-scopes", cl::cat(compile),
    cl::desc("Strip every scope first: the program without its scopes"));
static cl::opt<bool> prepareParameters("prepare-parameters", cl::cat(compile),
    cl::desc("Prepare the parameters (arguments marked scopeir.param) apart, "
             "once: llvm-cpu packs convolution filters before the first call "
             "instead of in every call (--benchmark passes the same "
             "parameter buffers to every call)"));
static cl::opt<bool> checkStores("codegen-check-stores", cl::init(false),
    cl::desc("Check at run time that each codegen.scope.workgroups' stores "
             "cover its results exactly once (else the run stops)"));

static cl::opt<std::string> kernelSpec("kernel-spec", cl::value_desc("FILE"),
    cl::desc("Wrap the DAGs a transform script or PDL patterns match in "
             "extern scopes"), cl::init(""), cl::cat(kernels));
static cl::list<std::string> kernelLibraries("kernel-library",
    cl::desc("A shared library of kernels (repeatable; the first library "
             "defining a symbol provides it); an extern kernel no library "
             "provides runs its decomposition, with a warning"),
    cl::value_desc("PATH"), cl::cat(kernels));
static cl::opt<bool> requireKernels("require-kernels", cl::cat(kernels),
    cl::desc("Fail instead of running a missing kernel's decomposition"));
static cl::opt<std::string> checkKernels("check-kernels",
    cl::desc("Run each kernel call's decomposition on the same inputs, "
             "compare (|k - r| <= atol + rtol * |r|, default 1e-4,1e-5), "
             "report per kernel on stderr, and exit 1 on a mismatch"),
    cl::value_desc("rtol,atol"), cl::ValueOptional, cl::init(""),
    cl::cat(kernels));

static cl::opt<unsigned> benchmark("benchmark", cl::value_desc("N"),
    cl::desc("Call the function N times and print the compile time and the "
             "min/median/max time per call instead of the results"),
    cl::init(0), cl::cat(bench));
static cl::opt<pipeline::DispatchDump> dumpDispatches("dump-dispatches",
    cl::desc("Print each dispatch with its device and the scope path it "
             "came from (implies --dispatch)"), cl::ValueOptional,
    cl::values(clEnumValN(pipeline::DispatchDump::Text, "text",
                          "one line per dispatch (the default)"),
               clEnumValN(pipeline::DispatchDump::Dot, "dot",
                          "a Graphviz graph of scopes, dispatches, extern "
                          "kernels and devices, then exit without running "
                          "(stdout holds the graph alone)"),
               // --dump-dispatches without a value.
               clEnumValN(pipeline::DispatchDump::Text, "", "")),
    cl::init(pipeline::DispatchDump::None), cl::cat(bench));
static cl::opt<std::string> traceFile("trace", cl::value_desc("FILE.json"),
    cl::desc("Trace the compile and the run into FILE.json (Chrome trace "
             "events, for Perfetto): a slice per pass, zone entry and "
             "dispatch"), cl::init(""), cl::cat(bench));
static cl::opt<bool> printZones("print-zones", cl::cat(bench),
    cl::desc("Trace the run; print each zone's calls and time at exit"));
static cl::opt<uint64_t> traceMaxEvents("trace-max-events", cl::cat(bench),
    cl::desc("Events each thread keeps for --trace (0: all); older ones are "
             "dropped from the file but counted in the zone summary"),
    cl::init(runner::kDefaultTraceMaxEvents), cl::value_desc("N"));

static cl::opt<std::string> batchFile("batch", cl::value_desc("FILE"),
    cl::desc("Run one job per line of FILE ('-': stdin, run as lines "
             "arrive) in this process: a line holds one run's arguments (the "
             "module, --input, ...), placed after this command line's, and "
             "runs as in a fresh process; each job ends with a line "
             "'scope-run: job N: exit C'. Exits 1 if a job failed"),
    cl::init(""), cl::cat(batch));
static cl::opt<std::string> jobStdout("job-stdout", cl::value_desc("FILE"),
    cl::desc("In a --batch job: the job's standard output"), cl::cat(batch));
static cl::opt<std::string> jobStderr("job-stderr", cl::value_desc("FILE"),
    cl::desc("In a --batch job: the job's standard error"), cl::cat(batch));

static int fail(const Twine &message) {
  return llvm::errs() << "scope-run: " << message << "\n", 1;
}

/// Maps the parsed flags to a run and runs it.
static int runFromFlags(runner::ExecutableCache *cache, bool &reused) {
  runner::RunConfig config;
  runner::SessionOptions &session = config.session;
  session.function = function;
  if (inputType != InputTypeChoice::Auto)
    session.inputType = inputType == InputTypeChoice::TOSA
                            ? pipeline::InputType::TOSA
                            : pipeline::InputType::Linalg;
  session.hostBackend = hostBackend;
  session.vulkanDevice = vulkanDevice;
  session.dispatch = dispatch;
  session.threads = getThreadsOption();
  session.optLevel = optLevel;
  session.kernelSpec = kernelSpec;
  session.kernelLibraries = kernelLibraries;
  session.requireKernels = requireKernels;
  if (checkKernels.getNumOccurrences()) {
    auto tolerance = runner::parseKernelTolerance(checkKernels);
    if (!tolerance)
      return fail(llvm::toString(tolerance.takeError()));
    session.checkKernels = *tolerance;
  }
  session.checkStores = checkStores;
  session.stripScopes = stripScopes;
  session.prepareParameters = prepareParameters;
  session.dumpDispatches = dumpDispatches;
  session.configurePassManager = runner::applyMLIRCommandLineOptions;
  config.inputFilename = inputFilename;
  config.inputs = inputs;
  config.outputs = outputs;
  config.emit = emitLLVMDialect ? runner::RunConfig::Emit::LLVMDialect
                : emitLLVM      ? runner::RunConfig::Emit::LLVMIR
                                : runner::RunConfig::Emit::Nothing;
  config.benchmark = benchmark;
  config.traceFile = traceFile;
  config.printZones = printZones;
  config.traceMaxEvents = traceMaxEvents;
  config.listDevices = listDevices;
  return runner::run(config, cache, &reused);
}

static const char *const overview =
    "scope-run: compile a module with device scopes and run a function\n\n"
    "  scope-run model.mlir --function=main --input=2x3xf32=@x.npy\n\n"
    "  LLVM's and MLIR's own options (--mlir-print-ir-after-all,\n"
    "  --mlir-timing, ...) work too; --help-hidden lists them.\n";

/// --batch: jobs share the process and the machine code of identical LLVM
/// IR (runner::ExecutableCache).
static int runBatch(int argc, char **argv) {
  std::string path = batchFile;
  runner::ExecutableCache cache;
  auto runJob = [&](bool parsed, StringRef parseErrors, bool &reused) {
    StreamRedirect out(STDOUT_FILENO), err(STDERR_FILENO);
    std::string error;
    if (!jobStdout.empty())
      error = out.redirect(jobStdout);
    if (error.empty() && !jobStderr.empty())
      error = err.redirect(jobStderr);
    if (!error.empty())
      return fail("--job-stdout/--job-stderr: " + error);
    if (!parsed) {
      llvm::errs() << parseErrors;
      return 1;
    }
    if (!batchFile.empty())
      return fail("--batch in a batch job");
    if (path == "-" && inputFilename == "-")
      return fail("a job of a batch read from standard input cannot read "
                  "its module from it");
    return runFromFlags(&cache, reused);
  };
  return runCommandLineBatch(argc, argv, "batch", path, overview, "scope-run",
                             runJob);
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  runner::keepFreedMemory(/*largeBlocksToo=*/true);
  registerAllPasses();
  runner::registerMLIRCommandLineOptions();
  unregisterOption("threads");
  (void)getThreadsOption();
  hideUnrelatedOptions();
  setToolVersionPrinter("scope-run", [](llvm::raw_ostream &os) {
    CPUTarget host = CPUTarget::getHost();
    os << "  JIT target: " << host.describe() << "\n"
       << "  JIT features: " << host.getFeaturesString() << "\n";
  });
  cl::ParseCommandLineOptions(argc, argv, overview);
  if (!batchFile.empty())
    return runBatch(argc, argv);
  if (!jobStdout.empty() || !jobStderr.empty())
    return fail("--job-stdout and --job-stderr are options of --batch jobs");
  bool reused;
  return runFromFlags(nullptr, reused);
}
