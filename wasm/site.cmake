# Assembles the static site (run by the `site` target of wasm/CMakeLists.txt
# with cmake -P). Inputs, as -D variables:
#   SITE_DIR    the folder to (re)build, e.g. build/wasm/site
#   MODULE_JS   the built lazylifted.mjs (lazylifted.wasm sits next to it)
#   TRAINER_JS  the built lltrain.mjs (lltrain.wasm next to it)
#   API_FILES   ;-list: lazylifted-api.mjs, its .d.ts/.d.mts, planner-worker.mjs,
#               lazylifted-trainer.mjs, trainer-worker.mjs
#   WEB_DIST    web/dist: the bundled editor page, widget, demo page, examples
#               (optional: skipped with a note until `npm run build:web` made it)
#   MODELS_DIR  models/: *.json (manifest.json included) go to SITE_DIR/models
# The folder is rebuilt from scratch each time, so files removed from the
# inputs do not linger. Later copies win: web/dist, then models, then the
# module and the API (always the ones just built).
foreach(var SITE_DIR MODULE_JS TRAINER_JS API_FILES WEB_DIST MODELS_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "site.cmake: ${var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE "${SITE_DIR}")
file(MAKE_DIRECTORY "${SITE_DIR}")

if(IS_DIRECTORY "${WEB_DIST}")
  file(COPY "${WEB_DIST}/" DESTINATION "${SITE_DIR}")
else()
  message(STATUS "site: ${WEB_DIST} not found: the site has no page yet "
                 "(build it with `npm ci && npm run build:web`)")
endif()

file(GLOB model_files "${MODELS_DIR}/*.json")
if(model_files)
  file(COPY ${model_files} DESTINATION "${SITE_DIR}/models")
endif()

foreach(module_js "${MODULE_JS}" "${TRAINER_JS}")
  get_filename_component(module_dir "${module_js}" DIRECTORY)
  get_filename_component(module_name "${module_js}" NAME_WE)
  file(COPY "${module_js}" "${module_dir}/${module_name}.wasm" DESTINATION "${SITE_DIR}")
endforeach()
file(COPY ${API_FILES} DESTINATION "${SITE_DIR}")

file(GLOB_RECURSE site_files RELATIVE "${SITE_DIR}" "${SITE_DIR}/*")
list(LENGTH site_files count)
message(STATUS "site: ${count} files in ${SITE_DIR}")
