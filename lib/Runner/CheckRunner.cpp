//===- CheckRunner.cpp - Run every test function of a module ----*- C++ -*-===//
//
// This file implements scope-check's runner: it lists the tests of a module
// (public functions without arguments), then compiles and runs each through
// a run session in a child process of its own (fork), so that a test that
// fails to compile, traps or crashes is one failed test and the next one
// still runs, and reports each.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/CheckRunner.h"

#include "scopeir/InitAll.h"
#include "scopeir/Runner/TraceSession.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/ToolOutputFile.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>

#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::runner;

namespace {

/// How a test's child process ends.
enum ChildStatus : int {
  Passed = 0,
  /// It ran, and a check failed (the runtime reported it).
  ChecksFailed = 1,
  /// It did not compile or could not run (diagnostics say why).
  NotRun = 2,
};

/// Prints "scope-check: <message>" and returns 1.
int fail(const Twine &message) {
  llvm::errs() << "scope-check: " << message << "\n";
  return 1;
}

/// Returns the tests of `source` in module order: its public functions with
/// a body and no arguments. Parse errors are printed as diagnostics.
/// The context is single-threaded and gone when this returns: the runner
/// forks afterwards, and a child must not inherit a thread pool whose
/// threads it does not have.
FailureOr<std::vector<std::string>> findTests(const llvm::MemoryBuffer &source) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry, MLIRContext::Threading::DISABLED);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(
                                   source.getBuffer(),
                                   source.getBufferIdentifier(),
                                   /*RequiresNullTerminator=*/false),
                               llvm::SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context, llvm::errs());
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return failure();
  std::vector<std::string> tests;
  for (auto function : module->getOps<func::FuncOp>())
    if (function.isPublic() && !function.isDeclaration() &&
        function.getNumArguments() == 0)
      tests.push_back(function.getSymName().str());
  return tests;
}

/// Restores the default action of the signals a trapping or crashing test
/// raises: the child then dies of the signal, which the parent reports,
/// instead of printing LLVM's stack dump of the JIT-compiled code.
void restoreDefaultFaultHandlers() {
  for (int signal : {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT})
    std::signal(signal, SIG_DFL);
}

/// Compiles and runs test `name` (in the child process) and returns its
/// ChildStatus.
int runTest(const CheckConfig &config, const llvm::MemoryBuffer &source,
            StringRef name, StringRef tracePath) {
  SessionOptions options = config.session;
  options.function = name.str();
  options.onlyFunction = true;
  options.defaultDevice = config.device;
  options.toolName = "scope-check";
  std::unique_ptr<TraceSession> trace;
  if (!tracePath.empty() || config.printZones) {
    auto created = TraceSession::create(tracePath, config.printZones);
    if (!created) {
      reportError(created.takeError(), llvm::errs(), "scope-check: ");
      return NotRun;
    }
    trace = std::move(*created);
    options.trace = true;
  }
  auto loaded = Session::load(
      llvm::MemoryBuffer::getMemBufferCopy(source.getBuffer(),
                                           source.getBufferIdentifier()),
      std::move(options), llvm::errs());
  if (!loaded) {
    reportError(loaded.takeError(), llvm::errs(), "scope-check: ");
    return NotRun;
  }
  Session &session = **loaded;
  session.setTrace(trace.get());
  auto finishTrace = [&](int status) {
    if (trace)
      if (llvm::Error error = trace->finish(llvm::errs())) {
        reportError(std::move(error), llvm::errs(), "scope-check: ");
        return status == Passed ? NotRun : status;
      }
    return status;
  };
  if (llvm::Error error = session.compileToLLVMDialect()) {
    reportError(std::move(error), llvm::errs(),
                "scope-check: @" + name + ": ");
    return finishTrace(NotRun);
  }
  if (llvm::Error error = session.createExecutable()) {
    reportError(std::move(error), llvm::errs(),
                "scope-check: compiling @" + name + ": ");
    return finishTrace(NotRun);
  }
  restoreDefaultFaultHandlers();
  double seconds = 0;
  auto results = session.call({}, &seconds);
  if (trace)
    trace->addRunTime(seconds);
  if (!results) {
    reportError(results.takeError(), llvm::errs(),
                "scope-check: running @" + name + ": ");
    return finishTrace(NotRun);
  }
  return finishTrace(session.getFailedChecks() ? ChecksFailed : Passed);
}

/// Flushes every stream a child inherits, so that nothing buffered before
/// the fork is written twice.
void flushAll() {
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(nullptr);
}

/// Why a test's child process ended the way it did, for a test that failed
/// without its checks saying so; empty if it needs no explanation.
std::string describeExit(int status, unsigned timeoutSeconds) {
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    if (signal == SIGALRM && timeoutSeconds)
      return "timed out after " + std::to_string(timeoutSeconds) + " s";
    return std::string("crashed: ") + strsignal(signal) + " (signal " +
           std::to_string(signal) + ")";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) > NotRun)
    return "exited with status " + std::to_string(WEXITSTATUS(status));
  return "";
}

/// One test's trace: the child's file and when the child started.
struct TestTrace {
  std::string name;
  std::string path;
  double startMicroseconds = 0;
};

/// Writes the children's traces into one Chrome trace at `path`: each test
/// is a process named after it, its events shifted by the time its child
/// started after the first one.
llvm::Error mergeTraces(StringRef path, ArrayRef<TestTrace> traces) {
  llvm::json::Array events;
  for (const TestTrace &test : traces) {
    auto buffer = llvm::MemoryBuffer::getFile(test.path);
    if (!buffer)
      continue; // The child ended before writing it.
    llvm::Expected<llvm::json::Value> parsed =
        llvm::json::parse((*buffer)->getBuffer());
    if (!parsed) {
      llvm::consumeError(parsed.takeError());
      continue; // The child ended while writing it.
    }
    llvm::json::Object *root = parsed->getAsObject();
    llvm::json::Array *testEvents =
        root ? root->getArray("traceEvents") : nullptr;
    if (!testEvents)
      continue;
    std::optional<int64_t> pid;
    for (llvm::json::Value &event : *testEvents) {
      llvm::json::Object *object = event.getAsObject();
      if (!object)
        continue;
      if (!pid)
        pid = object->getInteger("pid");
      if (std::optional<double> ts = object->getNumber("ts"))
        (*object)["ts"] = *ts + test.startMicroseconds;
      events.push_back(std::move(event));
    }
    if (pid) {
      events.push_back(llvm::json::Object{
          {"name", "process_name"},
          {"ph", "M"},
          {"pid", *pid},
          {"args", llvm::json::Object{{"name", test.name}}}});
    }
  }
  std::string errorMessage;
  auto output = openOutputFile(path, &errorMessage);
  if (!output)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "--trace=" + path + ": " + errorMessage);
  output->os() << llvm::json::Value(llvm::json::Object{
                      {"displayTimeUnit", "ns"},
                      {"traceEvents", std::move(events)}})
               << "\n";
  output->keep();
  return llvm::Error::success();
}

} // namespace

int scopeir::runner::runChecks(const CheckConfig &config) {
  // Backends first: a misspelt one needs no test to report.
  std::string errorMessage;
  if (failed(pipeline::checkHostBackend(config.session.hostBackend,
                                        errorMessage)))
    return fail(errorMessage);
  if (!config.device.empty() &&
      failed(pipeline::checkDevice(config.device, config.session.dispatch,
                                   errorMessage)))
    return fail("--device: " + errorMessage);
  std::unique_ptr<llvm::MemoryBuffer> source =
      openInputFile(config.inputFilename, &errorMessage);
  if (!source)
    return fail(errorMessage);
  FailureOr<std::vector<std::string>> found = findTests(*source);
  if (failed(found))
    return 1;
  std::vector<std::string> tests = std::move(*found);
  if (!config.function.empty()) {
    if (!llvm::is_contained(tests, config.function))
      return fail("no test '@" + config.function +
                  "' (a public function with a body and no arguments) in " +
                  config.inputFilename);
    tests = {config.function};
  }
  if (tests.empty())
    return fail("no test (a public function with a body and no arguments) "
                "in " + config.inputFilename);
  if (config.listTests) {
    for (const std::string &test : tests)
      llvm::outs() << test << "\n";
    return 0;
  }
  // The trace file is created first: a path that cannot be written needs no
  // test run to report.
  if (!config.traceFile.empty()) {
    std::error_code error;
    llvm::raw_fd_ostream probe(config.traceFile, error);
    if (error)
      return fail("--trace=" + config.traceFile + ": " + error.message());
  }

  unsigned passed = 0, failedCount = 0;
  std::vector<TestTrace> traces;
  auto firstStart = std::chrono::steady_clock::now();
  for (const std::string &test : tests) {
    TestTrace trace{test, "", 0};
    if (!config.traceFile.empty()) {
      SmallString<128> path;
      if (std::error_code error = llvm::sys::fs::createTemporaryFile(
              "scope-check-trace", "json", path))
        return fail("--trace: cannot create a temporary file: " +
                    error.message());
      trace.path = path.str().str();
      trace.startMicroseconds =
          std::chrono::duration<double, std::micro>(
              std::chrono::steady_clock::now() - firstStart)
              .count();
    }
    flushAll();
    pid_t child = fork();
    if (child < 0)
      return fail(Twine("cannot start a process for @") + test + ": " +
                  std::strerror(errno));
    if (child == 0) {
      if (config.timeoutSeconds)
        alarm(config.timeoutSeconds);
      int status = runTest(config, *source, test, trace.path);
      flushAll();
      // No exit handlers: they belong to the parent.
      _exit(status);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    bool ok = WIFEXITED(status) && WEXITSTATUS(status) == Passed;
    (ok ? passed : failedCount)++;
    std::string reason = describeExit(status, config.timeoutSeconds);
    if (!reason.empty())
      llvm::errs() << "scope-check: @" << test << ": " << reason << "\n";
    llvm::outs() << (ok ? "PASS " : "FAIL ") << test << "\n";
    llvm::outs().flush();
    if (!trace.path.empty())
      traces.push_back(std::move(trace));
  }
  llvm::outs() << passed << " passed, " << failedCount << " failed\n";
  llvm::outs().flush();
  int status = failedCount ? 1 : 0;
  if (!config.traceFile.empty()) {
    if (llvm::Error error = mergeTraces(config.traceFile, traces))
      status = fail(llvm::toString(std::move(error)));
    for (const TestTrace &trace : traces)
      llvm::sys::fs::remove(trace.path);
  }
  return status;
}
