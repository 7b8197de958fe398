//===- CPUTarget.cpp - The CPU a CPU backend generates code for -*- C++ -*-===//
//
// This file implements CPUTarget: host detection, validation of a named CPU
// and feature list against LLVM's target tables, and the vector register
// facts derived from the features.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Support/CPUTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>

using namespace scopeir;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Registers the native target with LLVM once.
static void initializeNativeTarget() {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initialized;
}

CPUTarget CPUTarget::getHost() {
  CPUTarget target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu = llvm::sys::getHostCPUName().str();
  for (const auto &entry : llvm::sys::getHostCPUFeatures())
    if (entry.getValue())
      target.features.push_back(("+" + entry.getKey()).str());
  llvm::sort(target.features);
  target.computeVectorRegisters();
  return target;
}

llvm::Expected<CPUTarget> CPUTarget::get(llvm::StringRef cpu,
                                         llvm::StringRef features) {
  initializeNativeTarget();
  CPUTarget target;
  target.triple = llvm::sys::getProcessTriple();
  target.cpu = cpu.str();
  std::string error;
  const llvm::Target *llvmTarget =
      llvm::TargetRegistry::lookupTarget(llvm::Triple(target.triple), error);
  if (!llvmTarget)
    return makeError(error);
  // A generic subtarget answers which CPUs and features exist (creating one
  // for an unknown CPU would print a warning of LLVM's own).
  std::unique_ptr<llvm::MCSubtargetInfo> probe(
      llvmTarget->createMCSubtargetInfo(llvm::Triple(target.triple), "", ""));
  if (!probe || !probe->isCPUStringValid(cpu))
    return makeError("unknown CPU '" + cpu + "' for " + target.triple);
  llvm::ArrayRef<llvm::SubtargetFeatureKV> table =
      probe->getAllProcessorFeatures();
  llvm::SmallVector<llvm::StringRef> requested;
  features.split(requested, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : requested) {
    feature = feature.trim();
    if (!feature.consume_front("+") && !feature.consume_front("-"))
      return makeError("feature '" + feature +
                       "' must start with '+' (enable) or '-' (disable)");
    if (llvm::none_of(table, [&](const llvm::SubtargetFeatureKV &kv) {
          return feature == kv.Key;
        }))
      return makeError("unknown CPU feature '" + feature + "' for " +
                       target.triple);
  }
  std::unique_ptr<llvm::MCSubtargetInfo> info(llvmTarget->createMCSubtargetInfo(
      llvm::Triple(target.triple), cpu, features));
  for (const llvm::SubtargetFeatureKV &kv : table)
    if (info->getFeatureBits()[kv.Value])
      target.features.push_back(("+" + llvm::StringRef(kv.Key)).str());
  llvm::sort(target.features);
  target.computeVectorRegisters();
  return target;
}

std::string CPUTarget::getFeaturesString() const {
  return llvm::join(features, ",");
}

bool CPUTarget::hasFeature(llvm::StringRef feature) const {
  return llvm::is_contained(features, ("+" + feature).str());
}

void CPUTarget::computeVectorRegisters() {
  llvm::Triple parsed(triple);
  if (parsed.isX86()) {
    if (hasFeature("avx512f")) {
      vectorBits = 512;
      numVectorRegisters = 32;
    } else if (hasFeature("avx")) {
      vectorBits = 256;
      numVectorRegisters = 16;
    } else {
      vectorBits = 128;
      numVectorRegisters = parsed.isArch64Bit() ? 16 : 8;
    }
    return;
  }
  if (parsed.isAArch64()) {
    // NEON; scalable vectors are not used.
    vectorBits = 128;
    numVectorRegisters = 32;
    return;
  }
  vectorBits = 128;
  numVectorRegisters = 16;
}

llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
CPUTarget::createTargetMachine(unsigned optLevel) const {
  initializeNativeTarget();
  llvm::orc::JITTargetMachineBuilder builder{llvm::Triple(triple)};
  builder.setCPU(cpu);
  builder.addFeatures(std::vector<std::string>(features.begin(), features.end()));
  static constexpr llvm::CodeGenOptLevel levels[] = {
      llvm::CodeGenOptLevel::None, llvm::CodeGenOptLevel::Less,
      llvm::CodeGenOptLevel::Default, llvm::CodeGenOptLevel::Aggressive};
  builder.setCodeGenOptLevel(levels[std::min(optLevel, 3u)]);
  return builder.createTargetMachine();
}

std::string CPUTarget::describe() const {
  return cpu + " (" + triple + "), " + std::to_string(numVectorRegisters) +
         " x " + std::to_string(vectorBits) + "-bit vector registers";
}
