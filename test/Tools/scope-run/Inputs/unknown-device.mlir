// A device naming a backend that is not registered: the whole module fails
// to compile, whichever function is run.
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}

func.func @unknown_device(%x: tensor<2xf32>) -> tensor<2xf32> {
  %r = util.annotate [#hal.device.target<"gpu">] {
    util.return %x : tensor<2xf32>
  } : tensor<2xf32>
  return %r : tensor<2xf32>
}
