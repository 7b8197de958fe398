//===- LowerDispatchExterns.cpp - hal.dispatch.extern to C calls ----------===//
//
// This file implements hal-lower-dispatch-externs, which replaces each
// hal.dispatch.extern by a call of the kernel's C function (through MLIR's C
// interface), of its decomposition, or of both followed by a comparison.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/HAL/IR/HALOps.h"
#include "scopeir/Dialect/HAL/Transforms/Passes.h"
#include "scopeir/Runtime/KernelABI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"

namespace scopeir::hal {
#define GEN_PASS_DEF_LOWERDISPATCHEXTERNSPASS
#include "scopeir/Dialect/HAL/Transforms/Passes.h.inc"
} // namespace scopeir::hal

using namespace mlir;
using namespace scopeir;
using namespace scopeir::hal;

/// Returns the dense row-major (identity layout) memref type of a tensor of
/// `type`: an output buffer the caller allocates.
static MemRefType getBufferType(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

/// Returns the type of the kernel parameter a tensor argument of `type` is
/// passed as: its dims dynamic (the C function takes a descriptor of any
/// sizes, so calls on tensors of different shapes call one declaration) and
/// any strides and offset (the buffer the tensor already has, a slice or
/// another view of a larger one), or the identity layout if the kernel
/// requires contiguous buffers, which makes bufferization copy a strided
/// one.
static MemRefType getArgumentParameterType(RankedTensorType type,
                                           bool contiguous) {
  SmallVector<int64_t> shape(type.getRank(), ShapedType::kDynamic);
  if (contiguous)
    return MemRefType::get(shape, type.getElementType());
  return MemRefType::get(
      shape, type.getElementType(),
      StridedLayoutAttr::get(type.getContext(), ShapedType::kDynamic, shape));
}

/// Returns the type of the kernel parameter an output buffer of `type` is
/// passed as: dense, its dims dynamic.
static MemRefType getOutputParameterType(MemRefType type) {
  SmallVector<int64_t> shape(type.getRank(), ShapedType::kDynamic);
  return MemRefType::get(shape, type.getElementType());
}

/// Returns the suffix of the check entry point comparing elements of
/// `type`, or nothing if the check does not compare it.
static std::optional<StringRef> getCheckSuffix(Type type) {
  if (type.isF16())
    return StringRef("f16");
  if (type.isBF16())
    return StringRef("bf16");
  if (type.isF32())
    return StringRef("f32");
  if (type.isF64())
    return StringRef("f64");
  if (!type.isSignlessInteger())
    return std::nullopt;
  switch (type.getIntOrFloatBitWidth()) {
  case 1:
    return StringRef("i1");
  case 8:
    return StringRef("i8");
  case 16:
    return StringRef("i16");
  case 32:
    return StringRef("i32");
  case 64:
    return StringRef("i64");
  default:
    return std::nullopt;
  }
}

namespace {
/// Lowers the hal.dispatch.extern ops of one module, declaring what they
/// call once.
class ExternLowering {
public:
  ExternLowering(ModuleOp module, bool check)
      : module(module), symbolTable(module), check(check) {}

  /// Replaces `op` by a call of its decomposition.
  LogicalResult lowerToDecomposition(DispatchExternOp op);

  /// Replaces `op` by a call of its kernel (and, with `check`, of its
  /// decomposition and the comparison).
  LogicalResult lowerToKernel(DispatchExternOp op);

private:
  /// Returns the declaration of the C function of `op`'s kernel taking
  /// `inputs` and returning `resultType` (none: void); an error if another
  /// call of the symbol takes other types.
  FailureOr<func::FuncOp> getKernelDecl(DispatchExternOp op, TypeRange inputs,
                                        TypeRange results);
  /// Returns the declaration of the check entry point comparing elements of
  /// `elementType`, or null if there is none.
  func::FuncOp getCheckDecl(Type elementType);
  /// Returns a memref.global holding `symbol` as a NUL-terminated string.
  memref::GlobalOp getSymbolString(StringRef symbol);
  /// Returns the address of the kernel name `symbol` as an i64.
  Value getSymbolAddress(OpBuilder &builder, Location loc, StringRef symbol);
  /// Returns the declaration of the runtime's failed-kernel report.
  func::FuncOp getKernelFailedDecl();

  /// Creates a func.func declaration named `name` at the module's start.
  func::FuncOp declare(Location loc, StringRef name, FunctionType type);

  ModuleOp module;
  SymbolTable symbolTable;
  bool check;
  llvm::StringMap<memref::GlobalOp> symbolStrings;
};
} // namespace

func::FuncOp ExternLowering::declare(Location loc, StringRef name,
                                     FunctionType type) {
  auto decl = func::FuncOp::create(loc, name, type);
  decl.setPrivate();
  symbolTable.insert(decl, module.getBody()->begin());
  return decl;
}

FailureOr<func::FuncOp> ExternLowering::getKernelDecl(DispatchExternOp op,
                                                      TypeRange inputs,
                                                      TypeRange results) {
  std::string name = (Twine(runtime::kKernelDeclPrefix) + op.getSymbol()).str();
  auto type = FunctionType::get(op.getContext(), inputs, results);
  if (auto existing = symbolTable.lookup<func::FuncOp>(name)) {
    if (existing.getFunctionType() == type)
      return existing;
    return op.emitOpError("kernel '")
           << op.getSymbol() << "' is called with C signature " << type
           << " here and " << existing.getFunctionType()
           << " elsewhere: a C function has one signature";
  }
  func::FuncOp decl = declare(op.getLoc(), name, type);
  // The call passes pointers to memref descriptors:
  // _mlir_ciface_scopeir_kernel_<symbol>.
  decl->setAttr("llvm.emit_c_interface", UnitAttr::get(op.getContext()));
  return decl;
}

func::FuncOp ExternLowering::getCheckDecl(Type elementType) {
  std::optional<StringRef> suffix = getCheckSuffix(elementType);
  if (!suffix)
    return {};
  std::string name = (Twine(runtime::kCheckKernelOutputPrefix) + *suffix).str();
  if (auto existing = symbolTable.lookup<func::FuncOp>(name))
    return existing;
  MLIRContext *context = module.getContext();
  Type i64 = IntegerType::get(context, 64);
  Type unranked = UnrankedMemRefType::get(elementType, 0);
  func::FuncOp decl =
      declare(module.getLoc(), name,
              FunctionType::get(context, {i64, i64, unranked, unranked}, {}));
  decl->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  return decl;
}

Value ExternLowering::getSymbolAddress(OpBuilder &builder, Location loc,
                                       StringRef symbol) {
  memref::GlobalOp name = getSymbolString(symbol);
  return arith::IndexCastOp::create(
      builder, loc, builder.getI64Type(),
      memref::ExtractAlignedPointerAsIndexOp::create(
          builder, loc,
          memref::GetGlobalOp::create(builder, loc, name.getType(),
                                      name.getSymName())));
}

func::FuncOp ExternLowering::getKernelFailedDecl() {
  StringRef name = runtime::kKernelFailedFunction;
  if (auto existing = symbolTable.lookup<func::FuncOp>(name))
    return existing;
  MLIRContext *context = module.getContext();
  return declare(module.getLoc(), name,
                 FunctionType::get(context,
                                   {IntegerType::get(context, 64),
                                    IntegerType::get(context, 32)},
                                   {}));
}

memref::GlobalOp ExternLowering::getSymbolString(StringRef symbol) {
  memref::GlobalOp &global = symbolStrings[symbol];
  if (global)
    return global;
  MLIRContext *context = module.getContext();
  SmallVector<int8_t> bytes(symbol.begin(), symbol.end());
  bytes.push_back(0);
  auto type = MemRefType::get({static_cast<int64_t>(bytes.size())},
                              IntegerType::get(context, 8));
  auto value = DenseElementsAttr::get(
      RankedTensorType::get(type.getShape(), type.getElementType()),
      ArrayRef<int8_t>(bytes));
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  global = memref::GlobalOp::create(
      builder, module.getLoc(), ("__scopeir_kernel_name_" + symbol).str(),
      builder.getStringAttr("private"), type, value, /*constant=*/true,
      /*alignment=*/IntegerAttr());
  symbolTable.insert(global);
  return global;
}

LogicalResult ExternLowering::lowerToDecomposition(DispatchExternOp op) {
  FlatSymbolRefAttr decomposition = op.getDecompositionAttr();
  if (!decomposition)
    return op.emitOpError("kernel '")
           << op.getSymbol()
           << "' is provided by no loaded kernel library and has no "
              "decomposition to run instead";
  SmallVector<Value> operands(op.getArguments());
  llvm::append_range(operands, op.getDecompositionOperands());
  OpBuilder builder(op);
  auto call = func::CallOp::create(builder, op.getLoc(), decomposition,
                                   op.getResultTypes(), operands);
  op.replaceAllUsesWith(call.getResults());
  op.erase();
  return success();
}

LogicalResult ExternLowering::lowerToKernel(DispatchExternOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  ExternAttr kernel = op.getKernel();

  // Arguments: a tensor as a read-only buffer of its parameter's type, the
  // tensor cast to dynamic dims first so that the buffer bufferization
  // gives it is the parameter itself (a cast of a strided buffer to an
  // identity layout feeding the call is then one util-realloc-call-operands
  // sees); a scalar as is.
  bool contiguous = kernel.requiresContiguous();
  SmallVector<Value> kernelOperands;
  for (Value argument : op.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(argument.getType());
    if (!type) {
      kernelOperands.push_back(argument);
      continue;
    }
    MemRefType parameterType = getArgumentParameterType(type, contiguous);
    auto dynamicType =
        RankedTensorType::get(parameterType.getShape(), type.getElementType());
    Value tensor = argument;
    if (dynamicType != type)
      tensor = tensor::CastOp::create(builder, loc, dynamicType, argument);
    kernelOperands.push_back(bufferization::ToBufferOp::create(
        builder, loc, parameterType, tensor, /*readOnly=*/true));
  }
  // Outputs: fresh dense buffers. A tied one starts as a copy of its
  // argument and takes the argument's place: the kernel updates it in
  // place. The untied ones follow the arguments.
  SmallVector<Value> outputs;
  SmallVector<Value> untiedOutputs;
  for (auto [i, result] : llvm::enumerate(op.getResults())) {
    MemRefType type = getBufferType(result.getType());
    Value buffer =
        memref::AllocOp::create(builder, loc, type, op.getResultDynamicDims(i));
    outputs.push_back(buffer);
    if (std::optional<unsigned> tied = op.getTiedResultOperandIndex(i)) {
      Value &operand = kernelOperands[*tied];
      memref::CopyOp::create(builder, loc, operand, buffer);
      operand = memref::CastOp::create(builder, loc, operand.getType(), buffer);
    } else {
      untiedOutputs.push_back(memref::CastOp::create(
          builder, loc, getOutputParameterType(type), buffer));
    }
  }
  llvm::append_range(kernelOperands, untiedOutputs);
  SmallVector<Type> statusType;
  if (kernel.returnsStatus())
    statusType.push_back(builder.getI32Type());
  FailureOr<func::FuncOp> decl =
      getKernelDecl(op, ValueRange(kernelOperands).getTypes(), statusType);
  if (failed(decl))
    return failure();
  auto call = func::CallOp::create(builder, loc, *decl, kernelOperands);
  if (kernel.returnsStatus()) {
    // A nonzero status is reported by the runtime, which ends the program
    // with an error exit (not an abort).
    Value status = call.getResult(0);
    Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
    Value failed = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, status, zero);
    auto ifOp = scf::IfOp::create(builder, loc, failed, /*withElse=*/false);
    OpBuilder thenBuilder = ifOp.getThenBodyBuilder();
    func::CallOp::create(thenBuilder, loc, getKernelFailedDecl(),
                         ValueRange{getSymbolAddress(thenBuilder, loc,
                                                     op.getSymbol()),
                                    status});
  }
  SmallVector<Value> results;
  for (auto [result, buffer] : llvm::zip_equal(op.getResults(), outputs))
    results.push_back(bufferization::ToTensorOp::create(
        builder, loc, result.getType(), buffer, /*restrict=*/true,
        /*writable=*/true));

  if (check) {
    FlatSymbolRefAttr decomposition = op.getDecompositionAttr();
    if (!decomposition)
      return op.emitOpError("kernel '")
             << op.getSymbol() << "' has no decomposition to check it against";
    SmallVector<Value> operands(op.getArguments());
    llvm::append_range(operands, op.getDecompositionOperands());
    auto reference = func::CallOp::create(builder, loc, decomposition,
                                          op.getResultTypes(), operands);
    Value nameAddress = getSymbolAddress(builder, loc, op.getSymbol());
    for (auto [i, result] : llvm::enumerate(op.getResults())) {
      auto type = cast<RankedTensorType>(result.getType());
      func::FuncOp checkDecl = getCheckDecl(type.getElementType());
      if (!checkDecl)
        return op.emitOpError("result #")
               << i << " has element type " << type.getElementType()
               << ", which the kernel check does not compare (i1, i8, i16, "
                  "i32, i64, f16, bf16, f32, f64)";
      // Unranked descriptors: one entry point per element type, any rank.
      auto unranked = UnrankedMemRefType::get(type.getElementType(), 0);
      Value kernelBuffer =
          memref::CastOp::create(builder, loc, unranked, outputs[i]);
      Value referenceBuffer = memref::CastOp::create(
          builder, loc, unranked,
          bufferization::ToBufferOp::create(builder, loc, getBufferType(type),
                                            reference.getResult(i),
                                            /*readOnly=*/true));
      Value index = arith::ConstantIntOp::create(builder, loc, i, 64);
      func::CallOp::create(
          builder, loc, checkDecl,
          ValueRange{nameAddress, index, kernelBuffer, referenceBuffer});
    }
  }
  op.replaceAllUsesWith(results);
  op.erase();
  return success();
}

namespace {
struct LowerDispatchExternsPass
    : public scopeir::hal::impl::LowerDispatchExternsPassBase<
          LowerDispatchExternsPass> {
  using Base::Base;

  void runOnOperation() override {
    llvm::StringSet<> fallbackSymbols;
    for (const std::string &symbol : fallback)
      fallbackSymbols.insert(symbol);
    SmallVector<DispatchExternOp> ops;
    getOperation().walk([&](DispatchExternOp op) { ops.push_back(op); });
    ExternLowering lowering(getOperation(), check);
    for (DispatchExternOp op : ops) {
      LogicalResult result = fallbackSymbols.contains(op.getSymbol())
                                 ? lowering.lowerToDecomposition(op)
                                 : lowering.lowerToKernel(op);
      if (failed(result))
        return signalPassFailure();
    }
  }
};
} // namespace
