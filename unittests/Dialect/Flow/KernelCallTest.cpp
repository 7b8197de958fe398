//===- KernelCallTest.cpp - Kernel calls seen through util ------*- C++ -*-===//
//
// This file tests that flow's passes and dispatch map find extern kernel
// calls and kernel scopes through util's interfaces only: `func.call` stands
// in for a kernel call (an ExternCallOpInterface model) and builtin symbol
// references for the attribute of a kernel's scope, so no hal op or
// attribute is involved and this test links nothing of hal.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace scopeir;

namespace {

/// Makes every `func.call` a kernel call: the kernel is named after the
/// callee, which is also its decomposition.
struct CallAsKernelModel
    : public util::ExternCallOpInterface::ExternalModel<CallAsKernelModel,
                                                        func::CallOp> {
  StringAttr getKernelSymbolAttr(Operation *op) const {
    return cast<func::CallOp>(op).getCalleeAttr().getAttr();
  }
  FlatSymbolRefAttr getKernelDecompositionAttr(Operation *op) const {
    return cast<func::CallOp>(op).getCalleeAttr();
  }
};

/// Makes every builtin symbol reference the attribute of a kernel's scope,
/// as `#hal.extern` is: a barrier that fixes the scope's signature, shown by
/// the symbol it names.
struct SymbolKernelModel
    : public util::ScopeAttrInterface::ExternalModel<SymbolKernelModel,
                                                     SymbolRefAttr> {
  StringRef getScopeKind(Attribute) const { return "extern"; }
  bool isScopeBarrier(Attribute) const { return true; }
  bool fixesScopeSignature(Attribute) const { return true; }
  StringRef getScopeDisplayName(Attribute attr) const {
    return cast<SymbolRefAttr>(attr).getRootReference().getValue();
  }
};

class KernelCallTest
    : public scopeir::test::ScopeTest<
          flow::FlowDialect, func::FuncDialect, arith::ArithDialect,
          linalg::LinalgDialect, tensor::TensorDialect> {
protected:
  KernelCallTest() {
    func::CallOp::attachInterface<CallAsKernelModel>(context);
    SymbolRefAttr::attachInterface<SymbolKernelModel>(context);
  }
};

/// In a zone on gpu0: a kernel call, and a scope of the kernel @k whose ops
/// (its decomposition, kept in place) become a dispatch.
constexpr StringLiteral kKernels = R"mlir(
func.func private @k(%x: tensor<4xf32>) -> tensor<4xf32>

func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = util.scope [#util.zone<"layer">, "gpu0"] -> (tensor<4xf32>, tensor<4xf32>) {
    %call = func.call @k(%x) : (tensor<4xf32>) -> tensor<4xf32>
    %kept = util.scope [@k] (%x as %a: tensor<4xf32>) -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      %n = linalg.negf ins(%a : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
      util.return %n : tensor<4xf32>
    }
    util.return %call, %kept : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(KernelCallTest, PassesAndMapsFindKernelsThroughUtil) {
  OwningOpRef<ModuleOp> module = parse(kKernels);
  ASSERT_TRUE(module);
  PassManager pm = PassManager::on<ModuleOp>(&context);
  pm.addPass(flow::createRecordScopePathsPass());
  pm.addPass(flow::createFormDispatchRegionsPass());
  pm.addPass(flow::createOutlineDispatchRegionsPass());
  pm.addPass(flow::createTraceDispatchesPass());
  ASSERT_TRUE(succeeded(pm.run(*module)));

  func::CallOp call;
  module->walk([&](func::CallOp op) { call = op; });
  ASSERT_TRUE(call);
  // The recorded scope path stays on the call, which no region holds.
  auto recorded = call->getAttrOfType<ArrayAttr>(
      flow::FlowDialect::getRecordedScopePathAttrName());
  ASSERT_TRUE(recorded);
  ASSERT_EQ(recorded.size(), 1u);
  EXPECT_EQ(cast<StringAttr>(recorded[0]).getValue(), "layer");

  // The call is timed as a dispatch named after its kernel.
  auto begin = dyn_cast_or_null<util::TraceBeginOp>(call->getPrevNode());
  ASSERT_TRUE(begin);
  EXPECT_EQ(begin.getCategory(), "dispatch");
  EXPECT_EQ(begin.getName(), "k");
  ASSERT_TRUE(begin.getArgs());
  EXPECT_EQ(begin.getArgs()->get("extern"), StringAttr::get(&context, "k"));
  EXPECT_TRUE(isa_and_nonnull<util::TraceEndOp>(call->getNextNode()));

  std::string calls;
  llvm::raw_string_ostream callsStream(calls);
  flow::printKernelCalls(*module, callsStream);
  EXPECT_EQ(calls, "extern #0 \"k\" decomposition=@k scope=layer\n");

  // The map shows the call as a kernel and the dispatch formed in the
  // kernel's scope as its decomposition.
  std::string graph;
  llvm::raw_string_ostream graphStream(graph);
  flow::printDispatchGraph(*module, graphStream);
  EXPECT_NE(graph.find("[label=\"extern k\\ndecomposition @k\""),
            std::string::npos)
      << graph;
  EXPECT_NE(graph.find("main_dispatch_0\\ndecomposition of k\""),
            std::string::npos)
      << graph;
}

} // namespace
