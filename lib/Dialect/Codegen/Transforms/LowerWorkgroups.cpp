//===- LowerWorkgroups.cpp - Workgroups scopes to scf.forall ---*- C++ -*-===//
//
// This file implements codegen-lower-workgroups: each codegen.scope.workgroups
// becomes an scf.forall over its grid with one tensor.parallel_insert_slice
// per codegen.store, optionally preceded by a run-time check of the coverage
// of its stores.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace scopeir::codegen {
#define GEN_PASS_DEF_LOWERWORKGROUPSPASS
#include "scopeir/Dialect/Codegen/Transforms/Passes.h.inc"
} // namespace scopeir::codegen

using namespace mlir;
using namespace scopeir;
using namespace scopeir::codegen;

/// The C library function a failed check calls: it flushes standard output
/// (the message) before the process ends with status 1.
static constexpr StringLiteral kExitFunction = "exit";

//===----------------------------------------------------------------------===//
// Coverage check
//===----------------------------------------------------------------------===//

namespace {

/// Builds the replay of one scope's stores (see the pass description).
class StoreCheckBuilder {
public:
  StoreCheckBuilder(WorkgroupsOp scope, func::FuncOp exitFn)
      : scope(scope), exitFn(exitFn), loc(scope.getLoc()) {}

  LogicalResult build(OpBuilder &builder);

private:
  /// Prints `text` (no newline added).
  void print(OpBuilder &builder, StringRef text) {
    vector::PrintOp::create(builder, loc, text);
  }
  /// Prints an index value without punctuation.
  void print(OpBuilder &builder, Value index) {
    Value i64 =
        arith::IndexCastOp::create(builder, loc, builder.getI64Type(), index);
    vector::PrintOp::create(builder, loc, i64,
                            vector::PrintPunctuation::NoPunctuation);
  }
  /// Prints `[a, b, c]`.
  void printList(OpBuilder &builder, ValueRange values) {
    print(builder, "[");
    for (auto [i, value] : llvm::enumerate(values)) {
      if (i)
        print(builder, ", ");
      print(builder, value);
    }
    print(builder, "]");
  }
  /// Emits `if (cond) { report(); exit(1); }`.
  void failIf(OpBuilder &builder, Value cond,
              function_ref<void(OpBuilder &)> report) {
    auto ifOp = scf::IfOp::create(builder, loc, cond, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
    print(builder, "codegen-check-stores: error: " + scopeName + ": ");
    report(builder);
    print(builder, "\n");
    Value one = arith::ConstantIntOp::create(builder, loc, 1, 32);
    func::CallOp::create(builder, loc, exitFn, ValueRange{one});
  }

  /// Replays the stores of the workgroup `ids`, counting into `counters`;
  /// returns the updated counters.
  FailureOr<SmallVector<Value>>
  replayWorkgroup(OpBuilder &builder, ValueRange ids, ValueRange counters);

  WorkgroupsOp scope;
  func::FuncOp exitFn;
  Location loc;
  std::string scopeName;
};

} // namespace

/// Returns `loc` as `file:line:col` where it has one.
static std::string describeLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return describeLocation(nameLoc.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = describeLocation(inner); !text.empty())
        return text;
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return describeLocation(callSite.getCallee());
  return {};
}

FailureOr<SmallVector<Value>>
StoreCheckBuilder::replayWorkgroup(OpBuilder &builder, ValueRange ids,
                                   ValueRange counters) {
  Block &body = scope.getBodyBlock();
  IRMapping mapping;
  mapping.map(scope.getCaptureArguments(), scope.getCaptures());
  mapping.map(scope.getWorkgroupIds(), ids);
  mapping.map(scope.getWorkgroupCounts(), scope.getWorkgroupCount());

  // The ops the stores' offsets, sizes and strides depend on, in body order.
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.inclusive = true;
  options.filter = [&](Operation *op) { return op->getBlock() == &body; };
  SmallVector<StoreOp> stores(body.getOps<StoreOp>());
  for (StoreOp store : stores)
    for (Value operand : store->getOperands().drop_front(2))
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() == &body)
        (void)getBackwardSlice(def, &slice, options);
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  for (Operation *op : ordered) {
    if (!isPure(op)) {
      InFlightDiagnostic diag =
          op->emitOpError("has side effects, so codegen-check-stores cannot "
                          "replay it: the offsets, sizes or strides of a "
                          "codegen.store depend on it");
      diag.attachNote(scope.getLoc()) << "in this codegen.scope.workgroups";
      return diag;
    }
    builder.clone(*op, mapping);
  }

  SmallVector<Value> updated(counters);
  Value c0 = arith::ConstantIndexOp::create(builder, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(builder, loc, 1);
  Value one = arith::ConstantIntOp::create(builder, loc, 1, 32);
  for (StoreOp store : stores) {
    unsigned resultIndex =
        scope.getResultOfHandle(store.getDest()).getResultNumber();
    // The store's offsets, sizes and strides in the replay (static ones
    // stay static, so that the counted slices have the tiles' types), and
    // as values for the checks.
    auto mapAll = [&](ArrayRef<OpFoldResult> values) {
      SmallVector<OpFoldResult> mapped;
      for (OpFoldResult value : values)
        mapped.push_back(
            isa<Value>(value)
                ? OpFoldResult(mapping.lookupOrDefault(cast<Value>(value)))
                : value);
      return mapped;
    };
    SmallVector<OpFoldResult> mixedOffsets = mapAll(store.getMixedOffsets());
    SmallVector<OpFoldResult> mixedSizes = mapAll(store.getMixedSizes());
    SmallVector<OpFoldResult> mixedStrides = mapAll(store.getMixedStrides());
    SmallVector<Value> offsets =
        getValueOrCreateConstantIndexOp(builder, loc, mixedOffsets);
    SmallVector<Value> sizes =
        getValueOrCreateConstantIndexOp(builder, loc, mixedSizes);
    SmallVector<Value> strides =
        getValueOrCreateConstantIndexOp(builder, loc, mixedStrides);

    // Bounds first: a slice outside the counters could not be counted.
    Value counter = updated[resultIndex];
    for (unsigned d = 0, e = offsets.size(); d < e; ++d) {
      Value extent = tensor::DimOp::create(builder, loc, counter, d);
      auto cmp = [&](arith::CmpIPredicate pred, Value a, Value b) {
        return arith::CmpIOp::create(builder, loc, pred, a, b).getResult();
      };
      Value sizeMinusOne = arith::SubIOp::create(builder, loc, sizes[d], c1);
      Value last = arith::AddIOp::create(
          builder, loc, offsets[d],
          arith::MulIOp::create(builder, loc, sizeMinusOne, strides[d]));
      Value nonEmpty = cmp(arith::CmpIPredicate::sgt, sizes[d], c0);
      Value bad = arith::OrIOp::create(
          builder, loc, cmp(arith::CmpIPredicate::slt, offsets[d], c0),
          arith::OrIOp::create(
              builder, loc, cmp(arith::CmpIPredicate::slt, sizes[d], c0),
              arith::OrIOp::create(
                  builder, loc, cmp(arith::CmpIPredicate::slt, strides[d], c1),
                  arith::AndIOp::create(
                      builder, loc, nonEmpty,
                      cmp(arith::CmpIPredicate::sge, last, extent)))));
      failIf(builder, bad, [&](OpBuilder &b) {
        print(b, "workgroup ");
        printList(b, ids);
        print(b, " stores result #" + std::to_string(resultIndex) +
                     " outside its extent in dimension #" + std::to_string(d) +
                     " (offset ");
        print(b, offsets[d]);
        print(b, ", size ");
        print(b, sizes[d]);
        print(b, ", stride ");
        print(b, strides[d]);
        print(b, ", extent ");
        print(b, extent);
        print(b, ")");
      });
    }

    // counter[slice] += 1.
    Value tile = tensor::ExtractSliceOp::create(
        builder, loc, counter, mixedOffsets, mixedSizes, mixedStrides);
    auto tileType = cast<RankedTensorType>(tile.getType());
    SmallVector<AffineMap> maps = {
        builder.getMultiDimIdentityMap(tileType.getRank())};
    SmallVector<utils::IteratorType> iterators(tileType.getRank(),
                                               utils::IteratorType::parallel);
    auto increment = linalg::GenericOp::create(
        builder, loc, TypeRange{tileType}, ValueRange{}, ValueRange{tile}, maps,
        iterators, [&](OpBuilder &b, Location l, ValueRange args) {
          Value next = arith::AddIOp::create(b, l, args[0], one);
          linalg::YieldOp::create(b, l, next);
        });
    updated[resultIndex] = tensor::InsertSliceOp::create(
        builder, loc, increment.getResult(0), counter, mixedOffsets, mixedSizes,
        mixedStrides);
  }
  return updated;
}

LogicalResult StoreCheckBuilder::build(OpBuilder &builder) {
  scopeName = "codegen.scope.workgroups";
  if (std::string where = describeLocation(loc); !where.empty())
    scopeName += " at " + where;

  // One zero-filled i32 counter per result.
  Type i32 = builder.getI32Type();
  Value zero = arith::ConstantIntOp::create(builder, loc, 0, 32);
  SmallVector<Value> counters;
  for (OpResult result : scope.getResults()) {
    auto type = cast<RankedTensorType>(result.getType());
    Value empty = tensor::EmptyOp::create(
        builder, loc, type.getShape(), i32,
        scope.getResultDynamicDims(result.getResultNumber()));
    counters.push_back(
        linalg::FillOp::create(builder, loc, zero, empty).getResult(0));
  }

  // Every workgroup, one after the other.
  Value c0 = arith::ConstantIndexOp::create(builder, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(builder, loc, 1);
  unsigned rank = scope.getGridRank();
  SmallVector<Value> lbs(rank, c0), steps(rank, c1);
  SmallVector<Value> ubs(scope.getWorkgroupCount());
  bool failed = false;
  scf::LoopNest replay = scf::buildLoopNest(
      builder, loc, lbs, ubs, steps, counters,
      [&](OpBuilder &b, Location, ValueRange ids,
          ValueRange iterArgs) -> scf::ValueVector {
        FailureOr<SmallVector<Value>> updated =
            replayWorkgroup(b, ids, iterArgs);
        if (mlir::failed(updated)) {
          failed = true;
          return scf::ValueVector(iterArgs.begin(), iterArgs.end());
        }
        return scf::ValueVector(updated->begin(), updated->end());
      });
  if (failed)
    return failure();

  // The first element, in row-major order, not stored exactly once.
  for (auto [r, countedResult] : llvm::enumerate(replay.results)) {
    // A named copy: lambdas below capture it (capturing a structured
    // binding needs C++20).
    Value counted = countedResult;
    auto type = cast<RankedTensorType>(counted.getType());
    SmallVector<Value> extents;
    for (int64_t d = 0; d < type.getRank(); ++d)
      extents.push_back(tensor::DimOp::create(builder, loc, counted, d));
    SmallVector<Value> elementLbs(type.getRank(), c0),
        elementSteps(type.getRank(), c1);
    unsigned resultIndex = r;
    scf::buildLoopNest(
        builder, loc, elementLbs, extents, elementSteps,
        [&](OpBuilder &b, Location l, ValueRange indices) {
          Value count = tensor::ExtractOp::create(b, l, counted, indices);
          Value one = arith::ConstantIntOp::create(b, l, 1, 32);
          Value bad =
              arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne, count, one);
          failIf(b, bad, [&](OpBuilder &pb) {
            print(pb, "element ");
            printList(pb, indices);
            print(pb,
                  " of result #" + std::to_string(resultIndex) + " is stored ");
            print(pb,
                  arith::IndexCastOp::create(pb, l, pb.getIndexType(), count));
            print(pb, " times by the workgroups (expected exactly once)");
          });
        });
  }
  return success();
}

/// Returns the declaration of exit(i32) in the symbol table around `op`,
/// creating it if needed.
static func::FuncOp getOrCreateExitFunction(Operation *op) {
  Operation *table = SymbolTable::getNearestSymbolTable(op);
  while (table->getParentOp() &&
         SymbolTable::getNearestSymbolTable(table->getParentOp()))
    table = SymbolTable::getNearestSymbolTable(table->getParentOp());
  if (auto existing = dyn_cast_if_present<func::FuncOp>(
          SymbolTable::lookupSymbolIn(table, kExitFunction)))
    return existing;
  OpBuilder builder(&table->getRegion(0).front(),
                    table->getRegion(0).front().begin());
  auto fn =
      func::FuncOp::create(builder, table->getLoc(), kExitFunction,
                           builder.getFunctionType({builder.getI32Type()}, {}));
  fn.setPrivate();
  return fn;
}

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

/// Replaces `scope` by an scf.forall over its grid.
static void lowerToForall(RewriterBase &rewriter, WorkgroupsOp scope) {
  Location loc = scope.getLoc();
  rewriter.setInsertionPoint(scope);
  SmallVector<Value> inits;
  for (OpResult result : scope.getResults()) {
    auto type = cast<RankedTensorType>(result.getType());
    inits.push_back(tensor::EmptyOp::create(
        rewriter, loc, type.getShape(), type.getElementType(),
        scope.getResultDynamicDims(result.getResultNumber())));
  }
  SmallVector<OpFoldResult> counts =
      getAsOpFoldResult(ValueRange(scope.getWorkgroupCount()));
  auto forall =
      scf::ForallOp::create(rewriter, loc, counts, inits, std::nullopt);

  SmallVector<Value> replacements(scope.getCaptures());
  llvm::append_range(replacements, forall.getInductionVars());
  llvm::append_range(replacements, scope.getWorkgroupCount());
  llvm::append_range(replacements, forall.getRegionIterArgs());
  Block &body = scope.getBodyBlock();
  rewriter.eraseOp(body.getTerminator());
  scf::InParallelOp terminator = forall.getTerminator();
  rewriter.inlineBlockBefore(&body, terminator, replacements);

  // Each store becomes a parallel insert into the shared output its handle
  // now is; the tiles are all computed before the terminator.
  SmallVector<StoreOp> stores(forall.getBody()->getOps<StoreOp>());
  for (StoreOp store : stores) {
    rewriter.setInsertionPointToEnd(terminator.getBody());
    tensor::ParallelInsertSliceOp::create(
        rewriter, store.getLoc(), store.getSource(), store.getDest(),
        store.getMixedOffsets(), store.getMixedSizes(),
        store.getMixedStrides());
    rewriter.eraseOp(store);
  }
  rewriter.replaceOp(scope, forall.getResults());
}

namespace {

struct LowerWorkgroupsPass
    : codegen::impl::LowerWorkgroupsPassBase<LowerWorkgroupsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Post-order: a scope nested in another is lowered first, and then
    // moves with its parent's body.
    SmallVector<WorkgroupsOp> scopes;
    getOperation()->walk([&](WorkgroupsOp scope) { scopes.push_back(scope); });
    // No scope to lower: the pass manager need not verify the IR again.
    if (scopes.empty())
      return markAllAnalysesPreserved();
    IRRewriter rewriter(&getContext());
    for (WorkgroupsOp scope : scopes) {
      if (checkStores) {
        OpBuilder builder(scope);
        StoreCheckBuilder check(scope, getOrCreateExitFunction(scope));
        if (failed(check.build(builder)))
          return signalPassFailure();
      }
      lowerToForall(rewriter, scope);
    }
  }
};

} // namespace
