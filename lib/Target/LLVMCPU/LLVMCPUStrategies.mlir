// The per-root codegen strategies of the llvm-cpu backend, as transform
// dialect named sequences.
//
// Each public strategy takes a handle to one root op (a linalg op on
// tensors, before bufferization) and leaves vector code in its place: tiled
// loops over vector.transfer_read/vector.fma/vector.transfer_write. The
// ops around the root are not touched, so that several roots of one
// function can each get their own strategy. Later steps of the backend
// (bufferization, vector-to-scf, vector-to-llvm) finish the lowering.
//
// Parameters (!transform.param<i64>) carry what the backend computes from
// the target CPU and the device's `config`; register tile sizes are part of
// a strategy's name because the upstream packing op takes static sizes.
//
// The file is compiled into scopeir (llvm-cpu-apply-strategies embeds
// it); `strategy-library=FILE` replaces it with another file defining the
// same sequence names.
module attributes {transform.with_named_sequence} {

  // Cleans up after vectorization and lowers the vector ops of one
  // tiled root to FMAs: `vector.contract` -> `vector.outerproduct` ->
  // `vector.fma`, transfers to minor-identity form, masks of transfers to
  // masked transfers, unit dims dropped. Then the accumulators are hoisted
  // out of the reduction loops (they live in registers across k).
  transform.named_sequence @llvm_cpu_lower_vectors(
      %loops: !transform.any_op {transform.readonly}) {
    transform.apply_patterns to %loops {
      transform.apply_patterns.tensor.merge_consecutive_insert_extract_slice
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.vector.reduction_to_contract
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %loops {
      transform.apply_patterns.vector.cast_away_vector_leading_one_dim
      transform.apply_patterns.tensor.fold_tensor_subset_ops_into_vector_transfers
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %loops {
      transform.apply_patterns.vector.lower_masked_transfers
      transform.apply_patterns.vector.lower_contraction lowering_strategy = "outerproduct"
      transform.apply_patterns.vector.transfer_permutation_patterns
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_patterns to %loops {
      transform.apply_patterns.vector.lower_outerproduct
      transform.apply_patterns.vector.lower_transpose lowering_strategy = "shuffle_1d"
      transform.apply_patterns.vector.lower_shape_cast
      transform.apply_patterns.canonicalization
    } : !transform.any_op
    transform.apply_cse to %loops : !transform.any_op
    %inner = transform.structured.match ops{["scf.for"]} in %loops
      : (!transform.any_op) -> !transform.any_op
    transform.apply_licm to %inner : !transform.any_op
    transform.loop.hoist_loop_invariant_subsets %inner : !transform.any_op
    transform.yield
  }

  // A 2-D NHWC convolution with an HWCF filter (static shapes), computed
  // directly: one register tile is %ow output pixels of one output row by
  // %f output channels, accumulated in registers over the whole filter
  // window and all input channels (kh, kw and c are the innermost loops);
  // every step broadcasts %ow input values and loads %f consecutive filter
  // values. The tile sizes must divide the output width and channel count
  // (the backend picks them so), so that every tile is static: each tile is
  // decomposed into a 1-D convolution, vectorized and lowered to vector.fma.
  transform.named_sequence @llvm_cpu_conv2d_nhwc_hwcf(
      %root: !transform.any_op {transform.consumed},
      %ow: !transform.param<i64> {transform.readonly},
      %f: !transform.param<i64> {transform.readonly}) {
    %block, %blocks = transform.structured.tile_using_forall %root
        tile_sizes [1, 1, %ow, %f, 0, 0, 0]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    %tile, %loops:3 = transform.structured.tile_using_for %block
        tile_sizes [0, 0, 0, 0, 1, 1, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    %conv1d = transform.structured.decompose %tile
      : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %conv1d : !transform.any_op
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%blocks)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // One filter tap of a 2-D NCHW convolution: the contraction
  // out[f][oh][ow] += w[f][c] * x[c][oh][ow] (dims f, oh, ow, c)
  // that llvm-cpu-apply-strategies makes of each (kh, kw) of the filter,
  // `x` a strided window of the input. One register tile is %f output
  // channels of %ow consecutive output pixels of one row: every step of c
  // loads one row of %ow input values and broadcasts %f filter values (the
  // vectors run along the contiguous width, as NCHW lays it out). The
  // accumulators stay in registers across c. The tile sizes divide the dims
  // (the backend picks them so): every tile is static.
  transform.named_sequence @llvm_cpu_conv2d_nchw_tap(
      %root: !transform.any_op {transform.consumed},
      %f: !transform.param<i64> {transform.readonly},
      %ow: !transform.param<i64> {transform.readonly}) {
    %block, %blocks = transform.structured.tile_using_forall %root
        tile_sizes [%f, 1, %ow, 0]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    %tile, %loop = transform.structured.tile_using_for %block
        tile_sizes [0, 0, 0, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%blocks)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // One filter tap of a 2-D NCHW convolution with a channels-last
  // accumulator: out[oh][ow][f] += w[c][f] * x[c][oh][ow] (dims oh, ow, f,
  // c), what llvm-cpu-apply-strategies makes of each (kh, kw) of a
  // convolution whose output rows are narrower than a vector register. One
  // register tile is %ow consecutive output pixels of one row (rows of the
  // tile: one broadcast input value each) by %f output channels (vectors
  // loaded from the packed filter plane), the orientation of the
  // contraction strategies' tiles; accumulators stay in registers across c.
  // The blocks of %f channels are the parallel loop, the rows a loop inside
  // each: a block's C x %f columns of the plane are read from memory once
  // and by every row from cache (rows outermost read the whole plane, 1 MiB
  // for 512 channels, once per row: ResNet-18's 512-channel 7x7 layers
  // 3.7-5.3 ms, now 2.9-4.1). Over an H x W x C input the taps are one
  // output row each, inside llvm-cpu-apply-strategies' loop over the rows,
  // where the blocks' loop runs on one thread.
  transform.named_sequence @llvm_cpu_conv2d_nchw_tap_channels_last(
      %root: !transform.any_op {transform.consumed},
      %ow: !transform.param<i64> {transform.readonly},
      %f: !transform.param<i64> {transform.readonly}) {
    %column, %columns = transform.structured.tile_using_forall %root
        tile_sizes [0, 0, %f, 0]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    %block, %rows:2 = transform.structured.tile_using_for %column
        tile_sizes [1, %ow, 0, 0]
      : (!transform.any_op, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %tile, %loop = transform.structured.tile_using_for %block
        tile_sizes [0, 0, 0, 1]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%columns)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // A contraction (matmul, or any linalg op whose body is a
  // multiply-accumulate with one m, n and k dim) on a CPU with 32 512-bit
  // registers (AVX-512): a register tile of 12 x 32 f32 accumulators
  // (24 zmm), one 32-wide row of the right-hand side (2 zmm) and one
  // broadcast left-hand side element per k step.
  //
  // The operands are packed (linalg.pack, padded with zeros) into the
  // mmt4d-like layout LHS[m/12][k][12], RHS[n/32][k][32], ACC[m/12][n/32][12][32]
  // so that every k step of the kernel reads 12 and 32 consecutive floats;
  // the packs are tiled and vectorized too. The packed op is tiled twice:
  // into cache blocks of %mb x %nb register tiles and %kb steps of k, then
  // into single register tiles with k innermost.
  transform.named_sequence @llvm_cpu_contraction_12x32(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) {
    %packed = transform.structured.pack_greedily %root
        matmul_packed_sizes = [12, 32, 0] matmul_inner_dims_order = [0, 1, 2]
      : (!transform.any_op) -> !transform.op<"linalg.generic">
    %rhs_pack = transform.get_producer_of_operand %packed[1]
      : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
    %op, %rhs, %unused = transform.structured.pack_transpose %rhs_pack
        with_compute_op(%packed) outer_perm = [1, 0]
      : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">)
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.any_op)
    %lhs = transform.get_producer_of_operand %op[0]
      : (!transform.op<"linalg.generic">) -> !transform.any_op
    %acc = transform.get_producer_of_operand %op[2]
      : (!transform.op<"linalg.generic">) -> !transform.any_op
    %result = transform.get_consumers_of_result %op[0]
      : (!transform.op<"linalg.generic">) -> !transform.any_op

    // The kernel.
    %block, %blocks = transform.structured.tile_using_forall %op
        tile_sizes [%mb, %nb, 0, 0, 0]
      : (!transform.op<"linalg.generic">, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    %kblock, %kblock_loop = transform.structured.tile_using_for %block
        tile_sizes [0, 0, %kb, 0, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %tile, %tile_loops:3 = transform.structured.tile_using_for %kblock
        tile_sizes [1, 1, 1, 0, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op

    // The packs: 16 k steps of one register tile at a time (a masked read
    // where the tile is partial, then a transpose).
    %lhs_tile, %lhs_loops = transform.structured.tile_using_forall %lhs
        tile_sizes [1, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %lhs_tile vector_sizes [1, 16, 12] : !transform.any_op
    %rhs_tile, %rhs_loops = transform.structured.tile_using_forall %rhs
        tile_sizes [1, 16]
      : (!transform.op<"linalg.pack">) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %rhs_tile vector_sizes [1, 16, 32] : !transform.any_op
    transform.include @llvm_cpu_pack_tiles_12x32 failures(propagate) (%acc)
      : (!transform.any_op) -> ()
    %out_tile, %out_loops = transform.structured.tile_using_forall %result
        tile_sizes [12, 32]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %out_tile vector_sizes [1, 1, 12, 32] : !transform.any_op

    transform.include @llvm_cpu_lower_vectors failures(propagate) (%blocks)
      : (!transform.any_op) -> ()
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%lhs_loops)
      : (!transform.any_op) -> ()
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%rhs_loops)
      : (!transform.any_op) -> ()
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%out_loops)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // The accumulator's producer after packing: a pack of the original init
  // (tiled and vectorized one register tile at a time), or a fill that the
  // pack was folded into (vectorized by the backend's generic strategy).
  transform.named_sequence @llvm_cpu_pack_tiles_12x32(
      %acc: !transform.any_op {transform.readonly}) {
    transform.match.operation_name %acc ["linalg.pack", "linalg.fill"] : !transform.any_op
    %packs = transform.structured.match ops{["linalg.pack"]} in %acc
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %packs : !transform.any_op {
    ^bb0(%pack: !transform.any_op):
      %t, %l = transform.structured.tile_using_forall %pack tile_sizes [1, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.structured.vectorize %t vector_sizes [1, 1, 12, 32] : !transform.any_op
      transform.include @llvm_cpu_lower_vectors failures(propagate) (%l)
        : (!transform.any_op) -> ()
    }
    transform.yield
  }

  // The same for a CPU with 16 256-bit registers (AVX2): a register tile
  // of 6 x 16 f32 accumulators (12 ymm), two ymm of the right-hand side and
  // a broadcast.
  transform.named_sequence @llvm_cpu_contraction_6x16(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) {
    %rhs = transform.include @llvm_cpu_contraction_6x16_kernel
        failures(propagate) (%root, %mb, %nb, %kb)
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> !transform.any_op
    transform.include @llvm_cpu_pack_rhs_panels_16 failures(propagate) (%rhs)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // The right-hand side's pack of the 6x16 sequences: 16 k steps of one
  // 16-wide panel at a time.
  transform.named_sequence @llvm_cpu_pack_rhs_panels_16(
      %rhs: !transform.any_op {transform.consumed}) {
    %rhs_tile, %rhs_loops = transform.structured.tile_using_forall %rhs
        tile_sizes [1, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %rhs_tile vector_sizes [1, 16, 16] : !transform.any_op
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%rhs_loops)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // @llvm_cpu_contraction_6x16 for a right-hand side already in the packed
  // layout RHS[n/16][k][16]: the root's right-hand side is the linalg.unpack
  // of it, and the pack of that unpack is left as it is for
  // llvm-cpu-apply-strategies to fold away (the im2col matmul over a filter
  // packed ahead of the call).
  transform.named_sequence @llvm_cpu_contraction_6x16_prepacked_rhs(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) {
    %rhs = transform.include @llvm_cpu_contraction_6x16_kernel
        failures(propagate) (%root, %mb, %nb, %kb)
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> !transform.any_op
    transform.yield
  }

  // The packing, the kernel and the packs of the left-hand side and the
  // accumulator of @llvm_cpu_contraction_6x16; yields the right-hand side's
  // pack, not tiled.
  transform.named_sequence @llvm_cpu_contraction_6x16_kernel(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    %packed = transform.structured.pack_greedily %root
        matmul_packed_sizes = [6, 16, 0] matmul_inner_dims_order = [0, 1, 2]
      : (!transform.any_op) -> !transform.op<"linalg.generic">
    %rhs_pack = transform.get_producer_of_operand %packed[1]
      : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
    %op, %rhs, %unused = transform.structured.pack_transpose %rhs_pack
        with_compute_op(%packed) outer_perm = [1, 0]
      : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">)
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.any_op)
    %rows = transform.param.constant 6 : i64 -> !transform.param<i64>
    %columns = transform.param.constant 16 : i64 -> !transform.param<i64>
    transform.include @llvm_cpu_contraction_6x16_packed failures(propagate)
        (%op, %mb, %nb, %kb, %rows, %columns)
      : (!transform.op<"linalg.generic">, !transform.param<i64>,
         !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> ()
    %rhs_any = transform.cast %rhs : !transform.op<"linalg.pack"> to !transform.any_op
    transform.yield %rhs_any : !transform.any_op
  }

  // @llvm_cpu_contraction_6x16 for the transposed contraction
  // C[n][m] += A[k][m] * B[k][n] (the im2col matmul of an NCHW convolution:
  // output pixels m, input columns k, output channels n). Its packs take
  // the mmt4d layout of @llvm_cpu_contraction_6x16, outer dims transposed:
  // the left-hand side's pack copies runs of 6 consecutive m, the result's
  // unpack writes the n x m result straight from the 6 x 16 tiles.
  transform.named_sequence @llvm_cpu_contraction_6x16_transposed(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) {
    %rhs = transform.include @llvm_cpu_contraction_6x16_transposed_kernel
        failures(propagate) (%root, %mb, %nb, %kb)
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> !transform.any_op
    transform.include @llvm_cpu_pack_rhs_panels_16 failures(propagate) (%rhs)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // @llvm_cpu_contraction_6x16_transposed over a right-hand side packed
  // ahead in its panels (as @llvm_cpu_contraction_6x16_prepacked_rhs).
  transform.named_sequence @llvm_cpu_contraction_6x16_transposed_prepacked_rhs(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) {
    %rhs = transform.include @llvm_cpu_contraction_6x16_transposed_kernel
        failures(propagate) (%root, %mb, %nb, %kb)
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> !transform.any_op
    transform.yield
  }

  // The packing, the kernel and the other packs of
  // @llvm_cpu_contraction_6x16_transposed; yields the right-hand side's
  // pack, not tiled.
  transform.named_sequence @llvm_cpu_contraction_6x16_transposed_kernel(
      %root: !transform.any_op {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly}) -> !transform.any_op {
    %packed = transform.structured.pack_greedily %root
        matmul_packed_sizes = [6, 16, 0] matmul_inner_dims_order = [0, 1, 2]
      : (!transform.any_op) -> !transform.op<"linalg.generic">
    // The result N/16 x M/6 x 6 x 16 (and the accumulator's pack with it)
    // to M/6 x N/16 x 6 x 16.
    %unpack = transform.get_consumers_of_result %packed[0]
      : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.unpack">
    %op1, %acc_pack, %unpack1 = transform.structured.pack_transpose %unpack
        with_compute_op(%packed) outer_perm = [1, 0]
      : (!transform.op<"linalg.unpack">, !transform.op<"linalg.generic">)
      -> (!transform.op<"linalg.generic">, !transform.any_op, !transform.any_op)
    // The left-hand side K x M/6 x 6 to M/6 x K x 6.
    %lhs_pack = transform.get_producer_of_operand %op1[0]
      : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
    %op2, %lhs, %unused_lhs = transform.structured.pack_transpose %lhs_pack
        with_compute_op(%op1) outer_perm = [1, 0]
      : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">)
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.any_op)
    // The right-hand side K x N/16 x 16 to N/16 x K x 16.
    %rhs_pack = transform.get_producer_of_operand %op2[1]
      : (!transform.op<"linalg.generic">) -> !transform.op<"linalg.pack">
    %op, %rhs, %unused_rhs = transform.structured.pack_transpose %rhs_pack
        with_compute_op(%op2) outer_perm = [1, 0]
      : (!transform.op<"linalg.pack">, !transform.op<"linalg.generic">)
      -> (!transform.op<"linalg.generic">, !transform.op<"linalg.pack">, !transform.any_op)
    %rows = transform.param.constant 16 : i64 -> !transform.param<i64>
    %columns = transform.param.constant 6 : i64 -> !transform.param<i64>
    transform.include @llvm_cpu_contraction_6x16_packed failures(propagate)
        (%op, %mb, %nb, %kb, %rows, %columns)
      : (!transform.op<"linalg.generic">, !transform.param<i64>,
         !transform.param<i64>, !transform.param<i64>, !transform.param<i64>,
         !transform.param<i64>) -> ()
    %rhs_any = transform.cast %rhs : !transform.op<"linalg.pack"> to !transform.any_op
    transform.yield %rhs_any : !transform.any_op
  }

  // The kernel of the packed contraction `%op` (M/6 x K x 6 left-hand side,
  // N/16 x K x 16 right-hand side, M/6 x N/16 x 6 x 16 accumulator) and the
  // packs of its left-hand side and accumulator and the unpack of its
  // result, whose tiles take `%rows` x `%columns` of the result.
  transform.named_sequence @llvm_cpu_contraction_6x16_packed(
      %op: !transform.op<"linalg.generic"> {transform.consumed},
      %mb: !transform.param<i64> {transform.readonly},
      %nb: !transform.param<i64> {transform.readonly},
      %kb: !transform.param<i64> {transform.readonly},
      %rows: !transform.param<i64> {transform.readonly},
      %columns: !transform.param<i64> {transform.readonly}) {
    %lhs = transform.get_producer_of_operand %op[0]
      : (!transform.op<"linalg.generic">) -> !transform.any_op
    %acc = transform.get_producer_of_operand %op[2]
      : (!transform.op<"linalg.generic">) -> !transform.any_op
    %result = transform.get_consumers_of_result %op[0]
      : (!transform.op<"linalg.generic">) -> !transform.any_op

    // The kernel.
    %block, %blocks = transform.structured.tile_using_forall %op
        tile_sizes [%mb, %nb, 0, 0, 0]
      : (!transform.op<"linalg.generic">, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    %kblock, %kblock_loop = transform.structured.tile_using_for %block
        tile_sizes [0, 0, %kb, 0, 0]
      : (!transform.any_op, !transform.param<i64>) -> (!transform.any_op, !transform.any_op)
    %tile, %tile_loops:3 = transform.structured.tile_using_for %kblock
        tile_sizes [1, 1, 1, 0, 0]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.structured.vectorize %tile : !transform.any_op

    // The left-hand side's pack: 16 k steps of one register tile at a time
    // (a masked read where the tile is partial, then a transpose).
    %lhs_tile, %lhs_loops = transform.structured.tile_using_forall %lhs
        tile_sizes [1, 16]
      : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %lhs_tile vector_sizes [1, 16, 6] : !transform.any_op
    transform.include @llvm_cpu_pack_tiles_6x16 failures(propagate) (%acc)
      : (!transform.any_op) -> ()
    %out_tile, %out_loops = transform.structured.tile_using_forall %result
        tile_sizes [%rows, %columns]
      : (!transform.any_op, !transform.param<i64>, !transform.param<i64>)
      -> (!transform.any_op, !transform.any_op)
    transform.structured.vectorize %out_tile vector_sizes [1, 1, 6, 16] : !transform.any_op

    transform.include @llvm_cpu_lower_vectors failures(propagate) (%blocks)
      : (!transform.any_op) -> ()
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%lhs_loops)
      : (!transform.any_op) -> ()
    transform.include @llvm_cpu_lower_vectors failures(propagate) (%out_loops)
      : (!transform.any_op) -> ()
    transform.yield
  }

  // The accumulator's packs of @llvm_cpu_contraction_6x16.
  transform.named_sequence @llvm_cpu_pack_tiles_6x16(
      %acc: !transform.any_op {transform.readonly}) {
    transform.match.operation_name %acc ["linalg.pack", "linalg.fill"] : !transform.any_op
    %packs = transform.structured.match ops{["linalg.pack"]} in %acc
      : (!transform.any_op) -> !transform.any_op
    transform.foreach %packs : !transform.any_op {
    ^bb0(%pack: !transform.any_op):
      %t, %l = transform.structured.tile_using_forall %pack tile_sizes [1, 1]
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
      transform.structured.vectorize %t vector_sizes [1, 1, 6, 16] : !transform.any_op
      transform.include @llvm_cpu_lower_vectors failures(propagate) (%l)
        : (!transform.any_op) -> ()
    }
    transform.yield
  }
}
