// The one serialisation of search outcomes: status names and statistics
// fields, used by the CLI's --stats-json, the wasm responses and progress
// events, and so by the page. Infinity (no h yet, dead end) is null.
#pragma once

#include <nlohmann/json.hpp>

#include "core/search/search_result.hpp"

namespace ll {

// Every field of statistics_fields(), snake_case: the derived average
// branching factor included and, for learnt heuristics, the WL colour counts
// and miss rate.
nlohmann::json statistics_json(const Statistics& stats);

}  // namespace ll
