//===- LLVMCPUBackends.cpp - The built-in CPU target backends ---*- C++ -*-===//
//
// This file implements the two built-in CPU backends, `llvm-cpu` (tiled and
// vectorized) and `llvm-cpu-loops` (plain loops), and their registration.
//
//===----------------------------------------------------------------------===//

#include "LLVMCPUFilterLayout.h"
#include "LLVMCPUPads.h"

#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Codegen/Transforms/StrategyTable.h"
#include "scopeir/Target/LLVMCPU/LLVMCPUConfig.h"
#include "scopeir/Target/LLVMCPU/Passes.h"
#include "scopeir/Dialect/HAL/Target/TargetBackend.h"
#include "scopeir/Target/LLVMCPU/LLVMCPUBackends.h"

#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace scopeir::hal;
using namespace scopeir::llvmcpu;

namespace {

/// The llvm-cpu backend's strategy per kind of root: the pipelines its tu
/// scopes run (codegen-form-tu-scopes{table=llvm-cpu}). Contractions and
/// convolutions get the strategy library's packed kernels
/// (llvm-cpu-apply-strategies) where one applies; every root is then
/// tiled and vectorized (reductions tile their reduction loops as full
/// reductions and vectorize to multi-reductions); what could not be
/// vectorized becomes loops after bufferization.
class LLVMCPUStrategyTable final : public scopeir::codegen::StrategyTable {
public:
  FailureOr<scopeir::codegen::Strategy>
  getStrategy(Operation *root, scopeir::codegen::RootKind kind) const override {
    using scopeir::codegen::RootKind;
    MLIRContext *context = root->getContext();
    // m/n tiles of 8x16 and k tiles of 16: small enough to keep a tile of
    // the accumulator in vector registers, large enough to fill them. Ops
    // whose loops are all parallel (elementwise ops, fills, transposes)
    // take 8x16 tiles of their two innermost loops, 1 along the others:
    // vectors along the contiguous dim whatever the rank (an NCHW
    // activation tiled 8,16,16 outermost first kept its innermost loop
    // whole, vector<1x16x16x112>).
    // Ops of at least 32768 iterations have their outer tiles run on
    // threads (fewer cost less than a parallel region's fork and join).
    StringRef tileAndVectorize =
        "llvm-cpu-tile-and-vectorize{tile-sizes=8,16,16 "
        "parallel-tile-sizes=8,16 parallel-min-iterations=32768},"
        "canonicalize,cse";
    std::string pipeline;
    switch (kind) {
    case RootKind::Contraction:
    case RootKind::Convolution:
      pipeline =
          ("llvm-cpu-apply-strategies,canonicalize," + tileAndVectorize)
              .str();
      break;
    case RootKind::Reduction:
    case RootKind::Elementwise:
    case RootKind::Other:
      pipeline = tileAndVectorize.str();
      break;
    }
    return scopeir::codegen::Strategy::getPipeline(
        StringAttr::get(context, pipeline));
  }

  /// The unpacking of an operand packed ahead (llvm-cpu-hoist-filter-packing:
  /// a filter's transpose or unpack, a matmul's right-hand side panels'
  /// unpack) joins the convolution or matmul that reads it, whose strategy
  /// reads the packed operand under it (readsPackedAhead); so does the pad
  /// of a depthwise convolution's or pooling's input, which its strategy
  /// tiles with it (isTakenWindowPad).
  bool takesProducer(Operation *root, Operation *producer) const override {
    return producer->getNumResults() == 1 &&
           (readsPackedAhead(root, producer->getResult(0)) ||
            isTakenWindowPad(root, producer->getResult(0)));
  }

  /// The epilogue of a window op tiled by images (a batch norm, an
  /// activation, a residual add after a convolution over several images or
  /// a depthwise convolution whose input pad it takes) joins its tu scope:
  /// each tile computes it while the tile's output is in cache
  /// (isTiledEpilogue).
  bool takesConsumer(Operation *root, OpOperand &use) const override {
    return isTiledEpilogue(root, use);
  }
};

/// Lowers what vectorization leaves for the host lowering: masks, n-D
/// transfers (loops of 1-D transfers, which become LLVM's masked loads and
/// stores) and multi-reductions.
static void addVectorLowering(OpPassManager &funcPM) {
  funcPM.addPass(vector::createLowerVectorMaskPass());
  VectorTransferToSCFOptions toSCF;
  toSCF.enableFullUnroll(true);
  funcPM.addPass(createConvertVectorToSCFPass(toSCF));
  funcPM.addPass(vector::createLowerVectorMultiReductionPass());
}

/// Forms a tu scope around each root with its per-kind strategy
/// (LLVMCPUStrategyTable, or a user's #codegen.strategy) and runs the
/// strategies; bufferization then converts the function as a whole. See
/// docs/llvm-cpu.md and docs/codegen.md.
class LLVMCPUBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "llvm-cpu"; }
  StringRef getDescription() const override {
    return "CPU via LLVM: a tu scope per root with a per-kind strategy "
           "(packed FMA kernels for contractions and convolutions), other "
           "roots tiled and vectorized";
  }

  void buildTensorPipeline(OpPassManager &funcPM) const override {
    // A normalization and its activation as one pass over the tensor.
    funcPM.addPass(createLLVMCPUFuseElementwisePass());
    // Packs, unpacks and softmax as ops the strategies know.
    funcPM.addPass(createLLVMCPUDecomposeAggregatesPass());
    // Pads as a fill and a copy, which tile and vectorize (a pad left to
    // bufferization is a scalar loop and a strided runtime copy); but the
    // pads that depthwise convolutions and poolings take into their tiles.
    LLVMCPUDecomposePadsPassOptions keepWindowPads;
    keepWindowPads.keepWindowPads = true;
    funcPM.addPass(createLLVMCPUDecomposePadsPass(keepWindowPads));
    scopeir::codegen::FormTUScopesPassOptions form;
    form.table = "llvm-cpu";
    funcPM.addPass(scopeir::codegen::createFormTUScopesPass(form));
    funcPM.addPass(scopeir::codegen::createRunScopePipelinesPass());
    // The unpacks of panels packed ahead and the pads of window ops that no
    // strategy read.
    LLVMCPUDecomposeAggregatesPassOptions leftover;
    leftover.keepPanelUnpacks = false;
    funcPM.addPass(createLLVMCPUDecomposeAggregatesPass(leftover));
    funcPM.addPass(createLLVMCPUDecomposePadsPass());
    funcPM.addPass(createCanonicalizerPass());
    funcPM.addPass(createCSEPass());
  }

  void buildBufferPipeline(OpPassManager &funcPM) const override {
    // The strategies' outer tiles (scf.forall) become parallel loops, which
    // the host lowering runs on threads, or serial ones (config threads=1).
    funcPM.addPass(createLLVMCPULowerParallelTilesPass());
    // Tiles that only move data, which canonicalization turned back into
    // copies of blocks.
    funcPM.addPass(createLLVMCPUVectorizeCopiesPass());
    // Whatever was not vectorized.
    funcPM.addPass(createConvertLinalgToLoopsPass());
    // exp, tanh and erf as arithmetic on vectors, not a libm call per lane.
    funcPM.addPass(createLLVMCPUApproximateMathPass());
    // The outer products' splats from memory.
    funcPM.addPass(createLLVMCPUBroadcastLoadsPass());
    addVectorLowering(funcPM);
    funcPM.addPass(createCanonicalizerPass());
  }

  void buildOpenMPPipeline(OpPassManager &funcPM) const override {
    // Guided schedules, and the device config's `threads` limit.
    funcPM.addPass(createLLVMCPUConfigureOpenMPPass());
  }

  void buildParameterPreparationPipeline(OpPassManager &modulePM,
                                         StringRef hostBackend) const override {
    // Filters packed as the taps read them, once per parameter set.
    LLVMCPUHoistFilterPackingPassOptions hoist;
    hoist.hostBackend = hostBackend.str();
    modulePM.addPass(createLLVMCPUHoistFilterPackingPass(hoist));
  }

  LogicalResult
  verifyConfig(DictionaryAttr config,
               function_ref<InFlightDiagnostic()> emitError) const override {
    return LLVMCPUConfig::parse(config, emitError);
  }
};

/// Lowers every linalg op to scalar loops: the reference strategy and the
/// default host backend.
class LLVMCPULoopsBackend final : public TargetBackend {
public:
  StringRef getName() const override { return "llvm-cpu-loops"; }
  StringRef getDescription() const override {
    return "CPU via LLVM: linalg ops as plain scalar loops "
           "(convert-linalg-to-loops)";
  }

  void buildTensorPipeline(OpPassManager &funcPM) const override {
    // Packs, unpacks and softmax as ops that lower to loops.
    // Every pack and unpack: no strategy reads panels here.
    LLVMCPUDecomposeAggregatesPassOptions all;
    all.keepPanelUnpacks = false;
    funcPM.addPass(createLLVMCPUDecomposeAggregatesPass(all));
    funcPM.addPass(createCanonicalizerPass());
  }

  void buildBufferPipeline(OpPassManager &funcPM) const override {
    // The grids of hand-distributed code (codegen-lower-workgroups) are
    // scf.forall loops: parallel loops, on threads or not, as on llvm-cpu.
    funcPM.addPass(createLLVMCPULowerParallelTilesPass());
    funcPM.addPass(createConvertLinalgToLoopsPass());
    // The vectors a program's own tu scope made (a strategy that
    // vectorizes), lowered as on llvm-cpu; nothing otherwise.
    addVectorLowering(funcPM);
    funcPM.addPass(createCanonicalizerPass());
  }
};

} // namespace

void scopeir::llvmcpu::registerLLVMCPUBackends() {
  static bool once = [] {
    TargetBackendRegistry &registry = TargetBackendRegistry::global();
    registry.registerBackend(std::make_unique<LLVMCPUBackend>());
    registry.registerBackend(std::make_unique<LLVMCPULoopsBackend>());
    scopeir::codegen::StrategyTableRegistry::global().registerTable(
        "llvm-cpu", std::make_unique<LLVMCPUStrategyTable>());
    return true;
  }();
  (void)once;
}
