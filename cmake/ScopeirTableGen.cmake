# Thin wrappers around mlir_tablegen, so that every dialect generates its C++
# declarations, definitions and Markdown documentation the same way.
#
# Every generated document is registered with scopeir_add_doc; the
# `scopeir-doc` target (docs/CMakeLists.txt) copies all of them to
# docs/generated/.

# scopeir_add_doc(<tablegen-target> <file.md>)
#
# Registers <file.md>, which <tablegen-target> generates in the current binary
# directory, as a document of the `scopeir-doc` target.
function(scopeir_add_doc target file)
  set_property(GLOBAL APPEND PROPERTY SCOPEIR_DOC_TARGETS ${target})
  set_property(GLOBAL APPEND PROPERTY SCOPEIR_DOC_FILES
    ${CMAKE_CURRENT_BINARY_DIR}/${file})
endfunction()

# Adds the public tablegen target <target> for the mlir_tablegen calls made
# since the last one (TABLEGEN_OUTPUT is collected per group), depending on
# `deps`; then starts a new group.
macro(_scopeir_tablegen_group target deps)
  add_public_tablegen_target(${target})
  if(NOT "${deps}" STREQUAL "")
    add_dependencies(${target} ${deps})
  endif()
  set(TABLEGEN_OUTPUT)
endmacro()

# scopeir_add_dialect(<Name> <mnemonic>
#                     OPS <file.td> [ATTRS <file.td>] [INTERFACES <file.td>]
#                     [DEPENDS <tablegen targets>...])
#
# Generates, in the current binary directory:
#  - from INTERFACES: <Name>OpInterfaces.{h,cpp}.inc and
#    <Name>AttrInterfaces.{h,cpp}.inc (target Scopeir<Name>InterfacesIncGen)
#    and <Name>Interfaces.md;
#  - from ATTRS: <Name>Attrs.{h,cpp}.inc (Scopeir<Name>AttrsIncGen) and
#    <Name>Attrs.md;
#  - from OPS: <Name>Dialect.{h,cpp}.inc and <Name>Ops.{h,cpp}.inc
#    (Scopeir<Name>OpsIncGen) and <Name>Dialect.md (dialect and op docs).
# Each target depends on DEPENDS (the generated headers its C++ includes from
# other dialects) and on the targets generated before it, in this order.
function(scopeir_add_dialect name mnemonic)
  cmake_parse_arguments(ARG "" "OPS;ATTRS;INTERFACES" "DEPENDS" ${ARGN})
  if(NOT ARG_OPS)
    message(FATAL_ERROR "scopeir_add_dialect(${name}): OPS is required")
  endif()
  set(deps ${ARG_DEPENDS})
  set(TABLEGEN_OUTPUT)

  if(ARG_INTERFACES)
    set(LLVM_TARGET_DEFINITIONS ${ARG_INTERFACES})
    mlir_tablegen(${name}OpInterfaces.h.inc -gen-op-interface-decls)
    mlir_tablegen(${name}OpInterfaces.cpp.inc -gen-op-interface-defs)
    mlir_tablegen(${name}AttrInterfaces.h.inc -gen-attr-interface-decls)
    mlir_tablegen(${name}AttrInterfaces.cpp.inc -gen-attr-interface-defs)
    _scopeir_tablegen_group(Scopeir${name}InterfacesIncGen "${deps}")
    list(APPEND deps Scopeir${name}InterfacesIncGen)
    mlir_tablegen(${name}Interfaces.md -gen-op-interface-docs)
    _scopeir_tablegen_group(Scopeir${name}InterfacesDocGen "")
    scopeir_add_doc(Scopeir${name}InterfacesDocGen ${name}Interfaces.md)
  endif()

  if(ARG_ATTRS)
    set(LLVM_TARGET_DEFINITIONS ${ARG_ATTRS})
    mlir_tablegen(${name}Attrs.h.inc -gen-attrdef-decls
      -attrdefs-dialect=${mnemonic})
    mlir_tablegen(${name}Attrs.cpp.inc -gen-attrdef-defs
      -attrdefs-dialect=${mnemonic})
    _scopeir_tablegen_group(Scopeir${name}AttrsIncGen "${deps}")
    list(APPEND deps Scopeir${name}AttrsIncGen)
    mlir_tablegen(${name}Attrs.md -gen-attrdef-doc
      -attrdefs-dialect=${mnemonic})
    _scopeir_tablegen_group(Scopeir${name}AttrsDocGen "")
    scopeir_add_doc(Scopeir${name}AttrsDocGen ${name}Attrs.md)
  endif()

  set(LLVM_TARGET_DEFINITIONS ${ARG_OPS})
  mlir_tablegen(${name}Dialect.h.inc -gen-dialect-decls -dialect=${mnemonic})
  mlir_tablegen(${name}Dialect.cpp.inc -gen-dialect-defs -dialect=${mnemonic})
  mlir_tablegen(${name}Ops.h.inc -gen-op-decls)
  mlir_tablegen(${name}Ops.cpp.inc -gen-op-defs)
  _scopeir_tablegen_group(Scopeir${name}OpsIncGen "${deps}")
  mlir_tablegen(${name}Dialect.md -gen-dialect-doc -dialect=${mnemonic})
  _scopeir_tablegen_group(Scopeir${name}DialectDocGen "")
  scopeir_add_doc(Scopeir${name}DialectDocGen ${name}Dialect.md)
endfunction()

# scopeir_add_passes(<Name> [TD <file.td>])
#
# Generates Passes.h.inc (`-gen-pass-decls -name <Name>`: the pass bases,
# create functions and register<Name>Passes(); target
# Scopeir<Name>PassesIncGen) and <Name>Passes.md from TD (default
# Passes.td) in the current binary directory.
function(scopeir_add_passes name)
  cmake_parse_arguments(ARG "" "TD" "" ${ARGN})
  if(NOT ARG_TD)
    set(ARG_TD Passes.td)
  endif()
  set(TABLEGEN_OUTPUT)
  set(LLVM_TARGET_DEFINITIONS ${ARG_TD})
  mlir_tablegen(Passes.h.inc -gen-pass-decls -name ${name})
  _scopeir_tablegen_group(Scopeir${name}PassesIncGen "")
  mlir_tablegen(${name}Passes.md -gen-pass-doc)
  _scopeir_tablegen_group(Scopeir${name}PassesDocGen "")
  scopeir_add_doc(Scopeir${name}PassesDocGen ${name}Passes.md)
endfunction()
