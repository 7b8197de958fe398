//===- LLVMCPUHoistFilterPacking.cpp - Pack filters once --------*- C++ -*-===//
//
// This file implements llvm-cpu-hoist-filter-packing: the filters of NCHW
// convolutions that a function receives as parameters are packed into the
// layout llvm-cpu's taps read by a function of their own, `@<f>$prepare`,
// which a caller runs once per parameter set instead of once per call.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUDeviceConfig.h"
#include "LLVMCPUFilterLayout.h"

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Target/LLVMCPU/LLVMCPUConfig.h"
#include "scopeir/Target/LLVMCPU/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"

namespace scopeir::llvmcpu {
#define GEN_PASS_DEF_LLVMCPUHOISTFILTERPACKINGPASS
#include "scopeir/Target/LLVMCPU/Passes.h.inc"
} // namespace scopeir::llvmcpu

using namespace mlir;
using namespace scopeir;
using namespace scopeir::llvmcpu;

namespace {

/// One packed filter: a parameter argument in a layout.
using PackedFilterKey = std::pair<unsigned, NchwFilterLayout>;

struct LLVMCPUHoistFilterPackingPass
    : llvmcpu::impl::LLVMCPUHoistFilterPackingPassBase<
          LLVMCPUHoistFilterPackingPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    FailureOr<CPUTarget> named = getPassTarget(
        context, "llvm-cpu-hoist-filter-packing", cpu, cpuFeatures);
    if (failed(named))
      return failure();
    target = *named;
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> functions;
    for (auto function : module.getOps<func::FuncOp>())
      if (function.isPublic() && !function.isExternal())
        functions.push_back(function);
    SmallVector<NamedAttribute> prepared;
    for (func::FuncOp function : functions) {
      StringAttr name = function.getSymNameAttr();
      FailureOr<FunctionType> prepareType = split(function);
      if (failed(prepareType))
        return signalPassFailure();
      if (*prepareType)
        prepared.push_back(NamedAttribute(name, TypeAttr::get(*prepareType)));
    }
    if (prepared.empty())
      return;
    if (auto existing = module->getAttrOfType<DictionaryAttr>(
            hal::kPreparedFunctionsAttrName))
      llvm::append_range(prepared, existing.getValue());
    module->setAttr(hal::kPreparedFunctionsAttrName,
                    DictionaryAttr::get(&getContext(), prepared));
  }

  /// Returns the CPU `function`'s ops are compiled for, or nullopt if
  /// llvm-cpu does not compile them.
  FailureOr<std::optional<CPUTarget>> getTarget(func::FuncOp function) {
    hal::DeviceTargetAttr device = hal::getFunctionDevice(function);
    if (!device)
      return hostBackend == "llvm-cpu" ? std::optional<CPUTarget>(target)
                                       : std::nullopt;
    if (device.getBackend() != "llvm-cpu")
      return std::optional<CPUTarget>();
    FailureOr<LLVMCPUConfig> config = LLVMCPUConfig::parse(
        device.getConfig(), [&] { return function.emitError(); });
    if (failed(config))
      return failure();
    return std::optional<CPUTarget>(config->target ? *config->target : target);
  }

  /// Splits `function` into @<f>$prepare and @<f>$run if a convolution of
  /// its body reads a parameter filter the taps pack; returns the type of
  /// @<f>$prepare, or a null type if `function` is left as it is.
  FailureOr<FunctionType> split(func::FuncOp function) {
    if (!function.getBody().hasOneBlock())
      return FunctionType();
    FailureOr<std::optional<CPUTarget>> cpu = getTarget(function);
    if (failed(cpu))
      return failure();
    if (!*cpu)
      return FunctionType();
    ModuleOp module = getOperation();
    std::string prepareName = (function.getSymName() + "$prepare").str();
    std::string runName = (function.getSymName() + "$run").str();
    // A program that calls the function (or has these names already) is
    // left as written.
    if (module.lookupSymbol(prepareName) || module.lookupSymbol(runName) ||
        !SymbolTable::symbolKnownUseEmpty(function, module))
      return FunctionType();

    // The convolutions at the top of the body whose filter is a parameter
    // argument, and the packed filters they read.
    Block &body = function.getBody().front();
    // `value` if it is a parameter argument of the function, else null.
    auto getParameter = [&](Value value) -> BlockArgument {
      auto argument = dyn_cast<BlockArgument>(value);
      if (!argument || argument.getOwner() != &body ||
          !function.getArgAttr(argument.getArgNumber(),
                               hal::kParameterAttrName))
        return BlockArgument();
      return argument;
    };
    llvm::MapVector<PackedFilterKey, unsigned> packed;
    SmallVector<std::pair<linalg::Conv2DNchwFchwOp, unsigned>> convs;
    for (auto conv : body.getOps<linalg::Conv2DNchwFchwOp>()) {
      BlockArgument filter = getParameter(conv.getInputs()[1]);
      if (!filter)
        continue;
      NchwFilterLayout layout = getNchwFilterLayout(conv, **cpu);
      if (layout == NchwFilterLayout::None)
        continue;
      auto [it, inserted] =
          packed.insert({{filter.getArgNumber(), layout},
                         static_cast<unsigned>(packed.size())});
      convs.push_back({conv, it->second});
    }
    // Transposes of parameter arguments (the front door's nn.Linear weights,
    // transposed for linalg.matmul): computed ahead as they are, or as the
    // contraction strategy's panels where the one matmul that reads the
    // transpose reads it as panels (readsRhsPanels).
    SmallVector<linalg::TransposeOp> transposes;
    SmallVector<linalg::MatmulOp> panelReaders;
    for (auto transpose : body.getOps<linalg::TransposeOp>()) {
      if (!getParameter(transpose.getInput()) ||
          !cast<ShapedType>(transpose.getInit().getType()).hasStaticShape())
        continue;
      transposes.push_back(transpose);
      Value result = transpose->getResult(0);
      auto matmul = result.hasOneUse()
                        ? dyn_cast<linalg::MatmulOp>(*result.user_begin())
                        : linalg::MatmulOp();
      panelReaders.push_back(matmul && matmul->getBlock() == &body &&
                                     matmul.getInputs()[1] == result &&
                                     readsRhsPanels(matmul, **cpu)
                                 ? matmul
                                 : linalg::MatmulOp());
    }
    if (convs.empty() && transposes.empty())
      return FunctionType();

    MLIRContext *context = &getContext();
    FunctionType type = function.getFunctionType();
    SmallVector<unsigned> parameters;
    for (unsigned i = 0, e = function.getNumArguments(); i < e; ++i)
      if (function.getArgAttr(i, hal::kParameterAttrName))
        parameters.push_back(i);
    // The position of argument `number` among @<f>$prepare's arguments.
    auto getPrepareArgument = [&](unsigned number) {
      return static_cast<unsigned>(llvm::find(parameters, number) -
                                   parameters.begin());
    };
    SmallVector<Type> parameterTypes, packedTypes;
    for (unsigned i : parameters)
      parameterTypes.push_back(type.getInput(i));
    for (auto &[key, index] : packed) {
      auto filterType = cast<RankedTensorType>(type.getInput(key.first));
      packedTypes.push_back(RankedTensorType::get(
          getPackedFilterShape(filterType.getShape(), key.second),
          filterType.getElementType()));
    }
    for (auto [transpose, reader] : llvm::zip(transposes, panelReaders)) {
      auto type = cast<RankedTensorType>(transpose->getResult(0).getType());
      if (reader)
        type = RankedTensorType::get({type.getDimSize(1) / kMatmulPanelWidth,
                                      type.getDimSize(0), kMatmulPanelWidth},
                                     type.getElementType());
      packedTypes.push_back(type);
    }
    auto prepareType = FunctionType::get(context, parameterTypes, packedTypes);
    SmallVector<DictionaryAttr> argAttrs;
    function.getAllArgAttrs(argAttrs);
    SmallVector<DictionaryAttr> resultAttrs;
    function.getAllResultAttrs(resultAttrs);
    SmallVector<NamedAttribute> discardable(function->getDiscardableAttrs());
    Location loc = function.getLoc();
    OpBuilder builder(context);
    builder.setInsertionPointAfter(function);

    // @<f>$prepare: the parameters in, the packed filters out.
    auto prepare = func::FuncOp::create(builder, loc, prepareName, prepareType);
    prepare->setDiscardableAttrs(discardable);
    for (auto [position, i] : llvm::enumerate(parameters))
      prepare.setArgAttrs(position, argAttrs[i]);
    {
      OpBuilder::InsertionGuard guard(builder);
      Block *entry = prepare.addEntryBlock();
      builder.setInsertionPointToStart(entry);
      SmallVector<Value> results;
      for (auto &[key, index] : packed)
        results.push_back(packFilter(
            builder, loc, entry->getArgument(getPrepareArgument(key.first)),
            key.second));
      for (auto [transpose, reader] : llvm::zip(transposes, panelReaders)) {
        unsigned position = getPrepareArgument(
            cast<BlockArgument>(transpose.getInput()).getArgNumber());
        auto resultType = cast<ShapedType>(transpose->getResult(0).getType());
        Value init = tensor::EmptyOp::create(builder, transpose.getLoc(),
                                             resultType.getShape(),
                                             resultType.getElementType());
        Value transposed =
            linalg::TransposeOp::create(builder, transpose.getLoc(),
                                        entry->getArgument(position), init,
                                        transpose.getPermutation())
                ->getResult(0);
        results.push_back(
            reader ? packRhsPanels(builder, transpose.getLoc(), transposed)
                   : transposed);
      }
      func::ReturnOp::create(builder, loc, results);
    }

    // @<f>$run: the body, taking the packed filters after the function's
    // arguments; each convolution reads the transpose of its packed filter,
    // which llvm-cpu-apply-strategies reads in place (one per convolution,
    // so that each joins its convolution's dispatch).
    StringAttr name = function.getSymNameAttr();
    function.setSymName(runName);
    unsigned first = function.getNumArguments();
    // Positions in the old argument list: all at its end.
    SmallVector<unsigned> positions(packedTypes.size(), first);
    // The packed filters are only read.
    NamedAttribute notWritable(
        StringAttr::get(context,
                        bufferization::BufferizationDialect::kWritableAttrName),
        BoolAttr::get(context, false));
    SmallVector<DictionaryAttr> readOnly(
        packedTypes.size(), DictionaryAttr::get(context, {notWritable}));
    SmallVector<Location> locs(packedTypes.size(), loc);
    if (failed(
            function.insertArguments(positions, packedTypes, readOnly, locs)))
      return failure();
    for (auto [conv, index] : convs) {
      auto key = packed.begin()[index].first;
      builder.setInsertionPoint(conv);
      conv.setOperand(1, unpackFilter(builder, conv.getLoc(),
                                      body.getArgument(first + index),
                                      key.second));
    }
    for (auto [i, transpose] : llvm::enumerate(transposes)) {
      Value argument = body.getArgument(first + packed.size() + i);
      if (linalg::MatmulOp reader = panelReaders[i]) {
        // Unpacked right before the matmul, whose dispatch it joins.
        builder.setInsertionPoint(reader);
        argument = unpackRhsPanels(builder, transpose.getLoc(), argument);
      }
      transpose->getResult(0).replaceAllUsesWith(argument);
      transpose.erase();
    }

    // @<f>: what it computed, through the two.
    builder.setInsertionPointAfter(prepare);
    auto wrapper = func::FuncOp::create(builder, loc, name, type);
    wrapper->setDiscardableAttrs(discardable);
    wrapper.setAllArgAttrs(argAttrs);
    wrapper.setAllResultAttrs(resultAttrs);
    {
      OpBuilder::InsertionGuard guard(builder);
      Block *entry = wrapper.addEntryBlock();
      builder.setInsertionPointToStart(entry);
      SmallVector<Value> parameterValues;
      for (unsigned i : parameters)
        parameterValues.push_back(entry->getArgument(i));
      auto packing =
          func::CallOp::create(builder, loc, prepare, parameterValues);
      SmallVector<Value> operands(entry->getArguments());
      llvm::append_range(operands, packing.getResults());
      auto run = func::CallOp::create(builder, loc, function, operands);
      func::ReturnOp::create(builder, loc, run.getResults());
    }
    return prepareType;
  }

  CPUTarget target;
};

} // namespace
