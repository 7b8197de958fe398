//===- ReferenceDriver.cpp - @reference_main for mlir-runner --------------===//
//
// This file implements appendReferenceDriver: the entry point that runs
// scope-gen's program without scopes under mlir-runner and prints each
// result's bits.
//
//===----------------------------------------------------------------------===//

#include "ProgramGenerator.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace scopeir;
using namespace scopeir::gen;

void scopeir::gen::appendReferenceDriver(ModuleOp module,
                                         const GeneratedProgram &program) {
  MLIRContext *context = module.getContext();
  Location loc = UnknownLoc::get(context);
  OpBuilder b(context);
  b.setInsertionPointToEnd(module.getBody());
  auto mainFunc = module.lookupSymbol<func::FuncOp>("main");
  Type i32 = b.getI32Type();
  auto unranked = UnrankedTensorType::get(i32);
  auto print = func::FuncOp::create(b, loc, "printMemrefI32",
                                    b.getFunctionType({unranked}, {}));
  print.setPrivate();

  auto driver =
      func::FuncOp::create(b, loc, "reference_main", b.getFunctionType({}, {}));
  b.setInsertionPointToStart(driver.addEntryBlock());
  SmallVector<Value> args;
  for (auto [input, argType] :
       llvm::zip_equal(program.inputs, mainFunc.getArgumentTypes())) {
    auto staticType = RankedTensorType::get(input.shape, b.getF32Type());
    auto attr = DenseElementsAttr::get(staticType, ArrayRef<float>(input.values));
    Value arg = arith::ConstantOp::create(b, loc, staticType, attr);
    if (staticType != argType)
      arg = tensor::CastOp::create(b, loc, argType, arg);
    args.push_back(arg);
  }
  auto call = func::CallOp::create(b, loc, mainFunc, args);
  for (auto [result, info] : llvm::zip_equal(call.getResults(), program.results)) {
    // f32 -> its bits as i32, so that the print is exact.
    auto type = cast<RankedTensorType>(result.getType());
    auto bitsType = RankedTensorType::get(type.getShape(), i32);
    SmallVector<Value> dynamicSizes;
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      if (ShapedType::isDynamic(size))
        dynamicSizes.push_back(tensor::DimOp::create(
            b, loc, result, arith::ConstantIndexOp::create(b, loc, d)));
    Value empty = tensor::EmptyOp::create(b, loc, bitsType, dynamicSizes);
    int64_t rank = type.getRank();
    SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);
    Value bits = linalg::GenericOp::create(
                     b, loc, TypeRange{bitsType}, ValueRange{result},
                     ValueRange{empty}, maps, iterators,
                     [&](OpBuilder &nb, Location l, ValueRange blockArgs) {
                       Value cast =
                           arith::BitcastOp::create(nb, l, i32, blockArgs[0]);
                       linalg::YieldOp::create(nb, l, cast);
                     })
                     .getResult(0);
    Value erased = tensor::CastOp::create(b, loc, unranked, bits);
    func::CallOp::create(b, loc, print, ValueRange{erased});
    (void)info;
  }
  func::ReturnOp::create(b, loc);
}
