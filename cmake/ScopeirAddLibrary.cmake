# Thin helpers shared by every scopeir library and tool.
#
# Everything links against the single shared libMLIR.so (target `MLIR`):
# Debian's imported MLIR targets (MLIRExecutionEngine, MLIRMlirOptMain, ...)
# already depend on libMLIR.so, so linking the static MLIR archives as well
# would load a second copy of MLIR into the same process.

# scopeir_add_library(name SRCS... [DEPENDS tblgen-targets...] [LINK_LIBS libs...])
function(scopeir_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
endfunction()

# scopeir_add_tool(name SRCS... [LINK_LIBS libs...])
function(scopeir_add_tool name)
  cmake_parse_arguments(ARG "" "" "LINK_LIBS" ${ARGN})
  add_executable(${name} ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES
    RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
  target_link_libraries(${name} PRIVATE ${ARG_LINK_LIBS} MLIR LLVM)
  if(SCOPEIR_ENABLE_SANITIZERS)
    target_link_libraries(${name} PRIVATE ScopeirSanitizerDefaults)
  endif()
endfunction()
