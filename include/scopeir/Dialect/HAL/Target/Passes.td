//===- Passes.td - passes of the built-in target backends --*- tablegen -*-===//
//
// Code generation passes the built-in backends' pipelines run: they work on
// upstream dialects (linalg, vector, scf), not on hal IR.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_HAL_TARGET_PASSES_TD
#define SCOPEIR_DIALECT_HAL_TARGET_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// llvm-cpu
//===----------------------------------------------------------------------===//

def LLVMCPUTileAndVectorizePass
    : Pass<"hal-llvm-cpu-tile-and-vectorize", "mlir::func::FuncOp"> {
  let summary = "Tile linalg ops and vectorize the tiles (llvm-cpu backend)";
  let description = [{
    The tensor-level strategy of the `llvm-cpu` backend. Every linalg op on
    tensors is tiled with `scf::tileUsingSCF` (`scf.for` loops over
    `tensor.extract_slice`/`tensor.insert_slice`; reduction loops are tiled
    as full reductions), then each tile is vectorized with `linalg::vectorize`
    and the resulting vector ops are lowered to simpler ones (contractions to
    outer products, multi-reductions to reductions, transfer permutation maps
    to minor identities, masks around transfers to masked transfers).

    `tile-sizes` gives one size per loop of an op, outermost first (the
    loops of a `linalg.matmul` are m, n, k); a missing entry or 0 leaves that
    loop untiled. A tile along a dynamic dimension is vectorized with masks
    sized by its tile size; an op with an untiled dynamic loop, or one that
    `linalg::vectorize` does not support, is tiled but not vectorized (the
    backend's buffer pipeline turns it into loops).

    Limits: no producer/consumer fusion and no padding; tiles are not
    peeled, so a tile size that does not divide a static dimension yields a
    masked remainder tile.
  }];
  let options = [
    ListOption<"tileSizes", "tile-sizes", "int64_t",
               "Tile size per loop, outermost first (0: not tiled)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

#endif // SCOPEIR_DIALECT_HAL_TARGET_PASSES_TD
