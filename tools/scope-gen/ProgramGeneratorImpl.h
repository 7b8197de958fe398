//===- ProgramGeneratorImpl.h - scope-gen's generator class ----*- C++ -*-===//
//
// This file declares the ProgramGenerator class, private to scope-gen, whose
// members are implemented one file per op family (Elementwise.cpp,
// Contraction.cpp, DataMovement.cpp, ControlFlow.cpp, MLPLayer.cpp, ...),
// with the operand
// helpers in Operands.cpp, scopes in Scopes.cpp and the driver in
// ProgramGenerator.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TOOLS_SCOPE_GEN_PROGRAMGENERATORIMPL_H
#define SCOPEIR_TOOLS_SCOPE_GEN_PROGRAMGENERATORIMPL_H

#include "ProgramGenerator.h"

#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace scopeir::gen {

/// Largest number of elements of any tensor the generator makes (keeps runs
/// fast and inputs short).
constexpr int64_t kMaxElements = 2048;
/// How deep region ops (loops, conditionals) nest.
constexpr unsigned kMaxRegionDepth = 2;
/// How many helper functions a program may have.
constexpr unsigned kMaxHelpers = 3;

/// Returns a tensor.dim op for each dynamic dim of each of `values` (ranked
/// tensors), in order: the capture dims of a scope capturing `values`.
inline llvm::SmallVector<mlir::Value> buildDynamicDims(mlir::OpBuilder &b,
                                                       mlir::Location loc,
                                                       mlir::ValueRange values) {
  llvm::SmallVector<mlir::Value> dims;
  for (mlir::Value value : values) {
    auto type = llvm::cast<mlir::RankedTensorType>(value.getType());
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d))
        dims.push_back(mlir::tensor::DimOp::create(b, loc, value, d));
  }
  return dims;
}

/// A tensor available to later ops.
struct PoolTensor {
  mlir::Value value;
  /// Runtime sizes (the generator chooses the inputs, so it knows them).
  llvm::SmallVector<int64_t> shape;
  ValueFacts facts;
  unsigned uses = 0;

  mlir::RankedTensorType getType() const {
    return llvm::cast<mlir::RankedTensorType>(value.getType());
  }
  int64_t getRank() const { return shape.size(); }
};

/// A scope that is open: it will wrap every op generated in its block after
/// `before` (null: from the block's start).
struct ScopeFrame {
  mlir::Operation *before = nullptr;
  size_t poolMark = 0;
};

struct BlockState {
  mlir::Block *block = nullptr;
  /// How many region ops (loops, conditionals) of its function hold the
  /// block.
  unsigned regionDepth = 0;
  size_t poolBase = 0;
  llvm::SmallVector<ScopeFrame> frames;
};

struct FunctionState {
  mlir::func::FuncOp func;
  /// Constants and argument dims live at the top of the entry block, above
  /// every scope, so that any op anywhere in the function may use them.
  mlir::Operation *lastEntryOp = nullptr;
  llvm::DenseSet<mlir::Operation *> entryOps;
  /// Runtime size -> an index value of that size (a tensor.dim of an
  /// argument, or a constant).
  std::vector<std::pair<int64_t, mlir::Value>> dynamicSizes;
  std::vector<std::pair<int64_t, mlir::Value>> constantIndices;
  std::vector<std::pair<double, mlir::Value>> constantFloats;
  std::vector<PoolTensor> pool;
  bool isHelper = false;
};

class ProgramGenerator {
public:
  ProgramGenerator(mlir::MLIRContext *context, const GeneratorOptions &options,
                   bool withScopes)
      : context(context), options(options), withScopes(withScopes),
        rng(options.seed * 2 + 1),
        scopeRng(options.seed * 0x9E3779B97F4A7C15ull + 0x5C0FE),
        builder(context), loc(mlir::UnknownLoc::get(context)) {}

  mlir::FailureOr<GeneratedProgram> run();

private:
  //===--- Helpers ------------------------------------------------------===//

  bool has(OpFamily family) const { return options.has(family); }
  bool hasScope(ScopeKind kind) const {
    return withScopes && options.has(kind);
  }
  void count(llvm::StringRef feature) { ++program.features[feature.str()]; }
  void countScope(llvm::StringRef kind) { ++program.scopes[kind.str()]; }

  mlir::Type f32() { return builder.getF32Type(); }
  mlir::RankedTensorType tensorType(llvm::ArrayRef<int64_t> shape,
                                    llvm::ArrayRef<bool> dynamic) {
    llvm::SmallVector<int64_t> dims;
    for (auto [i, size] : llvm::enumerate(shape))
      dims.push_back(
          i < dynamic.size() && dynamic[i] ? mlir::ShapedType::kDynamic : size);
    return mlir::RankedTensorType::get(dims, f32());
  }
  static llvm::SmallVector<bool> dynamicMask(mlir::RankedTensorType type) {
    llvm::SmallVector<bool> mask;
    for (int64_t dim : type.getShape())
      mask.push_back(mlir::ShapedType::isDynamic(dim));
    return mask;
  }
  static int64_t numElements(llvm::ArrayRef<int64_t> shape) {
    int64_t n = 1;
    for (int64_t dim : shape)
      n *= dim;
    return n;
  }

  mlir::OpBuilder entryBuilder();
  void noteEntryOp(mlir::Operation *op);
  mlir::Value constantIndex(int64_t value);
  /// An index value of runtime value `size`: a dim of an argument when one
  /// has that size, else a constant.
  mlir::Value sizeValue(int64_t size);
  mlir::Value constantFloat(double value);
  mlir::OpFoldResult foldResult(int64_t value, bool dynamic) {
    if (dynamic)
      return sizeValue(value);
    return builder.getIndexAttr(value);
  }

  mlir::Value emptyTensor(llvm::ArrayRef<int64_t> shape,
                          mlir::RankedTensorType type);
  mlir::Value filledTensor(llvm::ArrayRef<int64_t> shape,
                           mlir::RankedTensorType type, double value);

  /// Adds a freshly created tensor to the pool; returns its index.
  unsigned push(mlir::Value value, llvm::ArrayRef<int64_t> shape,
                ValueFacts facts);
  PoolTensor &use(unsigned index) {
    ++fn->pool[index].uses;
    return fn->pool[index];
  }
  /// A random pool tensor satisfying `pred` (recent ones more likely), or -1.
  int pick(llvm::function_ref<bool(const PoolTensor &)> pred);
  int pickAny() {
    return pick([](const PoolTensor &) { return true; });
  }
  /// A random pool tensor of exactly `shape`, or -1.
  int pickOfShape(llvm::ArrayRef<int64_t> shape) {
    return pick([&](const PoolTensor &t) {
      return llvm::ArrayRef<int64_t>(t.shape) == shape;
    });
  }

  llvm::SmallVector<int64_t> randomShape(unsigned rank);
  int64_t randomDim();
  /// A dense constant of the given runtime shape and type.
  PoolTensor constantTensor(llvm::ArrayRef<int64_t> shape,
                            mlir::RankedTensorType type);
  /// A tensor of exactly `shape` and `type` made from `source`: rank
  /// changed by slicing or broadcasting, sizes by slicing or padding, type
  /// by tensor.cast. Falls back to a constant where a family is disabled.
  PoolTensor coerce(const PoolTensor &source, llvm::ArrayRef<int64_t> shape,
                    mlir::RankedTensorType type);
  /// A pool tensor of `shape` (any type), or a coerced one.
  PoolTensor operandOfShape(llvm::ArrayRef<int64_t> shape,
                            mlir::RankedTensorType type);
  PoolTensor castTo(const PoolTensor &source, mlir::RankedTensorType type);
  /// `source` scaled by a power of two (exactly) so that its bound is at
  /// most `limit`; `source` itself if it already is.
  PoolTensor scaleDown(const PoolTensor &source, double limit);

  //===--- Op families --------------------------------------------------===//

  /// What keeps an op kind from being drawn.
  enum class OpLimit {
    None,
    /// The op has regions holding more generated ops: not drawn in a block
    /// kMaxRegionDepth deep.
    RegionDepth,
    /// The op calls a new helper function: not drawn in a helper, nor once
    /// kMaxHelpers exist.
    Helpers,
  };

  /// Sentinel for "no upper bound" on an operand's rank.
  static constexpr int64_t kAnyRank = INT64_MAX;

  /// An op the generator may draw and what decides when it is drawn. Either
  /// `generateOn` or `generate` is set.
  struct OpKind {
    OpFamily family;
    /// Weight in the draw, where the family is enabled and no limit applies.
    unsigned weight;
    /// Builds the op on a pool tensor of rank `minRank` to `maxRank`, picked
    /// and marked used before the generator draws anything else.
    bool (ProgramGenerator::*generateOn)(PoolTensor operand);
    int64_t minRank;
    int64_t maxRank;
    /// Builds the op on operands it picks itself.
    bool (ProgramGenerator::*generate)();
    OpLimit limit;
  };
  static constexpr OpKind
  onOperand(OpFamily family, unsigned weight,
            bool (ProgramGenerator::*generate)(PoolTensor), int64_t minRank,
            int64_t maxRank = kAnyRank, OpLimit limit = OpLimit::None) {
    return {family, weight, generate, minRank, maxRank, nullptr, limit};
  }
  static constexpr OpKind ownOperands(OpFamily family, unsigned weight,
                                      bool (ProgramGenerator::*generate)(),
                                      OpLimit limit = OpLimit::None) {
    return {family, weight, nullptr, 0, kAnyRank, generate, limit};
  }
  /// Every op kind, in the order of the weighted draw: the table that
  /// decides what programs look like (ProgramGenerator.cpp). Its order is
  /// part of every seed's program.
  static const OpKind kOpKinds[];

  /// Generates `count` ops in the current block, opening and closing scopes
  /// between them.
  void genOps(unsigned count);
  /// Draws an op kind from kOpKinds and generates it (a constant where no
  /// kind applies).
  void genOneOp();
  /// Generates one op of `kind`; false if it does not apply here.
  bool generate(const OpKind &kind);

  // Elementwise.cpp
  bool genElementwise(PoolTensor primary);
  bool genNamedElementwise(PoolTensor a);
  bool genFill();
  // TensorElementwise.cpp
  bool genTensorElementwise(PoolTensor a);
  // Contraction.cpp
  bool genReduction(PoolTensor x);
  bool genMatmul() { return genMatmulOrBatch(/*batch=*/false); }
  bool genBatchMatmul() { return genMatmulOrBatch(/*batch=*/true); }
  bool genMatmulOrBatch(bool batch);
  bool genConv();
  bool genPooling();
  // DataMovement.cpp
  bool genTranspose(PoolTensor x);
  bool genBroadcast(PoolTensor x);
  bool genExtractSlice(PoolTensor x);
  bool genInsertSlice(PoolTensor dest);
  bool genPad(PoolTensor x);
  bool genConcat(PoolTensor first);
  bool genReshape();
  bool genCast(PoolTensor x);
  // ControlFlow.cpp
  bool genFor(PoolTensor init);
  bool genIf();
  bool genCall();
  // MLPLayer.cpp
  bool genMLPLayer();
  /// A static rank-2 operand of `shape` for a layer: a pool tensor, or a
  /// strided view of one (a slice with offsets and steps, a transposed
  /// view, a slice at a dynamic offset), bounded by 64 like a matmul's.
  PoolTensor layerOperand(llvm::ArrayRef<int64_t> shape);
  /// A static vector of `size` for a layer's bias: a pool tensor, a slice
  /// with a step, or a column of a matrix.
  PoolTensor layerBias(int64_t size);
  /// A static tensor of `shape` to cut a view from.
  PoolTensor viewSource(llvm::ArrayRef<int64_t> shape, double bound);
  /// An index value of runtime value `value` that no compiler can fold to
  /// a constant (an argument's dim plus a constant), or a constant where the
  /// function has no dynamic dim; `dynamic` says which.
  mlir::Value opaqueIndex(int64_t value, bool &dynamic);
  /// With the extern scope kind, may wrap the ops of a layer, from `first`
  /// to the producer of `result`, in an extern scope of `mlp_layer_f32`
  /// capturing `args` (MLPLayer.cpp).
  void maybeWrapInExternScope(mlir::Operation *first, mlir::Value result,
                              llvm::ArrayRef<PoolTensor> args,
                              unsigned resultIndex);

  /// Counts the math and arith ops `expr` emits as features.
  void countExprOps(const ScalarExpr &expr);
  /// The input of a sliding-window op: a pool tensor that `fits` (most of
  /// the time) or an operand of the shape `randomShape` draws, cast so that
  /// only its batch dim may be dynamic.
  PoolTensor
  windowInput(llvm::function_ref<bool(const PoolTensor &)> fits,
              llvm::function_ref<llvm::SmallVector<int64_t>()> randomShape);

  /// Emits min(max(x, -c), c) (exact) in a generic body.
  mlir::Value emitClamp(mlir::OpBuilder &b, mlir::Location loc, mlir::Value x,
                        double c);

  //===--- Blocks, functions, scopes ------------------------------------===//

  /// Runs `body` with `block`, `regionDepth` region ops deep in its
  /// function, as the current block (ops appended at its end); closes the
  /// scopes opened in it and forgets its pool tensors.
  void inBlock(mlir::Block *block, unsigned regionDepth,
               llvm::function_ref<void()> body);
  void maybeOpenScope();
  void maybeCloseScope();
  void closeScope(ScopeFrame frame);
  /// Closes every scope open in the current block.
  void closeScopes();
  /// Puts `op` (a function or the module) on a random backend's device with
  /// `probability`, if scope kind `kind` is enabled; with `hostMemory` (the
  /// entry point, the module), on one computing in host memory.
  void maybePlaceOnDevice(mlir::Operation *op, ScopeKind kind,
                          double probability, bool hostMemory = false);
  /// With the workgroups scope kind, may replace the elementwise linalg op
  /// that produced the newest pool tensor by the same op distributed over
  /// a grid of workgroups (Workgroups.cpp).
  void maybeDistributeOverWorkgroups();
  /// With the codegen-tu scope kind, may wrap a linalg op of the freshly
  /// closed device scope `scope` in a codegen.scope.tu with a strategy,
  /// and its consumer in a tied one (CodegenTU.cpp).
  void maybeAddTUScopes(mlir::Operation *scope);
  /// A `#codegen.strategy` giving contractions the module's tile sequence.
  mlir::Attribute randomStrategyAttr();
  /// Adds the tile sequence the generated strategies name to the module,
  /// once.
  void addTileSequence();
  /// An index value of runtime value `size` that draws nothing from the
  /// program's random stream (for scope-only ops).
  mlir::Value knownSizeValue(int64_t size);
  mlir::ArrayAttr randomScopeAttrs(bool &hasDevice, bool &hasZone,
                                   hal::DeviceTargetAttr &device);
  /// Turns a freshly built util.annotate into util.scope with explicit
  /// captures, dims and ties (where dims can be found); updates the pool.
  void convertToScopeOp(util::AnnotateOp annotate, size_t poolMark,
                        llvm::ArrayRef<unsigned> poolIndices);
  /// `hostMemory`: a placement of the entry point (@main or the module),
  /// which the host calls with host buffers, so never on a device with
  /// memory of its own.
  std::string randomBackend(bool hostMemory = false) {
    if (!program.uniformBackend.empty())
      return program.uniformBackend;
    // A device with memory of its own joins mixed programs only (its
    // results are compared within tolerance); without one, the choices
    // (and every seed's program) are those of the CPU backends alone.
    if (!options.deviceBackend.empty() && !hostMemory) {
      unsigned choice = scopeRng.below(3);
      return choice == 2 ? options.deviceBackend : kBackends[choice];
    }
    return kBackends[scopeRng.below(2)];
  }

  mlir::func::FuncOp beginFunction(llvm::StringRef name,
                                   llvm::ArrayRef<mlir::Type> argTypes,
                                   FunctionState &state);
  /// Adds, above every scope, a tensor.dim of each dynamic dim of the
  /// current function's arguments (for ops to use as sizes); returns how
  /// many.
  unsigned addArgumentDims();
  /// Picks the results of the current function (preferring unused,
  /// recent tensors) and returns their pool indices.
  llvm::SmallVector<unsigned> chooseResults(unsigned maxResults);
  void finishFunction(llvm::ArrayRef<unsigned> results);

  mlir::MLIRContext *context;
  const GeneratorOptions &options;
  bool withScopes;
  /// Program decisions.
  Rng rng;
  /// Scope decisions: a separate stream, so that the program is the same
  /// with and without scopes.
  Rng scopeRng;
  mlir::OpBuilder builder;
  mlir::Location loc;

  mlir::ModuleOp module;
  mlir::func::FuncOp mainFunc;
  FunctionState *fn = nullptr;
  BlockState *blk = nullptr;
  unsigned openScopes = 0;
  unsigned numHelpers = 0;
  unsigned zoneCounter = 0;
  /// The rounding rules the program's value facts are computed under: the
  /// device backend's where the program may place ops on it.
  RoundingModel rounding = RoundingModel::IEEE;
  /// The `contiguous` ABI option of the program's extern scopes, drawn at
  /// the first one (one symbol has one C signature).
  std::optional<bool> externContiguous;
  GeneratedProgram program;
};

} // namespace scopeir::gen

#endif // SCOPEIR_TOOLS_SCOPE_GEN_PROGRAMGENERATORIMPL_H
