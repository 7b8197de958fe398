//===- ScopeLookupTest.cpp - Tests of scope lookups and queries -*- C++ -*-===//
//
// This file tests lookupScopeAttr, lookupScopeAttrStack, lookupPlacement and
// the tie/dim queries of util.scope on parsed IR, including a scope attribute
// from another dialect attached through an external model.
//
//===----------------------------------------------------------------------===//

#include "TestUtils.h"

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Verifier.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace scopeir::util;

namespace {

/// Lookups in IR using util, func, arith, scf and tensor, with builtin string
/// attributes as devices.
class ScopeLookupTest
    : public scopeir::test::ScopeTest<func::FuncDialect, arith::ArithDialect,
                                      scf::SCFDialect, tensor::TensorDialect> {
protected:
  static SmallVector<std::string> zoneNames(ArrayRef<ZoneAttr> zones) {
    SmallVector<std::string> names;
    for (ZoneAttr zone : zones)
      names.push_back(zone.getName().str());
    return names;
  }
};

constexpr StringLiteral kNested = R"mlir(
module attributes {test.default_device = "host"} {
  func.func @f(%x: f32, %n: index) -> f32 attributes {util.scope_attrs = [#util.zone<"fn">]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %outside = arith.addf %x, %x {outside} : f32
    %r = util.scope [#util.zone<"outer">, "gpu0"] -> (f32) {
      %l = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> f32 {
        %in = util.annotate [#util.zone<"inner">] {
          %s = arith.mulf %a, %a {deep} : f32
          util.return %s : f32
        } : f32
        scf.yield %in : f32
      }
      %m = arith.negf %l {mid} : f32
      util.return %m : f32
    }
    return %r : f32
  }
  func.func @g(%x: f32) -> f32 attributes {test.dev = "gpu1"} {
    %y = arith.addf %x, %x {in_g} : f32
    return %y : f32
  }
}
)mlir";

TEST_F(ScopeLookupTest, InnermostZoneAcrossMixedScopeOps) {
  OwningOpRef<ModuleOp> module = parse(kNested);
  ASSERT_TRUE(module);
  Operation *deep = findTagged(*module, "deep");
  ZoneAttr zone = lookupScopeAttr<ZoneAttr>(deep);
  ASSERT_TRUE(zone);
  EXPECT_EQ(zone.getName(), "inner");
  EXPECT_EQ(lookupScopeAttr<ZoneAttr>(findTagged(*module, "mid")).getName(),
            "outer");
  // Outside any scope op, the function's util.scope_attrs answer.
  EXPECT_EQ(
      lookupScopeAttr<ZoneAttr>(findTagged(*module, "outside")).getName(),
      "fn");
  // In a function without zones there is none.
  EXPECT_FALSE(lookupScopeAttr<ZoneAttr>(findTagged(*module, "in_g")));
}

TEST_F(ScopeLookupTest, ZoneStackIsOutermostFirst) {
  OwningOpRef<ModuleOp> module = parse(kNested);
  ASSERT_TRUE(module);
  EXPECT_EQ(zoneNames(lookupScopeAttrStack<ZoneAttr>(
                findTagged(*module, "deep"))),
            (SmallVector<std::string>{"fn", "outer", "inner"}));
  EXPECT_EQ(zoneNames(lookupScopeAttrStack<ZoneAttr>(
                findTagged(*module, "mid"))),
            (SmallVector<std::string>{"fn", "outer"}));
  EXPECT_TRUE(
      lookupScopeAttrStack<ZoneAttr>(findTagged(*module, "in_g")).empty());
}

TEST_F(ScopeLookupTest, PlacementFromScopeFunctionAndModule) {
  OwningOpRef<ModuleOp> module = parse(kNested);
  ASSERT_TRUE(module);
  // Innermost device: the util.scope's external-model attribute.
  ScopeAttrInterface deep = lookupPlacement(findTagged(*module, "deep"));
  ASSERT_TRUE(deep);
  EXPECT_EQ(cast<StringAttr>(deep).getValue(), "gpu0");
  EXPECT_EQ(lookupScopeAttrOfKind(findTagged(*module, "deep"), "device"),
            deep);
  // A device on a function (any discardable attribute implementing the
  // interface).
  ScopeAttrInterface inG = lookupPlacement(findTagged(*module, "in_g"));
  ASSERT_TRUE(inG);
  EXPECT_EQ(cast<StringAttr>(inG).getValue(), "gpu1");
  // The module-level default applies outside every scope.
  ScopeAttrInterface outside =
      lookupPlacement(findTagged(*module, "outside"));
  ASSERT_TRUE(outside);
  EXPECT_EQ(cast<StringAttr>(outside).getValue(), "host");
  // Zones are neither placements nor barriers.
  EXPECT_FALSE(lookupScopeAttrOfKind(findTagged(*module, "in_g"), "zone"));
}

TEST_F(ScopeLookupTest, ScopeOpQueries) {
  OwningOpRef<ModuleOp> module = parse(kNested);
  ASSERT_TRUE(module);
  auto scope = cast<ScopeOpInterface>(
      findTagged(*module, "mid")->getParentOp());
  EXPECT_TRUE(scope.isBarrier());
  EXPECT_FALSE(scope.isAnnotationLike());
  EXPECT_TRUE(scope.getScopeAttrOfKind("zone"));
  EXPECT_FALSE(scope.getScopeAttrOfKind("extern"));
  // The body uses %c0, %n, %c1 (scf.for bounds) and %x (its init) from
  // above, in first-use order.
  SmallVector<Value> implicit = getImplicitCaptures(scope);
  auto func = scope->getParentOfType<func::FuncOp>();
  ASSERT_EQ(implicit.size(), 4u);
  EXPECT_TRUE(implicit[0].getDefiningOp<arith::ConstantOp>());
  EXPECT_EQ(implicit[1], func.getArgument(1));
  EXPECT_TRUE(implicit[2].getDefiningOp<arith::ConstantOp>());
  EXPECT_NE(implicit[0], implicit[2]);
  EXPECT_EQ(implicit[3], func.getArgument(0));

  auto annotate = cast<ScopeOpInterface>(
      findTagged(*module, "deep")->getParentOp());
  EXPECT_TRUE(annotate.isAnnotationLike());
  EXPECT_FALSE(annotate.isBarrier());
  EXPECT_TRUE(annotate.getExplicitCaptures().empty());
}

constexpr StringLiteral kTied = R"mlir(
func.func @t(%a: tensor<?x?xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>,
             %d0: index, %d1: index, %d2: index, %d3: index, %d4: index) {
  %r:3 = util.scope (%a as %x: tensor<?x?xf32>{%d0, %d1},
                     %b as %y: tensor<4xf32>,
                     %c as %z: tensor<?xf32>{%d2})
      -> (tensor<?x8xf32>{%d3}, %c, tensor<?xf32>{%d4}) {
    %e = tensor.empty(%d3) : tensor<?x8xf32>
    %f = tensor.empty(%d4) : tensor<?xf32>
    util.return %e, %z, %f : tensor<?x8xf32>, tensor<?xf32>, tensor<?xf32>
  }
  return
}
)mlir";

TEST_F(ScopeLookupTest, TiesAndDims) {
  OwningOpRef<ModuleOp> module = parse(kTied);
  ASSERT_TRUE(module);
  ScopeOp scope;
  module->walk([&](ScopeOp op) { scope = op; });
  ASSERT_TRUE(scope);
  auto func = scope->getParentOfType<func::FuncOp>();
  auto arg = [&](unsigned i) -> Value { return func.getArgument(i); };

  auto tied = cast<TiedOpInterface>(scope.getOperation());
  EXPECT_EQ(tied.getTiedResultIndices(), (SmallVector<int64_t>{-1, 2, -1}));
  EXPECT_FALSE(tied.isResultTied(0));
  EXPECT_TRUE(tied.isResultTied(1));
  EXPECT_EQ(tied.getTiedResultOperand(1), arg(2));
  EXPECT_EQ(tied.getTiedResultOperandIndex(1), std::optional<unsigned>(2));
  EXPECT_EQ(tied.getTiedOperandResult(2), scope.getResult(1));
  EXPECT_FALSE(tied.getTiedOperandResult(0));
  EXPECT_FALSE(tied.getTiedResultOperand(0));

  auto shaped = cast<ShapeAwareOpInterface>(scope.getOperation());
  auto values = [](ValueRange range) {
    return SmallVector<Value>(range.begin(), range.end());
  };
  EXPECT_EQ(values(shaped.getOperandDynamicDims(0)),
            (SmallVector<Value>{arg(3), arg(4)}));
  EXPECT_TRUE(shaped.getOperandDynamicDims(1).empty());
  EXPECT_EQ(values(shaped.getOperandDynamicDims(2)),
            (SmallVector<Value>{arg(5)}));
  // Dims operands themselves have no dims.
  EXPECT_TRUE(shaped.getOperandDynamicDims(3).empty());
  EXPECT_EQ(values(shaped.getResultDynamicDims(0)),
            (SmallVector<Value>{arg(6)}));
  // A tied result takes its capture's dims.
  EXPECT_EQ(values(shaped.getResultDynamicDims(1)),
            (SmallVector<Value>{arg(5)}));
  EXPECT_EQ(values(shaped.getResultDynamicDims(2)),
            (SmallVector<Value>{arg(7)}));
}

TEST_F(ScopeLookupTest, BuilderCreatesVerifiableScope) {
  OwningOpRef<ModuleOp> module = parse(kTied);
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  OpBuilder builder(&context);
  builder.setInsertionPoint(func.getBody().front().getTerminator());
  Value c = func.getArgument(2), d2 = func.getArgument(5);
  auto scope = ScopeOp::create(
      builder, func.getLoc(), TypeRange{c.getType()}, ValueRange{},
      ValueRange{c}, ValueRange{d2}, ArrayRef<int64_t>{0},
      ArrayRef<Attribute>{ZoneAttr::get(&context, "built")});
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(&scope.getEntryBlock());
  ReturnOp::create(builder, func.getLoc(),
                   ValueRange{scope.getEntryBlock().getArgument(0)});
  EXPECT_TRUE(succeeded(verify(*module)));
  EXPECT_EQ(scope.getTiedResultOperand(0), c);
  EXPECT_EQ(lookupScopeAttr<ZoneAttr>(&scope.getEntryBlock().front())
                .getName(),
            "built");
}

} // namespace
