// No test: a private function and one with arguments.
func.func private @helper() {
  return
}
func.func @with_argument(%x: i32) {
  return
}
