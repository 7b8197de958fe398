// A strategy library without the sequences hal-llvm-cpu-apply-strategies
// looks for.
module attributes {transform.with_named_sequence} {
}
