//===- TargetBackend.cpp - target backend registry --------------*- C++ -*-===//
//
// This file implements the target backend registry.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace scopeir::hal;

mlir::LogicalResult TargetBackend::verifyConfig(
    mlir::DictionaryAttr config,
    llvm::function_ref<mlir::InFlightDiagnostic()> emitError) const {
  if (!config || config.empty())
    return mlir::success();
  return emitError() << "target backend '" << getName()
                     << "' takes no config keys; got '"
                     << config.begin()->getName().getValue() << "'";
}

TargetBackendRegistry &TargetBackendRegistry::global() {
  static TargetBackendRegistry registry;
  return registry;
}

bool TargetBackendRegistry::registerBackend(
    std::unique_ptr<TargetBackend> backend) {
  std::lock_guard<std::mutex> lock(mutex);
  llvm::StringRef name = backend->getName();
  return backends.try_emplace(name, std::move(backend)).second;
}

const TargetBackend *TargetBackendRegistry::lookup(llvm::StringRef name) const {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = backends.find(name);
  return it == backends.end() ? nullptr : it->second.get();
}

llvm::SmallVector<std::string>
TargetBackendRegistry::getRegisteredNames() const {
  std::lock_guard<std::mutex> lock(mutex);
  llvm::SmallVector<std::string> names;
  for (const auto &entry : backends)
    names.push_back(entry.getKey().str());
  llvm::sort(names);
  return names;
}

std::string TargetBackendRegistry::getRegisteredNamesString() const {
  llvm::SmallVector<std::string> names = getRegisteredNames();
  if (names.empty())
    return "(none)";
  return llvm::join(names, ", ");
}
