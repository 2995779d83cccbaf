// Anytime plan improvement (LAMA's): after the first plan, weighted A* is
// restarted with decreasing weights 5, 3, 2, 1 (then 1 again) over the main
// heuristic, each run under a cost bound (the best plan's cost), so that
// every plan it finds is strictly cheaper than the last. The restarts are
// lazy, with preferred operators (LazyWeightedSearch, anytime_search.hpp,
// as LAMA's lazy_wastar); eager A* runs the last one when the heuristic is
// admissible, where it proves its plan optimal. It ends on the time limit,
// when no cheaper plan exists (the bounded space is exhausted) or on that
// proof. The driver is in core/planner.cpp; this is its vocabulary.
#pragma once

#include <array>
#include <span>

#include "core/common/vocabulary.hpp"

namespace ll {

// anytime=off|auto|on: off (the default) stops at the first plan; auto
// improves it when the run has a time limit and its configuration does not
// already find a cheapest plan (what `lazylifted plan` asks for whenever a
// time limit is given, unless --first-plan); on always improves it.
enum class AnytimeMode { Off, Auto, On };
const NameTable<AnytimeMode>& anytime_mode_names();

// The configuration key of anytime search (search_config.hpp).
struct AnytimeSettings {
    AnytimeMode anytime = AnytimeMode::Off;
    bool operator==(const AnytimeSettings&) const = default;
};
std::span<const ConfigKey<AnytimeSettings>> anytime_config_keys();

// The weights of the restarts, in order; the last one repeats.
inline constexpr std::array<double, 4> kAnytimeWeights{5, 3, 2, 1};

// Why the last plan of a run is its final one.
enum class FinalPlanReason {
    None,           // no plan
    FirstPlan,      // anytime search off: the first plan found
    TimeLimit,      // the time ran out while looking for a cheaper plan
    ProvedOptimal,  // A* with an admissible heuristic (weight 1) found it
    Exhausted,      // no cheaper plan: the space under the cost bound is exhausted
    OtherLimit,     // the memory or expansion limit ended the improvement
};
// "first-plan", "time-limit", "proved-optimal", "exhausted", "limit".
const NameTable<FinalPlanReason>& final_plan_reason_names();
const char* to_string(FinalPlanReason reason);

}  // namespace ll
