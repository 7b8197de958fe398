//===- TraceSession.cpp - Tracing a compile and its runs --------*- C++ -*-===//
//
// This file implements a tool's tracing session: the trace file opened up
// front, the pass instrumentation timing compile phases, the runtime's
// symbols for the JIT, and writing the trace and the zone summary.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/TraceSession.h"
#include "scopeir/Runtime/Vulkan.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"

#include <cerrno>
#include <cstring>
#include <thread>
#include <unordered_map>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

TraceSession::~TraceSession() {
  if (file)
    std::fclose(file);
}

llvm::Expected<std::unique_ptr<TraceSession>>
TraceSession::create(llvm::StringRef tracePath, bool printZones,
                     uint64_t maxEventsPerThread) {
  std::unique_ptr<TraceSession> session(new TraceSession());
  session->printZones = printZones;
  runtime::setTraceEventLimit(maxEventsPerThread);
  session->tracePath = tracePath.str();
  if (!tracePath.empty()) {
    if (llvm::sys::fs::is_directory(tracePath))
      return makeError("--trace=" + tracePath + ": is a directory");
    session->file = std::fopen(session->tracePath.c_str(), "w");
    if (!session->file)
      return makeError("--trace=" + tracePath +
                       ": cannot open for writing: " + std::strerror(errno));
  }
  // Calibrates the trace clock now rather than at the first event.
  (void)now();
  return session;
}

uint64_t TraceSession::now() { return runtime::traceNow(); }

void TraceSession::addRuntimeSymbols(RunOptions &options) {
  options.symbols.emplace_back(runtime::kTraceBeginSymbol,
                               reinterpret_cast<void *>(&scopeir_trace_begin));
  options.symbols.emplace_back(runtime::kTraceEndSymbol,
                               reinterpret_cast<void *>(&scopeir_trace_end));
}

void TraceSession::recordCompilePhase(llvm::StringRef name, uint64_t begin,
                                      uint64_t end) {
  std::lock_guard<std::mutex> lock(mutex);
  compileSlices.push_back({"compile", "compile", name.str(), "", begin, end});
}

//===----------------------------------------------------------------------===//
// Pass instrumentation
//===----------------------------------------------------------------------===//

/// Records a slice per pass run. Nested pipelines may run on other threads
/// (the pass manager's thread pool), each with its own stack of open passes.
class TraceSession::Instrumentation : public PassInstrumentation {
public:
  explicit Instrumentation(TraceSession &session)
      : session(session), mainThread(std::this_thread::get_id()) {}

  void runBeforePass(Pass *pass, Operation *op) override {
    uint64_t begin = now();
    std::lock_guard<std::mutex> lock(session.mutex);
    getThreadState().stack.push_back({pass, op, begin});
  }
  void runAfterPass(Pass *pass, Operation *op) override { close(pass); }
  void runAfterPassFailed(Pass *pass, Operation *op) override { close(pass); }

private:
  struct Open {
    Pass *pass;
    Operation *op;
    uint64_t begin;
  };
  struct ThreadState {
    std::string track;
    std::vector<Open> stack;
  };

  /// The calling thread's state; the session's mutex is held.
  ThreadState &getThreadState() {
    std::thread::id id = std::this_thread::get_id();
    auto [it, inserted] = threads.try_emplace(id);
    if (inserted)
      it->second.track = id == mainThread
                             ? std::string("compile")
                             : "compile worker " + std::to_string(numWorkers++);
    return it->second;
  }

  void close(Pass *pass) {
    uint64_t end = now();
    std::lock_guard<std::mutex> lock(session.mutex);
    auto it = threads.find(std::this_thread::get_id());
    if (it == threads.end() || it->second.stack.empty())
      return;
    ThreadState &state = it->second;
    Open open = state.stack.back();
    state.stack.pop_back();
    std::string name = pass->getArgument().str();
    if (name.empty())
      name = pass->getName().str();
    // What the pass ran on: `func.func @main`, `builtin.module`.
    std::string target = open.op->getName().getStringRef().str();
    if (auto symbol = open.op->getAttrOfType<StringAttr>(
            SymbolTable::getSymbolAttrName()))
      target += " @" + symbol.getValue().str();
    std::string args = "{\"op\":";
    runtime::appendJSONString(args, target);
    args += "}";
    session.compileSlices.push_back({state.track, "pass", std::move(name),
                                     std::move(args), open.begin, end});
  }

  TraceSession &session;
  std::thread::id mainThread;
  std::unordered_map<std::thread::id, ThreadState> threads;
  unsigned numWorkers = 0;
};

void TraceSession::instrument(PassManager &pm) {
  pm.addInstrumentation(std::make_unique<Instrumentation>(*this));
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

llvm::Error TraceSession::finish(llvm::raw_ostream &os) {
  runtime::CollectedTrace trace = runtime::collectTrace();
  // The slices point into the sites, not into the events: the events'
  // chunks (1 MiB per recording thread at least) can go now.
  runtime::releaseTrace();
  if (trace.numMismatchedEnds)
    llvm::errs() << "scope-run: warning: the trace has "
                 << trace.numMismatchedEnds
                 << " end events that do not close the slice opened last\n";
  if (trace.numDroppedEvents && file)
    llvm::errs() << "scope-run: note: the trace holds the last events of "
                 << "each thread; " << trace.numDroppedEvents
                 << " earlier events were dropped at --trace-max-events (the "
                    "zone summary counts them)\n";
  if (file) {
    std::vector<runtime::HostSlice> slices;
    {
      std::lock_guard<std::mutex> lock(mutex);
      slices = compileSlices;
    }
    bool ok = runtime::writeChromeTrace(file, trace, slices,
                                        llvm::sys::Process::getProcessId());
    ok &= std::fclose(file) == 0;
    file = nullptr;
    if (!ok)
      return makeError("--trace=" + tracePath +
                       ": writing failed: " + std::strerror(errno));
  }
  if (printZones) {
    uint64_t runNanoseconds = static_cast<uint64_t>(runSeconds * 1e9);
    os << runtime::formatZoneSummary(runtime::summarizeZones(trace),
                                     runNanoseconds);
    // What the Vulkan device was asked to do, if anything.
    vulkan::Counters device = vulkan::getCounters();
    if (device.dispatches || device.uploads || device.downloads)
      os << "vulkan: " << device.dispatches << " dispatches, "
         << device.uploads << " uploads (" << device.uploadedBytes
         << " bytes), " << device.downloads << " downloads ("
         << device.downloadedBytes << " bytes), " << device.constantUploads
         << " constants uploaded, " << device.submits << " submits, "
         << device.waits << " host waits\n";
    os.flush();
  }
  return llvm::Error::success();
}
