//===- ToolSupport.cpp - What every scopeir tool's CLI shares ---*- C++ -*-===//
//
// This file implements the version printer, --help filtering, option
// parsers and command-line batches shared by scopeir's tools.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Support/ToolSupport.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/StringSaver.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <vector>

#include <unistd.h>

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

bool PositiveIntParser::parse(cl::Option &option, llvm::StringRef name,
                              llvm::StringRef arg, unsigned &value) {
  if (arg.getAsInteger(10, value) || value == 0)
    return option.error("takes a positive integer, not '" + arg + "'");
  return false;
}

int scopeir::runCommandLineBatch(
    int argc, char **argv, llvm::StringRef batchOption, llvm::StringRef path,
    llvm::StringRef overview, llvm::StringRef toolName,
    llvm::function_ref<int(bool, llvm::StringRef, bool &)> runJob) {
  // Every job starts from this command line without the batch option.
  std::vector<std::string> base;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    llvm::StringRef name = arg.ltrim('-');
    if (arg.starts_with("-") && name == batchOption) {
      ++i;
      continue;
    }
    if (arg.starts_with("-") && name.starts_with(batchOption) &&
        name.drop_front(batchOption.size()).starts_with("="))
      continue;
    base.push_back(arg.str());
  }
  std::ifstream fileStream;
  std::istream *in = &std::cin;
  if (path != "-") {
    fileStream.open(path.str());
    if (!fileStream) {
      llvm::errs() << toolName << ": cannot read the batch file '" << path
                   << "'\n";
      return 1;
    }
    in = &fileStream;
  }
  unsigned numJobs = 0;
  bool anyFailed = false;
  std::string line;
  while (std::getline(*in, line)) {
    llvm::StringRef text = llvm::StringRef(line).trim();
    if (text.empty() || text.starts_with("#"))
      continue;
    unsigned job = numJobs++;
    llvm::BumpPtrAllocator allocator;
    llvm::StringSaver saver(allocator);
    llvm::SmallVector<const char *> args{argv[0]};
    for (const std::string &arg : base)
      args.push_back(arg.c_str());
    cl::TokenizeGNUCommandLine(text, saver, args);
    cl::ResetAllOptionOccurrences();
    std::string parseErrors;
    llvm::raw_string_ostream parseStream(parseErrors);
    bool parsed = cl::ParseCommandLineOptions(args.size(), args.data(),
                                              overview, &parseStream);
    bool reused = false;
    int status = runJob(parsed, parseErrors, reused);
    anyFailed |= status != 0;
    llvm::outs() << toolName << ": job " << job << ": exit " << status
                 << (reused ? " (machine code reused)" : "") << "\n";
    llvm::outs().flush();
  }
  return anyFailed ? 1 : 0;
}

/// Flushes every buffered stream of this process.
static void flushAll() {
  llvm::outs().flush();
  llvm::errs().flush();
  std::fflush(stdout);
  std::fflush(stderr);
}

StreamRedirect::~StreamRedirect() {
  if (saved < 0)
    return;
  flushAll();
  ::dup2(saved, fd);
  ::close(saved);
}

std::string StreamRedirect::redirect(llvm::StringRef path) {
  flushAll();
  int target;
  if (std::error_code error = llvm::sys::fs::openFileForWrite(
          path, target, llvm::sys::fs::CD_CreateAlways,
          llvm::sys::fs::OF_None))
    return "cannot write '" + path.str() + "': " + error.message();
  saved = ::dup(fd);
  ::dup2(target, fd);
  ::close(target);
  return "";
}
