//===- ToolSupport.h - What every scopeir tool's CLI shares -----*- C++ -*-===//
//
// This file declares the command-line conventions of scopeir's tools: the
// version they print and the option categories their --help shows, so that
// --help lists a tool's own options and not the hundreds libLLVM and
// libMLIR register.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_SUPPORT_TOOLSUPPORT_H
#define SCOPEIR_SUPPORT_TOOLSUPPORT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>

namespace scopeir {

/// Returns scopeir's version (the CMake project version, e.g. `0.1.0`).
llvm::StringRef getScopeirVersion();

/// Prints `<tool> (scopeir) <version>` and the MLIR release the tool was
/// built against, one per line.
void printToolVersion(llvm::raw_ostream &os, llvm::StringRef toolName);

/// Makes --version print printToolVersion(toolName) instead of LLVM's own
/// text; `extra`, if given, prints more lines after it.
void setToolVersionPrinter(
    llvm::StringRef toolName,
    std::function<void(llvm::raw_ostream &)> extra = nullptr);

/// Unregisters the option `name` that libLLVM or libMLIR registered, if any,
/// so that the tool can register its own of that name (registering a name
/// twice is a fatal error). The library's option keeps its default value.
/// libLLVM registers a hidden `--threads`, for instance.
void unregisterOption(llvm::StringRef name);

/// An option category a scopeir tool shows in --help. Constructing one
/// registers it, so a library that adds options to a tool (in a category
/// of its own or in one of the tool's) needs no list to be edited:
///
///   static scopeir::ToolOptionCategory category("Kernels", "...");
///   static llvm::cl::opt<std::string> lib("kernel-library",
///                                         llvm::cl::cat(category));
///
/// LLVM's --help prints the categories sorted by name.
class ToolOptionCategory : public llvm::cl::OptionCategory {
public:
  explicit ToolOptionCategory(llvm::StringRef name,
                              llvm::StringRef description = "");

  /// Returns every ToolOptionCategory constructed so far.
  static llvm::ArrayRef<const llvm::cl::OptionCategory *> getAll();
};

/// Hides from --help every option in no ToolOptionCategory (the options of
/// libLLVM and libMLIR) but LLVM's generic ones (--help, --version, ...).
/// Unlike llvm::cl::HideUnrelatedOptions, which makes them "really hidden",
/// they stay listed by --help-hidden and --help-list-hidden, and all of
/// them still work. Call it after every option is registered and before
/// llvm::cl::ParseCommandLineOptions.
void hideUnrelatedOptions();

/// Parses a positive integer option value (`--threads=N`).
struct PositiveIntParser : public llvm::cl::parser<unsigned> {
  using llvm::cl::parser<unsigned>::parser;
  bool parse(llvm::cl::Option &option, llvm::StringRef name,
             llvm::StringRef arg, unsigned &value);
};

/// Runs a batch of command lines in this process: each line of the file at
/// `path` ("-": standard input, each line run as it arrives; blank lines
/// and `#` comments skipped) is tokenized, appended to this process's
/// arguments (`argv` without the `--<batchOption>` option), and parsed
/// afresh with every option reset to its default; then `runJob` runs the
/// job, given whether the line parsed (the parser's messages in
/// `parseErrors`), and may set `reused`. After each job prints
/// `<toolName>: job N: exit C[ (machine code reused)]` on stdout. Returns 1
/// if a job failed or the file cannot be read.
int runCommandLineBatch(
    int argc, char **argv, llvm::StringRef batchOption, llvm::StringRef path,
    llvm::StringRef overview, llvm::StringRef toolName,
    llvm::function_ref<int(bool parsed, llvm::StringRef parseErrors,
                           bool &reused)>
        runJob);

/// Sends one of this process's standard streams (a file descriptor) to a
/// file for the lifetime of the object, and back when it is destroyed (a
/// batch job's own output files). Output written through the descriptor
/// (LLVM's streams, stdio, compiled code's prints) follows.
class StreamRedirect {
public:
  explicit StreamRedirect(int fd) : fd(fd) {}
  StreamRedirect(const StreamRedirect &) = delete;
  StreamRedirect &operator=(const StreamRedirect &) = delete;
  ~StreamRedirect();

  /// Sends the stream to `path` (created or truncated); an error message
  /// or the empty string.
  std::string redirect(llvm::StringRef path);

private:
  int fd;
  int saved = -1;
};

} // namespace scopeir

#endif // SCOPEIR_SUPPORT_TOOLSUPPORT_H
