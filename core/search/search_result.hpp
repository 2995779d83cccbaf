// Value types shared by every search engine and by the edges that report on
// searches: limits in, outcome and statistics out.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "core/common/statistics.hpp"
#include "core/common/vocabulary.hpp"
#include "core/search/anytime.hpp"
#include "core/task/task.hpp"

namespace ll {

struct Limits {
    double time_limit_s = std::numeric_limits<double>::infinity();
    double memory_limit_mb = std::numeric_limits<double>::infinity();
    std::int64_t max_expansions = -1;  // -1: unlimited
    // Checked between expansions, like max_expansions (one expansion's
    // children may pass it). The trainer's model selection uses it: its
    // cost is evaluations, and a count keeps the selection deterministic.
    std::int64_t max_evaluations = -1;  // -1: unlimited
};

enum class SearchStatus {
    Solved,          // a plan was found (exit 0)
    Unsolvable,      // the reachable space was exhausted (exit 11)
    ExpansionLimit,  // no plan within the expansion (or evaluation) limit (exit 12)
    OutOfMemory,     // exit 22
    OutOfTime,       // exit 23
};

// The status names of JSON, the JS API and the page ("expansion-limit").
const NameTable<SearchStatus>& search_status_names();
const char* to_string(SearchStatus status);

// What a search reports while it runs (on a new best h and periodically).
struct Progress {
    Statistics stats;
    double elapsed_s = 0;
    bool new_best_h = false;
    // Set in the event of a plan found (anytime search: each cheaper than
    // the last): the plan (valid during the call), its number from 1, and
    // its cost once the pipeline has validated it.
    const std::vector<GroundAction>* plan = nullptr;
    int plan_number = 0;
    std::int64_t plan_cost = 0;
    std::string plan_text;  // IPC format (core/pipeline.hpp, format_plan)
};

using ProgressCallback = std::function<void(const Progress&)>;

struct SearchResult {
    SearchStatus status = SearchStatus::Unsolvable;
    std::vector<GroundAction> plan;
    // The plan's cost (its length in a task without action costs); set by
    // plan_request (core/pipeline.hpp) from the validator's replay.
    std::int64_t plan_cost = 0;
    Statistics stats;
    // Plans found (anytime search: each cheaper than the last; `plan` is
    // the last) and why the last one is final.
    int plans_found = 0;
    FinalPlanReason final_plan = FinalPlanReason::None;
    // Out of time because the main heuristic stalled (EngineSetup::stall_s).
    bool stalled = false;
    // The search trace as JSON text (PlannerOptions::trace; empty: none;
    // schema in docs/js-api.md).
    std::string trace;
};

}  // namespace ll
