//===- LowerToRuntime.cpp - Expectations to runtime calls -------*- C++ -*-===//
//
// This file implements check-lower-to-runtime, which turns the check
// dialect's expectations into calls of the check runtime's entry points with
// the address of a constant site string.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Check/IR/CheckOps.h"
#include "scopeir/Dialect/Check/Transforms/Passes.h"
#include "scopeir/Runtime/CheckABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace scopeir::check {
#define GEN_PASS_DEF_LOWERTORUNTIMEPASS
#include "scopeir/Dialect/Check/Transforms/Passes.h.inc"
} // namespace scopeir::check

using namespace mlir;
using namespace scopeir;
using namespace scopeir::check;

/// Returns the entry point suffix of tensors of `type` (CheckABI.h's
/// SCOPEIR_CHECK_ELEMENT_TYPES), or an empty string if there is none.
static std::string getElementSuffix(Type type) {
  if (type.isIndex())
    return "index";
  if (type.isSignlessInteger(1) || type.isSignlessInteger(8) ||
      type.isSignlessInteger(16) || type.isSignlessInteger(32) ||
      type.isSignlessInteger(64))
    return "i" + std::to_string(type.getIntOrFloatBitWidth());
  if (type.isF16())
    return "f16";
  if (type.isBF16())
    return "bf16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  return "";
}

/// Returns the site string of an expectation: its location and op name,
/// each ended by a NUL character.
static std::string buildSite(Operation *op) {
  std::string site = "unknown";
  if (auto fileLoc = op->getLoc()->findInstanceOf<FileLineColLoc>())
    site = llvm::formatv("{0}:{1}:{2}", fileLoc.getFilename(),
                         fileLoc.getLine(), fileLoc.getColumn())
               .str();
  site.push_back('\0');
  site += op->getName().getStringRef();
  site.push_back('\0');
  return site;
}

namespace {

struct LowerToRuntimePass
    : public scopeir::check::impl::LowerToRuntimePassBase<LowerToRuntimePass> {
  void runOnOperation() override {
    module = getOperation();
    SmallVector<Operation *> expectations;
    module->walk([&](Operation *op) {
      if (isa<ExpectTrueOp, ExpectFalseOp, ExpectEqOp, ExpectEqConstOp,
              ExpectAlmostEqOp, ExpectAlmostEqConstOp>(op))
        expectations.push_back(op);
    });
    // Nothing to lower: saying so spares the pass manager re-verifying the
    // unchanged IR.
    if (expectations.empty())
      return markAllAnalysesPreserved();
    for (Operation *op : expectations)
      if (failed(lower(op)))
        return signalPassFailure();
  }

private:
  LogicalResult lower(Operation *op) {
    OpBuilder builder(op);
    Location loc = op->getLoc();
    Value site = getSiteAddress(builder, op);
    LogicalResult lowered =
        llvm::TypeSwitch<Operation *, LogicalResult>(op)
            .Case<ExpectTrueOp, ExpectFalseOp>([&](auto expect) {
              return lowerScalar(builder, expect, expect.getOperand(), site);
            })
            .Case<ExpectEqOp>([&](ExpectEqOp expect) {
              return lowerTensors(builder, op, expect.getLhs(),
                                  expect.getRhs(), {}, site);
            })
            .Case<ExpectEqConstOp>([&](ExpectEqConstOp expect) {
              Value rhs = arith::ConstantOp::create(
                  builder, loc, cast<TypedAttr>(expect.getValue()));
              return lowerTensors(builder, op, expect.getLhs(), rhs, {}, site);
            })
            .Case<ExpectAlmostEqOp>([&](ExpectAlmostEqOp expect) {
              return lowerTensors(builder, op, expect.getLhs(),
                                  expect.getRhs(),
                                  getTolerances(builder, expect), site);
            })
            .Case<ExpectAlmostEqConstOp>([&](ExpectAlmostEqConstOp expect) {
              Value rhs = arith::ConstantOp::create(
                  builder, loc, cast<TypedAttr>(expect.getValue()));
              return lowerTensors(builder, op, expect.getLhs(), rhs,
                                  getTolerances(builder, expect), site);
            });
    if (failed(lowered))
      return failure();
    op->erase();
    return success();
  }

  template <typename OpTy>
  SmallVector<Value> getTolerances(OpBuilder &builder, OpTy op) {
    return {arith::ConstantOp::create(builder, op.getLoc(), op.getAtolAttr()),
            arith::ConstantOp::create(builder, op.getLoc(), op.getRtolAttr())};
  }

  /// expect_true / expect_false: the operand widened to i64.
  LogicalResult lowerScalar(OpBuilder &builder, Operation *op, Value operand,
                            Value site) {
    Location loc = op->getLoc();
    Type i64 = builder.getI64Type();
    if (operand.getType() != i64)
      operand = operand.getType().isInteger(1)
                    ? arith::ExtUIOp::create(builder, loc, i64, operand)
                          .getResult()
                    : arith::ExtSIOp::create(builder, loc, i64, operand)
                          .getResult();
    StringRef symbol = isa<ExpectTrueOp>(op) ? runtime::kCheckExpectTrueSymbol
                                             : runtime::kCheckExpectFalseSymbol;
    auto type = builder.getFunctionType({i64, site.getType()}, {});
    func::FuncOp entry = getOrCreateEntry(op, symbol, type);
    if (!entry)
      return failure();
    func::CallOp::create(builder, loc, entry, ValueRange{operand, site});
    return success();
  }

  /// expect_eq / expect_almost_eq (and their _const forms, with the
  /// constant materialized as `rhs`): the buffers of both tensors as
  /// unranked memrefs, `extra` (the tolerances) and the site.
  LogicalResult lowerTensors(OpBuilder &builder, Operation *op, Value lhs,
                             Value rhs, ArrayRef<Value> extra, Value site) {
    Location loc = op->getLoc();
    Type elementType = cast<TensorType>(lhs.getType()).getElementType();
    std::string suffix = getElementSuffix(elementType);
    bool almost = !extra.empty();
    if (suffix.empty() || (almost && !isa<FloatType>(elementType)))
      return op->emitOpError("element type ")
             << elementType
             << " is not supported by the check runtime (supported: i1, "
                "i8, i16, i32, i64, index, f16, bf16, f32, f64"
             << (almost ? "; floats only for almost_eq" : "") << ")";
    // Each tensor is passed as its buffer, read only and in whatever layout
    // bufferization gives it (no copy: the runtime walks the strides).
    auto unranked = UnrankedMemRefType::get(elementType, /*memorySpace=*/0);
    auto toUnranked = [&](Value tensor) -> Value {
      auto tensorType = cast<TensorType>(tensor.getType());
      Type bufferType = unranked;
      if (auto ranked = dyn_cast<RankedTensorType>(tensorType)) {
        SmallVector<int64_t> strides(ranked.getRank(), ShapedType::kDynamic);
        bufferType = MemRefType::get(
            ranked.getShape(), elementType,
            StridedLayoutAttr::get(builder.getContext(), ShapedType::kDynamic,
                                   strides));
      }
      Value buffer = bufferization::ToBufferOp::create(
          builder, loc, bufferType, tensor, /*read_only=*/true);
      if (buffer.getType() == unranked)
        return buffer;
      return memref::CastOp::create(builder, loc, unranked, buffer);
    };
    SmallVector<Value> operands = {toUnranked(lhs), toUnranked(rhs)};
    llvm::append_range(operands, extra);
    operands.push_back(site);
    std::string symbol = (almost ? runtime::kCheckExpectAlmostEqPrefix
                                 : runtime::kCheckExpectEqPrefix) +
                         suffix;
    auto type = builder.getFunctionType(ValueRange(operands).getTypes(), {});
    func::FuncOp entry = getOrCreateEntry(op, symbol, type);
    if (!entry)
      return failure();
    func::CallOp::create(builder, loc, entry, operands);
    return success();
  }

  /// Returns the declaration of the runtime entry point `symbol`, creating
  /// it if missing; null (with an error at `op`) if the module has another
  /// symbol of that name.
  func::FuncOp getOrCreateEntry(Operation *op, StringRef symbol,
                                FunctionType type) {
    Operation *existing = module.lookupSymbol(symbol);
    if (auto function = dyn_cast_if_present<func::FuncOp>(existing))
      if (function.isDeclaration() && function.getFunctionType() == type)
        return function;
    if (existing) {
      op->emitOpError("cannot be lowered: the module already has a symbol @")
          << symbol << " that is not the check runtime's entry point";
      return {};
    }
    auto builder = OpBuilder::atBlockBegin(module.getBody());
    auto entry = func::FuncOp::create(builder, module.getLoc(), symbol, type);
    entry.setPrivate();
    // Buffers reach the runtime as pointers to their descriptors.
    if (llvm::any_of(type.getInputs(), llvm::IsaPred<BaseMemRefType>))
      entry->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                     builder.getUnitAttr());
    return entry;
  }

  /// Returns the address of the site global of `op`, creating the global.
  Value getSiteAddress(OpBuilder &builder, Operation *op) {
    std::string text = buildSite(op);
    LLVM::GlobalOp &global = sites[text];
    if (!global) {
      MLIRContext *context = &getContext();
      OpBuilder globalBuilder(context);
      auto type =
          LLVM::LLVMArrayType::get(IntegerType::get(context, 8), text.size());
      global = LLVM::GlobalOp::create(
          globalBuilder, module.getLoc(), type, /*isConstant=*/true,
          LLVM::Linkage::Internal,
          "__scopeir_check_site_" + std::to_string(sites.size() - 1),
          globalBuilder.getStringAttr(text));
      // Renames the global if its name is taken.
      SymbolTable(module).insert(global, module.getBody()->begin());
    }
    return LLVM::AddressOfOp::create(builder, op->getLoc(), global);
  }

  ModuleOp module;
  llvm::StringMap<LLVM::GlobalOp> sites;
};

} // namespace
