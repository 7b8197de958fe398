//===- Runner.cpp - Run a compiled function in-process ----------*- C++ -*-===//
//
// This file implements input checking and the in-process call of a compiled
// function through MLIR's ExecutionEngine and the C interface (memref
// descriptors).
//
//===----------------------------------------------------------------------===//

#include "scopeir/Runner/Runner.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/TargetSelect.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>

using namespace mlir;
using namespace scopeir::runner;

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << type;
  return text;
}

/// Maps an MLIR element type to a host element type.
static std::optional<ElementType> getHostElementType(Type type) {
  // The host lowering gives index the data layout's pointer width: 64 bits.
  if (type.isIndex())
    return ElementType::I64;
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  if (auto intType = dyn_cast<IntegerType>(type)) {
    if (intType.isUnsigned())
      return std::nullopt;
    switch (intType.getWidth()) {
    case 1:
      return ElementType::I1;
    case 8:
      return ElementType::I8;
    case 16:
      return ElementType::I16;
    case 32:
      return ElementType::I32;
    case 64:
      return ElementType::I64;
    }
  }
  return std::nullopt;
}

/// Returns true if `type` is passed as a scalar (by value), not as a
/// memref descriptor.
static bool isScalar(Type type) { return type.isIntOrIndexOrFloat(); }

/// Checks that `type` is a ranked tensor or identity-layout memref of a
/// supported element type, or a scalar of one; `what` names it in messages.
static llvm::Error checkValueType(Type type, const llvm::Twine &what) {
  Type elementType = type;
  if (!isScalar(type)) {
    auto shaped = dyn_cast<ShapedType>(type);
    bool ok = shaped && shaped.hasRank() &&
              (isa<RankedTensorType>(type) ||
               (isa<MemRefType>(type) &&
                cast<MemRefType>(type).getLayout().isIdentity()));
    if (!ok)
      return makeError(what + " has type " + typeToString(type) +
                       ": scope-run passes only ranked tensors, "
                       "identity-layout memrefs and scalars");
    elementType = shaped.getElementType();
  }
  if (!getHostElementType(elementType))
    return makeError(what + " has element type " + typeToString(elementType) +
                     ": supported are " + getSupportedElementTypeNames());
  return llvm::Error::success();
}

/// Returns the element type of a tensor, memref or scalar.
static Type getElementTypeOf(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.getElementType();
  return type;
}

llvm::Error scopeir::runner::checkSignature(FunctionType type,
                                            ArrayRef<HostBuffer> inputs) {
  SmallVector<BufferView> views;
  for (const HostBuffer &input : inputs)
    views.push_back(input.getView());
  return checkSignature(type, views);
}

llvm::Error scopeir::runner::checkSignature(FunctionType type,
                                            ArrayRef<BufferView> inputs) {
  for (auto [i, result] : llvm::enumerate(type.getResults()))
    if (llvm::Error error = checkValueType(result, "result #" + Twine(i)))
      return error;
  if (type.getNumInputs() != inputs.size())
    return makeError("the function takes " + Twine(type.getNumInputs()) +
                     " inputs but " + Twine(inputs.size()) +
                     " were given (--input=...)");
  for (unsigned i = 0, e = inputs.size(); i < e; ++i) {
    Type argType = type.getInput(i);
    const BufferView &input = inputs[i];
    if (llvm::Error error = checkValueType(argType, "argument #" + Twine(i)))
      return error;
    auto mismatch = [&]() {
      return makeError("input #" + Twine(i) + " is " + input.getTypeString() +
                       " but argument #" + Twine(i) + " has type " +
                       typeToString(argType));
    };
    if (*getHostElementType(getElementTypeOf(argType)) != input.elementType)
      return mismatch();
    // A scalar takes a rank-0 input (`f32=0.5`).
    if (isScalar(argType)) {
      if (!input.shape.empty())
        return mismatch();
      continue;
    }
    auto shaped = cast<ShapedType>(argType);
    if (shaped.getRank() != static_cast<int64_t>(input.shape.size()))
      return mismatch();
    for (auto [dim, size] : llvm::zip(shaped.getShape(), input.shape))
      if (!ShapedType::isDynamic(dim) && dim != size)
        return mismatch();
  }
  return llvm::Error::success();
}

void scopeir::runner::prepareEntryFunction(Operation *function,
                                           bool readOnlyTensorArguments) {
  MLIRContext *context = function->getContext();
  function->setAttr("llvm.emit_c_interface", UnitAttr::get(context));
  auto func = dyn_cast<FunctionOpInterface>(function);
  if (!readOnlyTensorArguments || !func)
    return;
  for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
    if (isa<TensorType>(type))
      func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                      BoolAttr::get(context, false));
}

namespace {
/// A memref descriptor as the C interface lays it out: allocated and
/// aligned pointers, offset, sizes[rank], strides[rank]; every field is 8
/// bytes, so descriptors (and structs of them) are arrays of int64_t.
struct DescriptorView {
  int64_t *words;
  unsigned rank;

  void *allocated() const { return reinterpret_cast<void *>(words[0]); }
  void *aligned() const { return reinterpret_cast<void *>(words[1]); }
  int64_t offset() const { return words[2]; }
  int64_t size(unsigned i) const { return words[3 + i]; }
  int64_t stride(unsigned i) const { return words[3 + rank + i]; }
  static size_t getNumWords(unsigned rank) { return 3 + 2 * rank; }
};
} // namespace

/// Fills a descriptor for a dense row-major buffer.
static void fillDescriptor(int64_t *words, const BufferView &buffer) {
  unsigned rank = buffer.shape.size();
  auto *data = const_cast<void *>(buffer.data);
  words[0] = reinterpret_cast<int64_t>(data);
  words[1] = reinterpret_cast<int64_t>(data);
  words[2] = 0;
  int64_t stride = 1;
  for (int i = rank - 1; i >= 0; --i) {
    words[3 + i] = buffer.shape[i];
    words[3 + rank + i] = stride;
    stride *= buffer.shape[i];
  }
}

/// Copies the (possibly strided) memref `view` into a dense buffer: one
/// copy of each run of elements contiguous in both (all of it where `view`
/// is dense and row-major, the common case).
static HostBuffer copyOut(const DescriptorView &view, ElementType type) {
  HostBuffer buffer;
  buffer.elementType = type;
  for (unsigned i = 0; i < view.rank; ++i)
    buffer.shape.push_back(view.size(i));
  size_t elementSize = getElementSize(type);
  int64_t count = buffer.getNumElements();
  buffer.data.resize(count * elementSize);
  if (count == 0)
    return buffer;
  const auto *base = static_cast<const uint8_t *>(view.aligned());
  // The innermost dims that are laid out densely (a dim of size 1 has any
  // stride) make up one run of `run` elements.
  unsigned outer = view.rank;
  int64_t run = 1;
  while (outer > 0 &&
         (view.size(outer - 1) == 1 || view.stride(outer - 1) == run)) {
    run *= view.size(outer - 1);
    --outer;
  }
  SmallVector<int64_t> index(outer, 0);
  for (int64_t linear = 0; linear < count; linear += run) {
    int64_t offset = view.offset();
    for (unsigned d = 0; d < outer; ++d)
      offset += index[d] * view.stride(d);
    std::memcpy(buffer.data.data() + linear * elementSize,
                base + offset * elementSize, run * elementSize);
    for (int d = static_cast<int>(outer) - 1; d >= 0; --d) {
      if (++index[d] < view.size(d))
        break;
      index[d] = 0;
    }
  }
  return buffer;
}

Executable::~Executable() = default;

/// Calls JIT-compiled code. Built with UndefinedBehaviorSanitizer, clang
/// checks before an indirect call that the callee starts with the signature
/// its instrumented functions carry, by reading the bytes in front of it;
/// code the JIT generated carries none, and the function LLVM placed first
/// in a fresh page has nothing mapped in front of it (a SEGV in the check,
/// not in our code). The check does not apply to such code.
#if defined(__clang__)
__attribute__((no_sanitize("function")))
#endif
static void callJitted(void (*function)(void **), void **arguments) {
  function(arguments);
}


/// Registers the LLVM IR translations of the dialects a lowered module holds.
static void registerTranslations(ModuleOp llvmModule) {
  DialectRegistry registry;
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerOpenMPDialectTranslation(registry);
  llvmModule->getContext()->appendDialectRegistry(registry);
}

/// Turns off LLVM code generation passes that crash on valid IR the
/// backends produce, once per process: LLVM 22's X86 store-forwarding-block
/// pass aborts ("Cannot implicitly convert a scalable size to a fixed-width
/// size") on the masked 16-lane loads of a packed contraction's OpenMP body
/// compiled for AVX2 (a 1x1 convolution from 96 to 24 channels on one pixel
/// at two threads). The pass only splits copies that would stall a store's
/// forwarding; a missing option (another LLVM) is left alone.
static void disableCrashingCodegenPasses() {
  if (llvm::cl::Option *option =
          llvm::cl::getRegisteredOptions().lookup("x86-disable-avoid-SFB"))
    (void)option->addOccurrence(/*pos=*/0, "x86-disable-avoid-SFB", "true");
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::create(ModuleOp llvmModule, StringRef entry,
                   const RunOptions &options) {
  return create(llvmModule, ArrayRef<std::string>{entry.str()}, options);
}

llvm::Expected<std::unique_ptr<Executable>>
Executable::create(ModuleOp llvmModule, ArrayRef<std::string> entryNames,
                   const RunOptions &options) {
  static bool initialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    disableCrashingCodegenPasses();
    return true;
  }();
  (void)initialized;

  registerTranslations(llvmModule);

  // OpenMP constructs become calls into the OpenMP runtime.
  bool usesOpenMP = false;
  llvmModule->walk([&](Operation *op) {
    if (op->getDialect() && op->getDialect()->getNamespace() == "omp") {
      usesOpenMP = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (usesOpenMP && options.openMPRuntime.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the module runs loops on threads but no OpenMP runtime was found "
        "(install libomp-22-dev, or run with one thread)");

  // One TargetMachine for LLVM's optimizer (its cost models decide
  // vectorization and unrolling) and one, owned by the engine, for code
  // generation; without them the optimizer sees a generic CPU.
  auto optimizerMachine = options.target.createTargetMachine(options.optLevel);
  if (!optimizerMachine)
    return optimizerMachine.takeError();
  auto codegenMachine = options.target.createTargetMachine(options.optLevel);
  if (!codegenMachine)
    return codegenMachine.takeError();

  // ExecutionEngineOptions::transformer is a function_ref: keep the
  // std::function alive for the engine's lifetime.
  std::function<llvm::Error(llvm::Module *)> optimize =
      makeOptimizingTransformer(options.optLevel, /*sizeLevel=*/0,
                                optimizerMachine->get());
  llvm::StringSet<> packedEntries;
  for (const std::string &name : entryNames)
    packedEntries.insert("_mlir__mlir_ciface_" + name);
  std::string cpu = options.target.cpu;
  std::string features = options.target.getFeaturesString();
  std::function<llvm::Error(llvm::Module *)> transformer =
      [&](llvm::Module *module) -> llvm::Error {
        // Functions that do not name a CPU of their own (a backend may)
        // are compiled for the target.
        for (llvm::Function &function : *module) {
          if (function.isDeclaration())
            continue;
          if (!function.hasFnAttribute("target-cpu"))
            function.addFnAttr("target-cpu", cpu);
          if (!function.hasFnAttribute("target-features"))
            function.addFnAttr("target-features", features);
        }
        // The engine's packed wrappers of the entries are the only
        // functions called from outside the module. Every other function is
        // made internal, so that LLVM deletes what it inlined instead of also
        // optimizing and generating code for a copy nobody calls (else a
        // dispatch function is compiled up to three times: its own body,
        // inlined into its caller, inlined into the packed wrapper the
        // engine adds to every public function).
        for (llvm::Function &function : *module)
          if (!function.isDeclaration() &&
              !packedEntries.contains(function.getName()))
            function.setLinkage(llvm::GlobalValue::InternalLinkage);
        if (llvm::Error error = optimize(module))
          return error;
        if (options.optimizedIR)
          module->print(*options.optimizedIR, /*AAW=*/nullptr);
        return llvm::Error::success();
      };
  SmallVector<StringRef> libs(options.sharedLibs.begin(),
                              options.sharedLibs.end());
  if (usesOpenMP)
    libs.push_back(options.openMPRuntime);
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.sharedLibPaths = libs;
  auto engine = ExecutionEngine::create(llvmModule, engineOptions,
                                        std::move(*codegenMachine));
  if (!engine)
    return engine.takeError();

  if (!options.symbols.empty()) {
    std::vector<std::pair<std::string, void *>> symbols = options.symbols;
    (*engine)->registerSymbols([&](llvm::orc::MangleAndInterner interner) {
      llvm::orc::SymbolMap map;
      for (const auto &[name, address] : symbols)
        map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                               llvm::JITSymbolFlags::Exported};
      return map;
    });
  }

  std::unique_ptr<Executable> executable(new Executable());
  // Looking the entries up compiles the module (the JIT is lazy).
  for (const std::string &name : entryNames) {
    auto entry = (*engine)->lookupPacked("_mlir_ciface_" + name);
    if (!entry)
      return entry.takeError();
    executable->entries.push_back(*entry);
  }
  executable->engine = std::move(*engine);
  // Global constructors, if any, run now rather than inside the first call.
  executable->engine->initialize();
  return executable;
}

/// Where one result lives in the results the C interface returns: its byte
/// offset, and whether it is a memref descriptor (else a scalar).
struct ResultSlot {
  size_t offset;
  bool isMemRef;
};

/// Lays out `results` as the C interface returns them. One scalar result is
/// returned by value; anything else (a memref, or several results) is an
/// LLVM struct of the scalars and descriptors, returned through a pointer
/// passed first, its fields at their natural alignment (descriptors: 8
/// bytes; scalars: their size, i1 one byte). Returns the total size.
static size_t layOutResults(TypeRange results,
                            SmallVectorImpl<ResultSlot> &slots) {
  size_t offset = 0;
  for (Type result : results) {
    bool isMemRef = !isScalar(result);
    size_t size = isMemRef ? 8 * DescriptorView::getNumWords(
                                     cast<ShapedType>(result).getRank())
                           : getElementSize(*getHostElementType(result));
    size_t align = isMemRef ? 8 : size;
    offset = llvm::alignTo(offset, align);
    slots.push_back({offset, isMemRef});
    offset += size;
  }
  return offset;
}

llvm::Expected<std::vector<HostBuffer>>
Executable::call(FunctionType type, ArrayRef<HostBuffer> inputs,
                 double *seconds) {
  SmallVector<BufferView> views;
  for (const HostBuffer &input : inputs)
    views.push_back(input.getView());
  return call(type, views, seconds);
}

llvm::Expected<std::vector<HostBuffer>>
Executable::callEntry(unsigned index, FunctionType type,
                      ArrayRef<BufferView> inputs, double *seconds) {
  assert(index < entries.size() && "an entry given to create");
  // Arguments: a pointer to a descriptor per shaped input, the value itself
  // per scalar. The packed interface takes a pointer to each argument.
  std::vector<std::vector<int64_t>> argDescriptors;
  std::vector<void *> argPointers;
  for (auto [input, argType] : llvm::zip(inputs, type.getInputs())) {
    if (isScalar(argType)) {
      argDescriptors.emplace_back();
      continue;
    }
    argDescriptors.emplace_back(
        DescriptorView::getNumWords(input.shape.size()));
    fillDescriptor(argDescriptors.back().data(), input);
  }
  for (auto &descriptor : argDescriptors)
    argPointers.push_back(descriptor.data());

  SmallVector<ResultSlot> slots;
  size_t resultBytes = layOutResults(type.getResults(), slots);
  std::vector<int64_t> resultStorage(llvm::divideCeil(resultBytes, 8), 0);
  void *resultPointer = resultStorage.data();
  bool returnedByValue = type.getNumResults() == 1 && !slots.front().isMemRef;

  SmallVector<void *> packed;
  if (type.getNumResults() > 0 && !returnedByValue)
    packed.push_back(&resultPointer);
  for (auto [i, argType] : llvm::enumerate(type.getInputs())) {
    if (isScalar(argType))
      packed.push_back(const_cast<void *>(inputs[i].data));
    else
      packed.push_back(&argPointers[i]);
  }
  // The packed interface stores a returned value through its last pointer.
  if (returnedByValue)
    packed.push_back(resultPointer);

  auto start = std::chrono::steady_clock::now();
  callJitted(entries[index], packed.data());
  if (seconds)
    *seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                             start)
                   .count();

  // Every result is copied out before any buffer is freed: results may
  // share storage (a tensor and a reshaped view of it).
  std::vector<HostBuffer> results;
  SmallVector<void *> allocations;
  auto *bytes = reinterpret_cast<uint8_t *>(resultStorage.data());
  for (auto [result, slot] : llvm::zip(type.getResults(), slots)) {
    ElementType elementType = *getHostElementType(getElementTypeOf(result));
    if (!slot.isMemRef) {
      HostBuffer scalar;
      scalar.elementType = elementType;
      scalar.data.assign(bytes + slot.offset,
                         bytes + slot.offset + getElementSize(elementType));
      results.push_back(std::move(scalar));
      continue;
    }
    DescriptorView view{
        reinterpret_cast<int64_t *>(bytes + slot.offset),
        static_cast<unsigned>(cast<ShapedType>(result).getRank())};
    results.push_back(copyOut(view, elementType));
    allocations.push_back(view.allocated());
  }
  // Results are owned by the caller (ownership-based deallocation copies
  // anything else) and were allocated with malloc; constants lowered to
  // globals carry a sentinel instead of an allocation. Inputs and results
  // sharing storage are freed once.
  SmallPtrSet<void *, 8> freed;
  for (const BufferView &input : inputs)
    freed.insert(const_cast<void *>(input.data));
  for (void *allocated : allocations)
    if (allocated && allocated != reinterpret_cast<void *>(0xdeadbeef) &&
        freed.insert(allocated).second)
      std::free(allocated);
  return results;
}

llvm::Expected<std::shared_ptr<Executable>>
ExecutableCache::getOrCreate(ModuleOp llvmModule,
                             ArrayRef<std::string> entryNames,
                             const RunOptions &options, bool &reused) {
  reused = false;
  auto create = [&]() -> llvm::Expected<std::shared_ptr<Executable>> {
    auto executable = Executable::create(llvmModule, entryNames, options);
    if (!executable)
      return executable.takeError();
    return std::shared_ptr<Executable>(std::move(*executable));
  };
  if (options.optimizedIR || capacity == 0)
    return create();

  // The key: everything Executable::create compiles from, the LLVM IR as
  // the engine will receive it (translated the same way) last.
  registerTranslations(llvmModule);
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> translated =
      translateModuleToLLVMIR(llvmModule, llvmContext);
  // The translation reported why (the engine's message follows, as
  // Executable::create would give it).
  if (!translated)
    return makeError("could not convert to LLVM IR");
  for (const llvm::GlobalVariable &global : translated->globals())
    if (!global.isDeclaration() && !global.isConstant())
      return create();
  std::string key;
  {
    llvm::raw_string_ostream os(key);
    os << "entries";
    for (const std::string &name : entryNames)
      os << " " << name;
    os << "\nopt-level " << options.optLevel << "\ntarget "
       << options.target.triple << " " << options.target.cpu << " "
       << options.target.getFeaturesString() << "\n";
    for (const std::string &lib : options.sharedLibs)
      os << "library " << lib << "\n";
    os << "openmp " << options.openMPRuntime << "\n";
    for (const auto &[name, address] : options.symbols)
      os << "symbol " << name << " " << address << "\n";
    translated->print(os, /*AAW=*/nullptr);
  }
  auto it = llvm::find_if(
      entries, [&](const auto &cached) { return cached.first == key; });
  if (it != entries.end()) {
    // Most recently used last.
    std::rotate(it, it + 1, entries.end());
    reused = true;
    return entries.back().second;
  }
  auto executable = create();
  if (!executable)
    return executable.takeError();
  entries.emplace_back(std::move(key), *executable);
  if (entries.size() > capacity)
    entries.erase(entries.begin());
  return *executable;
}

llvm::Expected<std::vector<HostBuffer>>
scopeir::runner::runFunction(ModuleOp llvmModule, StringRef name,
                               FunctionType type, ArrayRef<HostBuffer> inputs,
                               const RunOptions &options) {
  auto executable = Executable::create(llvmModule, name, options);
  if (!executable)
    return executable.takeError();
  return (*executable)->call(type, inputs);
}
