//===- LLVMCPUConfig.cpp - The llvm-cpu device's config keys ----*- C++ -*-===//
//
// This file implements the parsing and validation of the llvm-cpu device's
// config dictionary.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Target/LLVMCPU/LLVMCPUConfig.h"

#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

using namespace scopeir::llvmcpu;

StringRef LLVMCPUConfig::getKnownKeys() {
  return "cache_tiles, cpu, cpu_features, threads";
}

/// Returns the positive integer `attr` holds, or nullopt.
static std::optional<int64_t> getPositiveInteger(Attribute attr) {
  auto integer = dyn_cast<IntegerAttr>(attr);
  if (!integer || !isa<IntegerType>(integer.getType()) ||
      integer.getValue().getSignificantBits() > 63 ||
      integer.getValue().getSExtValue() <= 0)
    return std::nullopt;
  return integer.getValue().getSExtValue();
}

FailureOr<LLVMCPUConfig>
LLVMCPUConfig::parse(DictionaryAttr config,
                     function_ref<InFlightDiagnostic()> emitError) {
  LLVMCPUConfig parsed;
  if (!config)
    return parsed;
  std::optional<StringRef> cpu, features;
  for (NamedAttribute entry : config) {
    StringRef key = entry.getName().getValue();
    Attribute value = entry.getValue();
    if (key == "cpu" || key == "cpu_features") {
      auto text = dyn_cast<StringAttr>(value);
      if (!text)
        return emitError() << "llvm-cpu config key '" << key
                           << "' must be a string, got " << value;
      (key == "cpu" ? cpu : features) = text.getValue();
      continue;
    }
    if (key == "cache_tiles") {
      auto array = dyn_cast<ArrayAttr>(value);
      SmallVector<int64_t, 3> tiles;
      if (array)
        for (Attribute element : array)
          if (std::optional<int64_t> tile = getPositiveInteger(element))
            tiles.push_back(*tile);
      if (!array || array.size() != 3 || tiles.size() != 3)
        return emitError() << "llvm-cpu config key 'cache_tiles' must be an "
                              "array of 3 positive integers (m tiles, n "
                              "tiles, k steps), got "
                           << value;
      parsed.cacheTiles = tiles;
      continue;
    }
    if (key == "threads") {
      std::optional<int64_t> threads = getPositiveInteger(value);
      if (!threads || *threads > 4096)
        return emitError() << "llvm-cpu config key 'threads' must be an "
                              "integer from 1 to 4096, got "
                           << value;
      parsed.threads = static_cast<unsigned>(*threads);
      continue;
    }
    return emitError() << "unknown llvm-cpu config key '" << key
                       << "'; known keys: " << getKnownKeys();
  }
  if (features && !cpu)
    return emitError() << "llvm-cpu config key 'cpu_features' needs 'cpu'";
  if (cpu) {
    llvm::Expected<CPUTarget> target =
        CPUTarget::get(*cpu, features.value_or(""));
    if (!target)
      return emitError() << "llvm-cpu config: "
                         << llvm::toString(target.takeError());
    parsed.target = std::move(*target);
  }
  return parsed;
}
