//===- Runtime.cpp - The runtime C API over the run session ---------------===//
//
// This file implements scopeir-c/Runtime.h: options set by name, a session
// (runner::Session) parsed, compiled and JIT-compiled at creation, calls
// with the caller's buffers read in place, results in owned buffers, and
// failures as status objects carrying the error and MLIR's diagnostics.
//
//===----------------------------------------------------------------------===//

#include "scopeir-c/Runtime.h"

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/InitAll.h"
#include "scopeir/Runner/Session.h"
#include "scopeir/Runner/TraceSession.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

using namespace scopeir;
using namespace scopeir::runner;

struct ScopeirRuntimeStatusImpl {
  std::string message;
};

struct ScopeirRuntimeOptionsImpl {
  SessionOptions session;
  std::string tracePath;
  bool printZones = false;
  bool keepFreedMemory = true;
};

struct ScopeirRuntimeSessionImpl {
  /// What the session prints (MLIR's diagnostics, warnings); failures take
  /// what was printed since the last mark.
  std::string diagnostics;
  llvm::raw_string_ostream diagnosticsStream{diagnostics};
  size_t mark = 0;
  std::string warnings;
  std::unique_ptr<TraceSession> trace;
  bool traceFinished = false;
  std::string zoneSummary;
  std::unique_ptr<Session> session;
};

struct ScopeirRuntimeResultsImpl {
  std::vector<HostBuffer> buffers;
};

static ScopeirRuntimeStatus makeStatus(const llvm::Twine &message) {
  return new ScopeirRuntimeStatusImpl{message.str()};
}

/// Turns `error` into a status; the diagnostics printed since the
/// session's mark follow the error's own message.
static ScopeirRuntimeStatus makeStatus(llvm::Error error,
                                       ScopeirRuntimeSessionImpl *session,
                                       const llvm::Twine &context = "") {
  // A diagnosed failure is its diagnostics; another one its message, then
  // what was printed before it.
  std::string message;
  llvm::handleAllErrors(
      std::move(error), [&](const DiagnosedError &) {},
      [&](const llvm::ErrorInfoBase &info) {
        message = context.str() + info.message();
      });
  if (session) {
    std::string printed = session->diagnostics.substr(session->mark);
    session->mark = session->diagnostics.size();
    llvm::StringRef trimmed = llvm::StringRef(printed).rtrim();
    if (!trimmed.empty())
      message += (message.empty() ? "" : "\n") + trimmed.str();
  }
  if (message.empty())
    message = context.str() + "failed";
  return makeStatus(message);
}

const char *scopeirRuntimeStatusGetMessage(ScopeirRuntimeStatus status) {
  return status ? status->message.c_str() : "";
}

void scopeirRuntimeStatusDestroy(ScopeirRuntimeStatus status) { delete status; }

//===----------------------------------------------------------------------===//
// Buffers
//===----------------------------------------------------------------------===//

/// The C and C++ element types share their order (checked below).
static ElementType toElementType(ScopeirElementType type) {
  return static_cast<ElementType>(type);
}

static_assert(
    static_cast<int>(ElementType::I1) == SCOPEIR_ELEMENT_TYPE_I1 &&
        static_cast<int>(ElementType::I8) == SCOPEIR_ELEMENT_TYPE_I8 &&
        static_cast<int>(ElementType::I16) == SCOPEIR_ELEMENT_TYPE_I16 &&
        static_cast<int>(ElementType::I32) == SCOPEIR_ELEMENT_TYPE_I32 &&
        static_cast<int>(ElementType::I64) == SCOPEIR_ELEMENT_TYPE_I64 &&
        static_cast<int>(ElementType::F16) == SCOPEIR_ELEMENT_TYPE_F16 &&
        static_cast<int>(ElementType::BF16) == SCOPEIR_ELEMENT_TYPE_BF16 &&
        static_cast<int>(ElementType::F32) == SCOPEIR_ELEMENT_TYPE_F32 &&
        static_cast<int>(ElementType::F64) == SCOPEIR_ELEMENT_TYPE_F64,
    "ScopeirElementType and runner::ElementType differ");

/// Returns the value a C caller stored in `type`. A C program may store any
/// int in an enum, but in C++ loading a value outside the enum's range is
/// undefined: read its bytes instead.
static int getRawElementType(const ScopeirElementType &type) {
  std::underlying_type_t<ScopeirElementType> raw;
  std::memcpy(&raw, &type, sizeof(raw));
  return static_cast<int>(raw);
}

static bool isElementType(const ScopeirElementType &type) {
  int raw = getRawElementType(type);
  return raw >= SCOPEIR_ELEMENT_TYPE_I1 && raw <= SCOPEIR_ELEMENT_TYPE_F64;
}

size_t scopeirElementTypeGetSize(ScopeirElementType type) {
  if (!isElementType(type))
    return 0;
  return getElementSize(toElementType(type));
}

//===----------------------------------------------------------------------===//
// Options
//===----------------------------------------------------------------------===//

ScopeirRuntimeOptions scopeirRuntimeOptionsCreate(void) {
  auto *options = new ScopeirRuntimeOptionsImpl();
  options->session.toolName = "scopeir";
  // The caller's memory is read in place: never written.
  options->session.readOnlyInputs = true;
  return options;
}

void scopeirRuntimeOptionsDestroy(ScopeirRuntimeOptions options) {
  delete options;
}

static ScopeirRuntimeStatus parseBool(llvm::StringRef key,
                                      llvm::StringRef value, bool &result) {
  if (value == "true" || value == "1") {
    result = true;
    return nullptr;
  }
  if (value == "false" || value == "0") {
    result = false;
    return nullptr;
  }
  return makeStatus("option '" + key + "': expected true or false, got '" +
                    value + "'");
}

static ScopeirRuntimeStatus parseUnsigned(llvm::StringRef key,
                                          llvm::StringRef value, unsigned max,
                                          unsigned &result) {
  if (value.getAsInteger(10, result) || result > max)
    return makeStatus("option '" + key + "': expected an integer from 0 to " +
                      llvm::Twine(max) + ", got '" + value + "'");
  return nullptr;
}

ScopeirRuntimeStatus scopeirRuntimeOptionsSet(ScopeirRuntimeOptions options,
                                              const char *keyText,
                                              const char *valueText) {
  if (!options || !keyText || !valueText)
    return makeStatus("scopeirRuntimeOptionsSet: null argument");
  llvm::StringRef key(keyText), value(valueText);
  SessionOptions &session = options->session;
  if (key == "function") {
    session.function = value.str();
    return nullptr;
  }
  if (key == "host-backend") {
    std::string message;
    if (mlir::failed(pipeline::checkHostBackend(value, message)))
      return makeStatus("option 'host-backend': " + message);
    session.hostBackend = value.str();
    return nullptr;
  }
  if (key == "input-type") {
    if (value == "auto")
      session.inputType = std::nullopt;
    else if (value == "linalg")
      session.inputType = pipeline::InputType::Linalg;
    else if (value == "tosa")
      session.inputType = pipeline::InputType::TOSA;
    else
      return makeStatus("option 'input-type': expected auto, linalg or "
                        "tosa, got '" +
                        value + "'");
    return nullptr;
  }
  if (key == "dispatch")
    return parseBool(key, value, session.dispatch);
  if (key == "threads")
    return parseUnsigned(key, value, 1u << 16, session.threads);
  if (key == "opt-level")
    return parseUnsigned(key, value, 3, session.optLevel);
  if (key == "strip-scopes")
    return parseBool(key, value, session.stripScopes);
  if (key == "check-stores")
    return parseBool(key, value, session.checkStores);
  if (key == "prepare-parameters")
    return parseBool(key, value, session.prepareParameters);
  if (key == "kernel-spec") {
    session.kernelSpec = value.str();
    return nullptr;
  }
  if (key == "kernel-library") {
    session.kernelLibraries.push_back(value.str());
    return nullptr;
  }
  if (key == "require-kernels")
    return parseBool(key, value, session.requireKernels);
  if (key == "trace") {
    options->tracePath = value.str();
    return nullptr;
  }
  if (key == "print-zones")
    return parseBool(key, value, options->printZones);
  if (key == "keep-freed-memory")
    return parseBool(key, value, options->keepFreedMemory);
  return makeStatus(
      "unknown option '" + key +
      "'; known: function, host-backend, input-type, dispatch, threads, "
      "opt-level, strip-scopes, check-stores, prepare-parameters, "
      "kernel-spec, kernel-library, require-kernels, trace, print-zones, "
      "keep-freed-memory");
}

//===----------------------------------------------------------------------===//
// Sessions
//===----------------------------------------------------------------------===//

const char *scopeirRuntimeGetTargetBackends(void) {
  static const std::string names = [] {
    registerAllTargetBackends();
    return llvm::join(hal::TargetBackendRegistry::global().getRegisteredNames(),
                      ",");
  }();
  return names.c_str();
}

ScopeirRuntimeStatus scopeirRuntimeSessionCreate(
    const char *source, size_t length, const char *sourceName,
    ScopeirRuntimeOptions options, ScopeirRuntimeSession *result) {
  if (!source || !options || !result)
    return makeStatus("scopeirRuntimeSessionCreate: null argument");
  *result = nullptr;
  // Strategies name passes and pipelines by their registered names, and
  // the backends register themselves with the passes (idempotent).
  static bool registered = [] {
    registerAllPasses();
    pipeline::registerCompilePipeline();
    return true;
  }();
  (void)registered;
  // A compiled model allocates its intermediate buffers in every call; with
  // glibc's default thresholds those of a few MiB are mapped fresh and
  // page-faulted each time (ShuffleNetV2 at batch 8: 32,000 faults and
  // 80 ms of system time per 174 ms call). scope-run keeps them the same
  // way.
  if (options->keepFreedMemory)
    runner::keepFreedMemory();
  auto impl = std::make_unique<ScopeirRuntimeSessionImpl>();
  SessionOptions sessionOptions = options->session;
  if (!options->tracePath.empty() || options->printZones) {
    auto trace = TraceSession::create(options->tracePath, options->printZones);
    if (!trace)
      return makeStatus(trace.takeError(), impl.get());
    impl->trace = std::move(*trace);
    sessionOptions.trace = true;
  }
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(source, length), sourceName ? sourceName : "<module>");
  auto loaded = Session::load(std::move(buffer), std::move(sessionOptions),
                              impl->diagnosticsStream);
  if (!loaded)
    return makeStatus(loaded.takeError(), impl.get());
  impl->session = std::move(*loaded);
  impl->session->setTrace(impl->trace.get());
  if (llvm::Error error = impl->session->compileToLLVMDialect())
    return makeStatus(std::move(error), impl.get());
  if (llvm::Error error = impl->session->createExecutable())
    return makeStatus(std::move(error), impl.get(),
                      "compiling @" + options->session.function + ": ");
  impl->warnings = impl->diagnostics;
  impl->mark = impl->diagnostics.size();
  *result = impl.release();
  return nullptr;
}

void scopeirRuntimeSessionDestroy(ScopeirRuntimeSession session) {
  delete session;
}

intptr_t scopeirRuntimeSessionGetNumInputs(ScopeirRuntimeSession session) {
  return session->session->getSignature().getNumInputs();
}

intptr_t scopeirRuntimeSessionGetNumResults(ScopeirRuntimeSession session) {
  return session->session->getSignature().getNumResults();
}

const char *scopeirRuntimeSessionGetWarnings(ScopeirRuntimeSession session) {
  return session->warnings.c_str();
}

ScopeirRuntimeStatus scopeirRuntimeSessionCall(ScopeirRuntimeSession session,
                                               const ScopeirBufferView *inputs,
                                               intptr_t numInputs,
                                               ScopeirRuntimeResults *results,
                                               double *seconds) {
  if (!session || !results || (numInputs && !inputs) || numInputs < 0)
    return makeStatus("scopeirRuntimeSessionCall: null or bad argument");
  *results = nullptr;
  std::vector<BufferView> views;
  for (intptr_t i = 0; i < numInputs; ++i) {
    const ScopeirBufferView &input = inputs[i];
    if (!isElementType(input.elementType) || input.rank < 0 ||
        (input.rank && !input.shape) || !input.data)
      return makeStatus("input #" + llvm::Twine(i) +
                        ": bad element type, rank, shape or data");
    for (intptr_t d = 0; d < input.rank; ++d)
      if (input.shape[d] < 0)
        return makeStatus("input #" + llvm::Twine(i) + ": negative size " +
                          llvm::Twine(input.shape[d]));
    views.push_back(BufferView{
        toElementType(input.elementType),
        llvm::ArrayRef<int64_t>(input.shape, static_cast<size_t>(input.rank)),
        input.data});
  }
  Session &s = *session->session;
  if (llvm::Error error = checkSignature(s.getSignature(), views))
    return makeStatus(std::move(error), session);
  double callSeconds = 0;
  auto called = s.callInPlace(views, &callSeconds);
  if (!called)
    return makeStatus(called.takeError(), session);
  if (session->trace && !session->traceFinished)
    session->trace->addRunTime(callSeconds);
  if (seconds)
    *seconds = callSeconds;
  *results = new ScopeirRuntimeResultsImpl{std::move(*called)};
  return nullptr;
}

void scopeirRuntimeSessionResetParameters(ScopeirRuntimeSession session) {
  if (session && session->session)
    session->session->resetParameters();
}

ScopeirRuntimeStatus
scopeirRuntimeSessionFinishTrace(ScopeirRuntimeSession session) {
  if (!session->trace)
    return makeStatus("the session was created without 'trace' or "
                      "'print-zones'");
  if (session->traceFinished)
    return makeStatus("the trace was finished already");
  session->traceFinished = true;
  llvm::raw_string_ostream os(session->zoneSummary);
  if (llvm::Error error = session->trace->finish(os))
    return makeStatus(std::move(error), session);
  return nullptr;
}

const char *scopeirRuntimeSessionGetZoneSummary(ScopeirRuntimeSession session) {
  return session->zoneSummary.c_str();
}

intptr_t scopeirRuntimeResultsGetCount(ScopeirRuntimeResults results) {
  return results->buffers.size();
}

ScopeirBufferView scopeirRuntimeResultsGet(ScopeirRuntimeResults results,
                                           intptr_t index) {
  HostBuffer &buffer = results->buffers[index];
  return ScopeirBufferView{static_cast<ScopeirElementType>(buffer.elementType),
                           static_cast<intptr_t>(buffer.shape.size()),
                           buffer.shape.empty() ? nullptr : buffer.shape.data(),
                           buffer.data.data()};
}

void scopeirRuntimeResultsDestroy(ScopeirRuntimeResults results) {
  delete results;
}
