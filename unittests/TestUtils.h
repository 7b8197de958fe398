//===- TestUtils.h - Shared fixture of scopeir's unit tests -----*- C++ -*-===//
//
// This file declares the GoogleTest fixture the IR-level unit tests share: a
// context with the util dialect and the dialects a test names, builtin string
// attributes acting as devices, and helpers to parse IR and find tagged ops.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_UNITTESTS_TESTUTILS_H
#define SCOPEIR_UNITTESTS_TESTUTILS_H

#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

namespace scopeir::test {

/// Makes every builtin string attribute a device: a barrier placement scope
/// attribute of kind "device". It stands in for a device dialect, so a test
/// of util or flow shows that they know devices only through
/// ScopeAttrInterface.
struct StringDeviceModel
    : public util::ScopeAttrInterface::ExternalModel<StringDeviceModel,
                                                     mlir::StringAttr> {
  llvm::StringRef getScopeKind(mlir::Attribute) const { return "device"; }
  bool isScopeBarrier(mlir::Attribute) const { return true; }
  bool isPlacement(mlir::Attribute) const { return true; }
};

/// A fixture whose context has the util dialect, `Dialects...` and the
/// string-device model loaded.
template <typename... Dialects>
class ScopeTest : public ::testing::Test {
protected:
  ScopeTest() {
    mlir::DialectRegistry registry;
    registry.insert<util::UtilDialect, Dialects...>();
    registry.addExtension(+[](mlir::MLIRContext *ctx, util::UtilDialect *) {
      mlir::StringAttr::attachInterface<StringDeviceModel>(*ctx);
    });
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// Parses `source` as a module; a parse error fails the test.
  mlir::OwningOpRef<mlir::ModuleOp> parse(llvm::StringRef source) {
    mlir::OwningOpRef<mlir::ModuleOp> module =
        mlir::parseSourceString<mlir::ModuleOp>(source, &context);
    EXPECT_TRUE(module) << "failed to parse the test's IR";
    return module;
  }

  /// Returns the last op (in walk order) carrying the unit attribute `tag`;
  /// none fails the test.
  static mlir::Operation *findTagged(mlir::ModuleOp module,
                                     llvm::StringRef tag) {
    mlir::Operation *found = nullptr;
    module->walk([&](mlir::Operation *op) {
      if (op->hasAttr(tag))
        found = op;
    });
    EXPECT_NE(found, nullptr) << "no op tagged " << tag.str();
    return found;
  }

  mlir::MLIRContext context;
};

} // namespace scopeir::test

#endif // SCOPEIR_UNITTESTS_TESTUTILS_H
