//===- LowerTraceMarkers.cpp - Trace markers to runtime calls ---*- C++ -*-===//
//
// This file implements util-lower-trace-markers, which turns util.trace.begin
// and util.trace.end into calls into the tracing runtime with the address of
// a constant site string.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Util/IR/UtilOps.h"
#include "scopeir/Dialect/Util/Transforms/Passes.h"
#include "scopeir/Runtime/TraceABI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace scopeir::util {
#define GEN_PASS_DEF_LOWERTRACEMARKERSPASS
#include "scopeir/Dialect/Util/Transforms/Passes.h.inc"
} // namespace scopeir::util

using namespace mlir;
using namespace scopeir;
using namespace scopeir::util;

/// Returns the JSON form of `value` (the op verifier checked it has one).
static llvm::json::Value toJSON(Attribute value) {
  if (auto str = dyn_cast<StringAttr>(value))
    return str.getValue().str();
  if (auto integer = dyn_cast<IntegerAttr>(value)) {
    if (integer.getType().isInteger(1))
      return integer.getValue().getBoolValue();
    return integer.getValue().getSExtValue();
  }
  if (auto floatAttr = dyn_cast<FloatAttr>(value))
    return floatAttr.getValueAsDouble();
  if (isa<UnitAttr>(value))
    return true;
  if (auto array = dyn_cast<ArrayAttr>(value)) {
    llvm::json::Array elements;
    for (Attribute element : array)
      elements.push_back(toJSON(element));
    return elements;
  }
  if (auto dict = dyn_cast<DictionaryAttr>(value)) {
    llvm::json::Object object;
    for (NamedAttribute entry : dict)
      object[entry.getName().getValue()] = toJSON(entry.getValue());
    return object;
  }
  return nullptr;
}

/// Returns the site string of a marker: category, name and args (with the
/// marker's location) separated and ended by NUL characters.
static std::string buildSite(StringRef category, StringRef name,
                             DictionaryAttr args, Location loc) {
  llvm::json::Object object;
  if (args)
    for (NamedAttribute entry : args)
      object[entry.getName().getValue()] = toJSON(entry.getValue());
  if (auto fileLoc = loc->findInstanceOf<FileLineColLoc>())
    object["loc"] = llvm::formatv("{0}:{1}:{2}", fileLoc.getFilename(),
                                  fileLoc.getLine(), fileLoc.getColumn())
                        .str();
  std::string site;
  site += category;
  site.push_back('\0');
  site += name;
  site.push_back('\0');
  site += llvm::formatv("{0}", llvm::json::Value(std::move(object))).str();
  site.push_back('\0');
  return site;
}

namespace {

/// The sites and runtime declarations of one module.
struct ModuleState {
  ModuleOp module;
  llvm::StringMap<LLVM::GlobalOp> sites;
  LLVM::LLVMFuncOp begin;
  LLVM::LLVMFuncOp end;
};

struct LowerTraceMarkersPass
    : public scopeir::util::impl::LowerTraceMarkersPassBase<
          LowerTraceMarkersPass> {
  void runOnOperation() override {
    SmallVector<Operation *> markers;
    getOperation()->walk([&](Operation *op) {
      if (isa<TraceBeginOp, TraceEndOp>(op))
        markers.push_back(op);
    });
    // Nothing to lower: saying so spares the pass manager re-verifying the
    // unchanged IR.
    if (markers.empty())
      return markAllAnalysesPreserved();
    DenseMap<Operation *, ModuleState> states;
    for (Operation *marker : markers) {
      auto module = marker->getParentOfType<ModuleOp>();
      ModuleState &state = states[module];
      state.module = module;
      lower(marker, state);
    }
  }

  LLVM::LLVMFuncOp getOrCreateEntry(ModuleState &state, StringRef symbol) {
    if (auto existing = state.module.lookupSymbol<LLVM::LLVMFuncOp>(symbol))
      return existing;
    MLIRContext *context = &getContext();
    auto builder = OpBuilder::atBlockBegin(state.module.getBody());
    auto type =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                    {LLVM::LLVMPointerType::get(context)});
    return LLVM::LLVMFuncOp::create(builder, state.module.getLoc(), symbol,
                                    type);
  }

  LLVM::GlobalOp getOrCreateSite(ModuleState &state, StringRef site) {
    LLVM::GlobalOp &global = state.sites[site];
    if (global)
      return global;
    MLIRContext *context = &getContext();
    OpBuilder builder(context);
    auto type =
        LLVM::LLVMArrayType::get(IntegerType::get(context, 8), site.size());
    global = LLVM::GlobalOp::create(
        builder, state.module.getLoc(), type, /*isConstant=*/true,
        LLVM::Linkage::Internal,
        "__scopeir_trace_site_" + std::to_string(state.sites.size() - 1),
        builder.getStringAttr(site));
    // Renames the global if its name is taken.
    SymbolTable(state.module).insert(global, state.module.getBody()->begin());
    return global;
  }

  void lower(Operation *marker, ModuleState &state) {
    bool isBegin = isa<TraceBeginOp>(marker);
    std::string site = isBegin
                           ? buildSite(cast<TraceBeginOp>(marker).getCategory(),
                                       cast<TraceBeginOp>(marker).getName(),
                                       cast<TraceBeginOp>(marker).getArgsAttr(),
                                       marker->getLoc())
                           : buildSite(cast<TraceEndOp>(marker).getCategory(),
                                       cast<TraceEndOp>(marker).getName(),
                                       cast<TraceEndOp>(marker).getArgsAttr(),
                                       marker->getLoc());
    LLVM::GlobalOp global = getOrCreateSite(state, site);
    LLVM::LLVMFuncOp &entry = isBegin ? state.begin : state.end;
    if (!entry)
      entry = getOrCreateEntry(state, isBegin ? runtime::kTraceBeginSymbol
                                              : runtime::kTraceEndSymbol);
    OpBuilder builder(marker);
    Value address =
        LLVM::AddressOfOp::create(builder, marker->getLoc(), global);
    LLVM::CallOp::create(builder, marker->getLoc(), entry, ValueRange{address});
    marker->erase();
  }
};

} // namespace
