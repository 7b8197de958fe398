//===- scope-run.cpp - Compile and run a function with scopes ---*- C++ -*-===//
//
// This file implements scope-run: it compiles a module whose scopes place
// ops on devices (each function by its device's backend) and runs one
// function in-process, with inputs and outputs in iree-run-module's format.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/HAL/Target/CPUTarget.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/InitAll.h"
#include "scopeir/Pipeline/Pipeline.h"
#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Runner/BufferIO.h"
#include "scopeir/Runner/Kernels.h"
#include "scopeir/Runner/Runner.h"
#include "scopeir/Support/ToolSupport.h"
#include "scopeir/Runner/TraceSession.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <thread>

#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifndef SCOPEIR_MLIR_LIB_DIR
#define SCOPEIR_MLIR_LIB_DIR ""
#endif

using namespace mlir;
using namespace scopeir;
namespace cl = llvm::cl;

// --help shows these categories only (sorted by name); LLVM's and MLIR's
// options stay available and are listed by --help-hidden.
static ToolOptionCategory
    ioCategory("Input and output",
               "The module, the function to run, its arguments and results");
static ToolOptionCategory
    devicesCategory("Devices",
                    "Where device code runs and on how many threads");
static ToolOptionCategory
    compileCategory("Compile",
                    "How the module is compiled, and printing it instead of "
                    "running it");
static ToolOptionCategory
    benchmarkCategory("Benchmark and trace",
                      "Timing the function and seeing where its "
                      "dispatches run");

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .mlir file>"),
                                          cl::init("-"), cl::cat(ioCategory));
static cl::opt<std::string> function("function", cl::desc("Function to run"),
                                     cl::init("main"), cl::cat(ioCategory));
static cl::list<std::string> inputs(
    "input",
    cl::desc("An argument, in order: 2x3xf32=1 2 3 4 5 6, 4xf32=0.5 "
             "(splat), f32=0.5 or i64=3 (scalar), 2x3xbf16=@file.bin "
             "(raw) or @file.npy; element types i1 i8 i16 i32 i64 f16 bf16 "
             "f32 f64"),
    cl::value_desc("value"), cl::cat(ioCategory));
static cl::list<std::string> outputs(
    "output",
    cl::desc("Where a result goes, in order: @file.npy, or - to print it "
             "(the default)"),
    cl::value_desc("@file.npy|-"), cl::cat(ioCategory));
enum class InputTypeChoice { Auto, Linalg, TOSA };
static cl::opt<InputTypeChoice> inputType(
    "input-type", cl::desc("The dialects the module is written in"),
    cl::values(clEnumValN(InputTypeChoice::Auto, "auto",
                          "TOSA if the module has a TOSA op, else linalg"),
               clEnumValN(InputTypeChoice::Linalg, "linalg",
                          "linalg-on-tensors (tensor, arith, math, ...)"),
               clEnumValN(InputTypeChoice::TOSA, "tosa",
                          "TOSA, converted to linalg-on-tensors first")),
    cl::init(InputTypeChoice::Auto), cl::cat(ioCategory));

static cl::opt<bool> listDevices("list-devices",
                                 cl::desc("List the registered target "
                                          "backends and the JIT target, and "
                                          "exit"),
                                 cl::cat(devicesCategory));
static cl::opt<std::string> hostBackend(
    "host-backend", cl::desc("Backend compiling functions placed on no device"),
    cl::init(std::string(hal::kDefaultHostBackend)), cl::cat(devicesCategory));

/// Parses a positive integer.
struct PositiveIntParser : public cl::parser<unsigned> {
  using cl::parser<unsigned>::parser;
  bool parse(cl::Option &option, llvm::StringRef name, llvm::StringRef arg,
             unsigned &value) {
    if (arg.getAsInteger(10, value) || value == 0)
      return option.error("takes a positive integer, not '" + arg + "'");
    return false;
  }
};

/// --threads=N. libLLVM registers a hidden option of that name for its own
/// use; main() unregisters it before this one is constructed (a second
/// registration of a name is a fatal error).
static cl::opt<unsigned, false, PositiveIntParser> &getThreadsOption() {
  static cl::opt<unsigned, false, PositiveIntParser> threads(
      "threads",
      cl::desc("Threads running the parallel loops of device code (the "
               "outer tiles of llvm-cpu's strategies); default: every core; "
               "1 runs them sequentially. Results do not depend on it"),
      cl::value_desc("N"), cl::init(0), cl::cat(devicesCategory));
  return threads;
}

static cl::opt<bool> dispatchGranularity(
    "dispatch",
    cl::desc("Compile at dispatch granularity: form dispatch regions inside "
             "device scopes and compile each dispatch by its device's "
             "backend (the default; --dispatch=false compiles each device "
             "scope as one function)"),
    cl::init(true), cl::cat(compileCategory));
static cl::opt<unsigned> optLevel("opt-level",
                                  cl::desc("LLVM optimization level (0-3)"),
                                  cl::init(2), cl::cat(compileCategory));
static cl::opt<bool> emitLLVMDialect(
    "emit-llvm-dialect",
    cl::desc("Print the module lowered to the LLVM dialect and exit"),
    cl::cat(compileCategory));
static cl::opt<bool> emitLLVM(
    "emit-llvm",
    cl::desc("Print the LLVM IR module after LLVM's optimizer (as the JIT "
             "compiles it for its target) and exit"),
    cl::cat(compileCategory));

static ToolOptionCategory
    kernelsCategory("Kernels",
                    "Hand-written kernels replacing extern scopes "
                    "(docs/kernels.md)");
static cl::opt<std::string> kernelSpec(
    "kernel-spec",
    cl::desc("Wrap the DAGs a transform script matches in extern scopes "
             "before compiling (hal-apply-kernel-patterns{spec=FILE})"),
    cl::value_desc("FILE"), cl::init(""), cl::cat(kernelsCategory));
static cl::list<std::string> kernelLibraries(
    "kernel-library",
    cl::desc("A shared library of kernels (repeatable; the first library "
             "defining a symbol provides it); an extern kernel no library "
             "provides runs its decomposition, with a warning"),
    cl::value_desc("PATH"), cl::cat(kernelsCategory));
static cl::opt<bool> requireKernels(
    "require-kernels",
    cl::desc("Fail instead of running the decomposition of a kernel no "
             "library provides"),
    cl::cat(kernelsCategory));
static cl::opt<std::string> checkKernels(
    "check-kernels",
    cl::desc("Run each kernel call's decomposition on the same inputs, "
             "compare (|k - r| <= atol + rtol * |r|, default 1e-4,1e-5), "
             "report per kernel on stderr, and exit 1 on a mismatch"),
    cl::value_desc("rtol,atol"), cl::ValueOptional, cl::init(""),
    cl::cat(kernelsCategory));

static cl::opt<unsigned> benchmark(
    "benchmark",
    cl::desc("Compile once, call the function N times and print the compile "
             "time and the per-call min/median/max wall time instead of the "
             "results"),
    cl::value_desc("N"), cl::init(0), cl::cat(benchmarkCategory));
enum class DumpDispatches { None, Text, Dot };
static cl::opt<DumpDispatches> dumpDispatches(
    "dump-dispatches",
    cl::desc("Print each dispatch with its device and the scope path it "
             "came from (implies --dispatch)"),
    cl::ValueOptional,
    cl::values(clEnumValN(DumpDispatches::Text, "text",
                          "one line per dispatch (the default)"),
               clEnumValN(DumpDispatches::Dot, "dot",
                          "a Graphviz graph of scopes, dispatches, extern "
                          "kernels and devices, then exit without running "
                          "(stdout holds the graph alone)"),
               // --dump-dispatches without a value.
               clEnumValN(DumpDispatches::Text, "", "")),
    cl::init(DumpDispatches::None), cl::cat(benchmarkCategory));
static cl::opt<std::string> traceFile(
    "trace",
    cl::desc("Trace the compile and the run into FILE.json (Chrome "
             "trace-event JSON, for Perfetto or chrome://tracing): one slice "
             "per pass, per zone entry and per dispatch"),
    cl::value_desc("FILE.json"), cl::init(""), cl::cat(benchmarkCategory));
static cl::opt<bool> checkStores(
    "codegen-check-stores",
    cl::desc("Check at run time that the stores of every "
             "codegen.scope.workgroups cover each of its results exactly "
             "once; a gap, an overlap or a store out of bounds stops the run "
             "with an error naming the scope and the first bad element"),
    cl::init(false));
static cl::opt<bool> stripScopes(
    "strip-scopes",
    cl::desc("Strip every scope first (util-strip-scopes, verified), then "
             "compile: the program as it computes without its scopes"),
    cl::cat(compileCategory));

static ToolOptionCategory batchCategory("Batch",
                                        "Running many modules in one process");
static cl::opt<std::string> batchFile(
    "batch",
    cl::desc("Run one job per line of FILE ('-': standard input, each line "
             "run as it arrives) in this process: a line holds the "
             "arguments of one scope-run run (the module, --input, "
             "--output, ...), placed after this command line's other "
             "arguments, and runs as that command would in a fresh "
             "process; after each job a line 'scope-run: job N: exit C' on "
             "stdout. Exits 1 if a job failed"),
    cl::value_desc("FILE"), cl::init(""), cl::cat(batchCategory));
static cl::opt<std::string>
    jobStdout("job-stdout",
              cl::desc("In a --batch job: write the job's standard output "
                       "to FILE"),
              cl::value_desc("FILE"), cl::init(""), cl::cat(batchCategory));
static cl::opt<std::string>
    jobStderr("job-stderr",
              cl::desc("In a --batch job: write the job's standard error "
                       "to FILE"),
              cl::value_desc("FILE"), cl::init(""), cl::cat(batchCategory));

static cl::opt<bool> printZones(
    "print-zones",
    cl::desc("Trace the run and print, at exit, the calls and time of each "
             "zone to stderr"),
    cl::cat(benchmarkCategory));

namespace {
/// Prints the dispatches once they are outlined (--dump-dispatches): as
/// lines, or as the graph flow-print-dispatch-graph draws.
struct DispatchDumper : public PassInstrumentation {
  explicit DispatchDumper(DumpDispatches mode) : mode(mode) {}
  void runAfterPass(Pass *pass, Operation *op) override {
    if (pass->getArgument() != "flow-outline-dispatch-regions")
      return;
    auto module = dyn_cast<ModuleOp>(op);
    if (!module)
      return;
    if (mode == DumpDispatches::Dot) {
      flow::printDispatchGraph(module, llvm::outs());
      return;
    }
    flow::printDispatches(module, llvm::outs());
    printKernelCalls(module, llvm::outs());
  }

  /// Prints each kernel call (hal.dispatch.extern) with its decomposition
  /// and the scope path it came from.
  static void printKernelCalls(ModuleOp module, llvm::raw_ostream &os) {
    unsigned index = 0;
    module.walk([&](hal::DispatchExternOp call) {
      os << "extern #" << index++ << " \"" << call.getSymbol() << "\"";
      if (FlatSymbolRefAttr decomposition = call.getDecompositionAttr())
        os << " decomposition=" << decomposition;
      os << " scope=";
      ArrayAttr path = util::getScopePath(call);
      if (path.empty())
        os << "-";
      else
        llvm::interleave(
            path.getAsValueRange<StringAttr>(), os,
            [&](llvm::StringRef entry) { os << entry; }, "/");
      os << "\n";
    });
  }
  DumpDispatches mode;
};
} // namespace

/// Prints "scope-run: <message>" and returns the failing exit code.
static int fail(const llvm::Twine &message);

/// Returns the kernel symbols of `module`'s extern scopes and
/// hal.dispatch.extern ops, each once, in first-use order.
static std::vector<std::string> collectKernelSymbols(ModuleOp module) {
  std::vector<std::string> symbols;
  auto add = [&](llvm::StringRef symbol) {
    if (!llvm::is_contained(symbols, symbol))
      symbols.push_back(symbol.str());
  };
  module.walk([&](Operation *op) {
    if (auto call = dyn_cast<hal::DispatchExternOp>(op))
      add(call.getSymbol());
    else if (auto scope = dyn_cast<util::ScopeOpInterface>(op))
      if (auto kernel = dyn_cast_or_null<hal::ExternAttr>(
              scope.getScopeAttrOfKind(hal::ExternAttr::kScopeKind)))
        add(kernel.getSymbol());
  });
  return symbols;
}

/// --kernel-spec, --kernel-library, --require-kernels, --check-kernels:
/// applies the spec, loads the libraries, binds each kernel of `module` a
/// library provides and lists the others as fallbacks (one warning each,
/// or an error with --require-kernels). Returns false after printing an
/// error.
static bool setUpKernels(ModuleOp module, runner::KernelLibraries &libraries,
                         pipeline::CompileOptions &compileOptions,
                         runner::RunOptions &runOptions) {
  if (!kernelSpec.empty()) {
    PassManager pm(module.getContext(), ModuleOp::getOperationName());
    if (failed(parsePassPipeline(
            "hal-apply-kernel-patterns{spec=" +
                pipeline::quotePassOptionValue(kernelSpec) + "}",
            pm)) ||
        failed(pm.run(module))) {
      fail("applying the kernel spec '" + kernelSpec + "' failed");
      return false;
    }
  }
  for (const std::string &path : kernelLibraries)
    if (llvm::Error error = libraries.load(path)) {
      fail(llvm::toString(std::move(error)));
      return false;
    }
  for (const std::string &symbol : collectKernelSymbols(module)) {
    if (void *address = libraries.lookup(symbol)) {
      runner::KernelLibraries::bindKernel(runOptions, symbol, address);
      continue;
    }
    if (requireKernels) {
      fail("no kernel library provides kernel '" + symbol +
           "' (--require-kernels)");
      return false;
    }
    llvm::errs() << "scope-run: warning: no kernel library provides kernel '"
                 << symbol << "'; running its decomposition instead\n";
    compileOptions.kernelFallbacks.push_back(symbol);
  }
  if (checkKernels.getNumOccurrences()) {
    llvm::Expected<runner::KernelTolerance> tolerance =
        runner::parseKernelTolerance(checkKernels);
    if (!tolerance) {
      fail(llvm::toString(tolerance.takeError()));
      return false;
    }
    compileOptions.checkKernels = true;
    runner::startKernelChecks(runOptions, *tolerance);
  }
  return true;
}

static int fail(const llvm::Twine &message) {
  llvm::errs() << "scope-run: " << message << "\n";
  return 1;
}

/// Formats `seconds` with a unit that keeps 3-4 significant digits.
static std::string formatTime(double seconds) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (seconds >= 1)
    os << llvm::format("%.3f s", seconds);
  else if (seconds >= 1e-3)
    os << llvm::format("%.3f ms", seconds * 1e3);
  else
    os << llvm::format("%.3f us", seconds * 1e6);
  return text;
}

/// --benchmark=N: calls the compiled function N times (the inputs are
/// fresh copies each time, made outside the timed call) and prints a report
/// shaped like iree-benchmark-module's.
static int runBenchmark(runner::Executable &executable, FunctionType type,
                        llvm::ArrayRef<runner::HostBuffer> inputs,
                        double compileSeconds, runner::TraceSession *trace) {
  std::vector<double> times;
  for (unsigned i = 0; i < benchmark; ++i) {
    std::vector<runner::HostBuffer> copies(inputs.begin(), inputs.end());
    double seconds = 0;
    llvm::Expected<std::vector<runner::HostBuffer>> results =
        executable.call(type, copies, &seconds);
    if (!results)
      return fail("running @" + function + ": " +
                  llvm::toString(results.takeError()));
    times.push_back(seconds);
    if (trace)
      trace->addRunTime(seconds);
  }
  std::vector<double> sorted = times;
  std::sort(sorted.begin(), sorted.end());
  size_t n = sorted.size();
  double median = n % 2 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  std::string name = "BM_" + function + "/real_time";
  llvm::outs() << "Compile time: " << formatTime(compileSeconds)
               << " (passes, LLVM and machine code)\n";
  llvm::outs() << std::string(72, '-') << "\n";
  llvm::outs() << llvm::left_justify("Benchmark", 28)
               << llvm::right_justify("Min", 12)
               << llvm::right_justify("Median", 12)
               << llvm::right_justify("Max", 12)
               << llvm::right_justify("Iterations", 12) << "\n";
  llvm::outs() << std::string(72, '-') << "\n";
  llvm::outs() << llvm::left_justify(name, 28)
               << llvm::right_justify(formatTime(sorted.front()), 12)
               << llvm::right_justify(formatTime(median), 12)
               << llvm::right_justify(formatTime(sorted.back()), 12)
               << llvm::right_justify(std::to_string(n), 12) << "\n";
  return 0;
}

/// Compiles and runs as the command line says. With `cache` (--batch), a
/// plain run (no --emit-llvm, --benchmark or trace, whose output describes
/// the compile) takes its executable from the cache, and `reused` tells
/// whether LLVM's optimizer and code generator were skipped.
static int runMain(runner::ExecutableCache *cache, bool &reused) {
  reused = false;
  if (listDevices) {
    const hal::TargetBackendRegistry &registry =
        hal::TargetBackendRegistry::global();
    for (const std::string &name : registry.getRegisteredNames())
      llvm::outs() << llvm::left_justify(name, 16) << " "
                   << registry.lookup(name)->getDescription()
                   << (name == hostBackend ? " [host]" : "") << "\n";
    llvm::outs() << "JIT target: " << hal::CPUTarget::getHost().describe()
                 << "\n";
    return 0;
  }
  if (optLevel > 3)
    return fail("--opt-level must be 0-3");
  if (!hal::TargetBackendRegistry::global().lookup(hostBackend))
    return fail(
        "unknown host backend '" + hostBackend + "'; registered backends: " +
        hal::TargetBackendRegistry::global().getRegisteredNamesString());

  // The trace file is opened first: a path that cannot be written needs no
  // compilation to report.
  std::unique_ptr<runner::TraceSession> trace;
  if (!traceFile.empty() || printZones) {
    auto session = runner::TraceSession::create(traceFile, printZones);
    if (!session)
      return fail(llvm::toString(session.takeError()));
    trace = std::move(*session);
  }
  // Writes the trace (what was recorded so far) and the zone summary.
  auto finishTrace = [&](int status) {
    if (!trace)
      return status;
    if (llvm::Error error = trace->finish(llvm::errs())) {
      fail(llvm::toString(std::move(error)));
      return 1;
    }
    return status;
  };

  // Inputs first: a bad literal or file needs no compilation to report.
  std::vector<runner::HostBuffer> hostInputs;
  for (auto [i, spec] : llvm::enumerate(inputs)) {
    llvm::Expected<runner::HostBuffer> buffer =
        runner::parseInputSpec(spec);
    if (!buffer)
      return fail("--input #" + llvm::Twine(i) + ": " +
                  llvm::toString(buffer.takeError()));
    hostInputs.push_back(std::move(*buffer));
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file)
    return fail(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  if (stripScopes) {
    // As `scope-opt --util-strip-scopes` would, verifying the result.
    PassManager stripPM(&context, ModuleOp::getOperationName());
    if (failed(applyPassManagerCLOptions(stripPM)))
      return fail("bad pass manager options");
    if (failed(parsePassPipeline("util-strip-scopes", stripPM)) ||
        failed(stripPM.run(*module)))
      return fail("--strip-scopes: util-strip-scopes failed");
  }

  auto entry = module->lookupSymbol<func::FuncOp>(function);
  if (!entry || entry.isDeclaration())
    return fail("no function '@" + function + "' with a body in " +
                inputFilename);
  if (entry.isPrivate())
    return fail("function '@" + function + "' is private");
  FunctionType signature = entry.getFunctionType();
  // A graph of the dispatches needs the compile only: no inputs, no run.
  bool graphOnly = dumpDispatches == DumpDispatches::Dot;
  if (!emitLLVMDialect && !emitLLVM && !graphOnly) {
    if (llvm::Error error = runner::checkSignature(signature, hostInputs))
      return fail("@" + function + ": " + llvm::toString(std::move(error)));
    if (outputs.size() > signature.getNumResults())
      return fail(llvm::Twine(outputs.size()) + " --output given but @" +
                  function + " has " + llvm::Twine(signature.getNumResults()) +
                  " results");
  }
  if (failed(hal::verifyDeviceTargets(*module)))
    return 1;
  pipeline::CompileOptions compileOptionsForKernels;

  // Kernels: before compiling, since a kernel no library provides compiles
  // as its decomposition.
  runner::KernelLibraries kernelLibrarySet;
  runner::RunOptions runOptions;
  if (!setUpKernels(*module, kernelLibrarySet, compileOptionsForKernels,
                    runOptions))
    return 1;

  // Compile.
  runner::prepareEntryFunction(entry);
  PassManager pm(&context, ModuleOp::getOperationName());
  if (failed(applyPassManagerCLOptions(pm)))
    return fail("bad pass manager options");
  applyDefaultTimingPassManagerCLOptions(pm);
  pipeline::CompileOptions compileOptions = compileOptionsForKernels;
  compileOptions.hostBackend = hostBackend;
  bool dumping = dumpDispatches != DumpDispatches::None;
  compileOptions.granularity = dispatchGranularity || dumping
                                   ? pipeline::Granularity::Dispatch
                                   : pipeline::Granularity::Scope;
  unsigned threads = getThreadsOption();
  compileOptions.threads =
      threads ? threads : std::max(1u, std::thread::hardware_concurrency());
  compileOptions.inputType = inputType == InputTypeChoice::TOSA
                                 ? pipeline::InputType::TOSA
                             : inputType == InputTypeChoice::Linalg
                                 ? pipeline::InputType::Linalg
                                 : pipeline::detectInputType(*module);
  // Forced linalg input: a TOSA op would only fail later, as an op that
  // bufferization does not know.
  if (inputType == InputTypeChoice::Linalg)
    if (Operation *tosaOp = pipeline::findTOSAOp(*module)) {
      tosaOp->emitError("TOSA op in a module compiled as linalg "
                        "(--input-type=linalg); use --input-type=tosa or "
                        "auto");
      return 1;
    }
  compileOptions.trace = trace != nullptr;
  compileOptions.checkStores = checkStores;
  if (dumping)
    pm.addInstrumentation(std::make_unique<DispatchDumper>(dumpDispatches));
  if (trace)
    trace->instrument(pm);
  if (failed(pipeline::buildCompilePipeline(pm, compileOptions, llvm::errs())))
    return fail("cannot build the compile pipeline");
  auto compileStart = std::chrono::steady_clock::now();
  if (failed(pm.run(*module))) {
    // The trace shows the passes up to the failing one.
    fail("compilation failed");
    return finishTrace(1);
  }
  if (graphOnly)
    return finishTrace(0);
  if (emitLLVMDialect) {
    module->print(llvm::outs());
    llvm::outs() << "\n";
    return finishTrace(0);
  }

  // Run.
  runOptions.optLevel = optLevel;
  if (emitLLVM)
    runOptions.optimizedIR = &llvm::outs();
  std::string libDir = SCOPEIR_MLIR_LIB_DIR;
  if (!libDir.empty())
    runOptions.sharedLibs.push_back(libDir + "/libmlir_c_runner_utils.so");
  if (!libDir.empty() && llvm::sys::fs::exists(libDir + "/libomp.so"))
    runOptions.openMPRuntime = libDir + "/libomp.so";
  if (trace)
    runner::TraceSession::addRuntimeSymbols(runOptions);
  uint64_t llvmStart = runner::TraceSession::now();
  llvm::Expected<std::shared_ptr<runner::Executable>> executable =
      [&]() -> llvm::Expected<std::shared_ptr<runner::Executable>> {
    if (cache && !emitLLVM && benchmark == 0 && !trace)
      return cache->getOrCreate(*module, function, runOptions, reused);
    auto created = runner::Executable::create(*module, function, runOptions);
    if (!created)
      return created.takeError();
    return std::shared_ptr<runner::Executable>(std::move(*created));
  }();
  if (trace)
    trace->recordCompilePhase("LLVM optimizer and code generation",
                              llvmStart, runner::TraceSession::now());
  if (!executable)
    return fail("compiling @" + function + ": " +
                llvm::toString(executable.takeError()));
  if (emitLLVM)
    return finishTrace(0);
  if (benchmark > 0) {
    int status = runBenchmark(
        **executable, signature, hostInputs,
        std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                      compileStart)
            .count(),
        trace.get());
    if (status == 0 && checkKernels.getNumOccurrences() &&
        !runner::reportKernelChecks(llvm::errs()))
      status = fail("a kernel's results differ from its decomposition's "
                    "(--check-kernels)");
    return finishTrace(status);
  }
  double runSeconds = 0;
  llvm::Expected<std::vector<runner::HostBuffer>> results =
      (*executable)->call(signature, hostInputs, &runSeconds);
  if (trace)
    trace->addRunTime(runSeconds);
  if (!results)
    return fail("running @" + function + ": " +
                llvm::toString(results.takeError()));

  bool kernelsMatched =
      !checkKernels.getNumOccurrences() ||
      runner::reportKernelChecks(llvm::errs());
  for (auto [i, result] : llvm::enumerate(*results)) {
    std::string target = i < outputs.size() ? outputs[i] : std::string("-");
    if (target == "-") {
      llvm::outs() << runner::formatBuffer(result) << "\n";
      continue;
    }
    if (!llvm::StringRef(target).starts_with("@"))
      return fail("--output '" + target + "': expected @file.npy or -");
    if (llvm::Error error = runner::writeNpyFile(
            result, llvm::StringRef(target).drop_front()))
      return fail(llvm::toString(std::move(error)));
  }
  if (!kernelsMatched)
    return finishTrace(fail("a kernel's results differ from its "
                            "decomposition's (--check-kernels)"));
  return finishTrace(0);
}

namespace {
/// Sends one of this process's standard streams to a file for the lifetime
/// of the object, and back when it is destroyed (a --batch job's
/// --job-stdout and --job-stderr). Output written through the file
/// descriptor (LLVM's streams, stdio, the compiled code's prints) follows.
class StreamRedirect {
public:
  explicit StreamRedirect(int fd) : fd(fd) {}
  StreamRedirect(const StreamRedirect &) = delete;
  StreamRedirect &operator=(const StreamRedirect &) = delete;
  ~StreamRedirect() {
    if (saved < 0)
      return;
    flushAll();
    ::dup2(saved, fd);
    ::close(saved);
  }

  /// Returns an error message, or the empty string once the stream goes to
  /// `path` (created or truncated).
  std::string redirect(llvm::StringRef path) {
    flushAll();
    int target;
    if (std::error_code error = llvm::sys::fs::openFileForWrite(
            path, target, llvm::sys::fs::CD_CreateAlways,
            llvm::sys::fs::OF_None))
      return "cannot write '" + path.str() + "': " + error.message();
    saved = ::dup(fd);
    ::dup2(target, fd);
    ::close(target);
    return "";
  }

private:
  static void flushAll() {
    llvm::outs().flush();
    llvm::errs().flush();
    std::fflush(stdout);
    std::fflush(stderr);
  }
  int fd;
  int saved = -1;
};
} // namespace

static const char *const overview =
    "scope-run: compile a module with device scopes and run a function\n\n"
    "  scope-run model.mlir --function=main --input=2x3xf32=@x.npy\n\n"
    "  LLVM's and MLIR's own options (--mlir-print-ir-after-all,\n"
    "  --mlir-timing, ...) work too; --help-hidden lists them.\n";

/// --batch: runs each line of the batch file as a scope-run command line,
/// in this process, one after another. Every job parses its options afresh
/// (all of them reset to their defaults first) and gets its own context;
/// what jobs share is the process (the libraries it loaded, LLVM's global
/// state) and the executables of identical LLVM IR (ExecutableCache).
static int runBatch(int argc, char **argv) {
  std::string path = batchFile;
  // Every job starts from this command line without --batch.
  std::vector<std::string> base;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    llvm::StringRef name = arg.ltrim('-');
    if (arg.starts_with("-") && name == "batch") {
      ++i;
      continue;
    }
    if (arg.starts_with("-") && name.starts_with("batch="))
      continue;
    base.push_back(arg.str());
  }

  std::ifstream fileStream;
  std::istream *in = &std::cin;
  if (path != "-") {
    fileStream.open(path);
    if (!fileStream)
      return fail("cannot read the batch file '" + path + "'");
    in = &fileStream;
  }

  runner::ExecutableCache cache;
  unsigned numJobs = 0;
  bool anyFailed = false;
  std::string line;
  while (std::getline(*in, line)) {
    llvm::StringRef text = llvm::StringRef(line).trim();
    if (text.empty() || text.starts_with("#"))
      continue;
    unsigned job = numJobs++;
    llvm::BumpPtrAllocator allocator;
    llvm::StringSaver saver(allocator);
    llvm::SmallVector<const char *> args{argv[0]};
    for (const std::string &arg : base)
      args.push_back(arg.c_str());
    cl::TokenizeGNUCommandLine(text, saver, args);
    cl::ResetAllOptionOccurrences();
    std::string parseErrors;
    llvm::raw_string_ostream parseStream(parseErrors);
    bool parsed = cl::ParseCommandLineOptions(args.size(), args.data(),
                                              overview, &parseStream);
    int status;
    bool reused = false;
    {
      StreamRedirect out(STDOUT_FILENO), err(STDERR_FILENO);
      std::string error;
      if (!jobStdout.empty())
        error = out.redirect(jobStdout);
      if (error.empty() && !jobStderr.empty())
        error = err.redirect(jobStderr);
      if (!error.empty())
        status = fail("--job-stdout/--job-stderr: " + error);
      else if (!parsed) {
        llvm::errs() << parseErrors;
        status = 1;
      } else if (!batchFile.empty())
        status = fail("--batch in a batch job");
      else if (path == "-" && inputFilename == "-")
        status = fail("a job of a batch read from standard input cannot "
                      "read its module from it");
      else
        status = runMain(&cache, reused);
    }
    anyFailed |= status != 0;
    llvm::outs() << "scope-run: job " << job << ": exit " << status
                 << (reused ? " (machine code reused)" : "") << "\n";
    llvm::outs().flush();
  }
  return anyFailed ? 1 : 0;
}

/// Compiled code allocates its temporaries (e.g. llvm-cpu's packed operands)
/// with malloc on every call. glibc serves large blocks with fresh mmaps and
/// returns freed memory to the kernel, so each call would page-fault and
/// zero its temporaries again (a third of a 1024^3 matmul); keep freed
/// memory in the process for reuse instead, as a runtime's caching
/// allocator would.
static void keepFreedMemory() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
}

int main(int argc, char **argv) {
  llvm::InitLLVM y(argc, argv);
  keepFreedMemory();
  registerAllPasses();
  hal::registerAllTargetBackends();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerAsmPrinterCLOptions();
  unregisterOption("threads");
  (void)getThreadsOption();
  hideUnrelatedOptions();
  setToolVersionPrinter("scope-run", [](llvm::raw_ostream &os) {
    hal::CPUTarget host = hal::CPUTarget::getHost();
    os << "  JIT target: " << host.describe() << "\n"
       << "  JIT features: " << host.getFeaturesString() << "\n";
  });
  cl::ParseCommandLineOptions(argc, argv, overview);
  if (!batchFile.empty())
    return runBatch(argc, argv);
  if (!jobStdout.empty() || !jobStderr.empty())
    return fail("--job-stdout and --job-stderr are options of --batch jobs");
  bool reused;
  return runMain(/*cache=*/nullptr, reused);
}
