// The planner facade: one call from a Task and options to a SearchResult.
// This is what the CLI, the wasm bindings and the tests use; the search
// engine, spaces and heuristics behind it are assembled here.
#pragma once

#include <string>
#include <string_view>

#include "core/search/search_result.hpp"
#include "core/task/task.hpp"

namespace ll {

enum class SpaceKind { State, Partial };
enum class HeuristicKind { FF, Add, Max, GoalCount };

// Parse option values; throw ll::Error(Usage) naming the accepted values.
SpaceKind parse_space_kind(std::string_view name);
HeuristicKind parse_heuristic_kind(std::string_view name);
const char* to_string(SpaceKind kind);
const char* to_string(HeuristicKind kind);

struct PlannerOptions {
    SpaceKind space = SpaceKind::State;
    HeuristicKind heuristic = HeuristicKind::FF;
    Limits limits;
    // How often (seconds of search time) the progress callback is called in
    // addition to every new best h. The CLI uses a few seconds, the browser
    // a fraction of a second.
    double progress_interval_s = 5.0;
};

// Throws ll::Error(Unsupported/Usage) for combinations it refuses.
SearchResult solve(const Task& task, const PlannerOptions& options,
                   const ProgressCallback& progress = {});

}  // namespace ll
