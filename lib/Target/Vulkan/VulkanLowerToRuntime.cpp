//===- VulkanLowerToRuntime.cpp - Kernels to runtime calls ------*- C++ -*-===//
//
// This file implements vulkan-lower-to-runtime: each spirv.module becomes a
// constant global holding its binary, each gpu.launch_func a call of
// scopeir_vk_dispatch, each flow.buffer.transfer touching a vulkan device a
// call of the runtime's upload, download or copy.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Runtime/VulkanABI.h"
#include "scopeir/Target/Vulkan/Passes.h"
#include "scopeir/Target/Vulkan/VulkanBackend.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

namespace scopeir::vulkan {
#define GEN_PASS_DEF_VULKANLOWERTORUNTIMEPASS
#include "scopeir/Target/Vulkan/Passes.h.inc"
} // namespace scopeir::vulkan

using namespace mlir;
using namespace scopeir;
using namespace scopeir::vulkan;

namespace {

/// The name convert-gpu-to-spirv gives the spirv.module of a gpu.module.
std::string getSPIRVModuleName(StringRef gpuModule) {
  return ("__spv__" + gpuModule).str();
}

/// Returns true if `memory` (a transfer side) is a vulkan device.
bool isVulkan(Attribute memory) {
  auto device = dyn_cast_if_present<hal::DeviceTargetAttr>(memory);
  return device && device.getBackend() == kBackendName;
}

/// spirv-val's --target-env for a module of SPIR-V `version`.
StringRef getValidatorEnv(spirv::Version version) {
  switch (version) {
  case spirv::Version::V_1_0:
  case spirv::Version::V_1_1:
  case spirv::Version::V_1_2:
  case spirv::Version::V_1_3:
    return "vulkan1.1";
  case spirv::Version::V_1_4:
    return "vulkan1.1spv1.4";
  case spirv::Version::V_1_5:
    return "vulkan1.2";
  default:
    return "vulkan1.3";
  }
}

struct VulkanLowerToRuntimePass
    : scopeir::vulkan::impl::VulkanLowerToRuntimePassBase<
          VulkanLowerToRuntimePass> {
  using Base::Base;
  void runOnOperation() override;

private:
  LogicalResult validate(spirv::ModuleOp module, ArrayRef<uint32_t> binary);
  /// The global holding the binary of the gpu.module `name`.
  FailureOr<memref::GlobalOp> getBinary(StringRef name, Location loc);
  /// A constant NUL-terminated string global.
  memref::GlobalOp getString(StringRef symbol, StringRef text);
  /// Declares the runtime entry point `name` taking `numArgs` i64.
  func::FuncOp getEntryPoint(StringRef name, unsigned numArgs);

  LogicalResult lowerLaunch(gpu::LaunchFuncOp launch);
  void lowerTransfer(flow::BufferTransferOp transfer);

  /// The state of one run.
  ModuleOp module;
  SymbolTable *symbols = nullptr;
  llvm::StringMap<memref::GlobalOp> binaries;
};

/// Returns the address of `buffer`'s data as an i64.
Value getAddress(OpBuilder &b, Location loc, Value buffer) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
}

/// Returns the size of `buffer`'s data in bytes as an i64.
Value getByteSize(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  // The host's layout: an index is 64 bits there (kernels never bind index
  // buffers: vulkan-outline-kernels rejects them).
  Type element = type.getElementType();
  int64_t elementBytes =
      element.isIndex() ? 8
                        : llvm::divideCeil(element.getIntOrFloatBitWidth(), 8);
  Value bytes = arith::ConstantIndexOp::create(b, loc, elementBytes);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value size =
        type.isDynamicDim(d)
            ? memref::DimOp::create(b, loc, buffer, d).getResult()
            : arith::ConstantIndexOp::create(b, loc, type.getDimSize(d))
                  .getResult();
    bytes = arith::MulIOp::create(b, loc, bytes, size);
  }
  return arith::IndexCastOp::create(b, loc, b.getI64Type(), bytes);
}

Value getI64(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), value);
}

LogicalResult VulkanLowerToRuntimePass::validate(spirv::ModuleOp spirvModule,
                                                 ArrayRef<uint32_t> binary) {
  SmallString<128> input, output;
  int fd;
  if (llvm::sys::fs::createTemporaryFile("scopeir-kernel", "spv", fd, input))
    return spirvModule.emitError("cannot create a file for ") << validator;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os.write(reinterpret_cast<const char *>(binary.data()),
             binary.size() * sizeof(uint32_t));
  }
  if (llvm::sys::fs::createTemporaryFile("scopeir-kernel", "txt", output)) {
    llvm::sys::fs::remove(input);
    return spirvModule.emitError("cannot create a file for ") << validator;
  }
  spirv::Version version = spirvModule.getVceTriple()
                               ? spirvModule.getVceTriple()->getVersion()
                               : spirv::Version::V_1_0;
  StringRef env = getValidatorEnv(version);
  StringRef args[] = {validator, "--target-env", env, input};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(output),
                                          StringRef(output)};
  std::string error;
  int status = llvm::sys::ExecuteAndWait(validator, args, std::nullopt,
                                         redirects, 0, 0, &error);
  std::string messages;
  if (auto buffer = llvm::MemoryBuffer::getFile(output))
    messages = (*buffer)->getBuffer().trim().str();
  llvm::sys::fs::remove(input);
  llvm::sys::fs::remove(output);
  if (status == 0)
    return success();
  // At the location only: printing the module would bury the messages.
  return emitError(spirvModule.getLoc(),
                   "the SPIR-V binary of these kernels fails ")
         << validator << " --target-env " << env << ": "
         << (!messages.empty() ? messages
             : !error.empty()  ? error
                               : "exit status " + std::to_string(status));
}

FailureOr<memref::GlobalOp> VulkanLowerToRuntimePass::getBinary(StringRef name,
                                                                Location loc) {
  auto it = binaries.find(name);
  if (it != binaries.end())
    return it->second;
  auto spirvModule = symbols->lookup<spirv::ModuleOp>(getSPIRVModuleName(name));
  if (!spirvModule)
    return emitError(loc) << "no spirv.module for the kernels of '" << name
                          << "' (run convert-gpu-to-spirv first)";
  SmallVector<uint32_t> binary;
  if (failed(spirv::serialize(spirvModule, binary)))
    return spirvModule.emitError("cannot serialize the kernels of '")
           << name << "'";
  if (!validator.empty() && failed(validate(spirvModule, binary)))
    return failure();
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto type =
      MemRefType::get({static_cast<int64_t>(binary.size())}, b.getI32Type());
  SmallVector<int32_t> words(binary.begin(), binary.end());
  auto global = memref::GlobalOp::create(
      b, loc, ("__vulkan_spirv_" + name).str(), b.getStringAttr("private"),
      type,
      DenseElementsAttr::get(cast<ShapedType>(RankedTensorType::get(
                                 type.getShape(), b.getI32Type())),
                             ArrayRef<int32_t>(words)),
      /*constant=*/true, b.getI64IntegerAttr(16));
  symbols->insert(global);
  binaries[name] = global;
  return global;
}

memref::GlobalOp VulkanLowerToRuntimePass::getString(StringRef symbol,
                                                     StringRef text) {
  if (auto existing = symbols->lookup<memref::GlobalOp>(symbol))
    return existing;
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  SmallVector<int8_t> bytes(text.begin(), text.end());
  bytes.push_back(0);
  auto type =
      MemRefType::get({static_cast<int64_t>(bytes.size())}, b.getI8Type());
  auto global = memref::GlobalOp::create(
      b, module.getLoc(), symbol, b.getStringAttr("private"), type,
      DenseElementsAttr::get(
          RankedTensorType::get(type.getShape(), b.getI8Type()),
          ArrayRef<int8_t>(bytes)),
      /*constant=*/true, IntegerAttr());
  symbols->insert(global);
  return global;
}

func::FuncOp VulkanLowerToRuntimePass::getEntryPoint(StringRef name,
                                                     unsigned numArgs) {
  if (auto existing = symbols->lookup<func::FuncOp>(name))
    return existing;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  SmallVector<Type> args(numArgs, b.getI64Type());
  auto func = func::FuncOp::create(b, module.getLoc(), name,
                                   b.getFunctionType(args, {}));
  func.setPrivate();
  symbols->insert(func);
  return func;
}

LogicalResult VulkanLowerToRuntimePass::lowerLaunch(gpu::LaunchFuncOp launch) {
  Location loc = launch.getLoc();
  StringRef moduleName = launch.getKernelModuleName().getValue();
  StringRef kernelName = launch.getKernelName().getValue();
  auto flags = launch->getAttrOfType<DenseI32ArrayAttr>("vulkan.bindings");
  ValueRange operands = launch.getKernelOperands();
  if (!flags || flags.size() != static_cast<int64_t>(operands.size()))
    return launch.emitOpError("has no 'vulkan.bindings' flags for its ")
           << operands.size()
           << " arguments (vulkan-outline-kernels sets them)";
  FailureOr<memref::GlobalOp> binary = getBinary(moduleName, loc);
  if (failed(binary))
    return failure();
  memref::GlobalOp entry = getString(
      ("__vulkan_entry_" + moduleName + "_" + kernelName).str(), kernelName);

  OpBuilder b(launch);
  auto address = [&](memref::GlobalOp global) {
    Value value = memref::GetGlobalOp::create(b, loc, global.getType(),
                                              global.getSymName());
    return getAddress(b, loc, value);
  };
  // The binding table: (address, bytes, flags) per argument.
  auto tableType = MemRefType::get({3 * static_cast<int64_t>(operands.size())},
                                   b.getI64Type());
  Value table = memref::AllocaOp::create(b, loc, tableType);
  for (auto [i, operand] : llvm::enumerate(operands)) {
    Value words[] = {getAddress(b, loc, operand), getByteSize(b, loc, operand),
                     getI64(b, loc, flags[i])};
    for (auto [j, word] : llvm::enumerate(words))
      memref::StoreOp::create(
          b, loc, word, table,
          ValueRange{arith::ConstantIndexOp::create(b, loc, 3 * i + j)});
  }
  auto toI64 = [&](Value index) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), index)
        .getResult();
  };
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  Value args[] = {address(*binary),
                  getI64(b, loc, binary->getType().getNumElements()),
                  address(entry),
                  toI64(grid.x),
                  toI64(grid.y),
                  toI64(grid.z),
                  getI64(b, loc, operands.size()),
                  getAddress(b, loc, table)};
  func::CallOp::create(b, loc, getEntryPoint(runtime::kVulkanDispatchSymbol, 8),
                       args);
  launch.erase();
  return success();
}

void VulkanLowerToRuntimePass::lowerTransfer(flow::BufferTransferOp transfer) {
  Attribute from = transfer.getSourceMemoryAttr();
  Attribute to = transfer.getTargetMemoryAttr();
  const char *symbol = nullptr;
  if (!from && isVulkan(to))
    symbol = runtime::kVulkanUploadSymbol;
  else if (isVulkan(from) && !to)
    symbol = runtime::kVulkanDownloadSymbol;
  else if (isVulkan(from) && isVulkan(to))
    symbol = runtime::kVulkanCopySymbol;
  else
    return; // Another device's: its backend lowers it.
  OpBuilder b(transfer);
  Location loc = transfer.getLoc();
  Value args[] = {getAddress(b, loc, transfer.getSource()),
                  getAddress(b, loc, transfer.getTarget()),
                  getByteSize(b, loc, transfer.getSource())};
  func::CallOp::create(b, loc, getEntryPoint(symbol, 3), args);
  transfer.erase();
}

void VulkanLowerToRuntimePass::runOnOperation() {
  module = getOperation();
  SymbolTable symbolTable(module);
  symbols = &symbolTable;
  binaries.clear();

  SmallVector<gpu::LaunchFuncOp> launches;
  SmallVector<flow::BufferTransferOp> transfers;
  module.walk([&](Operation *op) {
    if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
      launches.push_back(launch);
    else if (auto transfer = dyn_cast<flow::BufferTransferOp>(op))
      transfers.push_back(transfer);
  });
  for (gpu::LaunchFuncOp launch : launches)
    if (failed(lowerLaunch(launch)))
      return signalPassFailure();
  for (flow::BufferTransferOp transfer : transfers)
    lowerTransfer(transfer);

  // Work a vulkan function recorded starts when it returns.
  for (auto func : module.getOps<func::FuncOp>()) {
    hal::DeviceTargetAttr device = hal::getFunctionDevice(func);
    if (!device || device.getBackend() != kBackendName || func.isDeclaration())
      continue;
    func.walk([&](func::ReturnOp ret) {
      OpBuilder b(ret);
      func::CallOp::create(b, ret.getLoc(),
                           getEntryPoint(runtime::kVulkanFlushSymbol, 0),
                           ValueRange());
    });
  }

  for (Operation &op : llvm::make_early_inc_range(module.getOps()))
    if (isa<gpu::GPUModuleOp, spirv::ModuleOp>(op))
      op.erase();
  module->removeAttr(gpu::GPUDialect::getContainerModuleAttrName());
}

} // namespace
