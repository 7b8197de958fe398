/*===- Runtime.h - Compile a module once, call it many times ------*- C -*-===*\
|*                                                                            *|
|* This header declares scopeir's runtime C API: the run session behind       *|
|* scope-run (scopeir/Runner/Session.h) for programs that embed scopeir. A    *|
|* session parses a module, compiles one of its functions through the whole   *|
|* pipeline (devices, dispatches, kernels, zones) and JIT-compiles it, once;  *|
|* the function is then called any number of times with buffers the caller   *|
|* owns, read in place, and returns its results in buffers the session owns   *|
|* until the caller destroys them.                                            *|
|*                                                                            *|
|* Errors: every function that can fail returns a ScopeirRuntimeStatus, NULL *|
|* on success; a failure carries a message (MLIR's diagnostics included) and  *|
|* must be destroyed by the caller.                                           *|
|*                                                                            *|
|* A session is not thread-safe: call it from one thread at a time. Sessions  *|
|* are independent of each other, except for tracing, whose runtime is        *|
|* process-wide: trace one session at a time.                                 *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef SCOPEIR_C_RUNTIME_H
#define SCOPEIR_C_RUNTIME_H

#include "mlir-c/Support.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===*
 * Status
 *===----------------------------------------------------------------------===*/

/// The outcome of a call: NULL on success, else a failure with a message.
typedef struct ScopeirRuntimeStatusImpl *ScopeirRuntimeStatus;

/// Returns the failure's message (NUL-terminated, owned by the status).
MLIR_CAPI_EXPORTED const char *
scopeirRuntimeStatusGetMessage(ScopeirRuntimeStatus status);

/// Destroys a failure status; NULL is accepted and ignored.
MLIR_CAPI_EXPORTED void
scopeirRuntimeStatusDestroy(ScopeirRuntimeStatus status);

/*===----------------------------------------------------------------------===*
 * Buffers
 *===----------------------------------------------------------------------===*/

/// Element types of buffers (scope-run's: signless integers, i1 stored as
/// one byte 0 or 1, and IEEE/brain floats). The values are stable.
typedef enum ScopeirElementType {
  SCOPEIR_ELEMENT_TYPE_I1 = 0,
  SCOPEIR_ELEMENT_TYPE_I8 = 1,
  SCOPEIR_ELEMENT_TYPE_I16 = 2,
  SCOPEIR_ELEMENT_TYPE_I32 = 3,
  SCOPEIR_ELEMENT_TYPE_I64 = 4,
  SCOPEIR_ELEMENT_TYPE_F16 = 5,
  SCOPEIR_ELEMENT_TYPE_BF16 = 6,
  SCOPEIR_ELEMENT_TYPE_F32 = 7,
  SCOPEIR_ELEMENT_TYPE_F64 = 8,
} ScopeirElementType;

/// Returns the size in bytes of one element of `type` (0 for a value that
/// is not a ScopeirElementType).
MLIR_CAPI_EXPORTED size_t scopeirElementTypeGetSize(ScopeirElementType type);

/// A dense row-major (C order) array: `rank` sizes in `shape` (NULL for
/// rank 0, a scalar) and the first element at `data`. A view never owns its
/// memory.
typedef struct ScopeirBufferView {
  ScopeirElementType elementType;
  intptr_t rank;
  const int64_t *shape;
  void *data;
} ScopeirBufferView;

/*===----------------------------------------------------------------------===*
 * Options
 *===----------------------------------------------------------------------===*/

/// How a session compiles: scope-run's options, set by name.
typedef struct ScopeirRuntimeOptionsImpl *ScopeirRuntimeOptions;

/// Creates options with scope-run's defaults.
MLIR_CAPI_EXPORTED ScopeirRuntimeOptions scopeirRuntimeOptionsCreate(void);

/// Destroys `options`.
MLIR_CAPI_EXPORTED void
scopeirRuntimeOptionsDestroy(ScopeirRuntimeOptions options);

/// Sets one option; `value` is spelled as on scope-run's command line.
/// Keys: `function` (default main), `host-backend`, `input-type`
/// (auto|linalg|tosa), `dispatch` (true|false), `threads` (0: one per
/// core), `opt-level` (0-3), `strip-scopes`, `check-stores` (true|false),
/// `prepare-parameters` (true|false: the arguments marked `scopeir.param`
/// are prepared by the first call and again only when another call passes
/// other buffers for them or after scopeirRuntimeSessionResetParameters;
/// llvm-cpu packs convolution filters there instead of in every call),
/// `kernel-spec` (a file), `kernel-library` (a library; each call adds one),
/// `require-kernels` (true|false), `trace` (a Chrome trace file written by
/// scopeirRuntimeSessionFinishTrace), `print-zones` (true|false: the zone
/// summary kept by scopeirRuntimeSessionFinishTrace), `keep-freed-memory`
/// (true|false, default true: creating the session sets the process's glibc
/// malloc thresholds as scope-run does, mapping threshold 32 MiB and trim
/// threshold 1 GiB, so that the buffers a call frees are reused by the next
/// call instead of being unmapped and page-faulted again; process-wide,
/// kept after the session). An unknown key or a bad value is a failure
/// naming it.
MLIR_CAPI_EXPORTED ScopeirRuntimeStatus scopeirRuntimeOptionsSet(
    ScopeirRuntimeOptions options, const char *key, const char *value);

/// Returns the names of the registered target backends (what
/// `#hal.device.target<"name">` and the option `host-backend` may name),
/// comma-separated, NUL-terminated, owned by the library.
MLIR_CAPI_EXPORTED const char *scopeirRuntimeGetTargetBackends(void);

/*===----------------------------------------------------------------------===*
 * Sessions
 *===----------------------------------------------------------------------===*/

/// One module, compiled once, callable many times.
typedef struct ScopeirRuntimeSessionImpl *ScopeirRuntimeSession;

/// The results of one call, owned by the caller.
typedef struct ScopeirRuntimeResultsImpl *ScopeirRuntimeResults;

/// Parses the module text `source` (`length` bytes; `sourceName` names it
/// in diagnostics, may be NULL), compiles `options`' function through the
/// pipeline and JIT-compiles it. On success `*session` receives the new
/// session. `options` may be destroyed afterwards.
MLIR_CAPI_EXPORTED ScopeirRuntimeStatus scopeirRuntimeSessionCreate(
    const char *source, size_t length, const char *sourceName,
    ScopeirRuntimeOptions options, ScopeirRuntimeSession *session);

/// Destroys `session` (its compiled code included; results of its calls
/// stay valid).
MLIR_CAPI_EXPORTED void
scopeirRuntimeSessionDestroy(ScopeirRuntimeSession session);

/// Returns the number of arguments and of results of the function.
MLIR_CAPI_EXPORTED intptr_t
scopeirRuntimeSessionGetNumInputs(ScopeirRuntimeSession session);
MLIR_CAPI_EXPORTED intptr_t
scopeirRuntimeSessionGetNumResults(ScopeirRuntimeSession session);

/// Returns the warnings the session printed so far (a kernel no library
/// provides, ...), NUL-terminated, owned by the session; empty if none.
MLIR_CAPI_EXPORTED const char *
scopeirRuntimeSessionGetWarnings(ScopeirRuntimeSession session);

/// Calls the function with `inputs` (one per argument, in order; a scalar
/// argument takes a rank-0 view). The function reads the inputs in place
/// and never writes them. The shapes must match the function's static
/// sizes; dynamic sizes take the input's. On success `*results` receives
/// the results; `seconds`, if not NULL, the wall time of the call itself.
MLIR_CAPI_EXPORTED ScopeirRuntimeStatus scopeirRuntimeSessionCall(
    ScopeirRuntimeSession session, const ScopeirBufferView *inputs,
    intptr_t numInputs, ScopeirRuntimeResults *results, double *seconds);

/// With `prepare-parameters`: the parameter buffers were written since
/// the last call; the next call prepares them again.
MLIR_CAPI_EXPORTED void
scopeirRuntimeSessionResetParameters(ScopeirRuntimeSession session);

/// With `trace` or `print-zones` set: collects what the calls so far
/// recorded, writes the trace file and keeps the zone summary (the table
/// scope-run's --print-zones prints), returned by
/// scopeirRuntimeSessionGetZoneSummary. Call once, after the last call.
MLIR_CAPI_EXPORTED ScopeirRuntimeStatus
scopeirRuntimeSessionFinishTrace(ScopeirRuntimeSession session);

/// Returns the zone summary kept by scopeirRuntimeSessionFinishTrace
/// (NUL-terminated, owned by the session), empty before it or without
/// `print-zones`.
MLIR_CAPI_EXPORTED const char *
scopeirRuntimeSessionGetZoneSummary(ScopeirRuntimeSession session);

/// Returns the number of results.
MLIR_CAPI_EXPORTED intptr_t
scopeirRuntimeResultsGetCount(ScopeirRuntimeResults results);

/// Returns result `index`: a dense row-major buffer owned by `results`
/// (scalar results are rank 0).
MLIR_CAPI_EXPORTED ScopeirBufferView
scopeirRuntimeResultsGet(ScopeirRuntimeResults results, intptr_t index);

/// Destroys `results` and the memory of every result.
MLIR_CAPI_EXPORTED void
scopeirRuntimeResultsDestroy(ScopeirRuntimeResults results);

#ifdef __cplusplus
}
#endif

#endif /* SCOPEIR_C_RUNTIME_H */
