// The one serialisation of search outcomes: status names and statistics
// fields, used by the CLI's --stats-json, the wasm responses and progress
// events, and so by the page. Infinity (no h yet, dead end) is null.
#pragma once

#include <nlohmann/json.hpp>

#include "core/search/search_result.hpp"

namespace ll {

// Every Statistics field, snake_case, plus the derived average branching
// factor and, for learnt heuristics, the WL colour counts and miss rate.
nlohmann::json statistics_json(const Statistics& stats);

}  // namespace ll
