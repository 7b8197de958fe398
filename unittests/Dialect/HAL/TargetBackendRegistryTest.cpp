//===- TargetBackendRegistryTest.cpp - Backend registry tests ---*- C++ -*-===//
//
// This file tests TargetBackendRegistry: registration, lookup, duplicates and
// the built-in backends' pipelines.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Target/LLVMCPU/LLVMCPUBackends.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace scopeir::hal;

namespace {

class FakeBackend final : public TargetBackend {
public:
  explicit FakeBackend(std::string name) : name(std::move(name)) {}
  llvm::StringRef getName() const override { return name; }
  llvm::StringRef getDescription() const override { return "fake"; }
  void buildTensorPipeline(OpPassManager &) const override {}
  void buildBufferPipeline(OpPassManager &) const override {}

private:
  std::string name;
};

TEST(TargetBackendRegistry, BuiltinsAreRegisteredOnce) {
  scopeir::llvmcpu::registerLLVMCPUBackends();
  scopeir::llvmcpu::registerLLVMCPUBackends();
  TargetBackendRegistry &registry = TargetBackendRegistry::global();
  ASSERT_NE(registry.lookup("llvm-cpu"), nullptr);
  ASSERT_NE(registry.lookup("llvm-cpu-loops"), nullptr);
  EXPECT_EQ(registry.lookup("llvm-cpu")->getName(), "llvm-cpu");
  EXPECT_EQ(registry.lookup("no-such-backend"), nullptr);
  EXPECT_EQ(registry.lookup(kDefaultHostBackend)->getName(), "llvm-cpu-loops");
}

TEST(TargetBackendRegistry, DuplicatesAreRejectedAndNamesSorted) {
  TargetBackendRegistry registry;
  EXPECT_TRUE(registry.registerBackend(std::make_unique<FakeBackend>("b")));
  EXPECT_TRUE(registry.registerBackend(std::make_unique<FakeBackend>("a")));
  EXPECT_FALSE(registry.registerBackend(std::make_unique<FakeBackend>("a")));
  EXPECT_EQ(registry.getRegisteredNames(),
            (llvm::SmallVector<std::string>{"a", "b"}));
  EXPECT_EQ(registry.getRegisteredNamesString(), "a, b");
  EXPECT_EQ(TargetBackendRegistry().getRegisteredNamesString(), "(none)");
}

TEST(TargetBackendRegistry, BuiltinPipelinesDiffer) {
  scopeir::llvmcpu::registerLLVMCPUBackends();
  TargetBackendRegistry &registry = TargetBackendRegistry::global();
  auto print = [](const TargetBackend &backend, bool tensor) {
    OpPassManager pm(func::FuncOp::getOperationName());
    if (tensor)
      backend.buildTensorPipeline(pm);
    else
      backend.buildBufferPipeline(pm);
    std::string text;
    llvm::raw_string_ostream os(text);
    pm.printAsTextualPipeline(os);
    return text;
  };
  std::string vecTensor = print(*registry.lookup("llvm-cpu"), true);
  std::string loopsTensor = print(*registry.lookup("llvm-cpu-loops"), true);
  // llvm-cpu compiles each root in a tu scope with its per-kind strategy.
  EXPECT_NE(
      vecTensor.find("codegen-form-tu-scopes{remarks=false table=llvm-cpu}"),
      std::string::npos)
      << vecTensor;
  EXPECT_NE(vecTensor.find("codegen-run-scope-pipelines"), std::string::npos)
      << vecTensor;
  EXPECT_EQ(loopsTensor.find("llvm-cpu-tile-and-vectorize"),
            std::string::npos)
      << loopsTensor;
  EXPECT_EQ(loopsTensor.find("codegen-"), std::string::npos) << loopsTensor;
  EXPECT_NE(print(*registry.lookup("llvm-cpu-loops"), false)
                .find("convert-linalg-to-loops"),
            std::string::npos);
}

} // namespace
