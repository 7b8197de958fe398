//===- ToolSupport.cpp - What every scopeir tool's CLI shares ---*- C++ -*-===//
//
// This file implements the version printer and --help filtering shared by
// scopeir's tools.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Support/ToolSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"

#include <vector>

#ifndef SCOPEIR_VERSION
#error "SCOPEIR_VERSION must be defined by the build"
#endif

using namespace scopeir;
namespace cl = llvm::cl;

llvm::StringRef scopeir::getScopeirVersion() { return SCOPEIR_VERSION; }

void scopeir::printToolVersion(llvm::raw_ostream &os,
                               llvm::StringRef toolName) {
  // MLIR is released with LLVM and carries its version.
  os << toolName << " (scopeir) " << getScopeirVersion() << "\n"
     << "  built with MLIR " << LLVM_VERSION_STRING << "\n";
}

void scopeir::setToolVersionPrinter(
    llvm::StringRef toolName, std::function<void(llvm::raw_ostream &)> extra) {
  cl::SetVersionPrinter([name = toolName.str(), extra](llvm::raw_ostream &os) {
    printToolVersion(os, name);
    if (extra)
      extra(os);
  });
}

void scopeir::unregisterOption(llvm::StringRef name) {
  if (cl::Option *option = cl::getRegisteredOptions().lookup(name))
    option->removeArgument();
}

/// The categories constructed so far. A function-local static, so that
/// categories constructed during static initialization of any library find
/// it constructed.
static std::vector<const cl::OptionCategory *> &getCategoryList() {
  static std::vector<const cl::OptionCategory *> categories;
  return categories;
}

ToolOptionCategory::ToolOptionCategory(llvm::StringRef name,
                                       llvm::StringRef description)
    : cl::OptionCategory(name, description) {
  getCategoryList().push_back(this);
}

llvm::ArrayRef<const cl::OptionCategory *> ToolOptionCategory::getAll() {
  return getCategoryList();
}

void scopeir::hideUnrelatedOptions() {
  llvm::ArrayRef<const cl::OptionCategory *> shown =
      ToolOptionCategory::getAll();
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    // LLVM's own --help, --version, ... are in its "Generic Options"
    // category, which it does not expose.
    bool related = llvm::any_of(option->Categories, [&](auto *category) {
      return llvm::is_contained(shown, category) ||
             category->getName() == "Generic Options";
    });
    if (!related && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
}
