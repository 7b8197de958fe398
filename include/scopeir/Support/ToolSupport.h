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
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>

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

} // namespace scopeir

#endif // SCOPEIR_SUPPORT_TOOLSUPPORT_H
