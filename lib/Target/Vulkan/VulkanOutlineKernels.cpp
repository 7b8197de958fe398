//===- VulkanOutlineKernels.cpp - Loop nests to gpu kernels -----*- C++ -*-===//
//
// This file implements vulkan-outline-kernels: each outermost loop nest of a
// function placed on a vulkan device becomes a gpu.func kernel, launched by
// a gpu.launch_func in its place. Buffers become 1-D kernel arguments
// indexed by row-major linearization; the scalars the nest uses travel in
// one i32 parameter buffer.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/HAL/IR/HALAttrs.h"
#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Runtime/Vulkan.h"
#include "scopeir/Target/Vulkan/Passes.h"
#include "scopeir/Target/Vulkan/VulkanBackend.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "vulkan-outline-kernels"

namespace scopeir::vulkan {
#define GEN_PASS_DEF_VULKANOUTLINEKERNELSPASS
#include "scopeir/Target/Vulkan/Passes.h.inc"
} // namespace scopeir::vulkan

using namespace mlir;
using namespace scopeir;
using namespace scopeir::vulkan;

namespace {

/// The most workgroups a grid dimension may have on every Vulkan device
/// (the smallest maxComputeWorkGroupCount the specification allows).
constexpr int64_t kMaxGroupCount = 65535;

/// The attribute on a gpu.launch_func listing each argument's binding
/// flags (SCOPEIR_VK_BINDING_*).
constexpr StringLiteral kBindingsAttrName = "vulkan.bindings";

/// Returns true if `op` is a loop nest that reads or writes buffers: a
/// kernel. (A loop computing only scalars stays host code.)
bool isLoopNest(Operation *op) {
  if (!isa<scf::ParallelOp, scf::ForOp, scf::WhileOp>(op))
    return false;
  WalkResult access = op->walk([](Operation *inner) {
    return isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp>(inner)
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return access.wasInterrupted();
}

/// Returns the buffer `value` views (itself if it is no view).
Value getRootBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Returns the constant global whose buffer `buffer` is, or null. Views and
/// optimization barriers are looked through: a barrier hides a constant from
/// folding, and returns the global's own buffer.
memref::GlobalOp getConstantGlobal(Value buffer) {
  for (buffer = getRootBuffer(buffer);;) {
    auto barrier = buffer.getDefiningOp<util::OptimizationBarrierOp>();
    if (!barrier)
      break;
    buffer = getRootBuffer(
        barrier.getOperand(cast<OpResult>(buffer).getResultNumber()));
  }
  auto get = buffer.getDefiningOp<memref::GetGlobalOp>();
  if (!get)
    return {};
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  return global && global.getConstant() ? global : memref::GlobalOp();
}

/// Returns true if `op` cannot run in a kernel: it is not of the dialects
/// kernels are made of (a call, a print: the report of a run-time check).
bool isHostOnly(Operation *op) {
  Dialect *dialect = op->getDialect();
  StringRef name = dialect ? dialect->getNamespace() : StringRef();
  return !(name == "arith" || name == "math" || name == "scf" ||
           name == "memref" || name == "index" || name == "affine");
}

/// Returns the capability or storage feature `type` needs on the device
/// that `env` describes and lacks ("" if none is missing), or nullopt if no
/// feature gives it. `storage`: the type is the element type of a buffer.
std::optional<std::string> getMissingFeature(Type type, bool storage,
                                             const spirv::TargetEnv &env) {
  using spirv::Capability;
  if (auto vector = dyn_cast<VectorType>(type))
    type = vector.getElementType();
  auto need = [&](Capability capability) -> std::string {
    return env.allows(capability)
               ? ""
               : spirv::stringifyCapability(capability).str();
  };
  // An index is 64 bits in host memory and 32 in a kernel (SPIR-V's
  // conversion): a buffer of them would be read with the wrong layout.
  if (type.isIndex())
    return storage ? std::nullopt : std::optional<std::string>("");
  if (type.isInteger(32) || type.isF32())
    return std::string();
  if (type.isInteger(1))
    return storage ? need(Capability::StorageBuffer8BitAccess) : "";
  if (type.isInteger(64))
    return need(Capability::Int64);
  if (type.isF64())
    return need(Capability::Float64);
  if (type.isInteger(16))
    return need(storage ? Capability::StorageBuffer16BitAccess
                        : Capability::Int16);
  if (type.isInteger(8))
    return need(storage ? Capability::StorageBuffer8BitAccess
                        : Capability::Int8);
  if (type.isF16())
    return need(storage ? Capability::StorageBuffer16BitAccess
                        : Capability::Float16);
  return std::nullopt;
}

/// The math ops upstream's SPIR-V conversion lowers for Vulkan (GLSL
/// extended instructions and core SPIR-V); the others are rewritten first
/// (prepareMath) or reported.
bool hasSPIRVLowering(StringRef mathOp) {
  static const llvm::StringSet<> ops = {
      "absf",  "absi",  "acos",     "acosh", "asin",      "asinh", "atan",
      "atanh", "ceil",  "copysign", "cos",   "cosh",      "ctlz",  "exp",
      "expm1", "floor", "fma",      "isinf", "isnan",     "log",   "log10",
      "log1p", "log2",  "powf",     "round", "roundeven", "rsqrt", "sin",
      "sinh",  "sqrt",  "tan",      "tanh"};
  return ops.contains(mathOp);
}

/// math.trunc as copysign(floor(|x|), x): SPIR-V's GLSL set has no trunc
/// the conversion uses.
struct ExpandTrunc : OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value magnitude = math::AbsFOp::create(rewriter, loc, op.getOperand());
    Value floor = math::FloorOp::create(rewriter, loc, magnitude);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, floor, op.getOperand());
    return success();
  }
};

/// Rewrites the math ops of `func` that have no SPIR-V lowering into ones
/// that have: exp2 through exp, trunc through floor, erf, erfc, atan2 and
/// cbrt by upstream's polynomial approximations (f32; the CPU backends call
/// libm).
LogicalResult prepareMath(func::FuncOp func) {
  bool any = false;
  func.walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "math" &&
        !hasSPIRVLowering(op->getName().stripDialect()))
      any = true;
  });
  if (!any)
    return success();
  RewritePatternSet patterns(func.getContext());
  math::populateExpansionPatterns(patterns, {"exp2"});
  populateMathPolynomialApproximationPatterns(patterns, [](StringRef name) {
    name.consume_front("math.");
    return name == "erf" || name == "erfc" || name == "atan2" || name == "cbrt";
  });
  patterns.add<ExpandTrunc>(func.getContext());
  return applyPatternsGreedily(func, std::move(patterns));
}

/// Returns true if `type` can travel as one i32 word of the parameter
/// buffer.
bool isParamType(Type type) {
  return type.isIndex() || type.isF32() || type.isF16() ||
         (type.isSignlessInteger() && type.getIntOrFloatBitWidth() <= 32);
}

/// Returns `value`, a parameter, as an i32 word (on the host).
Value toWord(OpBuilder &b, Location loc, Value value) {
  Type i32 = b.getI32Type();
  Type type = value.getType();
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, i32, value);
  if (type.isF32())
    return arith::BitcastOp::create(b, loc, i32, value);
  if (type.isF16())
    value = arith::BitcastOp::create(b, loc, b.getI16Type(), value);
  if (value.getType().getIntOrFloatBitWidth() < 32)
    return arith::ExtUIOp::create(b, loc, i32, value);
  return value;
}

/// Returns the i32 word `word` as a value of `type` (in the kernel).
Value fromWord(OpBuilder &b, Location loc, Value word, Type type) {
  if (type.isIndex())
    return arith::IndexCastOp::create(b, loc, type, word);
  if (type.isF32())
    return arith::BitcastOp::create(b, loc, type, word);
  if (type.isF16())
    return arith::BitcastOp::create(
        b, loc, type, arith::TruncIOp::create(b, loc, b.getI16Type(), word));
  if (type.getIntOrFloatBitWidth() < 32)
    return arith::TruncIOp::create(b, loc, type, word);
  return word;
}

Value getIndex(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// The 1-D type a buffer of `type` has in a kernel.
MemRefType getFlatType(MemRefType type) {
  int64_t size =
      type.hasStaticShape() ? type.getNumElements() : ShapedType::kDynamic;
  return MemRefType::get({size}, type.getElementType());
}

/// Returns `buffer` (dense row-major) as a 1-D buffer of getFlatType.
Value flatten(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  if (type.getRank() == 1)
    return buffer;
  if (type.getRank() == 0)
    return memref::ExpandShapeOp::create(
        b, loc, getFlatType(type), buffer, ArrayRef<ReassociationIndices>{},
        ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  ReassociationIndices all;
  for (int64_t i = 0; i < type.getRank(); ++i)
    all.push_back(i);
  return memref::CollapseShapeOp::create(b, loc, buffer,
                                         ArrayRef<ReassociationIndices>{all});
}

/// Turns the scf.parallel loops inside a kernel into scf.for nests: the
/// kernel runs them in one invocation, and SPIR-V has no parallel loop.
LogicalResult serializeNestedParallelLoops(Operation *kernel) {
  SmallVector<scf::ParallelOp> loops;
  kernel->walk<WalkOrder::PreOrder>(
      [&](scf::ParallelOp loop) { loops.push_back(loop); });
  for (scf::ParallelOp loop : llvm::reverse(loops)) {
    if (loop.getNumResults() != 0)
      return loop.emitOpError("with reductions cannot run inside a vulkan "
                              "kernel");
    OpBuilder b(loop);
    scf::LoopNest nest =
        scf::buildLoopNest(b, loop.getLoc(), loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep());
    Block *inner = nest.loops.back().getBody();
    Block *body = loop.getBody();
    for (auto [from, to] :
         llvm::zip(body->getArguments(),
                   llvm::map_range(nest.loops, [](scf::ForOp f) {
                     return f.getInductionVar();
                   })))
      from.replaceAllUsesWith(to);
    inner->getOperations().splice(inner->getTerminator()->getIterator(),
                                  body->getOperations(), body->begin(),
                                  std::prev(body->end()));
    loop.erase();
  }
  return success();
}

/// Returns a constant upper bound (inclusive) of `size`: a constant, the
/// smallest bound of a min's operands (a tile's `min(16, n - i)` once
/// lowered), else what upstream's value bounds analysis finds.
FailureOr<int64_t> getUpperBound(Value size) {
  if (std::optional<int64_t> constant = getConstantIntValue(size))
    return *constant;
  Operation *def = size.getDefiningOp();
  if (isa_and_present<arith::MinSIOp, arith::MinUIOp>(def)) {
    FailureOr<int64_t> lhs = getUpperBound(def->getOperand(0));
    FailureOr<int64_t> rhs = getUpperBound(def->getOperand(1));
    if (succeeded(lhs) && succeeded(rhs))
      return std::min(*lhs, *rhs);
    return succeeded(lhs) ? lhs : rhs;
  }
  return ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, size, /*stopCondition=*/nullptr,
      /*closedUB=*/true);
}

/// Gives `alloc`, a tile's temporary buffer in the body of a
/// per-workgroup nest, a 1-D buffer in the kernel's workgroup memory as
/// large as its dims can get (their constant upper bounds), recording its
/// sizes in `tileBuffers`; an error if a dim has no bound.
FailureOr<Value> addWorkgroupBuffer(
    gpu::GPUFuncOp kernel, memref::AllocOp alloc,
    SmallVectorImpl<std::pair<Value, SmallVector<OpFoldResult>>> &tileBuffers) {
  MemRefType type = alloc.getType();
  if (!type.getLayout().isIdentity() || type.getMemorySpace())
    return alloc.emitOpError("allocates a tile buffer that is not a dense "
                             "row-major buffer of device memory");
  int64_t elements = 1;
  SmallVector<OpFoldResult> sizes;
  Builder b(alloc.getContext());
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d)) {
      elements *= type.getDimSize(d);
      sizes.push_back(b.getIndexAttr(type.getDimSize(d)));
      continue;
    }
    Value size = alloc.getDynamicSizes()[type.getDynamicDimIndex(d)];
    FailureOr<int64_t> bound = getUpperBound(size);
    if (failed(bound) || *bound <= 0)
      return alloc.emitOpError("allocates a tile buffer whose dim #")
             << d << " has no constant upper bound: workgroup memory needs one";
    elements *= *bound;
    sizes.push_back(size);
  }
  // Workgroup memory as an integer memory space: upstream's SPIR-V memory
  // space map knows those, not #gpu.address_space.
  auto shared =
      MemRefType::get({elements}, type.getElementType(),
                      MemRefLayoutAttrInterface(), b.getI64IntegerAttr(3));
  // A static allocation of workgroup memory at the kernel's entry, which
  // upstream's conversion makes a Workgroup variable.
  OpBuilder entry = OpBuilder::atBlockBegin(&kernel.getBody().front());
  Value buffer = memref::AllocOp::create(entry, alloc.getLoc(), shared);
  tileBuffers.push_back({buffer, sizes});
  return buffer;
}

/// Distributes the parallel loops directly in `block` (a workgroup's body)
/// over the `threads` threads of the workgroup, thread `thread` running
/// linear iterations thread, thread + threads, ...; a barrier (workgroup
/// scope, storage and workgroup memory) after each makes its stores
/// visible to the next one's loads. The block runs in uniform control flow
/// (one workgroup, one outer iteration), as barriers require.
void distributeOverThreads(Block *block, Value thread, int64_t threads) {
  SmallVector<scf::ParallelOp> loops(block->getOps<scf::ParallelOp>());
  for (scf::ParallelOp loop : loops) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    SmallVector<Value> counts;
    Value total;
    for (auto [lb, ub, step] : llvm::zip(
             loop.getLowerBound(), loop.getUpperBound(), loop.getStep())) {
      Value extent = arith::MaxSIOp::create(
          b, loc, arith::SubIOp::create(b, loc, ub, lb), getIndex(b, loc, 0));
      Value count = arith::DivUIOp::create(
          b, loc,
          arith::AddIOp::create(
              b, loc, extent,
              arith::SubIOp::create(b, loc, step, getIndex(b, loc, 1))),
          step);
      counts.push_back(count);
      total = total ? arith::MulIOp::create(b, loc, total, count).getResult()
                    : count;
    }
    auto strided =
        scf::ForOp::create(b, loc, thread, total, getIndex(b, loc, threads));
    OpBuilder inner(strided.getBody()->getTerminator());
    Value rest = strided.getInductionVar();
    SmallVector<Value> ivs(counts.size());
    for (int d = static_cast<int>(counts.size()) - 1; d >= 0; --d) {
      Value position = rest;
      if (d > 0) {
        position = arith::RemUIOp::create(inner, loc, rest, counts[d]);
        rest = arith::DivUIOp::create(inner, loc, rest, counts[d]);
      }
      ivs[d] = arith::AddIOp::create(
          inner, loc, loop.getLowerBound()[d],
          arith::MulIOp::create(inner, loc, position, loop.getStep()[d]));
    }
    Block *body = loop.getBody();
    for (auto [from, to] : llvm::zip(body->getArguments(), ivs))
      from.replaceAllUsesWith(to);
    Block *target = strided.getBody();
    target->getOperations().splice(target->getTerminator()->getIterator(),
                                   body->getOperations(), body->begin(),
                                   std::prev(body->end()));
    b.setInsertionPointAfter(strided);
    spirv::ControlBarrierOp::create(
        b, loc, spirv::Scope::Workgroup, spirv::Scope::Workgroup,
        spirv::MemorySemantics::AcquireRelease |
            spirv::MemorySemantics::UniformMemory |
            spirv::MemorySemantics::WorkgroupMemory);
    loop.erase();
  }
}

/// Every thread of a workgroup runs the code of `block` (a workgroup's
/// body) outside its parallel loops: the same loads and stores, which is
/// harmless, and the same atomic updates, which would count once per
/// thread. Those run in thread 0 only (`thread` is the thread's id); one
/// whose old value the body uses cannot, and is an error.
LogicalResult runAtomicsOnce(Block *block, Value thread) {
  SmallVector<memref::AtomicRMWOp> atomics;
  block->walk([&](memref::AtomicRMWOp atomic) {
    if (!isa<scf::ParallelOp>(block->findAncestorOpInBlock(*atomic)))
      atomics.push_back(atomic);
  });
  for (memref::AtomicRMWOp atomic : atomics) {
    if (!atomic->use_empty())
      return atomic.emitOpError(
          "uses the old value of an atomic update in a workgroup's body "
          "outside its parallel loops, which every thread of the workgroup "
          "runs");
    OpBuilder b(atomic);
    Location loc = atomic.getLoc();
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                        thread, getIndex(b, loc, 0));
    auto once = scf::IfOp::create(b, loc, first, /*withElse=*/false);
    atomic->moveBefore(once.thenBlock()->getTerminator());
  }
  return success();
}

/// Outlines the loop nests of one vulkan function.
class FunctionOutliner {
public:
  FunctionOutliner(func::FuncOp func, spirv::TargetEnvAttr env,
                   int64_t workgroupSize, std::string deviceName)
      : func(func), env(env), targetEnv(env), workgroupSize(workgroupSize),
        deviceName(std::move(deviceName)) {}

  LogicalResult run();

private:
  LogicalResult findHostCode();
  LogicalResult wrapStoresOutsideLoops();
  LogicalResult checkTypes(Operation *root, ArrayRef<Value> buffers);
  LogicalResult outline(Operation *root, gpu::GPUModuleOp module,
                        unsigned index);

  func::FuncOp func;
  spirv::TargetEnvAttr env;
  spirv::TargetEnv targetEnv;
  int64_t workgroupSize;
  std::string deviceName;
  /// Loop nests that stay host code, and the buffers they use (host memory).
  DenseSet<Operation *> hostNests;
  DenseSet<Value> hostBuffers;
};

/// Loop nests that call or print (the scan of codegen-check-stores, which
/// reads the downloaded counts of a workgroups scope's stores and reports a
/// gap or an overlap) stay host code, with the buffers they use and every
/// other nest using those buffers; such buffers must be the function's own
/// allocations, never a device value it takes or returns. Buffers that
/// downloads fill are host memory too.
LogicalResult FunctionOutliner::findHostCode() {
  SmallVector<Operation *> nests;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isLoopNest(op))
      return WalkResult::advance();
    nests.push_back(op);
    if (op->walk([](Operation *inner) {
            return isHostOnly(inner) ? WalkResult::interrupt()
                                     : WalkResult::advance();
          }).wasInterrupted())
      hostNests.insert(op);
    return WalkResult::skip();
  });
  auto buffersOf = [](Operation *nest) {
    SmallVector<Value> buffers;
    nest->walk([&](Operation *op) {
      if (auto load = dyn_cast<memref::LoadOp>(op))
        buffers.push_back(getRootBuffer(load.getMemRef()));
      else if (auto store = dyn_cast<memref::StoreOp>(op))
        buffers.push_back(getRootBuffer(store.getMemRef()));
      else if (auto atomic = dyn_cast<memref::AtomicRMWOp>(op))
        buffers.push_back(getRootBuffer(atomic.getMemref()));
    });
    return buffers;
  };
  // A buffer a transfer fills in host memory (a download) is host memory:
  // host code reads it (codegen-check-stores reads its counters there).
  func.walk([&](flow::BufferTransferOp transfer) {
    if (!transfer.getTargetMemoryAttr())
      hostBuffers.insert(getRootBuffer(transfer.getTarget()));
  });
  for (bool changed = !hostNests.empty(); changed;) {
    changed = false;
    for (Operation *nest : nests) {
      SmallVector<Value> buffers = buffersOf(nest);
      bool host =
          hostNests.contains(nest) || llvm::any_of(buffers, [&](Value buffer) {
            return hostBuffers.contains(buffer);
          });
      if (!host)
        continue;
      changed |= hostNests.insert(nest).second;
      for (Value buffer : buffers)
        changed |= hostBuffers.insert(buffer).second;
    }
  }
  for (Value buffer : hostBuffers) {
    bool local = isa_and_present<memref::AllocOp, memref::AllocaOp>(
                     buffer.getDefiningOp()) &&
                 llvm::none_of(buffer.getUsers(), [](Operation *user) {
                   return isa<func::ReturnOp>(user);
                 });
    if (local)
      continue;
    // A download's buffer that no host nest reads or writes (one the
    // function returns) runs no host code.
    auto nest = llvm::find_if(nests, [&](Operation *nest) {
      return hostNests.contains(nest) &&
             llvm::is_contained(buffersOf(nest), buffer);
    });
    if (nest == nests.end())
      continue;
    return (*nest)->emitOpError("runs host code (a call or a print) on device "
                                "memory of ")
           << deviceName
           << ": host code in a device function may use only buffers the "
              "function allocates for it";
  }
  // A call outside the nests (a check's report, a print) is host code too,
  // and so are the buffers it takes: only host buffers, never a device
  // value (which the host holds by a handle whose bytes mean nothing).
  // Calls of functions placed on the device pass device values.
  WalkResult calls = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isLoopNest(op))
      return WalkResult::skip();
    auto call = dyn_cast<CallOpInterface>(op);
    if (!call)
      return WalkResult::advance();
    auto callee = dyn_cast_or_null<func::FuncOp>(call.resolveCallable());
    hal::DeviceTargetAttr calleeDevice =
        callee ? hal::getFunctionDevice(callee) : hal::DeviceTargetAttr();
    if (calleeDevice && calleeDevice.getBackend() == kBackendName)
      return WalkResult::advance();
    for (Value operand : call.getArgOperands()) {
      if (!isa<BaseMemRefType>(operand.getType()) ||
          hostBuffers.contains(getRootBuffer(operand)) ||
          getConstantGlobal(operand))
        continue;
      op->emitOpError("runs host code (a call) on device memory of ")
          << deviceName
          << ": a device value reaches host code only through a transfer "
             "(with dispatch formation, host ops in a device scope get one)";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(calls.wasInterrupted());
}

/// A store outside any loop (a linalg op on 0-d buffers, or a one-element
/// loop folded away) runs in a one-invocation kernel: it is wrapped, with
/// the loads and pure ops computing what it stores, in a loop of one
/// iteration.
LogicalResult FunctionOutliner::wrapStoresOutsideLoops() {
  SmallVector<memref::StoreOp> stores;
  func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isLoopNest(op))
      return WalkResult::skip();
    if (auto store = dyn_cast<memref::StoreOp>(op);
        store && !hostBuffers.contains(getRootBuffer(store.getMemRef())))
      stores.push_back(store);
    return WalkResult::advance();
  });
  for (memref::StoreOp store : stores) {
    Block *block = store->getBlock();
    SetVector<Operation *> slice;
    BackwardSliceOptions options;
    // The filter also admits the root (the store).
    options.filter = [&](Operation *op) {
      return op == store.getOperation() ||
             (op->getBlock() == block &&
              (isa<memref::LoadOp>(op) || isPure(op)) &&
              !isa<memref::DimOp>(op));
    };
    options.omitBlockArguments = true;
    (void)getBackwardSlice(store.getOperation(), &slice, options);
    OpBuilder b(store);
    Location loc = store.getLoc();
    auto loop = scf::ForOp::create(b, loc, getIndex(b, loc, 0),
                                   getIndex(b, loc, 1), getIndex(b, loc, 1));
    b.setInsertionPoint(loop.getBody()->getTerminator());
    IRMapping mapping;
    for (Operation *op : slice)
      b.clone(*op, mapping);
    b.clone(*store, mapping);
    store.erase();
    for (Operation *op : llvm::reverse(slice))
      if (op->use_empty())
        op->erase();
  }
  return success();
}

LogicalResult FunctionOutliner::checkTypes(Operation *root,
                                           ArrayRef<Value> buffers) {
  auto report = [&](Operation *op, Type type,
                    const std::optional<std::string> &missing) {
    InFlightDiagnostic diag = op->emitOpError("uses ") << type << " on ";
    diag << deviceName;
    if (missing)
      diag << ", which lacks the " << *missing << " capability";
    else
      diag << ", which the vulkan backend does not support";
    return diag;
  };
  for (Value buffer : buffers) {
    Type element = cast<MemRefType>(buffer.getType()).getElementType();
    std::optional<std::string> missing =
        getMissingFeature(element, /*storage=*/true, targetEnv);
    if (!missing || !missing->empty()) {
      // Report it at the first op of the nest using the buffer.
      Operation *user = root;
      root->walk([&](Operation *op) {
        if (user == root && llvm::is_contained(op->getOperands(), buffer))
          user = op;
      });
      return report(user, MemRefType::get({ShapedType::kDynamic}, element),
                    missing);
    }
  }
  WalkResult result = root->walk([&](Operation *op) {
    for (Type type : op->getResultTypes()) {
      if (isa<MemRefType>(type))
        continue;
      std::optional<std::string> missing =
          getMissingFeature(type, /*storage=*/false, targetEnv);
      if (!missing || !missing->empty()) {
        report(op, type, missing);
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

LogicalResult FunctionOutliner::outline(Operation *root,
                                        gpu::GPUModuleOp module,
                                        unsigned index) {
  Location loc = root->getLoc();
  MLIRContext *context = root->getContext();
  auto parallel = dyn_cast<scf::ParallelOp>(root);
  if (root->getNumResults() != 0)
    return root->emitOpError("returns values to host code; it cannot run on ")
           << deviceName;
  bool distributed = static_cast<bool>(parallel);
  // A parallel nest whose body holds parallel loops of its own (the grid of
  // a codegen.scope.workgroups, tiles computed inside) runs one outer
  // iteration per workgroup, its inner parallel loops distributed over the
  // workgroup's threads.
  bool perWorkgroup =
      distributed &&
      llvm::any_of(parallel.getBody()->getOperations(),
                   [](Operation &op) { return isa<scf::ParallelOp>(op); });

  // What the nest uses from above: buffers, scalars, constants.
  SetVector<Value> above;
  getUsedValuesDefinedAbove(root->getRegions(), above);
  if (!distributed)
    above.insert(root->getOperands().begin(), root->getOperands().end());
  SmallVector<Value> buffers, scalars;
  SmallVector<Operation *> constants;
  for (Value value : above) {
    if (auto type = dyn_cast<MemRefType>(value.getType())) {
      if (!type.getLayout().isIdentity() || type.getMemorySpace())
        return root->emitOpError("uses the buffer ")
               << type << ", which is not a dense row-major buffer, on "
               << deviceName;
      buffers.push_back(value);
      continue;
    }
    Operation *def = value.getDefiningOp();
    if (def && def->getNumOperands() == 0 &&
        matchPattern(value, m_Constant())) {
      constants.push_back(def);
      continue;
    }
    if (!isParamType(value.getType()))
      return root->emitOpError("uses a ")
             << value.getType() << " computed on the host, which " << deviceName
             << " kernels cannot take as a parameter";
    scalars.push_back(value);
  }
  if (failed(checkTypes(root, buffers)))
    return failure();

  // Host side: the parameters, in the order the kernel reads them.
  OpBuilder host(root);
  SmallVector<Value> params(scalars.begin(), scalars.end());
  DenseMap<std::pair<unsigned, unsigned>, unsigned> dimParams;
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    auto type = cast<MemRefType>(buffer.getType());
    for (int64_t d = 0; d < type.getRank(); ++d)
      if (type.isDynamicDim(d)) {
        dimParams[{i, d}] = params.size();
        params.push_back(memref::DimOp::create(host, loc, buffer, d));
      }
  }
  // Loop bounds of a distributed nest: lower bound, step and trip count
  // per dimension, as host values (constants stay constants).
  SmallVector<Value> lowers, steps, counts;
  Value total;
  if (distributed) {
    Value zero = getIndex(host, loc, 0);
    for (auto [lb, ub, step] :
         llvm::zip(parallel.getLowerBound(), parallel.getUpperBound(),
                   parallel.getStep())) {
      Value count;
      std::optional<int64_t> clb = getConstantIntValue(lb),
                             cub = getConstantIntValue(ub),
                             cstep = getConstantIntValue(step);
      if (clb && cub && cstep) {
        count = getIndex(
            host, loc,
            std::max<int64_t>(0, llvm::divideCeil(*cub - *clb, *cstep)));
      } else {
        Value extent = arith::MaxSIOp::create(
            host, loc, arith::SubIOp::create(host, loc, ub, lb), zero);
        Value rounded = arith::AddIOp::create(
            host, loc, extent,
            arith::SubIOp::create(host, loc, step, getIndex(host, loc, 1)));
        count = arith::DivUIOp::create(host, loc, rounded, step);
      }
      lowers.push_back(lb);
      steps.push_back(step);
      counts.push_back(count);
      total = total ? arith::MulIOp::create(host, loc, total, count).getResult()
                    : count;
    }
  }
  auto paramIndex = [&](Value value) -> std::optional<unsigned> {
    if (getConstantIntValue(value))
      return std::nullopt;
    auto it = llvm::find(params, value);
    if (it != params.end())
      return it - params.begin();
    params.push_back(value);
    return params.size() - 1;
  };
  SmallVector<std::optional<unsigned>> lowerParams, stepParams, countParams;
  for (auto [lb, step, count] : llvm::zip(lowers, steps, counts)) {
    lowerParams.push_back(paramIndex(lb));
    stepParams.push_back(paramIndex(step));
    countParams.push_back(paramIndex(count));
  }

  // The kernel.
  int64_t threads = distributed ? workgroupSize : 1;
  SmallVector<Type> argTypes;
  for (Value buffer : buffers)
    argTypes.push_back(getFlatType(cast<MemRefType>(buffer.getType())));
  Type paramsType = MemRefType::get({static_cast<int64_t>(params.size())},
                                    IntegerType::get(context, 32));
  if (!params.empty())
    argTypes.push_back(paramsType);
  std::string name = (func.getSymName() + "_" + Twine(index)).str();
  OpBuilder moduleBuilder = OpBuilder::atBlockEnd(module.getBody());
  auto kernel = gpu::GPUFuncOp::create(
      moduleBuilder, loc, name, FunctionType::get(context, argTypes, {}));
  kernel->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                  UnitAttr::get(context));
  kernel->setAttr(spirv::getEntryPointABIAttrName(),
                  spirv::getEntryPointABIAttr(
                      context, {static_cast<int32_t>(threads), 1, 1}));
  Block &entry = kernel.getBody().front();
  OpBuilder kb = OpBuilder::atBlockBegin(&entry);
  Value paramsArg = params.empty() ? Value() : entry.getArguments().back();
  auto loadParam = [&](unsigned i, Type type) -> Value {
    Value word = memref::LoadOp::create(kb, loc, paramsArg,
                                        ValueRange{getIndex(kb, loc, i)});
    return fromWord(kb, loc, word, type);
  };
  // A host value inside the kernel: a constant, or a parameter.
  auto inKernel = [&](Value host, std::optional<unsigned> param) -> Value {
    if (!param)
      return getIndex(kb, loc, *getConstantIntValue(host));
    return loadParam(*param, host.getType());
  };

  IRMapping mapping;
  // Tile buffers in workgroup memory, with their sizes (values of the nest,
  // mapped into the kernel once cloned).
  SmallVector<std::pair<Value, SmallVector<OpFoldResult>>> tileBuffers;
  for (Operation *constant : constants)
    mapping.map(constant->getResult(0), kb.clone(*constant)->getResult(0));
  for (auto [i, scalar] : llvm::enumerate(scalars))
    mapping.map(scalar, loadParam(i, scalar.getType()));
  // The sizes of each buffer inside the kernel.
  SmallVector<SmallVector<Value>> sizes;
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    mapping.map(buffer, entry.getArgument(i));
    auto type = cast<MemRefType>(buffer.getType());
    SmallVector<Value> bufferSizes;
    for (int64_t d = 0; d < type.getRank(); ++d)
      bufferSizes.push_back(
          type.isDynamicDim(d)
              ? loadParam(dimParams[{static_cast<unsigned>(i),
                                     static_cast<unsigned>(d)}],
                          kb.getIndexType())
              : getIndex(kb, loc, type.getDimSize(d)));
    sizes.push_back(bufferSizes);
  }

  if (distributed) {
    // The global invocation index over a (gx, gy) grid of workgroups.
    Value groupX = gpu::BlockIdOp::create(kb, loc, gpu::Dimension::x);
    Value groupY = gpu::BlockIdOp::create(kb, loc, gpu::Dimension::y);
    Value groupsX = gpu::GridDimOp::create(kb, loc, gpu::Dimension::x);
    Value thread = gpu::ThreadIdOp::create(kb, loc, gpu::Dimension::x);
    Value group = arith::AddIOp::create(
        kb, loc, arith::MulIOp::create(kb, loc, groupY, groupsX), groupX);
    Value linear = perWorkgroup
                       ? group
                       : arith::AddIOp::create(
                             kb, loc,
                             arith::MulIOp::create(kb, loc, group,
                                                   getIndex(kb, loc, threads)),
                             thread)
                             .getResult();
    SmallVector<Value> kernelCounts, kernelLowers, kernelSteps;
    Value kernelTotal;
    for (unsigned d = 0; d < counts.size(); ++d) {
      kernelCounts.push_back(inKernel(counts[d], countParams[d]));
      kernelLowers.push_back(inKernel(lowers[d], lowerParams[d]));
      kernelSteps.push_back(inKernel(steps[d], stepParams[d]));
      kernelTotal = kernelTotal ? arith::MulIOp::create(kb, loc, kernelTotal,
                                                        kernelCounts.back())
                                      .getResult()
                                : kernelCounts.back();
    }
    Value inRange = arith::CmpIOp::create(kb, loc, arith::CmpIPredicate::ult,
                                          linear, kernelTotal);
    auto guard = scf::IfOp::create(kb, loc, inRange, /*withElse=*/false);
    OpBuilder body = OpBuilder::atBlockBegin(guard.thenBlock());
    // Delinearize, innermost dimension fastest.
    Value rest = linear;
    SmallVector<Value> ivs(counts.size());
    for (int d = static_cast<int>(counts.size()) - 1; d >= 0; --d) {
      Value position = rest;
      if (d > 0) {
        position = arith::RemUIOp::create(body, loc, rest, kernelCounts[d]);
        rest = arith::DivUIOp::create(body, loc, rest, kernelCounts[d]);
      }
      ivs[d] = arith::AddIOp::create(
          body, loc, kernelLowers[d],
          arith::MulIOp::create(body, loc, position, kernelSteps[d]));
    }
    for (auto [from, to] : llvm::zip(parallel.getInductionVars(), ivs))
      mapping.map(from, to);
    body.setInsertionPoint(guard.thenBlock()->getTerminator());
    for (Operation &op : parallel.getBody()->without_terminator()) {
      // A tile's temporary buffer lives in the workgroup's memory, at the
      // largest size its dims can have; it is freed with the workgroup.
      if (auto alloc = dyn_cast<memref::AllocOp>(op); alloc && perWorkgroup) {
        FailureOr<Value> shared =
            addWorkgroupBuffer(kernel, alloc, tileBuffers);
        if (failed(shared)) {
          kernel.erase();
          return failure();
        }
        mapping.map(alloc.getResult(), *shared);
        continue;
      }
      if (auto dealloc = dyn_cast<memref::DeallocOp>(op);
          dealloc && mapping.contains(dealloc.getMemref()) &&
          isa<MemRefType>(mapping.lookup(dealloc.getMemref()).getType()) &&
          cast<MemRefType>(mapping.lookup(dealloc.getMemref()).getType())
              .getMemorySpace())
        continue;
      body.clone(op, mapping);
    }
    if (perWorkgroup) {
      if (failed(runAtomicsOnce(guard.thenBlock(), thread))) {
        kernel.erase();
        return failure();
      }
      distributeOverThreads(guard.thenBlock(), thread, threads);
    }
  } else {
    kb.clone(*root, mapping);
  }
  gpu::ReturnOp::create(kb, loc);

  // Loads, stores and sizes of buffers: on the 1-D arguments (and tile
  // buffers: on their 1-D workgroup memory).
  SmallVector<std::pair<Value, SmallVector<Value>>> flat;
  for (unsigned i = 0, e = buffers.size(); i < e; ++i)
    flat.push_back({entry.getArgument(i), sizes[i]});
  OpBuilder top = OpBuilder::atBlockBegin(&entry);
  for (auto &[arg, tileSizes] : tileBuffers) {
    SmallVector<Value> kernelSizes;
    for (OpFoldResult size : tileSizes)
      kernelSizes.push_back(
          isa<Value>(size) ? mapping.lookup(cast<Value>(size))
                           : getIndex(top, loc, *getConstantIntValue(size)));
    flat.push_back({arg, kernelSizes});
  }
  for (unsigned i = 0, e = flat.size(); i < e; ++i) {
    Value arg = flat[i].first;
    ArrayRef<Value> bufferSizes = flat[i].second;
    for (OpOperand &use : llvm::make_early_inc_range(arg.getUses())) {
      Operation *user = use.getOwner();
      OpBuilder b(user);
      auto linearize = [&](ValueRange indices) -> Value {
        if (indices.empty())
          return getIndex(b, user->getLoc(), 0);
        Value linear = indices.front();
        for (auto [size, next] :
             llvm::zip(bufferSizes.drop_front(), indices.drop_front()))
          linear = arith::AddIOp::create(
              b, user->getLoc(),
              arith::MulIOp::create(b, user->getLoc(), linear, size), next);
        return linear;
      };
      if (auto load = dyn_cast<memref::LoadOp>(user)) {
        Value flat = memref::LoadOp::create(
            b, load.getLoc(), arg, ValueRange{linearize(load.getIndices())});
        load.replaceAllUsesWith(flat);
        load.erase();
      } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
        memref::StoreOp::create(b, store.getLoc(), store.getValueToStore(), arg,
                                ValueRange{linearize(store.getIndices())});
        store.erase();
      } else if (auto atomic = dyn_cast<memref::AtomicRMWOp>(user);
                 atomic && atomic.getMemref() == arg) {
        Value flat = memref::AtomicRMWOp::create(
            b, atomic.getLoc(), atomic.getKind(), atomic.getValue(), arg,
            ValueRange{linearize(atomic.getIndices())});
        atomic.replaceAllUsesWith(flat);
        atomic.erase();
      } else if (auto dim = dyn_cast<memref::DimOp>(user)) {
        std::optional<int64_t> d = dim.getConstantIndex();
        if (!d)
          return dim.emitOpError("with a dynamic index cannot run on ")
                 << deviceName;
        dim.replaceAllUsesWith(bufferSizes[*d]);
        dim.erase();
      } else {
        InFlightDiagnostic diag = user->emitOpError(
            "uses a buffer inside a kernel in a way the vulkan backend does "
            "not compile (only loads, stores and sizes) for ");
        diag << deviceName;
        kernel.erase();
        return diag;
      }
    }
  }
  if (failed(serializeNestedParallelLoops(kernel)))
    return failure();

  // Host side: the grid, the parameters, the 1-D buffers, the launch.
  Value one = getIndex(host, loc, 1);
  Value groupsX = one, groupsY = one;
  if (distributed) {
    Value groups =
        perWorkgroup
            ? total
            : arith::DivUIOp::create(
                  host, loc,
                  arith::AddIOp::create(host, loc, total,
                                        getIndex(host, loc, threads - 1)),
                  getIndex(host, loc, threads))
                  .getResult();
    groupsX = arith::MinUIOp::create(host, loc, groups,
                                     getIndex(host, loc, kMaxGroupCount));
    Value divisor = arith::MaxUIOp::create(host, loc, groupsX, one);
    groupsY = arith::DivUIOp::create(
        host, loc,
        arith::AddIOp::create(host, loc, groups,
                              arith::SubIOp::create(host, loc, divisor, one)),
        divisor);
  }
  SmallVector<Value> operands;
  SmallVector<int32_t> flags;
  for (Value buffer : buffers) {
    operands.push_back(flatten(host, loc, buffer));
    int32_t flag = 0;
    root->walk([&](Operation *op) {
      if (auto load = dyn_cast<memref::LoadOp>(op);
          load && load.getMemRef() == buffer)
        flag |= SCOPEIR_VK_BINDING_READ;
      if (auto store = dyn_cast<memref::StoreOp>(op);
          store && store.getMemRef() == buffer)
        flag |= SCOPEIR_VK_BINDING_WRITE;
      if (auto atomic = dyn_cast<memref::AtomicRMWOp>(op);
          atomic && atomic.getMemref() == buffer)
        flag |= SCOPEIR_VK_BINDING_READ | SCOPEIR_VK_BINDING_WRITE;
    });
    if (getConstantGlobal(buffer) && !(flag & SCOPEIR_VK_BINDING_WRITE))
      flag = SCOPEIR_VK_BINDING_CONSTANT | SCOPEIR_VK_BINDING_READ;
    flags.push_back(flag);
  }
  if (!params.empty()) {
    Value table =
        memref::AllocaOp::create(host, loc, cast<MemRefType>(paramsType));
    for (auto [i, param] : llvm::enumerate(params))
      memref::StoreOp::create(host, loc, toWord(host, loc, param), table,
                              ValueRange{getIndex(host, loc, i)});
    operands.push_back(table);
    flags.push_back(SCOPEIR_VK_BINDING_PARAMS);
  }
  auto launch = gpu::LaunchFuncOp::create(
      host, loc, kernel, gpu::KernelDim3{groupsX, groupsY, one},
      gpu::KernelDim3{getIndex(host, loc, threads), one, one},
      /*dynamicSharedMemorySize=*/Value(), operands);
  launch->setAttr(kBindingsAttrName, host.getDenseI32ArrayAttr(flags));
  LLVM_DEBUG(llvm::dbgs() << "kernel " << name << ": "
                          << (distributed ? "distributed" : "one invocation")
                          << ", " << buffers.size() << " buffers, "
                          << params.size() << " parameters\n");
  root->erase();
  return success();
}

LogicalResult FunctionOutliner::run() {
  if (failed(prepareMath(func)) || failed(findHostCode()) ||
      failed(wrapStoresOutsideLoops()))
    return failure();
  WalkResult unsupported = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (hostNests.contains(op))
      return WalkResult::skip();
    if (!op->getDialect() || op->getDialect()->getNamespace() != "math" ||
        hasSPIRVLowering(op->getName().stripDialect()))
      return WalkResult::advance();
    op->emitOpError("has no SPIR-V lowering for ")
        << deviceName << " (vulkan lowers the math ops of the GLSL set)";
    return WalkResult::interrupt();
  });
  if (unsupported.wasInterrupted())
    return failure();
  SmallVector<Operation *> roots;
  WalkResult result = func.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (hostNests.contains(op))
      return WalkResult::skip();
    if (isLoopNest(op)) {
      roots.push_back(op);
      return WalkResult::skip();
    }
    // Host code may allocate, size and view device buffers, not touch
    // their data.
    if (auto load = dyn_cast<memref::LoadOp>(op);
        load && !hostBuffers.contains(getRootBuffer(load.getMemRef()))) {
      op->emitOpError("reads device memory in host code: a value on ")
          << deviceName << " reaches the host only through a transfer";
      return WalkResult::interrupt();
    }
    Dialect *dialect = op->getDialect();
    if (dialect && (dialect->getNamespace() == "linalg" ||
                    dialect->getNamespace() == "vector")) {
      op->emitOpError("is left in a function placed on ")
          << deviceName << ": the vulkan backend compiles loop nests only";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  if (roots.empty())
    return success();
  OpBuilder builder(func);
  auto module = gpu::GPUModuleOp::create(builder, func.getLoc(),
                                         (func.getSymName() + "_kernels").str(),
                                         builder.getArrayAttr({env}));
  module->setAttr(spirv::getTargetEnvAttrName(), env);
  for (auto [i, root] : llvm::enumerate(roots))
    if (failed(outline(root, module, i)))
      return failure();
  return success();
}

struct VulkanOutlineKernelsPass
    : scopeir::vulkan::impl::VulkanOutlineKernelsPassBase<
          VulkanOutlineKernelsPass> {
  void runOnOperation() override;

  /// The target environment of `device` and a name for messages; errors
  /// at `user`.
  FailureOr<std::pair<spirv::TargetEnvAttr, std::string>>
  getTarget(hal::DeviceTargetAttr device, const VulkanConfig &config,
            Operation *user);
};

FailureOr<std::pair<spirv::TargetEnvAttr, std::string>>
VulkanOutlineKernelsPass::getTarget(hal::DeviceTargetAttr device,
                                    const VulkanConfig &config,
                                    Operation *user) {
  std::string printed;
  llvm::raw_string_ostream os(printed);
  os << device;
  if (config.targetEnv)
    return std::make_pair(config.targetEnv, printed);
  DeviceInfo info;
  std::string error;
  // At the location only: the function, just outlined, is not what the
  // user wrote.
  if (!getDevice(info, error))
    return emitError(user->getLoc(), error)
           << " (needed to compile for " << device
           << "; a config 'target_env' compiles without a device)";
  return std::make_pair(getTargetEnv(&getContext(), info),
                        printed + " ('" + info.name + "')");
}

void VulkanOutlineKernelsPass::runOnOperation() {
  ModuleOp module = getOperation();
  bool any = false;
  for (auto func : llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
    hal::DeviceTargetAttr device = hal::getFunctionDevice(func);
    if (!device || device.getBackend() != kBackendName || func.isDeclaration())
      continue;
    VulkanConfig config;
    if (failed(VulkanConfig::parse(
            device.getConfig(), [&] { return func.emitError(); }, &config)))
      return signalPassFailure();
    auto target = getTarget(device, config, func);
    if (failed(target))
      return signalPassFailure();
    // At most what a workgroup of the device holds.
    int64_t workgroupSize = config.workgroupSize;
    spirv::ResourceLimitsAttr limits = target->first.getResourceLimits();
    workgroupSize = std::min<int64_t>(
        workgroupSize, limits.getMaxComputeWorkgroupInvocations());
    if (auto sizes = limits.getMaxComputeWorkgroupSize();
        sizes && !sizes.empty())
      workgroupSize = std::min<int64_t>(workgroupSize,
                                        cast<IntegerAttr>(sizes[0]).getInt());
    workgroupSize = std::max<int64_t>(workgroupSize, 1);
    FunctionOutliner outliner(func, target->first, workgroupSize,
                              target->second);
    if (failed(outliner.run()))
      return signalPassFailure();
    any = true;
  }
  if (any)
    module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                    UnitAttr::get(&getContext()));
}

} // namespace
