//===- Session.h - Compile a module once, call it many times ----*- C++ -*-===//
//
// This file declares the run session behind scope-run (and the runtime C
// API): parse a module, compile it through the pipeline library with its
// kernels bound, JIT it, call a function with host buffers; and `run`, which
// does what one scope-run command line asks, from a RunConfig.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNNER_SESSION_H
#define SCOPEIR_RUNNER_SESSION_H

#include "scopeir/Pipeline/Pipeline.h"
#include "scopeir/Runner/BufferIO.h"
#include "scopeir/Runner/Kernels.h"
#include "scopeir/Runner/Runner.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir {
class PassManager;
class SourceMgrDiagnosticHandler;
} // namespace mlir

namespace scopeir::runner {

class TraceSession;

/// A failure already reported as MLIR diagnostics on the session's
/// diagnostics stream: the caller prints no message of its own.
class DiagnosedError : public llvm::ErrorInfo<DiagnosedError> {
public:
  static char ID;
  void log(llvm::raw_ostream &os) const override {
    os << "see the diagnostics";
  }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
};

/// What a session compiles and how: the compile pipeline's options plus
/// what only a driver decides (the kernel libraries, the JIT).
struct SessionOptions {
  /// The function to compile and call.
  std::string function = "main";
  /// The input's dialects; nullopt: TOSA if the module has a TOSA op.
  std::optional<pipeline::InputType> inputType;
  std::string hostBackend = hal::kDefaultHostBackend.str();
  /// The Vulkan device of the process: "" (the first usable one), its
  /// position in --list-devices, or a substring of its name.
  std::string vulkanDevice;
  bool dispatch = true;
  /// Threads of device code; 0: one per core.
  unsigned threads = 0;
  /// LLVM optimization level (0-3).
  unsigned optLevel = 2;
  /// A kernel pattern spec file; empty: none.
  std::string kernelSpec;
  /// Kernel libraries, searched in order for each kernel symbol.
  std::vector<std::string> kernelLibraries;
  /// A kernel no library provides is an error instead of a warning (and
  /// its decomposition compiled in its place).
  bool requireKernels = false;
  /// Compare each kernel with its decomposition with this tolerance.
  std::optional<KernelTolerance> checkKernels;
  bool checkStores = false;
  bool stripScopes = false;
  /// The caller passes its own memory as inputs (Session::callInPlace)
  /// and expects it unchanged: the function's tensor arguments are
  /// compiled as not writable.
  bool readOnlyInputs = false;
  /// Compile with the pipeline's `prepare-parameters`: where the host
  /// backend moved work on the parameters (the arguments marked
  /// `scopeir.param`) into `@<function>$prepare`, a call runs it only when
  /// the parameters' buffers differ from the last call's (other addresses
  /// or shapes) or after resetParameters, and `@<function>$run` with what
  /// it prepared. The caller promises that parameter buffers passed again
  /// hold the same values (else: resetParameters).
  bool prepareParameters = false;
  bool trace = false;
  pipeline::DispatchDump dumpDispatches = pipeline::DispatchDump::None;
  /// Compile only `function` and the functions it calls: every other
  /// public function is made private first, and those it does not call are
  /// dropped before compiling (scope-check compiles one test at a time, so
  /// that one test that does not compile fails alone).
  bool onlyFunction = false;
  /// The backend every function without a device of its own is placed on
  /// (the module's `hal.device`, replacing one the module has); empty:
  /// the module as written.
  std::string defaultDevice;
  /// Prefix of the messages the session prints itself ("scope-run").
  std::string toolName = "scope-run";
  /// Applied to every pass manager the session builds (a tool's MLIR
  /// command-line options: --mlir-timing, --mlir-print-ir-after-all, ...).
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
};

/// One module: parsed, compiled to the LLVM dialect through the pipeline
/// library (front end, kernels bound, back end), JIT-compiled and callable.
/// Diagnostics of MLIR and the session's warnings go to the stream given at
/// creation; failures are returned as errors.
class Session {
public:
  ~Session();

  /// Parses `source` and finds the public function `options.function`.
  /// Parse errors are printed as diagnostics and returned as an error.
  static llvm::Expected<std::unique_ptr<Session>>
  load(std::unique_ptr<llvm::MemoryBuffer> source, SessionOptions options,
       llvm::raw_ostream &diagnostics);

  /// The function's signature as written (before compiling).
  mlir::FunctionType getSignature() const { return signature; }

  /// The module (after compileToLLVMDialect: in the LLVM dialect).
  mlir::ModuleOp getModule() { return *module; }

  /// Records the compile passes and the JIT in `trace`, and lets compiled
  /// code call the tracing runtime. Call before compiling.
  void setTrace(TraceSession *trace);

  /// Runs the compile pipeline: the front end, then kernels bound to the
  /// libraries (or compiled as their decompositions), then the back end.
  llvm::Error compileToLLVMDialect();

  /// JIT-compiles the LLVM-dialect module; with a cache, reuses machine
  /// code of an identical module compiled before (`reused` says so).
  /// `optimizedIR` receives the LLVM IR after LLVM's optimizer.
  llvm::Error createExecutable(ExecutableCache *cache = nullptr,
                               bool *reused = nullptr,
                               llvm::raw_ostream *optimizedIR = nullptr);

  /// Calls the function once; `seconds` receives the call's wall time.
  llvm::Expected<std::vector<HostBuffer>>
  call(llvm::ArrayRef<HostBuffer> inputs, double *seconds = nullptr);

  /// The same with inputs in the caller's memory, read in place (a name
  /// of its own: `call({})` stays unambiguous).
  llvm::Expected<std::vector<HostBuffer>>
  callInPlace(llvm::ArrayRef<BufferView> inputs, double *seconds = nullptr);

  /// Makes the next call prepare the parameters again (prepareParameters:
  /// their buffers were written since).
  void resetParameters() { prepared.clear(); }

  /// The positions of the parameter arguments kept from call to call
  /// (prepareParameters; none otherwise).
  llvm::ArrayRef<unsigned> getParameterPositions() const {
    return parameterPositions;
  }

  /// The number of check.expect_* ops that failed in the last call (they
  /// report themselves on stderr as they fail).
  uint64_t getFailedChecks() const;

  /// Whether kernel checks are on; reportKernelChecks prints them.
  bool checksKernels() const { return options.checkKernels.has_value(); }

private:
  Session(SessionOptions options, llvm::raw_ostream &diagnostics);
  llvm::Error bindKernels(pipeline::CompileOptions &compileOptions);
  mlir::LogicalResult runPipeline(
      llvm::function_ref<void(mlir::OpPassManager &)> build);
  llvm::Expected<std::vector<HostBuffer>>
  callEntries(llvm::ArrayRef<BufferView> inputs, double *seconds);

  SessionOptions options;
  llvm::raw_ostream &diagnostics;
  std::unique_ptr<mlir::MLIRContext> context;
  llvm::SourceMgr sourceMgr;
  std::unique_ptr<mlir::SourceMgrDiagnosticHandler> diagHandler;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::FunctionType signature;
  KernelLibraries libraries;
  RunOptions runOptions;
  TraceSession *trace = nullptr;
  std::shared_ptr<Executable> executable;
  /// Parameter preparation (prepareParameters): the positions of the
  /// parameter arguments, the types of @<function>$prepare and $run (null:
  /// none), what the last preparation returned and the parameter buffers
  /// (address and shape) it read.
  llvm::SmallVector<unsigned> parameterPositions;
  mlir::FunctionType prepareType, runType;
  std::vector<HostBuffer> prepared;
  std::vector<std::pair<const void *, std::vector<int64_t>>> preparedFrom;
};

/// The default bound of the events a thread keeps for a trace: 2^22 (64
/// MiB of events per recording thread).
inline constexpr uint64_t kDefaultTraceMaxEvents = uint64_t(1) << 22;

/// What one scope-run command line asks for: the session's options, the
/// module, its inputs and outputs, and what to do with the compiled module.
struct RunConfig {
  SessionOptions session;
  /// The module: a path, or "-" for standard input.
  std::string inputFilename = "-";
  /// Input specs (runner::parseInputSpec), in argument order.
  std::vector<std::string> inputs;
  /// Where each result goes: "@file.npy", or "-" to print it.
  std::vector<std::string> outputs;
  /// With an input type forced to linalg, a TOSA op is an error.
  bool forbidTOSA = false;
  enum class Emit { Nothing, LLVMDialect, LLVMIR };
  /// Print the module in the LLVM dialect or as optimized LLVM IR instead
  /// of running it.
  Emit emit = Emit::Nothing;
  /// Call the function this many times and print timings instead of the
  /// results (0: call once).
  unsigned benchmark = 0;
  /// Trace file (Chrome trace-event JSON); empty: none.
  std::string traceFile;
  /// Print the zone summary at exit.
  bool printZones = false;
  /// Events each recording thread keeps for the trace (0: all); older ones
  /// are folded into the zone summary and dropped from the trace file.
  uint64_t traceMaxEvents = kDefaultTraceMaxEvents;
  /// Print the registered backends, the Vulkan devices and the JIT target
  /// instead of running.
  bool listDevices = false;
};

/// Does what `config` asks, printing results on llvm::outs() and messages
/// ("scope-run: ...") and diagnostics on llvm::errs(). Returns the process
/// exit status. With `cache`, a plain run takes its machine code from it
/// and `reused` tells whether it did.
int run(const RunConfig &config, ExecutableCache *cache = nullptr,
        bool *reused = nullptr);

/// Prints `error` on `os` as `<prefix><message>`, or nothing more for an
/// error the session already reported as MLIR diagnostics.
void reportError(llvm::Error error, llvm::raw_ostream &os,
                 const llvm::Twine &prefix);

/// Registers MLIR's command-line options a tool running sessions offers
/// (--mlir-timing, --mlir-print-ir-after-all, the printer's options, ...).
void registerMLIRCommandLineOptions();

/// Applies them to `pm` (a tool's SessionOptions::configurePassManager).
mlir::LogicalResult applyMLIRCommandLineOptions(mlir::PassManager &pm);

/// Compiled code allocates its temporaries (e.g. llvm-cpu's packed
/// operands) with malloc on every call. glibc serves large blocks with
/// fresh mmaps and returns freed memory to the kernel, so each call would
/// page-fault and zero its temporaries again (a third of a 1024^3 matmul):
/// this keeps freed memory in the process for reuse instead, as a runtime's
/// caching allocator would. A process-wide setting: tools call it first.
/// Blocks of more than 32 MiB (glibc's largest mmap threshold) are still
/// mapped per allocation and unmapped when freed, unless `largeBlocksToo`:
/// then no block is mapped on its own (M_MMAP_MAX 0), and every freed block
/// stays for reuse. The tools, whose processes are one compile and its
/// calls, ask for it: a `--benchmark` of a layer whose output passes
/// 32 MiB (eight images of 96 x 112 x 112) paid the kernel's mapping and
/// zeroing of that output on every call (61 ms a call, 19-22 since). The C
/// API does not: its host process (PyTorch) frees large tensors of its own.
void keepFreedMemory(bool largeBlocksToo = false);

} // namespace scopeir::runner

#endif // SCOPEIR_RUNNER_SESSION_H
