//===- ProgramGenerator.cpp - Random linalg programs with scopes ----------===//
//
// This file implements scope-gen's program generator: the names of op
// families and scope kinds, the table of op kinds the generator draws from,
// and the driver (functions, the entry point, the program). The op families
// are in Elementwise.cpp, TensorElementwise.cpp, Contraction.cpp,
// DataMovement.cpp, ControlFlow.cpp and MLPLayer.cpp, the operand helpers in
// Operands.cpp, scopes in Scopes.cpp (the extern scope kind beside its
// layers in MLPLayer.cpp), the reference driver in ReferenceDriver.cpp.
//
// The generator keeps a pool of the tensors available at the current point
// (function arguments, results of earlier ops, loop-carried values), picks an
// op family, takes operands from the pool (adapting a tensor's shape with
// slices, pads and broadcasts where none fits) and adds the results. Every
// tensor carries ValueFacts, so that the generator avoids undefined or
// ill-conditioned computations (no NaN or infinity, no comparison of values
// compilers may round differently) and can tell the oracle how far apart
// two correct compilations of each result may be.
//
// Scopes are woven in while the program is generated: before an op a scope
// may "open"; when it closes, the ops generated since then move into a
// util.annotate / util.scope / hal.device.scope whose results are every pool
// tensor defined inside. The pool entries then refer to the scope's results,
// so the rest of the program, drawn from its own random stream, is the same
// with and without scopes.
//
//===----------------------------------------------------------------------===//

#include "ProgramGeneratorImpl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <cstdio>

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

const char *const scopeir::gen::kBackends[2] = {"llvm-cpu", "llvm-cpu-loops"};

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

static const char *const kFamilyNames[] = {
    "matmul",      "batch-matmul", "conv",      "pooling",
    "elementwise", "named-elementwise", "reduction", "fill",
    "transpose",   "broadcast",    "extract-slice", "insert-slice",
    "pad",         "concat",       "reshape",   "cast",
    "for",         "if",           "call",      "math",
    "dynamic",     "tensor-elementwise", "mlp-layer",
};
static_assert(std::size(kFamilyNames) ==
              static_cast<size_t>(OpFamily::NumFamilies));

static const char *const kScopeKindNames[] = {
    "device", "zone",        "nest",          "annotate",   "scope",
    "hal-device-scope", "func-device", "module-device", "insert-pass",
    "codegen-tu", "workgroups", "extern",
};
static_assert(std::size(kScopeKindNames) ==
              static_cast<size_t>(ScopeKind::NumKinds));

StringRef scopeir::gen::getOpFamilyName(OpFamily family) {
  return kFamilyNames[static_cast<unsigned>(family)];
}

StringRef scopeir::gen::getScopeKindName(ScopeKind kind) {
  return kScopeKindNames[static_cast<unsigned>(kind)];
}

std::optional<OpFamily> scopeir::gen::parseOpFamilyName(StringRef name) {
  for (auto [i, known] : llvm::enumerate(kFamilyNames))
    if (name == known)
      return static_cast<OpFamily>(i);
  return std::nullopt;
}

std::optional<ScopeKind> scopeir::gen::parseScopeKindName(StringRef name) {
  for (auto [i, known] : llvm::enumerate(kScopeKindNames))
    if (name == known)
      return static_cast<ScopeKind>(i);
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Op kinds
//===----------------------------------------------------------------------===//

using PG = ProgramGenerator;

// The draw is one random number against these weights, in this order: a
// changed weight or a moved row changes the program of nearly every seed (and
// the seeds that tests and bug reports name no longer mean what they did).
// A row: the family, its weight, its generator, and for onOperand the rank
// range of the pool tensor the op is built on; last, what limits it.
const PG::OpKind PG::kOpKinds[] = {
    onOperand(OpFamily::Elementwise, 8, &PG::genElementwise, 0),
    onOperand(OpFamily::NamedElementwise, 3, &PG::genNamedElementwise, 0),
    onOperand(OpFamily::Reduction, 4, &PG::genReduction, 1),
    ownOperands(OpFamily::Matmul, 4, &PG::genMatmul),
    ownOperands(OpFamily::BatchMatmul, 2, &PG::genBatchMatmul),
    ownOperands(OpFamily::Conv, 2, &PG::genConv),
    ownOperands(OpFamily::Pooling, 1, &PG::genPooling),
    ownOperands(OpFamily::Fill, 1, &PG::genFill),
    onOperand(OpFamily::Transpose, 2, &PG::genTranspose, 2),
    onOperand(OpFamily::Broadcast, 2, &PG::genBroadcast, 0, 3),
    onOperand(OpFamily::ExtractSlice, 2, &PG::genExtractSlice, 1),
    onOperand(OpFamily::InsertSlice, 2, &PG::genInsertSlice, 1),
    onOperand(OpFamily::Pad, 2, &PG::genPad, 1),
    onOperand(OpFamily::Concat, 2, &PG::genConcat, 1),
    ownOperands(OpFamily::Reshape, 2, &PG::genReshape),
    onOperand(OpFamily::Cast, 1, &PG::genCast, 1),
    onOperand(OpFamily::For, 2, &PG::genFor, 1, kAnyRank, OpLimit::RegionDepth),
    ownOperands(OpFamily::If, 2, &PG::genIf, OpLimit::RegionDepth),
    ownOperands(OpFamily::Call, 2, &PG::genCall, OpLimit::Helpers),
    // Opt-in rows (weight 0 unless named) go last: a row of weight 0 at the
    // end leaves every draw as it was.
    onOperand(OpFamily::TensorElementwise, 4, &PG::genTensorElementwise, 0),
    ownOperands(OpFamily::MLPLayer, 2, &PG::genMLPLayer),
};

void ProgramGenerator::genOps(unsigned count) {
  for (unsigned i = 0; i < count; ++i) {
    maybeOpenScope();
    genOneOp();
    maybeDistributeOverWorkgroups();
    maybeCloseScope();
  }
}

void ProgramGenerator::genOneOp() {
  unsigned weights[std::size(kOpKinds)];
  for (auto [i, kind] : llvm::enumerate(kOpKinds)) {
    bool limited = (kind.limit == OpLimit::RegionDepth &&
                    blk->regionDepth >= kMaxRegionDepth) ||
                   (kind.limit == OpLimit::Helpers &&
                    (fn->isHelper || numHelpers >= kMaxHelpers));
    weights[i] = has(kind.family) && !limited ? kind.weight : 0;
  }
  for (unsigned attempt = 0; attempt < 8; ++attempt) {
    // With every weight 0 the draw gives the first kind (elementwise).
    const OpKind &kind = kOpKinds[rng.weighted(weights)];
    if (generate(kind)) {
      count(getOpFamilyName(kind.family));
      return;
    }
  }
  // Nothing applied (an empty pool, most families disabled): a constant.
  SmallVector<int64_t> shape = randomShape(1 + rng.below(2));
  PoolTensor constant = constantTensor(shape, tensorType(shape, {}));
  push(constant.value, constant.shape, constant.facts);
}

bool ProgramGenerator::generate(const OpKind &kind) {
  if (kind.generate)
    return (this->*kind.generate)();
  int index = pick([&](const PoolTensor &t) {
    return t.getRank() >= kind.minRank && t.getRank() <= kind.maxRank;
  });
  if (index < 0)
    return false;
  return (this->*kind.generateOn)(use(index));
}

//===----------------------------------------------------------------------===//
// Inputs
//===----------------------------------------------------------------------===//

/// Prints `value` (a dyadic rational) exactly and briefly.
static std::string formatExact(double value) {
  char buffer[64];
  snprintf(buffer, sizeof(buffer), "%.9g", value);
  return buffer;
}

std::string GeneratedInput::getSpec() const {
  std::string spec;
  for (int64_t dim : shape)
    spec += std::to_string(dim) + "x";
  spec += "f32=";
  for (auto [i, value] : llvm::enumerate(values)) {
    if (i)
      spec += ",";
    spec += formatExact(value);
  }
  return spec;
}

//===----------------------------------------------------------------------===//
// Functions and the program
//===----------------------------------------------------------------------===//

func::FuncOp ProgramGenerator::beginFunction(StringRef name,
                                             ArrayRef<Type> argTypes,
                                             FunctionState &state) {
  auto func = func::FuncOp::create(builder, loc, name,
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  state.func = func;
  fn = &state;
  for (BlockArgument arg : entry->getArguments()) {
    PoolTensor tensor;
    tensor.value = arg;
    state.pool.push_back(tensor);
  }
  // The first entry constant anchors the others, so that ops appended to
  // the body never land above them.
  OpBuilder b(context);
  b.setInsertionPointToStart(entry);
  auto zero = arith::ConstantIndexOp::create(b, loc, 0);
  noteEntryOp(zero);
  state.constantIndices.push_back({0, zero});
  return func;
}

unsigned ProgramGenerator::addArgumentDims() {
  unsigned numDims = 0;
  for (auto [i, arg] : llvm::enumerate(fn->func.getArguments())) {
    auto argType = cast<RankedTensorType>(arg.getType());
    for (auto [d, size] : llvm::enumerate(argType.getShape())) {
      if (!ShapedType::isDynamic(size))
        continue;
      OpBuilder b = entryBuilder();
      Value dim = tensor::DimOp::create(b, loc, arg, constantIndex(d));
      noteEntryOp(dim.getDefiningOp());
      fn->dynamicSizes.push_back({fn->pool[i].shape[d], dim});
      ++numDims;
    }
  }
  return numDims;
}

SmallVector<unsigned> ProgramGenerator::chooseResults(unsigned maxResults) {
  SmallVector<unsigned> results;
  unsigned wanted = 1 + rng.below(maxResults);
  // Unused tensors first (newest first), then any.
  for (int i = static_cast<int>(fn->pool.size()) - 1;
       i >= 0 && results.size() < wanted; --i)
    if (fn->pool[i].uses == 0 && !isa<BlockArgument>(fn->pool[i].value))
      results.push_back(i);
  for (int i = static_cast<int>(fn->pool.size()) - 1;
       i >= 0 && results.size() < wanted; --i)
    if (!llvm::is_contained(results, static_cast<unsigned>(i)))
      results.push_back(i);
  return results;
}

void ProgramGenerator::finishFunction(ArrayRef<unsigned> results) {
  SmallVector<Value> values;
  SmallVector<Type> types;
  for (unsigned index : results) {
    values.push_back(fn->pool[index].value);
    types.push_back(fn->pool[index].value.getType());
  }
  func::ReturnOp::create(builder, loc, values);
  fn->func.setFunctionType(builder.getFunctionType(
      fn->func.getFunctionType().getInputs(), types));
}

FailureOr<GeneratedProgram> ProgramGenerator::run() {
  module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  program.module = module;

  // Scope-level choices first: the backend plan. The program without
  // scopes draws it too (from the scope stream, which it uses for nothing
  // else) and uses only whether the program is uniform: its value facts,
  // and so its ops, must be those of the program with scopes.
  std::string uniformBackend;
  if (scopeRng.chance(0.5))
    uniformBackend = kBackends[scopeRng.below(2)];
  std::string hostBackend =
      uniformBackend.empty() ? kBackends[scopeRng.below(2)] : uniformBackend;
  if (withScopes) {
    program.uniformBackend = uniformBackend;
    program.hostBackend = hostBackend;
  } else {
    program.hostBackend = kBackends[1];
  }
  // A mixed program may place ops on the device backend: its values are
  // then only as precise as that backend's rules promise.
  if (uniformBackend.empty())
    rounding = getRoundingModel(options.deviceBackend);

  // The entry function's arguments.
  unsigned numArgs = 1 + rng.below(3);
  SmallVector<Type> argTypes;
  for (unsigned i = 0; i < numArgs; ++i) {
    static const unsigned rankWeights[] = {2, 5, 3, 2};
    unsigned rank = 1 + rng.weighted(rankWeights);
    GeneratedInput input;
    input.shape = randomShape(rank);
    SmallVector<bool> mask;
    for (unsigned d = 0; d < rank; ++d)
      mask.push_back(has(OpFamily::Dynamic) && rng.chance(0.3));
    for (int64_t e = 0, n = numElements(input.shape); e < n; ++e)
      input.values.push_back(static_cast<float>(rng.range(-16, 16)) / 8);
    argTypes.push_back(tensorType(input.shape, mask));
    program.inputs.push_back(std::move(input));
  }

  FunctionState mainState;
  mainFunc = beginFunction("main", argTypes, mainState);
  for (auto [i, input] : llvm::enumerate(program.inputs)) {
    mainState.pool[i].shape = input.shape;
    mainState.pool[i].facts = ValueFacts::ofValues(input.values);
  }
  if (unsigned dims = addArgumentDims())
    program.features["dynamic"] += dims;
  SmallVector<unsigned> results;
  inBlock(&mainFunc.getBody().front(), /*regionDepth=*/0, [&] {
    genOps(options.minOps + rng.below(options.maxOps - options.minOps + 1));
    closeScopes();
    results = chooseResults(3);
    for (unsigned index : results)
      program.results.push_back(
          {mainState.pool[index].shape, mainState.pool[index].facts});
    finishFunction(results);
  });
  fn = nullptr;

  // The entry point computes in host memory: the host calls it.
  maybePlaceOnDevice(mainFunc, ScopeKind::FuncDevice, 0.25,
                     /*hostMemory=*/true);
  maybePlaceOnDevice(module, ScopeKind::ModuleDevice, 0.25,
                     /*hostMemory=*/true);

  if (failed(verify(module))) {
    // A generator bug: show the module, so that the report is complete.
    module->emitError("scope-gen: the generated module does not verify");
    module->print(llvm::errs(),
                  OpPrintingFlags().assumeVerified().printGenericOpForm());
    return failure();
  }

  if (hasScope(ScopeKind::InsertPass)) {
    unsigned scopesBefore = 0;
    module.walk([&](util::ScopeOpInterface) { ++scopesBefore; });
    unsigned seed = static_cast<unsigned>(scopeRng.next() & 0x7fffffff);
    std::string pipeline = "test-util-insert-scopes{seed=" +
                           std::to_string(seed) + " density=" +
                           formatExact(options.insertDensity) + "}";
    PassManager pm(context, ModuleOp::getOperationName());
    if (failed(parsePassPipeline(pipeline, pm)) || failed(pm.run(module))) {
      module->emitError("scope-gen: test-util-insert-scopes failed");
      return failure();
    }
    unsigned after = 0;
    module.walk([&](util::ScopeOpInterface) { ++after; });
    if (after > scopesBefore)
      program.scopes["insert-pass"] += after - scopesBefore;
  }
  return std::move(program);
}

FailureOr<GeneratedProgram>
scopeir::gen::generateProgram(MLIRContext *context,
                              const GeneratorOptions &options,
                              bool withScopes) {
  ProgramGenerator generator(context, options, withScopes);
  return generator.run();
}
