//===- Session.cpp - Compile a module once, call it many times --*- C++ -*-===//
//
// This file implements the run session (parse, compile through the pipeline
// library with kernels bound, JIT, call) and `run`, which does what one
// scope-run command line asks.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/Session.h"

#include "scopeir/InitAll.h"
#include "scopeir/Runner/TraceSession.h"
#include "scopeir/Runtime/Check.h"
#include "scopeir/Runtime/Vulkan.h"
#include "scopeir/Support/CPUTarget.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"

#include <algorithm>
#include <chrono>
#include <thread>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifndef SCOPEIR_MLIR_LIB_DIR
#define SCOPEIR_MLIR_LIB_DIR ""
#endif

using namespace mlir;
using namespace scopeir;
using namespace scopeir::runner;

char DiagnosedError::ID;

static llvm::Error makeError(const Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

Session::Session(SessionOptions options, raw_ostream &diagnostics)
    : options(std::move(options)), diagnostics(diagnostics) {
  // Compiled check.expect_* ops call the check runtime linked into the tool.
  for (auto &[symbol, address] : runtime::getCheckEntryPoints())
    runOptions.symbols.emplace_back(symbol, address);
  // Compiled code may run on a Vulkan device.
  for (auto [name, address] : vulkan::getRuntimeSymbols())
    runOptions.symbols.emplace_back(name, address);
}

Session::~Session() = default;

llvm::Expected<std::unique_ptr<Session>>
Session::load(std::unique_ptr<llvm::MemoryBuffer> source,
              SessionOptions options, raw_ostream &diagnostics) {
  std::unique_ptr<Session> session(
      new Session(std::move(options), diagnostics));
  DialectRegistry registry;
  registerAllDialects(registry);
  session->context = std::make_unique<MLIRContext>(registry);
  session->context->loadAllAvailableDialects();
  StringRef name = source->getBufferIdentifier();
  std::string path = name == "<stdin>" ? "-" : name.str();
  session->sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
  session->diagHandler = std::make_unique<SourceMgrDiagnosticHandler>(
      session->sourceMgr, session->context.get(), diagnostics);
  session->module =
      parseSourceFile<ModuleOp>(session->sourceMgr, session->context.get());
  if (!session->module)
    return llvm::make_error<DiagnosedError>();

  const std::string &function = session->options.function;
  auto entry = session->module->lookupSymbol<func::FuncOp>(function);
  if (!entry || entry.isDeclaration())
    return makeError("no function '@" + function + "' with a body in " +
                     path);
  if (entry.isPrivate())
    return makeError("function '@" + function + "' is private");
  session->signature = entry.getFunctionType();
  return std::move(session);
}

void Session::setTrace(TraceSession *traceSession) {
  trace = traceSession;
  if (trace)
    TraceSession::addRuntimeSymbols(runOptions);
}

LogicalResult
Session::runPipeline(llvm::function_ref<void(OpPassManager &)> build) {
  PassManager pm(context.get(), ModuleOp::getOperationName());
  if (options.configurePassManager &&
      failed(options.configurePassManager(pm))) {
    diagnostics << options.toolName << ": bad pass manager options\n";
    return failure();
  }
  if (trace)
    trace->instrument(pm);
  build(pm);
  return pm.run(*module);
}

llvm::Error Session::bindKernels(pipeline::CompileOptions &compileOptions) {
  for (const std::string &symbol : pipeline::collectKernelSymbols(*module)) {
    if (void *address = libraries.lookup(symbol)) {
      KernelLibraries::bindKernel(runOptions, symbol, address);
      continue;
    }
    if (options.requireKernels)
      return makeError("no kernel library provides kernel '" + symbol +
                       "' (--require-kernels)");
    diagnostics << options.toolName
                << ": warning: no kernel library provides kernel '" << symbol
                << "'; running its decomposition instead\n";
    compileOptions.kernelFallbacks.push_back(symbol);
  }
  if (options.checkKernels) {
    compileOptions.checkKernels = true;
    startKernelChecks(runOptions, *options.checkKernels);
  }
  return llvm::Error::success();
}

llvm::Error Session::compileToLLVMDialect() {
  // Kernel libraries first: a path that cannot be loaded needs no
  // compilation to report.
  for (const std::string &path : options.kernelLibraries)
    if (llvm::Error error = libraries.load(path))
      return error;
  // The vulkan backend compiles for the device the runtime will run on.
  std::string vulkanError;
  if (!vulkan::setDeviceSelector(options.vulkanDevice, vulkanError))
    return makeError(vulkanError);

  pipeline::CompileOptions compileOptions;
  compileOptions.hostBackend = options.hostBackend;
  // Dispatches are printed once formed: only at dispatch granularity.
  compileOptions.dispatch =
      options.dispatch ||
      options.dumpDispatches != pipeline::DispatchDump::None;
  compileOptions.threads =
      options.threads ? options.threads
                      : std::max(1u, std::thread::hardware_concurrency());
  compileOptions.inputType =
      options.inputType ? *options.inputType
                        : pipeline::detectInputType(*module);
  // Forced linalg input: a TOSA op would only fail later, as an op that
  // bufferization does not know.
  if (options.inputType == pipeline::InputType::Linalg)
    if (Operation *tosaOp = pipeline::findTOSAOp(*module)) {
      tosaOp->emitError("TOSA op in a module compiled as linalg "
                        "(--input-type=linalg); use --input-type=tosa or "
                        "auto");
      return llvm::make_error<DiagnosedError>();
    }
  if (!options.defaultDevice.empty())
    pipeline::setDefaultDevice(*module, options.defaultDevice);
  compileOptions.trace = trace != nullptr;
  compileOptions.checkStores = options.checkStores;
  compileOptions.stripScopes = options.stripScopes;
  compileOptions.kernelSpec = options.kernelSpec;
  compileOptions.dumpDispatches = options.dumpDispatches;
  compileOptions.prepareParameters = options.prepareParameters;

  auto entry = module->lookupSymbol<func::FuncOp>(options.function);
  prepareEntryFunction(entry, options.readOnlyInputs);
  // What the module says it was split into before this session compiled
  // it (scope-opt's output) is not what this session compiles and calls.
  (*module)->removeAttr(hal::kPreparedFunctionsAttrName);
  // Parameters kept from call to call are only read.
  parameterPositions.clear();
  for (unsigned i = 0, e = entry.getNumArguments(); i < e; ++i)
    if (options.prepareParameters &&
        entry.getArgAttr(i, hal::kParameterAttrName)) {
      parameterPositions.push_back(i);
      if (isa<TensorType>(entry.getArgumentTypes()[i]))
        entry.setArgAttr(i,
                         bufferization::BufferizationDialect::kWritableAttrName,
                         BoolAttr::get(context.get(), false));
    }
  // The other public functions go (with what only they call) before any
  // pass sees them.
  if (options.onlyFunction) {
    for (auto function : module->getOps<func::FuncOp>())
      if (function != entry && function.isPublic())
        function.setPrivate();
    if (failed(runPipeline(
            [](OpPassManager &pm) { pm.addPass(createSymbolDCEPass()); })))
      return makeError("compilation failed");
  }
  // The front end applies the kernel spec; the kernels the module then
  // names are bound to the libraries, and those no library provides
  // compile as their decompositions in the back end.
  if (failed(runPipeline([&](OpPassManager &pm) {
        pipeline::buildFrontEndPipeline(pm, compileOptions);
      })))
    return makeError("compilation failed");
  if (llvm::Error error = bindKernels(compileOptions))
    return error;
  if (failed(runPipeline([&](OpPassManager &pm) {
        pipeline::buildBackEndPipeline(pm, compileOptions);
      })))
    return makeError("compilation failed");
  // The entry split into $prepare and $run by the host backend (the
  // attribute, read, goes: it has no meaning in LLVM IR).
  prepareType = runType = FunctionType();
  prepared.clear();
  if (auto split = (*module)->getAttrOfType<DictionaryAttr>(
          hal::kPreparedFunctionsAttrName)) {
    // Only as this session compiled it (with prepareParameters).
    auto type = split.getAs<TypeAttr>(options.function);
    auto prepare = type ? dyn_cast<FunctionType>(type.getValue()) : nullptr;
    if (prepare && options.prepareParameters &&
        prepare.getNumInputs() == parameterPositions.size() &&
        llvm::all_of(llvm::enumerate(parameterPositions), [&](auto it) {
          return prepare.getInput(it.index()) ==
                 signature.getInput(it.value());
        })) {
      prepareType = prepare;
      SmallVector<Type> runInputs(signature.getInputs());
      llvm::append_range(runInputs, prepareType.getResults());
      runType =
          FunctionType::get(context.get(), runInputs, signature.getResults());
    }
    (*module)->removeAttr(hal::kPreparedFunctionsAttrName);
  }
  return llvm::Error::success();
}

llvm::Error Session::createExecutable(ExecutableCache *cache, bool *reused,
                                      raw_ostream *optimizedIR) {
  runOptions.optLevel = options.optLevel;
  runOptions.optimizedIR = optimizedIR;
  std::string libDir = SCOPEIR_MLIR_LIB_DIR;
  if (!libDir.empty()) {
    runOptions.sharedLibs = {libDir + "/libmlir_c_runner_utils.so"};
    if (llvm::sys::fs::exists(libDir + "/libomp.so"))
      runOptions.openMPRuntime = libDir + "/libomp.so";
  }
  // A Vulkan device keys its pipelines and constants by the addresses of
  // the module's globals, which the last module's may have had.
  vulkan::reset();
  uint64_t start = TraceSession::now();
  bool wasReused = false;
  std::vector<std::string> entries = {options.function};
  if (prepareType) {
    entries.push_back(options.function + "$prepare");
    entries.push_back(options.function + "$run");
  }
  if (cache) {
    auto cached = cache->getOrCreate(*module, entries, runOptions, wasReused);
    if (!cached)
      return cached.takeError();
    executable = std::move(*cached);
  } else {
    auto created = Executable::create(*module, entries, runOptions);
    if (!created)
      return created.takeError();
    executable = std::move(*created);
  }
  if (reused)
    *reused = wasReused;
  if (trace)
    trace->recordCompilePhase("LLVM optimizer and code generation", start,
                              TraceSession::now());
  return llvm::Error::success();
}

llvm::Expected<std::vector<HostBuffer>>
Session::callEntries(ArrayRef<BufferView> inputs, double *seconds) {
  if (!prepareType || inputs.size() != signature.getNumInputs())
    return executable->call(signature, inputs, seconds);
  // The parameters are prepared again when their buffers are not those
  // of the last preparation.
  bool same =
      !prepared.empty() &&
      llvm::all_of(llvm::enumerate(parameterPositions), [&](auto it) {
        const BufferView &input = inputs[it.value()];
        const auto &[data, shape] = preparedFrom[it.index()];
        return input.data == data && input.shape == ArrayRef<int64_t>(shape);
      });
  double prepareSeconds = 0;
  if (!same) {
    prepared.clear();
    preparedFrom.clear();
    SmallVector<BufferView> parameters;
    for (unsigned i : parameterPositions) {
      parameters.push_back(inputs[i]);
      preparedFrom.emplace_back(inputs[i].data, inputs[i].shape.vec());
    }
    auto results =
        executable->callEntry(1, prepareType, parameters, &prepareSeconds);
    if (!results)
      return results.takeError();
    prepared = std::move(*results);
  }
  SmallVector<BufferView> operands(inputs.begin(), inputs.end());
  for (const HostBuffer &buffer : prepared)
    operands.push_back(buffer.getView());
  auto results = executable->callEntry(2, runType, operands, seconds);
  if (seconds)
    *seconds += prepareSeconds;
  return results;
}

llvm::Expected<std::vector<HostBuffer>>
Session::call(ArrayRef<HostBuffer> inputs, double *seconds) {
  if (!executable)
    return makeError("@" + options.function + " is not compiled");
  runtime::resetCheckFailures();
  SmallVector<BufferView> views;
  for (const HostBuffer &input : inputs)
    views.push_back(input.getView());
  auto results = callEntries(views, seconds);
  // What failed on a Vulkan device, once the call has returned.
  std::string deviceError = vulkan::takeError();
  if (!deviceError.empty()) {
    if (!results)
      llvm::consumeError(results.takeError());
    return makeError(deviceError);
  }
  return results;
}

llvm::Expected<std::vector<HostBuffer>>
Session::callInPlace(ArrayRef<BufferView> inputs, double *seconds) {
  if (!executable)
    return makeError("@" + options.function + " is not compiled");
  runtime::resetCheckFailures();
  return callEntries(inputs, seconds);
}

uint64_t Session::getFailedChecks() const {
  return runtime::getCheckFailureCount();
}

//===----------------------------------------------------------------------===//
// run
//===----------------------------------------------------------------------===//

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

/// Prints the Vulkan devices (scope-run --list-devices), marking the one
/// `selector` chooses.
static void printVulkanDevices(raw_ostream &os, StringRef selector) {
  std::vector<vulkan::DeviceInfo> devices;
  std::string error;
  if (!vulkan::listDevices(devices, error)) {
    os << "Vulkan devices: none (" << error << ")\n";
    return;
  }
  vulkan::DeviceInfo selected;
  bool haveSelected = vulkan::setDeviceSelector(selector.str(), error) &&
                      vulkan::getDevice(selected, error);
  os << "Vulkan devices:" << (devices.empty() ? " none" : "") << "\n";
  for (const vulkan::DeviceInfo &device : devices) {
    os << "  vulkan device " << device.index << ": " << device.name << " ("
       << device.type << ", Vulkan " << device.apiVersion / 1000 << "."
       << device.apiVersion % 1000 << ")"
       << (haveSelected && selected.index == device.index ? " [selected]" : "")
       << "\n";
    if (!device.usable) {
      os << "    not usable: " << device.unusableReason << "\n";
      continue;
    }
    os << "    workgroups: " << device.maxWorkgroupInvocations
       << " invocations, size " << device.maxWorkgroupSize[0] << "x"
       << device.maxWorkgroupSize[1] << "x" << device.maxWorkgroupSize[2]
       << ", count " << device.maxWorkgroupCount[0] << "x"
       << device.maxWorkgroupCount[1] << "x" << device.maxWorkgroupCount[2]
       << "; subgroup " << device.subgroupSize << "; storage buffers up to "
       << device.maxStorageBufferRange << " bytes\n";
    os << "    features:";
    std::pair<bool, const char *> features[] = {
        {device.int64, "int64"},      {device.float64, "float64"},
        {device.int16, "int16"},      {device.int8, "int8"},
        {device.float16, "float16"},  {device.storage16, "storage16"},
        {device.storage8, "storage8"}};
    for (auto [has, name] : features)
      if (has)
        os << " " << name;
    os << "\n";
  }
  if (!haveSelected && !devices.empty())
    os << "  (" << error << ")\n";
}

namespace {
/// One run of `run`: the config and the messages it prints.
class Run {
public:
  Run(const RunConfig &config) : config(config) {}

  int execute(ExecutableCache *cache, bool &reused);

private:
  /// Prints "<tool>: <message>" and returns the failing exit status.
  int fail(const Twine &message) {
    llvm::errs() << config.session.toolName << ": " << message << "\n";
    return 1;
  }
  /// Prints `error` (nothing more for diagnosed errors) and returns 1.
  int fail(llvm::Error error, const Twine &context = "") {
    bool diagnosed = false;
    std::string message;
    llvm::handleAllErrors(
        std::move(error), [&](const DiagnosedError &) { diagnosed = true; },
        [&](const llvm::ErrorInfoBase &info) { message = info.message(); });
    return diagnosed ? 1 : fail(context + message);
  }
  /// Writes the trace (what was recorded so far) and the zone summary.
  int finishTrace(int status);
  int benchmark(Session &session, ArrayRef<HostBuffer> inputs,
                double compileSeconds);
  int writeResults(ArrayRef<HostBuffer> results);

  const RunConfig &config;
  std::unique_ptr<TraceSession> trace;
};
} // namespace

int Run::finishTrace(int status) {
  if (!trace)
    return status;
  if (llvm::Error error = trace->finish(llvm::errs()))
    return fail(std::move(error));
  return status;
}

/// Calls the compiled function N times (the inputs are fresh copies each
/// time, made outside the timed call) and prints a report shaped like
/// iree-benchmark-module's.
int Run::benchmark(Session &session, ArrayRef<HostBuffer> inputs,
                   double compileSeconds) {
  const std::string &function = config.session.function;
  std::vector<double> times;
  // Parameters prepared apart are passed as the same buffers every time
  // (the session prepares them once; they are only read).
  ArrayRef<unsigned> parameters = session.getParameterPositions();
  for (unsigned i = 0; i < config.benchmark; ++i) {
    std::vector<HostBuffer> copies(inputs.size());
    SmallVector<BufferView> views;
    for (auto [position, input] : llvm::enumerate(inputs)) {
      if (llvm::is_contained(parameters, position)) {
        views.push_back(input.getView());
        continue;
      }
      copies[position] = input;
      views.push_back(copies[position].getView());
    }
    double seconds = 0;
    auto results = session.callInPlace(views, &seconds);
    if (!results)
      return fail(results.takeError(), "running @" + function + ": ");
    times.push_back(seconds);
    if (trace)
      trace->addRunTime(seconds);
  }
  std::sort(times.begin(), times.end());
  size_t n = times.size();
  double median =
      n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
  raw_ostream &os = llvm::outs();
  os << "Compile time: " << formatTime(compileSeconds)
     << " (passes, LLVM and machine code)\n";
  os << std::string(72, '-') << "\n";
  os << llvm::left_justify("Benchmark", 28) << llvm::right_justify("Min", 12)
     << llvm::right_justify("Median", 12) << llvm::right_justify("Max", 12)
     << llvm::right_justify("Iterations", 12) << "\n";
  os << std::string(72, '-') << "\n";
  os << llvm::left_justify("BM_" + function + "/real_time", 28)
     << llvm::right_justify(formatTime(times.front()), 12)
     << llvm::right_justify(formatTime(median), 12)
     << llvm::right_justify(formatTime(times.back()), 12)
     << llvm::right_justify(std::to_string(n), 12) << "\n";
  return 0;
}

int Run::writeResults(ArrayRef<HostBuffer> results) {
  for (auto [i, result] : llvm::enumerate(results)) {
    std::string target =
        i < config.outputs.size() ? config.outputs[i] : std::string("-");
    if (target == "-") {
      llvm::outs() << formatBuffer(result) << "\n";
      continue;
    }
    if (!StringRef(target).starts_with("@"))
      return fail("--output '" + target + "': expected @file.npy or -");
    if (llvm::Error error =
            writeNpyFile(result, StringRef(target).drop_front()))
      return fail(std::move(error));
  }
  return 0;
}

int Run::execute(ExecutableCache *cache, bool &reused) {
  const SessionOptions &options = config.session;
  const std::string &function = options.function;
  if (config.listDevices) {
    pipeline::printTargetBackends(llvm::outs(), options.hostBackend);
    llvm::outs() << "JIT target: " << CPUTarget::getHost().describe()
                 << "\n";
    printVulkanDevices(llvm::outs(), options.vulkanDevice);
    return 0;
  }
  if (options.optLevel > 3)
    return fail("--opt-level must be 0-3");
  std::string message;
  if (failed(pipeline::checkHostBackend(options.hostBackend, message)))
    return fail(message);

  // The trace file is opened first: a path that cannot be written needs no
  // compilation to report.
  if (!config.traceFile.empty() || config.printZones) {
    auto created = TraceSession::create(config.traceFile, config.printZones,
                                        config.traceMaxEvents);
    if (!created)
      return fail(created.takeError());
    trace = std::move(*created);
  }

  // Inputs next: a bad literal or file needs no compilation to report.
  std::vector<HostBuffer> inputs;
  for (auto [i, spec] : llvm::enumerate(config.inputs)) {
    llvm::Expected<HostBuffer> buffer = parseInputSpec(spec);
    if (!buffer)
      return fail(buffer.takeError(), "--input #" + Twine(i) + ": ");
    inputs.push_back(std::move(*buffer));
  }

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(config.inputFilename, &errorMessage);
  if (!file)
    return fail(errorMessage);
  SessionOptions sessionOptions = options;
  sessionOptions.trace = trace != nullptr;
  auto loaded =
      Session::load(std::move(file), std::move(sessionOptions), llvm::errs());
  if (!loaded)
    return fail(loaded.takeError());
  Session &session = **loaded;

  FunctionType signature = session.getSignature();
  // A graph of the dispatches needs the compile only: no inputs, no run.
  bool graphOnly = options.dumpDispatches == pipeline::DispatchDump::Dot;
  if (config.emit == RunConfig::Emit::Nothing && !graphOnly) {
    if (llvm::Error error = checkSignature(signature, inputs))
      return fail(std::move(error), "@" + function + ": ");
    if (config.outputs.size() > signature.getNumResults())
      return fail(Twine(config.outputs.size()) + " --output given but @" +
                  function + " has " + Twine(signature.getNumResults()) +
                  " results");
  }

  session.setTrace(trace.get());
  auto compileStart = std::chrono::steady_clock::now();
  if (llvm::Error error = session.compileToLLVMDialect()) {
    // The trace shows the passes up to the failing one.
    fail(std::move(error));
    return finishTrace(1);
  }
  if (graphOnly)
    return finishTrace(0);
  if (config.emit == RunConfig::Emit::LLVMDialect) {
    session.getModule()->print(llvm::outs());
    llvm::outs() << "\n";
    return finishTrace(0);
  }

  // A plain run may reuse machine code; one whose output describes the
  // compile (LLVM IR, a benchmark, a trace) compiles its own.
  bool emitLLVM = config.emit == RunConfig::Emit::LLVMIR;
  bool cacheable = !emitLLVM && config.benchmark == 0 && !trace;
  if (llvm::Error error = session.createExecutable(
          cacheable ? cache : nullptr, &reused,
          emitLLVM ? &llvm::outs() : nullptr))
    return fail(std::move(error), "compiling @" + function + ": ");
  if (emitLLVM)
    return finishTrace(0);

  const char *kernelMismatch =
      "a kernel's results differ from its decomposition's (--check-kernels)";
  if (config.benchmark > 0) {
    double compileSeconds = std::chrono::duration<double>(
                                std::chrono::steady_clock::now() -
                                compileStart)
                                .count();
    int status = benchmark(session, inputs, compileSeconds);
    if (status == 0 && session.checksKernels() &&
        !reportKernelChecks(llvm::errs()))
      status = fail(kernelMismatch);
    return finishTrace(status);
  }
  double runSeconds = 0;
  auto results = session.call(inputs, &runSeconds);
  if (trace)
    trace->addRunTime(runSeconds);
  if (!results)
    return fail(results.takeError(), "running @" + function + ": ");
  bool kernelsMatched =
      !session.checksKernels() || reportKernelChecks(llvm::errs());
  if (int status = writeResults(*results))
    return status;
  if (!kernelsMatched)
    return finishTrace(fail(kernelMismatch));
  if (uint64_t failed = session.getFailedChecks())
    return finishTrace(fail(Twine(failed) + " check" +
                            (failed == 1 ? "" : "s") + " failed in @" +
                            function));
  return finishTrace(0);
}

int scopeir::runner::run(const RunConfig &config, ExecutableCache *cache,
                         bool *reused) {
  bool reusedHere = false;
  int status = Run(config).execute(cache, reusedHere);
  if (reused)
    *reused = reusedHere;
  return status;
}

//===----------------------------------------------------------------------===//
// Tools
//===----------------------------------------------------------------------===//

void scopeir::runner::reportError(llvm::Error error, raw_ostream &os,
                                  const Twine &prefix) {
  llvm::handleAllErrors(
      std::move(error), [](const DiagnosedError &) {},
      [&](const llvm::ErrorInfoBase &info) {
        os << prefix << info.message() << "\n";
      });
}

void scopeir::runner::registerMLIRCommandLineOptions() {
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  registerAsmPrinterCLOptions();
}

LogicalResult scopeir::runner::applyMLIRCommandLineOptions(PassManager &pm) {
  if (failed(applyPassManagerCLOptions(pm)))
    return failure();
  applyDefaultTimingPassManagerCLOptions(pm);
  return success();
}

void scopeir::runner::keepFreedMemory(bool largeBlocksToo) {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  if (largeBlocksToo)
    mallopt(M_MMAP_MAX, 0);
#endif
}
