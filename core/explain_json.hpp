// The JSON form of explanations and partial-action tree levels,
// shared by `lazylifted explain --json` and the wasm module's explain() and
// partialActionChildren(): camelCase keys, an infinite h (dead end) as null.
// Documented in docs/explain.md and docs/js-api.md.
#pragma once

#include <nlohmann/json.hpp>

#include "core/explain.hpp"
#include "core/partial_tree.hpp"

namespace ll {

nlohmann::json explanation_json(const Explanation& explanation);
nlohmann::json tree_level_json(const TreeLevel& level);

}  // namespace ll
