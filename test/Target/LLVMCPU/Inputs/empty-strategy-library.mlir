// A strategy library without the sequences llvm-cpu-apply-strategies
// looks for.
module attributes {transform.with_named_sequence} {
}
