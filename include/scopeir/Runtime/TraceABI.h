//===- TraceABI.h - What compiled code and the trace runtime share -*- C -*-==//
//
// This file declares the C interface between compiled code and scopeir's
// tracing runtime: the two entry points and the layout of a trace site. The
// compiler names the entry points from here, the runtime defines them.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_RUNTIME_TRACEABI_H
#define SCOPEIR_RUNTIME_TRACEABI_H

/// A trace site is a constant string that compiled code passes by address to
/// both entry points, one per distinct traced thing (a zone, a dispatch):
///
///   "<category>\0<name>\0<args>\0"
///
/// `category` is `zone` or `dispatch` (any other is accepted and written as
/// is), `name` is the slice's name and `args` is a JSON object (possibly
/// empty, `{}` is then written) copied verbatim into the slice's `args`. The
/// runtime records only the site's address per event; the string must stay
/// alive until the trace is collected (the compiled module owns it).

#ifdef __cplusplus
extern "C" {
#endif

/// Opens a slice of `site` on the calling thread, timed from now.
void scopeir_trace_begin(const char *site);

/// Closes the innermost open slice of the calling thread, which must have
/// been opened with the same `site` (or one of the same category and name).
void scopeir_trace_end(const char *site);

#ifdef __cplusplus
} // extern "C"

namespace scopeir::runtime {
/// The symbol names of the entry points, for the compiler.
inline constexpr const char *kTraceBeginSymbol = "scopeir_trace_begin";
inline constexpr const char *kTraceEndSymbol = "scopeir_trace_end";
} // namespace scopeir::runtime
#endif

#endif // SCOPEIR_RUNTIME_TRACEABI_H
