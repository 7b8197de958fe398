//===- Passes.td - passes of the built-in target backends --*- tablegen -*-===//
//
// Code generation passes the built-in backends' pipelines run: they work on
// upstream dialects (linalg, vector, scf), not on hal IR.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_TARGET_LLVMCPU_PASSES_TD
#define SCOPEIR_TARGET_LLVMCPU_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// llvm-cpu
//===----------------------------------------------------------------------===//

def LLVMCPUDecomposeAggregatesPass
    : Pass<"llvm-cpu-decompose-aggregates"> {
  let summary = "Decompose linalg ops that neither bufferize nor lower to "
                "loops";
  let description = [{
    The first pass of both CPU backends' tensor pipelines. Some linalg ops
    on tensors have no bufferization and no loop lowering of their own:
    `linalg.pack` and `linalg.unpack` (data layout changes) and the ops of
    `AggregatedOpInterface` (`linalg.softmax`, the Winograd transforms).
    They are rewritten into ops that have both:

    - `linalg.pack` with static inner tiles: `tensor.pad` (where padded),
      `tensor.expand_shape` and `linalg.transpose` (`linalg::lowerPack`);
      with a dynamic inner tile: tiled one outer tile at a time
      (`scf::tileUsingSCF` with unit tile sizes), each tile a
      `tensor.extract_slice`, `tensor.pad`, `linalg.transpose` and
      `tensor.insert_slice` (`DecomposeOuterUnitDimsPackOpPattern`).
    - `linalg.unpack` likewise: `linalg.transpose`,
      `tensor.collapse_shape` and `tensor.extract_slice`
      (`linalg::lowerUnPack`), or one inner tile at a time. With
      `keep-panel-unpacks` (the default), not the unpack of panels packed
      ahead (`llvm-cpu-hoist-filter-packing`) that its one user, a
      convolution's filter or a matmul's right-hand side, reads: that op's
      strategy reads the panels under it. The backend runs the pass again
      without it after the scopes' strategies, for an unpack that no
      strategy read (a scope whose strategy a user replaced).
    - an `AggregatedOpInterface` op: its own `decomposeOperation` (softmax
      becomes a max reduction, a subtraction and `exp`, a sum and a
      division, each a `linalg.generic`).

    An op that cannot be decomposed is an error at the op. Anchors on any
    op (a function, a scope).
  }];
  let options = [
    Option<"keepPanelUnpacks", "keep-panel-unpacks", "bool",
           /*default=*/"true",
           "Leave the unpacks of panels packed ahead that a convolution or "
           "a matmul reads, for its strategy">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def LLVMCPUDecomposePadsPass : Pass<"llvm-cpu-decompose-pads"> {
  let summary = "Rewrite tensor.pad into a fill and a copy the llvm-cpu "
                "backend vectorizes";
  let description = [{
    Runs in the `llvm-cpu` backend's tensor pipeline, after
    `llvm-cpu-decompose-aggregates` (whose pack lowering makes pads) and
    before its tu scopes form. A `tensor.pad` whose padding value is the
    same for every element (a constant or a value defined outside its
    region) becomes

    ```mlir
    %empty = tensor.empty(...) : tensor<...>           // the padded shape
    %fill = linalg.fill ins(%value) outs(%empty)
    %dest = tensor.extract_slice %fill[low pads][source sizes][1, ...]
    %copy = linalg.copy ins(%source) outs(%dest)
    %padded = tensor.insert_slice %copy into %fill[low pads][source sizes][1, ...]
    ```

    Left alone, a pad bufferizes into a `linalg.map` that is only lowered to
    scalar loops (tile-and-vectorize runs before bufferization) and a
    strided `memref.copy`, which the LLVM lowering turns into a call of the
    element-by-element `memrefCopy` runtime function: 0.46 ms to pad a
    1x64x56x56 activation by one pixel. The fill and the copy are
    all-parallel linalg ops that `llvm-cpu-tile-and-vectorize` tiles and
    vectorizes, and the copy writes in place into the padded buffer (the
    extract/insert pair bufferizes to a subview): 34 us. The elements and
    their values are those of the pad (a copy and a fill: bit-exact).

    A pad whose region computes the value from the indices is left as it is
    (bufferization still handles it), and so is one with a constant low pad
    at or past a static result size (a dynamic source that could not fit:
    its interior slice would start out of bounds). Static and dynamic
    shapes and pads.

    With `keep-window-pads`, a pad that is the only input of a depthwise
    NCHW convolution or an NCHW pooling with static f32 operands, padded
    along rows and columns only by constants, is left for that op's
    strategy: `llvm-cpu-apply-strategies` tiles the op by images and
    channels with the pad fused into each tile and decomposes the tile's
    pad there, so that the padded input of a tile is written and read
    while it is in cache. The backend runs the pass with it before its tu
    scopes form and again without it after their strategies, for a pad no
    strategy took (a scope whose strategy a user replaced).
    Anchors on any op (a function, a scope).
  }];
  let options = [
    Option<"keepWindowPads", "keep-window-pads", "bool",
           /*default=*/"false",
           "Leave the pads that a depthwise convolution's or a pooling's "
           "strategy takes along">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def LLVMCPUHoistFilterPackingPass
    : Pass<"llvm-cpu-hoist-filter-packing", "::mlir::ModuleOp"> {
  let summary = "Pack the parameter filters of NCHW convolutions (and "
                "transpose parameters) once per parameter set, in a function "
                "of their own";
  let description = [{
    llvm-cpu's tap strategies (`llvm-cpu-apply-strategies`) read the filter
    of an NCHW convolution packed KH x KW x C x F (or C x KH x KW x F for
    the channels-last taps; the im2col matmul on AVX2 reads one of more
    than 512 KiB as F / 16 x C x KH x KW x 16, the contraction strategy's
    panels of 16 output channels, which `@f$run` unpacks with a
    `linalg.unpack` that the strategy's own pack cancels, and so does a 1x1
    layer with such a filter on an output of 32 to 256 pixels); a filter
    that is a function argument is packed
    inside the convolution's dispatch, on every call: for a 512-channel 3x3
    layer on 7x7 pixels, 1.1 ms of transposes in 4.1. A model's weights are
    such arguments, marked `{scopeir.param = "..."}` by the PyTorch front
    door: the same values from call to call.

    For each public function whose device is llvm-cpu (its own, or the
    `host-backend` when it has none) and which no op of the module calls,
    the NCHW convolutions at the top of its body whose filter is a
    parameter argument and which the taps take (static f32, any batch, not
    the 1x1 layers run as plain matmuls) get their filter packed ahead:

    ```mlir
    // @f(%x, %w {scopeir.param}) becomes:
    func.func @f$prepare(%w {scopeir.param}) -> tensor<3x3xCxFxf32> {
      ... // the filter packed as the taps read it
    }
    func.func @f$run(%x, %w {scopeir.param}, %packed) -> ... {
      %w2 = linalg.transpose ins(%packed) ... permutation = [3, 2, 0, 1]
      %y = linalg.conv_2d_nchw_fchw ins(%x, %w2 : ...) ...
    }
    func.func @f(%x, %w) -> ... {   // what @f computed, through the two
      %p = call @f$prepare(%w)
      %r = call @f$run(%x, %w, %p)
    }
    ```

    The `linalg.transpose` ops of the body's top whose input is a parameter
    argument (the front door transposes an nn.Linear weight for
    `linalg.matmul`: a 1280 x 1000 weight, 0.4 ms per call) move into
    `@<f>$prepare` too, their results passed to `@<f>$run` in their place.
    On AVX2, a transpose whose one use is the right-hand side of a static
    `linalg.matmul` of at least 32 rows that the contraction strategy packs
    at any row count (more than 512 KiB, at least 64 rows of k, columns a
    multiple of 16) is prepared as that strategy's panels, N / 16 x K x 16,
    and `@<f>$run` unpacks them right before the matmul with a
    `linalg.unpack` that joins its dispatch and that the strategy's pack
    cancels (a 128 x 256 by 256 x 1024 layer 0.85 -> 0.77 ms on Zen 3).

    `@<f>$prepare` takes the function's parameter arguments in order, and
    returns one packed filter per parameter and layout, then the transposed
    parameters; `@<f>$run` takes the function's arguments followed by those. The transpose
    before each convolution joins its dispatch (one per convolution, so
    that none is shared), and the taps read the packed filter under it in
    place. Calling `@<f>` still computes what it did (packing on every
    call); a caller that keeps the parameters calls `@<f>$prepare` once and
    `@<f>$run` per call (the runtime session with `prepare-parameters`).
    Values are bit for bit those of the unsplit function: the same
    products in the same order. The module attribute
    `scopeir.prepared_functions` maps each split function's name to the
    type of its `$prepare`.

    Runs on the host program after zones are stripped and before dispatch
    formation (the pipeline's `prepare-parameters` option). Convolutions
    nested in a scope (a device, a kernel, a tu scope) or in a loop, a
    function of several blocks, and filters computed from the parameters
    (not an argument as such) are left as they are. The layout is chosen
    for the CPU the dispatch will be compiled for (`cpu`, `cpu-features`,
    or a device config's `cpu`); if the strategy chooses another (a
    different CPU), it packs from the unpacked filter as before: slower,
    the same values.
  }];
  let options = [
    Option<"hostBackend", "host-backend", "std::string",
           /*default=*/"\"llvm-cpu\"",
           "The backend of functions without a device of their own">,
    Option<"cpu", "cpu", "std::string", /*default=*/"\"\"",
           "Target CPU (LLVM name); empty: the host CPU">,
    Option<"cpuFeatures", "cpu-features", "std::string", /*default=*/"\"\"",
           "Target features (+avx2,...), with cpu">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def LLVMCPUTileAndVectorizePass : Pass<"llvm-cpu-tile-and-vectorize"> {
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
    loop untiled. `parallel-tile-sizes`, when given, replaces them for an op
    whose loops are all parallel (elementwise ops, fills, transposes,
    copies): its sizes tile the op's innermost loops (the last size the
    innermost loop) and every leading loop is tiled by 1, so that vectors run
    along the contiguous dim whatever the op's rank. With outermost-first
    sizes an NCHW activation (1x64x112x112) tiled 8,16,16 keeps its innermost
    loop whole: vector<1x16x16x112>, 256 unrolled rows of 112 lanes per op,
    millions of lines of LLVM dialect for a ResNet. The choice depends on the
    rank only, never on static sizes. A tile along a dynamic dimension is vectorized with masks
    sized by its tile size; an op with an untiled dynamic loop, or one that
    `linalg::vectorize` does not support, is tiled but not vectorized (the
    backend's buffer pipeline turns it into loops). So is a reduction whose
    body yields a value that depends on no input (`out + c`):
    `linalg::vectorize` in MLIR 22 adds such a value once instead of once
    per reduction iteration. And so is an op with an operand of elements
    narrower than a byte (`i1`): memory holds one per byte, but LLVM loads
    and stores a vector of them bit-packed. And so is an op whose body
    divides integers (`arith.divsi`, `remui`, ...): a masked lane divides
    by the padding value (poison), and x86 has no vector integer division
    (LLVM scalarizes it, so the inactive lane may trap).

    A *plane reduction* reduces along its innermost loop and along at least
    one other loop, and keeps a parallel loop: an NCHW global average pool
    (`1xCxHxW -> 1xC`, the squeeze of a squeeze-and-excitation block). Its
    multi-reduction is lowered with the reduction dims outermost: the tile's
    vector is transposed so that each step adds one element to every output
    lane, and LLVM's instruction selection spends time on that transpose
    growing faster than the vector (a `1x16x16x112` tile from `tile-sizes`:
    a minute of LLVM for one op, 95 of EfficientNet-B0's 108 s of compile
    time). With `plane-reduction-lanes` (8 by default) such an op is tiled
    by that many along its innermost parallel loop, by its `tile-sizes`
    entry along its innermost loop (untiled without one), and by 1 along
    every other loop: `1x8x1x112`, one row per lane. Each lane adds its
    elements in the op's iteration order, as it did with `tile-sizes` tiles
    that left the innermost loop whole (4-D pools): the same values.
    On Zen 4 these tiles also run 2-4x faster than the `tile-sizes` ones
    (`1x240x28x28`: 43 -> 22 us; 16 lanes: 35 us). A reduction to a
    scalar (no parallel loop) is not one, nor is a convolution (an operand
    indexed by a sum of loops, `oh + kh`: an NHWC depthwise 3x3 layer tiled
    so ran 4.8 times slower).

    `max-vector-rows` bounds the code vectorization makes: the n-D vectors of
    an op's operands are lowered (after bufferization) to fully unrolled 1-D
    transfers and reductions, one per row (the product of all but the
    innermost vector dim). An op whose largest operand vector would have
    more rows stays scalar loops: a 4-D reduction of a `7x?x?x3` tensor
    tiled 8,16,16 would otherwise unroll 1792 masked rows of three elements
    (about 120,000 lines of LLVM dialect for one op, minutes in LLVM).
    `max-vector-cost` weighs what the rows cost: rows times the row cost of
    the body, one per op, 32 per math function the CPU has no vector
    instruction for (`math.log`, `exp`, `tanh`, ...: LLVM calls the C
    library once per lane, so vectorizing them saves nothing), doubled when
    the vectors are masked. A 3-D reduction calling `math.log` on masked
    8x16x16 tiles has 128 rows but costs 9,728 and stays loops (it made
    30,000 lines of LLVM dialect and took minutes in LLVM); a 2-D `exp` on
    masked 8x16 tiles costs under 600.

    The pass anchors on any op (a function, a `codegen.scope.tu`): it only
    touches the linalg ops nested in it.

    With `peel` (the default), an op whose tiled loops are all static and
    whose tile size does not divide one of them has its tile loops peeled:
    the full tiles and the remainder tile are separate copies of the op,
    each with static sizes and vectorized without masks. Without it, every
    tile of such a loop has a dynamic size and is vectorized with masks (a
    65x32x65 matmul, 8x16x16 tiles: 57 us, against 2.4 us for 64x32x64).

    With `parallel-min-iterations` N > 0, an op whose static loop ranges
    multiply to at least N (a dynamic loop counts as one) has the tiles of
    its outermost tiled loop distributed as an `scf.forall`, when that loop
    is parallel, static, and divided by its tile size (so that every tile
    stays static and the inner tile loops can still be peeled); the other
    tile loops are `scf.for` loops inside it. llvm-cpu-lower-parallel-tiles
    runs the forall on the device's threads (or as a loop at one thread).
    Without it, only the strategies' tiles ran on threads: on two threads
    the elementwise ops, normalizations and the contractions read in place
    (most of a small transformer's products) ran on one. Below N the fork
    and join of a parallel region cost more than the op: the llvm-cpu
    backend's strategy table passes 32768 (a 128x256 elementwise op, about
    10 us at one thread).

    Limits: no producer/consumer fusion and no padding; an op with a
    dynamic tiled loop is not peeled (its tiles are masked).
  }];
  let options = [
    ListOption<"tileSizes", "tile-sizes", "int64_t",
               "Tile size per loop, outermost first (0: not tiled)">,
    ListOption<"parallelTileSizes", "parallel-tile-sizes", "int64_t",
               "Tile sizes of the innermost loops of an op whose loops are "
               "all parallel, innermost last; its other loops are tiled by 1 "
               "(empty: tile-sizes applies to such ops too)">,
    Option<"peel", "peel", "bool", /*default=*/"true",
           "Peel the partial tile off each tile loop of an op whose tiled "
           "loops are static, so that every tile has static sizes"
           " (false: tiles of a loop the tile size does not divide are masked)">,
    Option<"parallelMinIterations", "parallel-min-iterations", "int64_t",
           /*default=*/"0",
           "Distribute the outermost tile loop of ops with at least this many "
           "static loop iterations as an scf.forall (0: never)">,
    Option<"planeReductionLanes", "plane-reduction-lanes", "int64_t",
           /*default=*/"8",
           "Tile of the innermost parallel loop of a plane reduction (see "
           "the description); its other loops but the innermost are tiled "
           "by 1 (0: tile-sizes applies to such ops too)">,
    Option<"maxVectorRows", "max-vector-rows", "int64_t", /*default=*/"256",
           "Largest number of 1-D rows of an operand's vector; an op whose "
           "vectors would have more is not vectorized (0: no limit)">,
    Option<"maxVectorCost", "max-vector-cost", "int64_t", /*default=*/"4096",
           "Largest cost of an op's unrolled rows (rows times the row cost "
           "of its body, see the description); an op whose vectors would "
           "cost more is not vectorized (0: no limit)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def LLVMCPUApproximateMathPass : Pass<"llvm-cpu-approximate-math"> {
  let summary = "Replace f32 math functions by vectorizable polynomial "
                "approximations (llvm-cpu backend)";
  let description = [{
    Runs in the `llvm-cpu` backend's buffer pipeline, after the leftovers
    became loops. The `math` ops named by `functions` (default `exp`,
    `tanh`, `erf`) on f32 scalars and vectors become upstream's polynomial
    approximations (`populateMathPolynomialApproximationPatterns`):
    multiplies, adds and bit manipulations that stay in vector registers.
    Left alone, LLVM lowers a `vector<16xf32>` exp to 16 calls of libm's
    `expf`: a SiLU (x * sigmoid(x), EfficientNet's activation) over
    1x96x112x112 took 4.0 ms where a ReLU takes 0.57 ms.

    The approximations round differently from libm (measured over
    2^20 inputs across each function's range against `llvm-cpu-loops`,
    which calls libm: see docs/llvm-cpu.md); the differential's error model
    allows 8 ulp of the result's bound for exp, and a program compiled by
    one backend computes the same with and without scopes (the pass runs on
    every function the backend compiles). f64 and other types are left to
    libm. Anchors on any op.
  }];
  let options = [
    ListOption<"functions", "functions", "std::string",
               "The math functions to approximate, without the `math.` "
               "prefix (empty: exp, tanh, erf)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def LLVMCPUFuseElementwisePass : Pass<"llvm-cpu-fuse-elementwise"> {
  let summary = "Fold chains of elementwise linalg.generic ops into one";
  let description = [{
    Runs first in the `llvm-cpu` backend's tensor pipeline. An elementwise
    `linalg.generic` whose result has one user, itself an elementwise
    `linalg.generic`, is folded into that user (upstream's elementwise op
    fusion patterns, which also fold a fill or a splat constant a generic
    reads into its body and drop operands nothing reads): the chain a normalization and its
    activation make after a convolution (`(x - mean) * s * g + b`, then
    `max(x, 0)` or `min(max(x, 0), 6)`) reads and writes the convolution's
    output once instead of once per op. Each element is computed by the same
    scalar ops in the same order, so the results are bit for bit those of
    the separate ops (no floating-point contraction is enabled). A producer
    with several users is left alone (fusing it would compute it again per
    user), and so is one its user broadcasts (the per-channel
    `rsqrt(var + eps)` of a normalization: fused, it would be computed once
    per pixel); named ops (`linalg.transpose`, `linalg.fill`, convolutions) are
    not touched. Anchors on any op.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def LLVMCPUApplyStrategiesPass : Pass<"llvm-cpu-apply-strategies"> {
  let summary = "Apply the llvm-cpu backend's per-root transform strategies";
  let description = [{
    Finds the roots of the op it runs on (linalg ops on tensors that a
    strategy knows: contractions and convolutions) and applies to each, one at a
    time, a transform-dialect named sequence from the backend's strategy
    library, with the root's handle as first argument and parameters
    computed from the target CPU. The library
    (`lib/Target/LLVMCPU/LLVMCPUStrategies.mlir`) is compiled in;
    `strategy-library=FILE` loads another file defining the same names.

    | root | strategy | when |
    |---|---|---|
    | contraction (one m, n and k dim, no batch dim, f32, a k-major right-hand side, k dynamic or at least 64, m dynamic or at least 32; with static sizes, not fewer than `small-contraction-rows` rows with a right-hand side of at most 512 KiB, nor, on 32 vector registers, a right-hand side of at most 64 KiB) | `@llvm_cpu_contraction_12x32` (32 x 512-bit registers) or `@llvm_cpu_contraction_6x16` (16 x 256-bit) | pack to the mmt4d layout, tile for cache and registers, vectorize, lower to `vector.fma` |

    | convolution (`linalg.conv_2d_nhwc_hwcf`, static f32, output channels a multiple of the vector width) | `@llvm_cpu_conv2d_nhwc_hwcf` | direct: register tiles of output pixels x channels accumulated over the filter window |
    | NCHW convolution (`linalg.conv_2d_nchw_fchw`, static f32; a batch of more than one image is first an `scf.forall` over the images, each a batch-1 convolution) | `@llvm_cpu_conv2d_nchw_tap` on each of its KH * KW taps | rewritten first as one contraction per filter tap over a strided window of the input and a plane of the filter packed as KH x KW x C x F; each tap: register tiles of channels x pixels of a row (at most one register), vectors along the width. Taken instead: the channels-last taps (`@llvm_cpu_conv2d_nchw_tap_channels_last`: pixels x channels tiles, vectors along a power-of-two count of channel registers) for narrow rows, rows wider than a register over as many input channels (AVX-512), and every width over at least 8 input channels (AVX2, where they read an input of planes of a page or more transposed to H x W x C, in one `scf.forall` over the output rows with the fill of each row's accumulator and its transpose back, and split along the width into columns of whole 6-pixel tiles and the rest where no divisor of the width is 6); the contraction strategy for a 1x1 layer over at least 64 input channels with narrow rows or on AVX2, strided or not (a matmul over its pixels); on AVX2, a layer the channels-last taps would take with at least 128 output pixels from an input they would not transpose or with strides along both dims (the transposed matmul `@llvm_cpu_contraction_6x16_transposed` over its input's im2col copy, C x KH x KW rows of pixels, and the filter as C x KH x KW x F, into the F x pixels output), and, with a filter packed ahead as panels, one of at least 32 pixels and a 1x1 layer of 32 to 256 pixels (`@llvm_cpu_contraction_6x16_transposed_prepacked_rhs`, the input the matmul's rows in place); and a layer over fewer input channels than lanes with at least 5 filter columns is first folded into one with a single column over C x KW channels |
    | depthwise NCHW convolution (`linalg.depthwise_conv_2d_nchw_chw`) and NCHW max or sum pooling (`linalg.pooling_nchw_max`, `linalg.pooling_nchw_sum`), static f32 (over several images: per image, as above; reading a pad of its input that its scope took along, `keep-window-pads` of `llvm-cpu-decompose-pads`: an `scf.forall` over images and tiles of channels whose padded input and output planes fit 256 KiB, with the pad fused into each tile as a fill and a copy; such a loop over images, of any of these ops, also computes the op's epilogue, the elementwise chain after it that reads its result through identity maps without reading its own init (`isTiledEpilogue`: a batch norm, an activation, a residual add), each updating the loop's output tile in place) | none | rewritten as one elementwise op whose inputs are the windows of its taps (and the filter's C weights of each), combined into the accumulator in the loops' order of taps (`acc += w[c] * window`, `acc = max(acc, window)`, `acc += window`; at most 49 taps per op, larger windows chained), which `llvm-cpu-tile-and-vectorize`'s tiles of all-parallel ops vectorize along the width: each output tile is written once; a filled output is not read; a strided width is split into column phases, in one op where the windows fit in the first W / s columns of each |

    Ops no strategy takes are left for `llvm-cpu-tile-and-vectorize`.
    The target is the host CPU unless `cpu` (and `cpu-features`) name
    another; a CPU whose widest vectors are 128-bit gets no strategy.
    `cache-tiles` (3 values) sets the cache block of a contraction in
    register tiles along m and n and in steps along k. The `config` of the
    llvm-cpu device the anchor op is placed on (`cpu`, `cpu_features`,
    `cache_tiles`) overrides these options; a malformed config is an error
    at the anchor op.

    The pass anchors on any op (a function today, a `codegen.scope.tu`
    later): it only touches the roots nested in it and the ops a strategy
    creates around them. A strategy that fails is an error at the root.
  }];
  let options = [
    Option<"strategyLibrary", "strategy-library", "std::string",
           /*default=*/"\"\"",
           "A transform module replacing the built-in strategy library">,
    Option<"cpu", "cpu", "std::string", /*default=*/"\"\"",
           "LLVM CPU name to size register tiles for (empty: the host)">,
    Option<"cpuFeatures", "cpu-features", "std::string", /*default=*/"\"\"",
           "Comma-separated +/- LLVM features modifying `cpu`'s">,
    ListOption<"cacheTiles", "cache-tiles", "int64_t",
               "Contraction cache block: register tiles along m, along n, "
               "and k steps (default: chosen from the register tile)">,
    Option<"smallContractionRows", "small-contraction-rows", "int64_t",
           /*default=*/"128",
           "A contraction with fewer static rows whose right-hand side has "
           "at most 512 KiB (or any static rows with one of at most 64 "
           "KiB) is left to the generic tiles, which read it in place "
           "faster than packing it (0: the packing strategy takes those "
           "too)">,
  ];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::transform::TransformDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def LLVMCPUVectorizeCopiesPass : Pass<"llvm-cpu-vectorize-copies"> {
  let summary = "Copy small static memref blocks with vector transfers";
  let description = [{
    Runs in the `llvm-cpu` backend's buffer pipeline. Vectorizing a tile
    that only moves data (a `linalg.copy` of a static block, e.g. the copy
    `llvm-cpu-decompose-pads` makes) gives a `vector.transfer_write` of a
    `vector.transfer_read`, which upstream canonicalization folds back into
    a `tensor.insert_slice` of a `tensor.extract_slice`; bufferization turns
    it into a `memref.copy` of a strided block, and the LLVM lowering into a
    call of the element-by-element `memrefCopy` runtime function (2 ms to
    copy a 1x64x112x112 activation into a padded buffer in 8x16 blocks).
    Here, after bufferization, each `memref.copy` whose shape is static with
    at most `max-elements` elements of an integer or float type of 8 bits or
    more (vectors of `i1` would be packed into bits) becomes one
    `vector.transfer_read` and one `vector.transfer_write`
    (`linalg::vectorizeCopy`), which the vector lowering turns into loads
    and stores along the innermost dim. A copy of a block onto itself (the
    source and the target the same value, or two identical subviews of one
    buffer: the in-place insert of a tile) is erased. A larger static copy
    whose source and target are not contiguous as a whole but have a unit
    innermost stride (a slice of a wider tensor passed to a dispatch: the
    query of a fused QKV projection, 128x4x64 in rows of 768) becomes loops
    over its outer dims copying one contiguous row of its trailing dims at a
    time, with a vector read and write when the row has at most
    `max-elements` elements and a `memcpy` otherwise (the runtime's strided
    copy moves one element per call: 230 us for two such slices, against
    under 10). Dynamic copies and copies with a strided innermost dim are
    left as they are. Anchors on any op (a function or a scope).
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t", /*default=*/"1024",
           "The largest copy, in elements, made of one vector read and "
           "write (also the longest row a larger copy copies with vectors)">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def LLVMCPUBroadcastLoadsPass : Pass<"llvm-cpu-broadcast-loads"> {
  let summary = "Load the elements that vectors splat on their own";
  let description = [{
    After bufferization, a `vector.broadcast` of a `vector.extract` at a
    static position of a 1-D `vector.transfer_read` from a memref (in
    bounds, unmasked, consecutive elements) becomes the broadcast of a
    `memref.load` of that element, loaded where the vector was read; the
    vector read goes once nothing else uses it. The contraction strategies'
    outer products splat each element of a row of the packed left-hand side
    (6 on AVX2, 12 on AVX-512): read as a `vector<6xf32>`, LLVM loaded the
    row as a 16-byte and an 8-byte vector and splatted the last two elements
    with shuffles (`vmovsd`, `vshufps`); read one by one, each is a
    `vbroadcastss` from memory, a single load. Anchors on any op.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def LLVMCPULowerParallelTilesPass : Pass<"llvm-cpu-lower-parallel-tiles"> {
  let summary = "Turn llvm-cpu's parallel tiles into parallel or serial loops";
  let description = [{
    After bufferization, every `scf.forall` in the op (the outer tiles of the
    llvm-cpu strategies, the grid of a lowered `codegen.scope.workgroups`:
    both CPU backends run it) becomes an `scf.parallel` loop, which the host
    lowering runs on an OpenMP thread pool when scope-run uses more than one
    thread, or an `scf.for` loop when the config of the op's llvm-cpu device
    sets `threads = 1`. An `scf.forall` nested in one that became a parallel
    loop (a strategy's tiles inside a workgroup) becomes an `scf.for`: the
    outer loop already has the threads, and a nested OpenMP region would
    only add a fork per outer iteration. Anchors on any op (a function or a
    scope). An `scf.forall` still on tensors is an error.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def LLVMCPUConfigureOpenMPPass : Pass<"llvm-cpu-configure-openmp"> {
  let summary = "Apply llvm-cpu's threading policy to its OpenMP loops";
  let description = [{
    Runs after `convert-scf-to-openmp`, on the functions placed on llvm-cpu
    devices (the op it runs on if it is a function, as in llvm-cpu's OpenMP
    pipeline under `hal-run-backend-pipelines{phase=openmp}`, else the
    functions nested in it):

    - each `omp.wsloop` without a schedule gets `schedule(guided)`: tiles
      are handed out in shrinking chunks, so that a descheduled or slower
      thread does not hold the others at the closing barrier (the tiles of
      llvm-cpu's strategies are independent, so which thread computes one
      does not change the results);
    - each `omp.parallel` of a device whose config sets `threads = N` gets
      `num_threads` N, unless it already asks for no more.

    Functions on other devices are left alone.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::omp::OpenMPDialect",
  ];
}

#endif // SCOPEIR_TARGET_LLVMCPU_PASSES_TD
