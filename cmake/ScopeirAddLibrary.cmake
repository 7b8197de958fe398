# Thin helpers shared by every scopeir library and tool.
#
# Everything links against the single shared libMLIR.so (target `MLIR`):
# Debian's imported MLIR targets (MLIRExecutionEngine, MLIRMlirOptMain, ...)
# already depend on libMLIR.so, so linking the static MLIR archives as well
# would load a second copy of MLIR into the same process.

#
# Libraries and tools are installed (`cmake --install`): libraries into
# lib/ as part of the `scopeirTargets` export set that scopeirConfig.cmake
# imports, tools into bin/. The global property SCOPEIR_INSTALLED_TARGETS
# lists them (the package test needs them built).

# scopeir_add_library(name SRCS... [DEPENDS tblgen-targets...] [LINK_LIBS libs...])
function(scopeir_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  scopeir_install_library(${name})
endfunction()

# scopeir_install_library(target)
#
# Installs a library target and adds it to the export set; its users find
# our headers (sources and generated) through it.
function(scopeir_install_library name)
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  install(TARGETS ${name} EXPORT scopeirTargets
    ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
    LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY SCOPEIR_INSTALLED_TARGETS ${name})
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
  install(TARGETS ${name} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  set_property(GLOBAL APPEND PROPERTY SCOPEIR_INSTALLED_TARGETS ${name})
endfunction()

# scopeir_forbid_link(target REGEX regex REASON text)
#
# Fails the configuration if `target` links a library whose name matches
# `regex`, directly or through the scopeir libraries it links: a layering
# rule (docs/dispatch.md: flow links nothing of hal). Links change only in
# CMake files, so checking when CMake runs is enough. Call it after the
# libraries `target` links are defined.
function(scopeir_forbid_link target)
  cmake_parse_arguments(ARG "" "REGEX;REASON" "" ${ARGN})
  set(seen)
  set(worklist ${target})
  while(worklist)
    list(POP_FRONT worklist current)
    if(current IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${current})
    if(NOT current STREQUAL target AND current MATCHES "${ARG_REGEX}")
      message(FATAL_ERROR
        "${target} links ${current}, which it must not: ${ARG_REASON}")
    endif()
    # Only our own libraries are followed; MLIR's and LLVM's never link ours.
    if(current MATCHES "^Scopeir" AND TARGET ${current})
      get_target_property(libs ${current} LINK_LIBRARIES)
      if(libs)
        list(APPEND worklist ${libs})
      endif()
    endif()
  endwhile()
endfunction()
