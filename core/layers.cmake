# ll_core_layer(): one core layer as a static library plus its include check
# (docs/design.md, "Layers"). Included by core/CMakeLists.txt and by the
# layer-check fixture project (tests/data/layers/CMakeLists.txt).
#
# Before including: LL_LAYERS_ROOT, the folder holding core/ (the include
# root), and a target ll_core_options (INTERFACE) that every layer links.
set(LL_CHECK_LAYERS_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/check_layers.cmake)
set_property(GLOBAL PROPERTY LL_CORE_LAYER_FOLDERS "")

# ll_core_layer(<target> FOLDERS <folder>... [DEPENDS <layer>...] [LIBS <library>...])
# FOLDERS are under core/ (all files below them; "." is the top-level files of
# core/ only), DEPENDS the layers it includes, which must be defined before
# it, so the layers form a DAG by construction. A layer may include headers of
# its own folders and of the layers it links, directly or through another
# layer. New files are picked up by the globs (CONFIGURE_DEPENDS).
function(ll_core_layer name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "FOLDERS;DEPENDS;LIBS")
  set(files "")
  foreach(folder IN LISTS arg_FOLDERS)
    if(folder STREQUAL ".")
      file(GLOB found CONFIGURE_DEPENDS ${LL_LAYERS_ROOT}/core/*.cpp ${LL_LAYERS_ROOT}/core/*.hpp)
    else()
      file(GLOB_RECURSE found CONFIGURE_DEPENDS ${LL_LAYERS_ROOT}/core/${folder}/*.cpp
           ${LL_LAYERS_ROOT}/core/${folder}/*.hpp)
    endif()
    list(APPEND files ${found})
    set_property(GLOBAL APPEND PROPERTY LL_CORE_LAYER_FOLDERS ${folder})
  endforeach()
  set(allowed ${arg_FOLDERS})
  foreach(dep IN LISTS arg_DEPENDS)
    if(NOT TARGET ${dep})
      message(FATAL_ERROR "${name} depends on ${dep}, which is not a layer defined before it")
    endif()
    get_target_property(dep_allowed ${dep} LL_LAYER_ALLOWED)
    list(APPEND allowed ${dep_allowed})
  endforeach()
  list(REMOVE_DUPLICATES allowed)

  set(sources ${files})
  list(FILTER sources INCLUDE REGEX "\\.cpp$")
  add_library(${name} STATIC ${sources})
  set_target_properties(${name} PROPERTIES LL_LAYER_ALLOWED "${allowed}")
  target_link_libraries(${name} PUBLIC ll_core_options ${arg_DEPENDS} ${arg_LIBS})
  target_compile_options(${name} PRIVATE -Wall -Wextra -Wno-sign-compare)

  # The check reruns when a file of the layer changes; the library depends on
  # it, so a back-arrow fails the library's build. It is a target of its own,
  # not a source of the library: a custom command of the library would wait
  # for the layers the library links (CMake orders a target's custom
  # commands after its link dependencies), and every object compiled after
  # it, so with Ninja each layer's compilation waited for the layers below to
  # be compiled and archived. The check target depends on nothing: every
  # layer's check runs at the start and the layers compile side by side.
  string(REPLACE ";" "," folders_arg "${arg_FOLDERS}")
  string(REPLACE ";" "," allowed_arg "${allowed}")
  set(stamp ${CMAKE_CURRENT_BINARY_DIR}/layer_check/${name}.stamp)
  add_custom_command(
    OUTPUT ${stamp}
    COMMAND ${CMAKE_COMMAND} -DLAYER=${name} -DROOT=${LL_LAYERS_ROOT} -DFOLDERS=${folders_arg}
            -DALLOWED=${allowed_arg} -DSTAMP=${stamp} -P ${LL_CHECK_LAYERS_SCRIPT}
    DEPENDS ${files} ${LL_CHECK_LAYERS_SCRIPT}
    COMMENT "Checking the includes of layer ${name}"
    VERBATIM)
  add_custom_target(${name}_layer_check DEPENDS ${stamp})
  add_dependencies(${name} ${name}_layer_check)
endfunction()
