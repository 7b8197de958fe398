//===- DispatchPlacementTest.cpp - Placement-aware formation ----*- C++ -*-===//
//
// This file tests that dispatch region formation, outlining and the
// placement check group ops by the placement their scopes give them, with
// builtin string attributes standing in for a device dialect (the flow
// dialect knows devices only through util's ScopeAttrInterface).
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Flow/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/Utils/DispatchUtils.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace scopeir;

namespace {

/// Formation and outlining in IR using util, flow and the dialects the
/// formed regions hold, with builtin string attributes as devices.
class DispatchPlacementTest
    : public scopeir::test::ScopeTest<
          flow::FlowDialect, func::FuncDialect, arith::ArithDialect,
          affine::AffineDialect, linalg::LinalgDialect, scf::SCFDialect,
          tensor::TensorDialect> {
protected:
  /// Runs `pipeline` (passes added by `fill`) on `module`.
  LogicalResult run(ModuleOp module,
                    llvm::function_ref<void(PassManager &)> fill) {
    PassManager pm = PassManager::on<ModuleOp>(&context);
    fill(pm);
    return pm.run(module);
  }

  static SmallVector<flow::DispatchRegionOp> regions(ModuleOp module) {
    SmallVector<flow::DispatchRegionOp> result;
    module->walk([&](flow::DispatchRegionOp op) { result.push_back(op); });
    return result;
  }

  static std::string placementOf(flow::DispatchRegionOp region) {
    auto attr = dyn_cast_if_present<StringAttr>(region.getPlacementAttr());
    return attr ? attr.getValue().str() : std::string("<host>");
  }

  static std::string linalgNames(flow::DispatchRegionOp region) {
    std::string names;
    region.getBody().walk([&](linalg::LinalgOp op) {
      if (!names.empty())
        names += ",";
      names += op->getName().stripDialect().str();
    });
    return names;
  }
};

/// matmul + bias + relu on one device, its consumer on another, and a
/// nested scope whose device wins.
constexpr StringLiteral kTwoDevices = R"mlir(
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>, %bias: tensor<4xf32>) -> tensor<4x4xf32> {
  %cst = arith.constant 0.0 : f32
  %r = util.scope ["gpu0"] -> (tensor<4x4xf32>) {
    %e = tensor.empty() : tensor<4x4xf32>
    %f = linalg.fill ins(%cst : f32) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
    %m = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x4xf32>) outs(%f : tensor<4x4xf32>) -> tensor<4x4xf32>
    %add = linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]} ins(%m, %bias : tensor<4x4xf32>, tensor<4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %y: f32, %o: f32):
      %s = arith.addf %x, %y : f32
      linalg.yield %s : f32
    } -> tensor<4x4xf32>
    %relu = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%add : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.maximumf %x, %cst : f32
      linalg.yield %s : f32
    } -> tensor<4x4xf32>
    util.return %relu : tensor<4x4xf32>
  }
  %t = util.scope [#util.zone<"tail">, "gpu1"] -> (tensor<4x4xf32>) {
    %e = tensor.empty() : tensor<4x4xf32>
    %neg = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) {
    ^bb0(%x: f32, %o: f32):
      %s = arith.negf %x : f32
      linalg.yield %s : f32
    } -> tensor<4x4xf32>
    %inner = util.annotate [#util.zone<"inner">, "dsp"] {
      %e2 = tensor.empty() : tensor<4x4xf32>
      %sq = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%neg : tensor<4x4xf32>) outs(%e2 : tensor<4x4xf32>) {
      ^bb0(%x: f32, %o: f32):
        %s = arith.mulf %x, %x : f32
        linalg.yield %s : f32
      } -> tensor<4x4xf32>
      util.return %sq : tensor<4x4xf32>
    } : tensor<4x4xf32>
    util.return %inner : tensor<4x4xf32>
  }
  return %t : tensor<4x4xf32>
}
)mlir";

TEST_F(DispatchPlacementTest, RegionsTakeTheInnermostDevice) {
  OwningOpRef<ModuleOp> module = parse(kTwoDevices);
  ASSERT_TRUE(module);
  ASSERT_TRUE(succeeded(run(*module, [](PassManager &pm) {
    pm.addPass(flow::createFormDispatchRegionsPass());
  })));
  SmallVector<flow::DispatchRegionOp> found = regions(*module);
  ASSERT_EQ(found.size(), 3u);
  // matmul + bias + relu fused on gpu0.
  EXPECT_EQ(placementOf(found[0]), "gpu0");
  EXPECT_EQ(linalgNames(found[0]), "fill,matmul,generic,generic");
  // The consumer on gpu1 did not fuse across the device boundary.
  EXPECT_EQ(placementOf(found[1]), "gpu1");
  EXPECT_EQ(linalgNames(found[1]), "generic");
  // Innermost device wins; the path lists zone names, outermost first.
  EXPECT_EQ(placementOf(found[2]), "dsp");
  ArrayAttr path = found[2].getScopePathAttr();
  ASSERT_TRUE(path);
  ASSERT_EQ(path.size(), 2u);
  EXPECT_EQ(cast<StringAttr>(path[0]).getValue(), "tail");
  EXPECT_EQ(cast<StringAttr>(path[1]).getValue(), "inner");
  // A scope without a zone is named by its printed attributes.
  ArrayAttr first = found[0].getScopePathAttr();
  ASSERT_TRUE(first);
  EXPECT_EQ(cast<StringAttr>(first[0]).getValue(), "\"gpu0\"");
}

/// The same elementwise body twice on gpu0 and once on gpu1.
constexpr StringLiteral kDedup = R"mlir(
#id = affine_map<(d0) -> (d0)>
func.func @g(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %r:3 = util.scope ["gpu0"] -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %e = tensor.empty() : tensor<4xf32>
    %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.negf %v : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %b = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%v: f32, %o: f32):
      %s = arith.negf %v : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %c = util.scope ["gpu1"] -> (tensor<4xf32>) {
      %e1 = tensor.empty() : tensor<4xf32>
      %n = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%x : tensor<4xf32>) outs(%e1 : tensor<4xf32>) {
      ^bb0(%v: f32, %o: f32):
        %s = arith.negf %v : f32
        linalg.yield %s : f32
      } -> tensor<4xf32>
      util.return %n : tensor<4xf32>
    }
    util.return %a, %b, %c : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(DispatchPlacementTest, OutliningGroupsAndDeduplicatesPerDevice) {
  OwningOpRef<ModuleOp> module = parse(kDedup);
  ASSERT_TRUE(module);
  ASSERT_TRUE(succeeded(run(*module, [](PassManager &pm) {
    pm.addPass(flow::createFormDispatchRegionsPass());
    pm.addPass(flow::createOutlineDispatchRegionsPass());
    pm.addPass(flow::createVerifyPlacementPass());
  })));
  // One executable module per device, each carrying its device.
  std::map<std::string, unsigned> functionsPerDevice;
  for (ModuleOp exe : module->getOps<ModuleOp>()) {
    auto attrs = exe->getAttrOfType<ArrayAttr>("util.scope_attrs");
    ASSERT_TRUE(attrs);
    ASSERT_EQ(attrs.size(), 1u);
    std::string device = cast<StringAttr>(attrs[0]).getValue().str();
    EXPECT_EQ(exe.getSymName(), device + "_executables");
    functionsPerDevice[device] = llvm::range_size(exe.getOps<func::FuncOp>());
  }
  // Two equal dispatches on gpu0 share one function; gpu1 has its own
  // (functions are numbered per parent function across all devices).
  EXPECT_EQ(functionsPerDevice,
            (std::map<std::string, unsigned>{{"gpu0", 1}, {"gpu1", 1}}));
  unsigned dispatches = 0;
  module->walk([&](flow::DispatchOp) { ++dispatches; });
  EXPECT_EQ(dispatches, 3u);

  // Linking records the device on each moved function.
  ASSERT_TRUE(succeeded(run(*module, [](PassManager &pm) {
    pm.addPass(flow::createLinkExecutablesPass());
  })));
  std::map<std::string, std::string> deviceOfFunction;
  for (func::FuncOp function : module->getOps<func::FuncOp>())
    if (util::ScopeAttrInterface placement =
            util::lookupPlacement(&function.getBody().front().front()))
      deviceOfFunction[function.getSymName().str()] =
          cast<StringAttr>(placement).getValue().str();
  EXPECT_EQ(deviceOfFunction, (std::map<std::string, std::string>{
                                  {"gpu0_executables_g_dispatch_0", "gpu0"},
                                  {"gpu1_executables_g_dispatch_1", "gpu1"}}));
  EXPECT_TRUE(module->getOps<ModuleOp>().empty());
}

/// A region whose placement disagrees with its scope, and a linalg op left
/// outside any region in a device scope.
constexpr StringLiteral kMisplaced = R"mlir(
func.func @h(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %r:2 = util.scope ["gpu0"] -> (tensor<4xf32>, tensor<4xf32>) {
    %a = flow.dispatch.region on("gpu1") -> (tensor<4xf32>) {
      %e = tensor.empty() : tensor<4xf32>
      flow.return %e : tensor<4xf32>
    }
    %e = tensor.empty() : tensor<4xf32>
    %b = linalg.copy ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    util.return %a, %b : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
)mlir";

TEST_F(DispatchPlacementTest, VerifierReportsEveryViolation) {
  OwningOpRef<ModuleOp> module = parse(kMisplaced);
  ASSERT_TRUE(module);
  SmallVector<std::string> messages;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diag) {
    messages.push_back(diag.str());
    return success();
  });
  EXPECT_TRUE(failed(flow::verifyDispatchPlacement(*module)));
  ASSERT_EQ(messages.size(), 2u);
  EXPECT_EQ(messages[0],
            "dispatch region runs on \"gpu1\" but its scopes place it on "
            "\"gpu0\"");
  EXPECT_EQ(messages[1], "op placed on \"gpu0\" is not in a dispatch region");
}

} // namespace
