# The layer check (docs/design.md, "Layers"), run by `cmake -P` as part of the
# build of every core layer (core/CMakeLists.txt) and by ctest on a fixture.
#
#   cmake -DLAYER=ll_search -DROOT=/repo -DFOLDERS=search
#         -DALLOWED=search,heuristics,successors,task,common [-DSTAMP=file]
#         -P core/check_layers.cmake
#
# Scans every .hpp/.cpp of the layer's FOLDERS under ROOT/core/ (recursively;
# "." is the top-level files of core/ only) for `#include "core/<folder>/..."`
# (quotes or angle brackets) and fails, listing every offending line, when
# <folder> is not in ALLOWED: the layer's own folders and those of the layers
# it links. An include of a top-level header (core/planner.hpp) is folder ".".
# Lists are comma-separated. On success it writes STAMP (empty), if given.
cmake_minimum_required(VERSION 3.21)
foreach(var LAYER ROOT FOLDERS ALLOWED)
  if(NOT DEFINED ${var} OR "${${var}}" STREQUAL "")
    message(FATAL_ERROR "check_layers.cmake: -D${var}=... is required")
  endif()
endforeach()
string(REPLACE "," ";" folders "${FOLDERS}")
string(REPLACE "," ";" allowed "${ALLOWED}")

set(files "")
foreach(folder IN LISTS folders)
  if(folder STREQUAL ".")
    file(GLOB found "${ROOT}/core/*.hpp" "${ROOT}/core/*.cpp")
  else()
    file(GLOB_RECURSE found "${ROOT}/core/${folder}/*.hpp" "${ROOT}/core/${folder}/*.cpp")
  endif()
  list(APPEND files ${found})
endforeach()
list(SORT files)

set(violations "")
foreach(path IN LISTS files)
  file(STRINGS "${path}" lines REGEX "^[ \t]*#[ \t]*include[ \t]*[\"<]core/")
  if(NOT lines)
    continue()
  endif()
  file(READ "${path}" content)
  file(RELATIVE_PATH rel "${ROOT}" "${path}")
  foreach(line IN LISTS lines)
    if(NOT line MATCHES "^[ \t]*#[ \t]*include[ \t]*[\"<](core/[^\">]*)[\">]")
      continue()
    endif()
    set(header "${CMAKE_MATCH_1}")
    if(header MATCHES "^core/([^/]+)/")
      set(header_folder "${CMAKE_MATCH_1}")
    else()
      set(header_folder ".")
    endif()
    if(NOT header_folder IN_LIST allowed)
      # Line number: newlines before the first occurrence of the line.
      string(FIND "${content}" "${line}" position)
      string(SUBSTRING "${content}" 0 ${position} before)
      string(REGEX MATCHALL "\n" newlines "${before}")
      list(LENGTH newlines number)
      math(EXPR number "${number} + 1")
      string(APPEND violations "\n  ${rel}:${number}: includes ${header} (core/${header_folder})")
    endif()
  endforeach()
endforeach()

if(violations)
  string(REPLACE ";" ", " allowed_text "${allowed}")
  message(FATAL_ERROR
    "Layer back-arrow in ${LAYER}: its files may include only core/{${allowed_text}} "
    "(its own folders and the layers it links, core/CMakeLists.txt):${violations}\n"
    "Move the needed declaration down to a lower layer (docs/design.md, \"Layers\").")
endif()
if(DEFINED STAMP AND NOT STAMP STREQUAL "")
  file(WRITE "${STAMP}" "")  # creates the folder too
endif()
