//===- LowerWorkgroups.cpp - Workgroups scopes to scf.forall ---*- C++ -*-===//
//
// This file implements codegen-lower-workgroups: each codegen.scope.workgroups
// becomes an scf.forall over its grid. A result whose stores all sit at the
// top of a one-block body is a shared output of the loop, written by one
// tensor.parallel_insert_slice per codegen.store; the stores of any other
// result write into a buffer of the result. With check-stores every store
// also counts, at run time, the elements it writes; in a function placed
// on a device with memory of its own, the counts are downloaded and checked
// on the host.
//
//===----------------------------------------------------------------------===//

#include "scopeir/Dialect/Codegen/IR/CodegenOps.h"
#include "scopeir/Dialect/Codegen/Transforms/Passes.h"
#include "scopeir/Dialect/Flow/IR/FlowOps.h"
#include "scopeir/Dialect/Util/IR/UtilInterfaces.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"

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

/// Slots of the record of the first out-of-bounds store (an i64 buffer):
/// the claim (0 until a store claims the record), the result, the
/// dimension, the store's offset, size and stride and the result's extent
/// in that dimension, then the workgroup's ids. On a device with memory of
/// its own the record is a table of one such row per workgroup, the claim
/// slot a flag each workgroup sets for its own first out-of-bounds store.
enum ReportSlot : int64_t {
  kClaimSlot,
  kResultSlot,
  kDimSlot,
  kOffsetSlot,
  kSizeSlot,
  kStrideSlot,
  kExtentSlot,
  kIdSlots,
};

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

namespace {

/// Builds the run-time messages of the coverage check: each one line on
/// standard output naming the scope, then exit(1).
class CheckReporter {
public:
  CheckReporter(WorkgroupsOp scope, func::FuncOp exitFn)
      : loc(scope.getLoc()), exitFn(exitFn) {
    scopeName = "codegen.scope.workgroups";
    if (std::string where = describeLocation(loc); !where.empty())
      scopeName += " at " + where;
  }

  /// Prints `text` (no newline added).
  void print(OpBuilder &builder, StringRef text) {
    vector::PrintOp::create(builder, loc, text);
  }
  /// Prints an integer or index value without punctuation.
  void print(OpBuilder &builder, Value value) {
    if (value.getType().isIndex())
      value =
          arith::IndexCastOp::create(builder, loc, builder.getI64Type(), value);
    vector::PrintOp::create(builder, loc, value,
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

private:
  Location loc;
  func::FuncOp exitFn;
  std::string scopeName;
};

/// Lowers one scope (see the pass description).
class ScopeLowering {
public:
  ScopeLowering(RewriterBase &rewriter, WorkgroupsOp scope, bool checkStores)
      : rewriter(rewriter), scope(scope), loc(scope.getLoc()),
        checkStores(checkStores) {
    util::ScopeAttrInterface placement =
        util::lookupPlacementAndOwner(scope).attr;
    if (placement && placement.hasDeviceMemory())
      deviceMemory = placement;
  }

  void lower();

private:
  /// Returns true if the stores of result `index` can be parallel inserts
  /// into a shared output of the loop: each store then runs exactly once
  /// per workgroup, at its end.
  bool isWrittenInParallel(unsigned index);

  /// Creates the buffers, counters and check record before the loop.
  void createStorage(SmallVectorImpl<Value> &sharedOutputs);
  /// Rewrites a store of a buffer-written result into a copy into the
  /// buffer (and, checking, the bounds check and the counting).
  void lowerBufferStore(StoreOp store, unsigned resultIndex);
  /// Emits the reports of the check after the loop.
  void emitCheckReports();
  /// Reports the record of the first out-of-bounds store (host memory).
  void emitRecordReport();
  /// Prints a record whose slots `loadIn` loads.
  void printRecord(OpBuilder &builder, function_ref<Value(int64_t)> loadIn);
  /// Reports the first element of a result not stored exactly once.
  void emitCounterReports();
  /// Moves the body into `forall`, its entry block arguments replaced.
  void moveBody(scf::ForallOp forall);
  /// Lets the ops computing the tile of `insert` write it into the shared
  /// output directly.
  void computeInPlace(scf::ForallOp forall,
                      tensor::ParallelInsertSliceOp insert,
                      DominanceInfo &dominance);

  /// Returns a loop nest over `extents` calling `body` with the indices.
  void buildNest(OpBuilder &builder, ValueRange extents,
                 function_ref<void(OpBuilder &, ValueRange)> body);

  /// Device memory: the workgroup's row in the record table.
  Value getWorkgroupRow(OpBuilder &builder, Location loc);
  /// Device memory: fills the workgroup's row of the record table with
  /// `fields` unless its flag is set (its first out-of-bounds store wins).
  void recordInRow(OpBuilder &builder, Location loc, ValueRange fields);
  /// Device memory: a host buffer holding a copy of `buffer`, downloaded
  /// after the loop.
  Value download(Value buffer);
  /// Device memory: reports the first workgroup (in row-major order of the
  /// grid) whose row is flagged.
  void emitRecordTableReport();

  RewriterBase &rewriter;
  WorkgroupsOp scope;
  Location loc;
  bool checkStores;
  /// The placement whose memory of its own the scope's buffers are in
  /// (null: host memory). Host code reads the counters and the record only
  /// through downloads there.
  Attribute deviceMemory;
  std::optional<CheckReporter> reporter;

  /// Per result: its position among the loop's shared outputs, or -1 when
  /// its stores write into `buffers[result]`.
  SmallVector<int64_t> sharedIndex;
  SmallVector<Value> buffers;
  /// Checking: per result, an i32 counter per element; the record of the
  /// first out-of-bounds store (ReportSlot).
  SmallVector<Value> counters;
  Value report;
};

} // namespace

bool ScopeLowering::isWrittenInParallel(unsigned index) {
  // A checked store may not run (it is out of bounds) and a parallel insert
  // always does; a store in a loop, an `if` or another block may run any
  // number of times.
  if (checkStores || !scope.getBody().hasOneBlock())
    return false;
  Value handle = scope.getResultHandles()[index];
  return llvm::all_of(handle.getUsers(), [&](Operation *user) {
    return user->getParentOp() == scope.getOperation();
  });
}

void ScopeLowering::buildNest(
    OpBuilder &builder, ValueRange extents,
    function_ref<void(OpBuilder &, ValueRange)> body) {
  Value c0 = arith::ConstantIndexOp::create(builder, loc, 0);
  Value c1 = arith::ConstantIndexOp::create(builder, loc, 1);
  SmallVector<Value> lbs(extents.size(), c0), steps(extents.size(), c1);
  scf::buildLoopNest(
      builder, loc, lbs, extents, steps,
      [&](OpBuilder &b, Location, ValueRange indices) { body(b, indices); });
}

void ScopeLowering::createStorage(SmallVectorImpl<Value> &sharedOutputs) {
  for (OpResult result : scope.getResults()) {
    unsigned index = result.getResultNumber();
    auto type = cast<RankedTensorType>(result.getType());
    ValueRange dims = scope.getResultDynamicDims(index);
    // A tied result starts as its capture; an untied one as nothing (every
    // element will be stored). As a shared output of the loop, the capture
    // is written in place where it dies at the scope (bufferization copies
    // it otherwise).
    Value tiedCapture = scope.getTiedResultOperand(index);
    if (isWrittenInParallel(index)) {
      sharedIndex.push_back(sharedOutputs.size());
      buffers.push_back(Value());
      sharedOutputs.push_back(
          tiedCapture ? tiedCapture
                      : tensor::EmptyOp::create(rewriter, loc, type.getShape(),
                                                type.getElementType(), dims)
                            .getResult());
      continue;
    }
    sharedIndex.push_back(-1);
    auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
    Value buffer = memref::AllocOp::create(rewriter, loc, bufferType, dims,
                                           rewriter.getI64IntegerAttr(64));
    // A tied result's buffer starts as a copy of its capture: the capture
    // may be read after the scope, and by the body itself.
    if (tiedCapture) {
      auto copy = bufferization::MaterializeInDestinationOp::create(
          rewriter, loc, tiedCapture, buffer);
      copy.setWritable(true);
    }
    buffers.push_back(buffer);
  }
  if (!checkStores)
    return;

  // Zeroed counters, and an unclaimed record.
  Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
  for (OpResult result : scope.getResults()) {
    auto type = cast<RankedTensorType>(result.getType());
    ValueRange dims = scope.getResultDynamicDims(result.getResultNumber());
    Value counter = memref::AllocOp::create(
        rewriter, loc, MemRefType::get(type.getShape(), rewriter.getI32Type()),
        dims);
    SmallVector<Value> extents;
    for (int64_t d = 0; d < type.getRank(); ++d)
      extents.push_back(memref::DimOp::create(rewriter, loc, counter, d));
    buildNest(rewriter, extents, [&](OpBuilder &b, ValueRange indices) {
      memref::StoreOp::create(b, loc, zero, counter, indices);
    });
    counters.push_back(counter);
  }
  if (deviceMemory) {
    // A row per workgroup, its flag cleared. No atomic claim: a device's
    // threads run a workgroup's body in lockstep, and each thread sees its
    // own writes, so a workgroup records its first out-of-bounds store only.
    Value rows = arith::ConstantIndexOp::create(rewriter, loc, 1);
    for (Value count : scope.getWorkgroupCount())
      rows = arith::MulIOp::create(rewriter, loc, rows, count);
    report = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get({ShapedType::kDynamic, kIdSlots + scope.getGridRank()},
                        rewriter.getI64Type()),
        ValueRange{rows});
    Value zero64 = arith::ConstantIntOp::create(rewriter, loc, 0, 64);
    Value claimSlot = arith::ConstantIndexOp::create(rewriter, loc, kClaimSlot);
    buildNest(rewriter, rows, [&](OpBuilder &b, ValueRange indices) {
      memref::StoreOp::create(b, loc, zero64, report,
                              ValueRange{indices[0], claimSlot});
    });
    return;
  }
  report = memref::AllocOp::create(
      rewriter, loc,
      MemRefType::get({kIdSlots + scope.getGridRank()}, rewriter.getI64Type()));
  memref::StoreOp::create(
      rewriter, loc, arith::ConstantIntOp::create(rewriter, loc, 0, 64), report,
      ValueRange{arith::ConstantIndexOp::create(rewriter, loc, 0)});
}

Value ScopeLowering::getWorkgroupRow(OpBuilder &builder, Location loc) {
  Value row = arith::ConstantIndexOp::create(builder, loc, 0);
  for (auto [id, count] :
       llvm::zip(scope.getWorkgroupIds(), scope.getWorkgroupCount()))
    row = arith::AddIOp::create(
        builder, loc, arith::MulIOp::create(builder, loc, row, count), id);
  return row;
}

void ScopeLowering::recordInRow(OpBuilder &builder, Location loc,
                                ValueRange fields) {
  Value row = getWorkgroupRow(builder, loc);
  auto slot = [&](int64_t index) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, index);
  };
  Value flag = memref::LoadOp::create(builder, loc, report,
                                      ValueRange{row, slot(kClaimSlot)});
  Value unset =
      arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, flag,
                            arith::ConstantIntOp::create(builder, loc, 0, 64));
  auto first = scf::IfOp::create(builder, loc, unset, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(&first.getThenRegion().front());
  memref::StoreOp::create(builder, loc,
                          arith::ConstantIntOp::create(builder, loc, 1, 64),
                          report, ValueRange{row, slot(kClaimSlot)});
  for (auto [i, field] : llvm::enumerate(fields))
    memref::StoreOp::create(builder, loc, field, report,
                            ValueRange{row, slot(kResultSlot + i)});
}

Value ScopeLowering::download(Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<Value> dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (type.isDynamicDim(d))
      dims.push_back(memref::DimOp::create(rewriter, loc, buffer, d));
  Value copy = memref::AllocOp::create(rewriter, loc, type, dims);
  flow::BufferTransferOp::create(rewriter, loc, buffer, copy, deviceMemory,
                                 Attribute());
  return copy;
}

void ScopeLowering::lowerBufferStore(StoreOp store, unsigned resultIndex) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(store);
  Location storeLoc = store.getLoc();
  Value buffer = buffers[resultIndex];
  SmallVector<OpFoldResult> mixedOffsets = store.getMixedOffsets();
  SmallVector<OpFoldResult> mixedSizes = store.getMixedSizes();
  SmallVector<OpFoldResult> mixedStrides = store.getMixedStrides();
  auto write = [&](OpBuilder &b) {
    Value view = memref::SubViewOp::create(b, storeLoc, buffer, mixedOffsets,
                                           mixedSizes, mixedStrides);
    auto copy = bufferization::MaterializeInDestinationOp::create(
        b, storeLoc, store.getSource(), view);
    copy.setWritable(true);
  };
  if (!checkStores) {
    write(rewriter);
    rewriter.eraseOp(store);
    return;
  }

  // Bounds first: a store outside its result is not executed. The first
  // workgroup to find one claims the record and fills it; the loop goes on
  // and the record is reported after it.
  SmallVector<Value> offsets =
      getValueOrCreateConstantIndexOp(rewriter, storeLoc, mixedOffsets);
  SmallVector<Value> sizes =
      getValueOrCreateConstantIndexOp(rewriter, storeLoc, mixedSizes);
  SmallVector<Value> strides =
      getValueOrCreateConstantIndexOp(rewriter, storeLoc, mixedStrides);
  Value c0 = arith::ConstantIndexOp::create(rewriter, storeLoc, 0);
  Value c1 = arith::ConstantIndexOp::create(rewriter, storeLoc, 1);
  auto cmp = [&](arith::CmpIPredicate pred, Value a, Value b) {
    return arith::CmpIOp::create(rewriter, storeLoc, pred, a, b).getResult();
  };
  auto orOf = [&](Value a, Value b) {
    return arith::OrIOp::create(rewriter, storeLoc, a, b).getResult();
  };
  unsigned rank = offsets.size();
  SmallVector<Value> extents, bad;
  for (unsigned d = 0; d < rank; ++d) {
    extents.push_back(memref::DimOp::create(rewriter, storeLoc, buffer, d));
    Value sizeMinusOne =
        arith::SubIOp::create(rewriter, storeLoc, sizes[d], c1);
    Value last = arith::AddIOp::create(
        rewriter, storeLoc, offsets[d],
        arith::MulIOp::create(rewriter, storeLoc, sizeMinusOne, strides[d]));
    Value nonEmpty = cmp(arith::CmpIPredicate::sgt, sizes[d], c0);
    bad.push_back(
        orOf(cmp(arith::CmpIPredicate::slt, offsets[d], c0),
             orOf(cmp(arith::CmpIPredicate::slt, sizes[d], c0),
                  orOf(cmp(arith::CmpIPredicate::slt, strides[d], c1),
                       arith::AndIOp::create(rewriter, storeLoc, nonEmpty,
                                             cmp(arith::CmpIPredicate::sge,
                                                 last, extents[d]))))));
  }
  Value anyBad = bad.front();
  for (Value b : ArrayRef<Value>(bad).drop_front())
    anyBad = orOf(anyBad, b);

  auto ifOp = scf::IfOp::create(rewriter, storeLoc, anyBad, /*withElse=*/true);
  {
    // The first bad dimension and its numbers: select from the last one
    // down, so that the first wins.
    OpBuilder::InsertionGuard thenGuard(rewriter);
    rewriter.setInsertionPointToStart(&ifOp.getThenRegion().front());
    auto i64 = [&](Value v) -> Value {
      if (v.getType().isIndex())
        return arith::IndexCastOp::create(rewriter, storeLoc,
                                          rewriter.getI64Type(), v);
      return v;
    };
    auto constI64 = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(rewriter, storeLoc, v, 64);
    };
    Value dim = constI64(rank - 1), offset = i64(offsets[rank - 1]),
          size = i64(sizes[rank - 1]), stride = i64(strides[rank - 1]),
          extent = i64(extents[rank - 1]);
    for (int64_t d = static_cast<int64_t>(rank) - 2; d >= 0; --d) {
      auto select = [&](Value ifBad, Value otherwise) -> Value {
        return arith::SelectOp::create(rewriter, storeLoc, bad[d], ifBad,
                                       otherwise);
      };
      dim = select(constI64(d), dim);
      offset = select(i64(offsets[d]), offset);
      size = select(i64(sizes[d]), size);
      stride = select(i64(strides[d]), stride);
      extent = select(i64(extents[d]), extent);
    }
    // The record's fields, built where they are stored.
    auto getFields = [&]() {
      SmallVector<Value> fields = {
          constI64(resultIndex), dim, offset, size, stride, extent};
      for (Value id : scope.getWorkgroupIds())
        fields.push_back(i64(id));
      return fields;
    };
    if (deviceMemory) {
      recordInRow(rewriter, storeLoc, getFields());
    } else {
      Value slot0 = arith::ConstantIndexOp::create(rewriter, storeLoc, 0);
      Value previous = memref::AtomicRMWOp::create(
          rewriter, storeLoc, arith::AtomicRMWKind::assign, constI64(1), report,
          ValueRange{slot0});
      Value claimed = cmp(arith::CmpIPredicate::eq, previous, constI64(0));
      auto claim =
          scf::IfOp::create(rewriter, storeLoc, claimed, /*withElse=*/false);
      rewriter.setInsertionPointToStart(&claim.getThenRegion().front());
      for (auto [i, field] : llvm::enumerate(getFields())) {
        Value slot =
            arith::ConstantIndexOp::create(rewriter, storeLoc, kResultSlot + i);
        memref::StoreOp::create(rewriter, storeLoc, field, report,
                                ValueRange{slot});
      }
    }
  }

  // In bounds: the copy, then counter[slice] += 1, atomically (the same
  // element may be stored by two workgroups at once: that is what the
  // check is for).
  rewriter.setInsertionPointToStart(&ifOp.getElseRegion().front());
  write(rewriter);
  Value one = arith::ConstantIntOp::create(rewriter, storeLoc, 1, 32);
  Value counter = counters[resultIndex];
  buildNest(rewriter, sizes, [&](OpBuilder &b, ValueRange indices) {
    SmallVector<Value> element;
    for (auto [d, index] : llvm::enumerate(indices))
      element.push_back(arith::AddIOp::create(
          b, storeLoc, offsets[d],
          arith::MulIOp::create(b, storeLoc, index, strides[d])));
    memref::AtomicRMWOp::create(b, storeLoc, arith::AtomicRMWKind::addi, one,
                                counter, element);
  });
  rewriter.eraseOp(store);
}

void ScopeLowering::emitCheckReports() {
  // Device memory: the host checks copies, downloaded once the loop is done.
  if (deviceMemory) {
    report = download(report);
    for (Value &counter : counters)
      counter = download(counter);
    emitRecordTableReport();
  } else {
    emitRecordReport();
  }
  emitCounterReports();
}

void ScopeLowering::emitRecordTableReport() {
  Value rows = memref::DimOp::create(rewriter, loc, report, 0);
  buildNest(rewriter, rows, [&](OpBuilder &b, ValueRange indices) {
    Value row = indices[0];
    auto loadIn = [&](OpBuilder &lb, int64_t slot) -> Value {
      Value index = arith::ConstantIndexOp::create(lb, loc, slot);
      return memref::LoadOp::create(lb, loc, report, ValueRange{row, index});
    };
    Value recorded = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::ne, loadIn(b, kClaimSlot),
        arith::ConstantIntOp::create(b, loc, 0, 64));
    reporter->failIf(b, recorded, [&](OpBuilder &pb) {
      printRecord(pb, [&](int64_t slot) { return loadIn(pb, slot); });
    });
  });
}

void ScopeLowering::printRecord(OpBuilder &b,
                                function_ref<Value(int64_t)> loadIn) {
  SmallVector<Value> ids;
  for (unsigned d = 0; d < scope.getGridRank(); ++d)
    ids.push_back(loadIn(kIdSlots + d));
  reporter->print(b, "workgroup ");
  reporter->printList(b, ids);
  reporter->print(b, " stores result #");
  reporter->print(b, loadIn(kResultSlot));
  reporter->print(b, " outside its extent in dimension #");
  reporter->print(b, loadIn(kDimSlot));
  reporter->print(b, " (offset ");
  reporter->print(b, loadIn(kOffsetSlot));
  reporter->print(b, ", size ");
  reporter->print(b, loadIn(kSizeSlot));
  reporter->print(b, ", stride ");
  reporter->print(b, loadIn(kStrideSlot));
  reporter->print(b, ", extent ");
  reporter->print(b, loadIn(kExtentSlot));
  reporter->print(b, ")");
}

void ScopeLowering::emitRecordReport() {
  // The out-of-bounds store, if a workgroup recorded one.
  auto load = [&](int64_t slot) -> Value {
    Value index = arith::ConstantIndexOp::create(rewriter, loc, slot);
    return memref::LoadOp::create(rewriter, loc, report, ValueRange{index});
  };
  Value claim = load(kClaimSlot);
  Value zero64 = arith::ConstantIntOp::create(rewriter, loc, 0, 64);
  Value recorded = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::ne, claim, zero64);
  reporter->failIf(rewriter, recorded, [&](OpBuilder &b) {
    printRecord(b, [&](int64_t slot) -> Value {
      Value index = arith::ConstantIndexOp::create(b, loc, slot);
      return memref::LoadOp::create(b, loc, report, ValueRange{index});
    });
  });
}

void ScopeLowering::emitCounterReports() {
  // Then the first element, in row-major order, stored other than exactly
  // once (at most once for a tied result).
  for (auto [r, counterValue] : llvm::enumerate(counters)) {
    // Named copies: lambdas below capture them (capturing a structured
    // binding needs C++20).
    Value counter = counterValue;
    unsigned resultIndex = r;
    std::optional<unsigned> tie = scope.getTiedResultOperandIndex(resultIndex);
    auto type = cast<MemRefType>(counter.getType());
    SmallVector<Value> extents;
    for (int64_t d = 0; d < type.getRank(); ++d)
      extents.push_back(memref::DimOp::create(rewriter, loc, counter, d));
    buildNest(rewriter, extents, [&](OpBuilder &b, ValueRange indices) {
      Value count = memref::LoadOp::create(b, loc, counter, indices);
      Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
      Value bad = arith::CmpIOp::create(
          b, loc, tie ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ne,
          count, one);
      reporter->failIf(b, bad, [&](OpBuilder &pb) {
        reporter->print(pb, "element ");
        reporter->printList(pb, indices);
        reporter->print(pb, " of result #" + std::to_string(resultIndex) +
                                " is stored ");
        reporter->print(pb, count);
        if (tie)
          reporter->print(pb, " times by the workgroups (expected at most "
                              "once: it is tied to capture #" +
                                  std::to_string(*tie) + ")");
        else
          reporter->print(pb,
                          " times by the workgroups (expected exactly once)");
      });
    });
  }
}

void ScopeLowering::moveBody(scf::ForallOp forall) {
  // The entry block's arguments: captures become the captured values (the
  // loop is not isolated), ids the induction variables, counts the count
  // operands, the handles of shared outputs the loop's region arguments.
  // The other handles have no uses left.
  Block &entry = scope.getEntryBlock();
  SmallVector<Value> replacements(scope.getCaptures());
  llvm::append_range(replacements, forall.getInductionVars());
  llvm::append_range(replacements, scope.getWorkgroupCount());
  for (int64_t shared : sharedIndex)
    replacements.push_back(shared >= 0 ? forall.getRegionIterArgs()[shared]
                                       : Value());
  for (auto [arg, replacement] :
       llvm::zip_equal(entry.getArguments(), replacements)) {
    assert((replacement || arg.use_empty()) && "a buffer handle is unused");
    if (replacement)
      rewriter.replaceAllUsesWith(arg, replacement);
  }
  entry.eraseArguments(0, entry.getNumArguments());

  scf::InParallelOp terminator = forall.getTerminator();
  Region &body = scope.getBody();
  if (body.hasOneBlock()) {
    rewriter.eraseOp(entry.getTerminator());
    rewriter.inlineBlockBefore(&entry, terminator);
    return;
  }
  // Several blocks: an scf.execute_region in the loop's body, each exit
  // branching to one block that yields (bufferization wants a single
  // scf.yield).
  rewriter.setInsertionPoint(terminator);
  auto region = scf::ExecuteRegionOp::create(rewriter, loc, TypeRange{});
  Region &inner = region.getRegion();
  rewriter.inlineRegionBefore(body, inner, inner.end());
  Block *exit = rewriter.createBlock(&inner, inner.end());
  scf::YieldOp::create(rewriter, loc);
  for (Block &block : llvm::make_early_inc_range(inner)) {
    auto yield = dyn_cast<YieldOp>(block.getTerminator());
    if (!yield)
      continue;
    rewriter.setInsertionPoint(yield);
    rewriter.replaceOpWithNewOp<cf::BranchOp>(yield, exit);
  }
}

void ScopeLowering::computeInPlace(scf::ForallOp forall,
                                   tensor::ParallelInsertSliceOp insert,
                                   DominanceInfo &dominance) {
  // The tile's destination chain: each destination-style op in the loop
  // writes its result into its tied init. Where the chain starts at an
  // empty tensor used only there, that tensor becomes the slice of the
  // shared output the store writes: bufferization then computes the tile in
  // place, and the parallel insert copies nothing. Left empty, the tile is a
  // temporary buffer copied into the result after it is computed; for a
  // dynamically shaped tile that strided memref.copy is the runtime's
  // element-by-element memrefCopy (examples/workgroups.mlir: an eighth of
  // the time).
  OpOperand *init = nullptr;
  Value value = insert.getSource();
  while (auto result = dyn_cast<OpResult>(value)) {
    Operation *owner = result.getOwner();
    if (auto empty = dyn_cast<tensor::EmptyOp>(owner)) {
      if (!init || !empty->hasOneUse())
        return;
      break;
    }
    auto dps = dyn_cast<DestinationStyleOpInterface>(owner);
    if (!dps || !forall->isProperAncestor(owner))
      return;
    init = dps.getTiedOpOperand(result);
    value = init->get();
  }
  auto empty = value.getDefiningOp<tensor::EmptyOp>();
  if (!empty || !forall->isProperAncestor(empty))
    return;
  // The slice is built where the empty tensor was used: the store's
  // offsets, sizes and strides must be defined there.
  Operation *user = init->getOwner();
  for (Value operand : insert->getOperands())
    if (operand != insert.getSource() && operand != insert.getDest() &&
        !dominance.properlyDominates(operand, user))
      return;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(user);
  Value slice = tensor::ExtractSliceOp::create(
      rewriter, insert.getLoc(), insert.getSourceType(), insert.getDest(),
      insert.getMixedOffsets(), insert.getMixedSizes(),
      insert.getMixedStrides());
  rewriter.modifyOpInPlace(user, [&] { init->set(slice); });
  rewriter.eraseOp(empty);
}

void ScopeLowering::lower() {
  if (checkStores)
    reporter.emplace(scope, getOrCreateExitFunction(scope));
  rewriter.setInsertionPoint(scope);
  SmallVector<Value> sharedOutputs;
  createStorage(sharedOutputs);

  // The stores, in the order of the body, while the handles say which
  // result each writes. Buffer stores are lowered in place; the others
  // become parallel inserts once the body is in the loop.
  SmallVector<StoreOp> stores;
  scope.getBody().walk([&](StoreOp store) {
    if (store.getScope() == scope)
      stores.push_back(store);
  });
  SmallVector<std::pair<StoreOp, unsigned>> parallelStores;
  for (StoreOp store : stores) {
    unsigned index = scope.getResultOfHandle(store.getDest()).getResultNumber();
    if (sharedIndex[index] >= 0)
      parallelStores.push_back({store, index});
    else
      lowerBufferStore(store, index);
  }

  rewriter.setInsertionPoint(scope);
  SmallVector<OpFoldResult> counts =
      getAsOpFoldResult(ValueRange(scope.getWorkgroupCount()));
  auto forall =
      scf::ForallOp::create(rewriter, loc, counts, sharedOutputs, std::nullopt);
  moveBody(forall);

  // Each parallel store becomes a parallel insert into the shared output
  // its handle now is; the tiles are all computed before the terminator.
  scf::InParallelOp terminator = forall.getTerminator();
  SmallVector<tensor::ParallelInsertSliceOp> inserts;
  for (auto [store, index] : parallelStores) {
    rewriter.setInsertionPointToEnd(terminator.getBody());
    inserts.push_back(tensor::ParallelInsertSliceOp::create(
        rewriter, store.getLoc(), store.getSource(),
        forall.getRegionIterArgs()[sharedIndex[index]], store.getMixedOffsets(),
        store.getMixedSizes(), store.getMixedStrides()));
    rewriter.eraseOp(store);
  }
  DominanceInfo dominance(forall);
  for (tensor::ParallelInsertSliceOp insert : inserts)
    computeInPlace(forall, insert, dominance);

  rewriter.setInsertionPointAfter(forall);
  if (checkStores)
    emitCheckReports();
  SmallVector<Value> results;
  for (OpResult result : scope.getResults()) {
    unsigned index = result.getResultNumber();
    if (sharedIndex[index] >= 0) {
      results.push_back(forall.getResult(sharedIndex[index]));
      continue;
    }
    // The buffer is the result from here on: no other tensor reads it.
    results.push_back(bufferization::ToTensorOp::create(
        rewriter, loc, result.getType(), buffers[index], /*restrict=*/true,
        /*writable=*/true));
  }
  rewriter.replaceOp(scope, results);
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
    // An untied result nothing stores has no defined element: a body
    // written without its store, or one whose only store sat in code
    // folded away as never run.
    bool unstored = false;
    for (WorkgroupsOp scope : scopes)
      for (auto [i, handle] : llvm::enumerate(scope.getResultHandles()))
        if (handle.use_empty() && !scope.isResultTied(i)) {
          scope.emitOpError("result #")
              << i
              << " is never stored; every element of an untied result is "
                 "written by a codegen.store";
          unstored = true;
        }
    if (unstored)
      return signalPassFailure();
    IRRewriter rewriter(&getContext());
    for (WorkgroupsOp scope : scopes)
      ScopeLowering(rewriter, scope, checkStores).lower();
  }
};

} // namespace
