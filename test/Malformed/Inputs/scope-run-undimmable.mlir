// Valid IR that scope-run cannot compile: the result's size is loaded from
// memory inside the annotation, so no value above it holds the result's dim
// (util-lower-annotations, the pipeline's first pass, rejects it).
func.func @main(%m: memref<i64>) -> tensor<?xf32> {
  %y = util.annotate [#hal.device.target<"llvm-cpu">] {
    %v = memref.load %m[] : memref<i64>
    %n = arith.index_cast %v : i64 to index
    %e = tensor.empty(%n) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  } : tensor<?xf32>
  return %y : tensor<?xf32>
}
