func.func @f() {
  util.scope [#util.zone<"a">, #util.zone<"b">] {
    util.return
  }
  return
}
