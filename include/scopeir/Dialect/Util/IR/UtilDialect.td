//===- UtilDialect.td - util dialect definition ------------*- tablegen -*-===//
//
// The `util` dialect: scoped regions (`util.scope`, `util.annotate`) and the
// interfaces through which other dialects give a scope its meaning.
//
//===----------------------------------------------------------------------===//

#ifndef SCOPEIR_DIALECT_UTIL_IR_UTILDIALECT_TD
#define SCOPEIR_DIALECT_UTIL_IR_UTILDIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Util_Dialect : Dialect {
  let name = "util";
  let cppNamespace = "::scopeir::util";
  let summary = "Scoped regions and the interfaces that give them meaning";
  let description = [{
    The `util` dialect holds `util.scope`, a fork of `scf.execute_region` with
    explicit captures, tied results and captured dynamic dimensions; the light
    user-level `util.annotate`; the `util.return` terminator; and the
    `#util.zone<"name">` tracing attribute.

    A scope groups ops so that something can be said about the group as a
    whole ("runs on that device", "is timed as zone `ffn`"). What is said is a
    list of attributes implementing `ScopeAttrInterface`, which any dialect may
    provide. A scope never changes what the program computes and is always
    safe to insert and to remove.
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 0;
  let extraClassDeclaration = [{
    /// Name of the discardable attribute holding the scope attributes of a
    /// non-scope op (a function outlined from a scope carries them).
    static llvm::StringRef getScopeAttrsAttrName() {
      return "util.scope_attrs";
    }
    /// Name of the result attribute of a function outlined from a scope that
    /// records a tie: the index of the argument the result updates in place.
    static llvm::StringRef getTiedResultAttrName() { return "util.tied"; }

  private:
    void registerAttributes();
  public:
  }];
}

class Util_Op<string mnemonic, list<Trait> traits = []>
    : Op<Util_Dialect, mnemonic, traits>;

class Util_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Util_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // SCOPEIR_DIALECT_UTIL_IR_UTILDIALECT_TD
