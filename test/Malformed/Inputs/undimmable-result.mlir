// Valid IR on which util-lower-annotations fails: the result's size is
// loaded from memory inside the annotation, so no value above it holds the
// result's dim.
func.func @size_from_memory(%m: memref<index>) -> tensor<?xf32> {
  %y = util.annotate {
    %n = memref.load %m[] : memref<index>
    %e = tensor.empty(%n) : tensor<?xf32>
    util.return %e : tensor<?xf32>
  } : tensor<?xf32>
  return %y : tensor<?xf32>
}
