// The statistics of a search and the one table of their fields: the name
// every report uses (JSON key, wasm response), the label and format of the
// CLI's text summary, and how the phases of a portfolio combine. A new
// counter is a member here and a row in statistics_fields(); every report
// (statistics_json, format_statistics, add_phase_statistics) picks it up.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string>

namespace ll {

struct Statistics {
    std::int64_t expansions = 0;
    std::int64_t evaluations = 0;
    std::int64_t generated = 0;              // new search nodes
    std::int64_t generated_transitions = 0;  // children considered, duplicates included
    std::int64_t dead_ends = 0;
    std::int64_t skipped_evaluations = 0;  // PS² single-successor chains
    std::int64_t symmetric_pruned = 0;     // actions (S³: partial bindings) left out as symmetric
    // Relaxed-plan lookahead (lookahead=on): the states it reached and
    // evaluated, the actions it applied, the relaxed-plan actions it replaced.
    std::int64_t lookahead_states = 0;
    std::int64_t lookahead_actions = 0;
    std::int64_t lookahead_repairs = 0;
    double best_h = std::numeric_limits<double>::infinity();
    double initial_h = std::numeric_limits<double>::infinity();
    double search_time_s = 0;
    double peak_memory_mb = 0;
    // Learnt (WL) heuristics only: colour lookups that found / missed the
    // model's dictionary. A high miss rate means the task looks unlike the
    // training problems.
    std::int64_t wl_colours_seen = 0;
    std::int64_t wl_colours_unseen = 0;
    std::int64_t wl_lookups() const { return wl_colours_seen + wl_colours_unseen; }
    double wl_miss_rate() const {
        return wl_lookups() == 0 ? 0.0 : double(wl_colours_unseen) / double(wl_lookups());
    }

    // Landmark heuristics (lmcount) only: the landmarks and orderings found;
    // 1 when they are the goal atoms alone; 1 when the task could not be
    // grounded and they come from the action schemas
    // (core/heuristics/landmarks/lifted_landmarks.hpp).
    std::int64_t landmarks = 0;
    std::int64_t landmark_orderings = 0;
    std::int64_t landmarks_goal_only = 0;
    std::int64_t landmarks_lifted = 0;
    // Goal orders (orders=on; core/heuristics/landmarks/goal_orders.hpp):
    // those found, and the states pruned for breaking one (also dead ends).
    std::int64_t goal_orders = 0;
    std::int64_t goal_order_dead_ends = 0;
    // Counting (counting=on; core/heuristics/counting_dead_ends.hpp): the
    // states pruned because its system has no solution (also dead ends).
    std::int64_t counting_dead_ends = 0;
    // Relaxed tasks grounded in the run: its phases and anytime restarts
    // share them (core/heuristics/ground_relaxation.hpp).
    std::int64_t relaxation_groundings = 0;
    // Memory, as the search ends: the nodes the space holds (states in S³)
    // and their bytes (states, parents, creating actions, duplicate index);
    // the entries in the open lists and their bytes (lazy search's store of
    // (parent, action) pairs included).
    std::int64_t stored_states = 0;
    std::int64_t stored_bytes = 0;
    std::int64_t open_entries = 0;
    std::int64_t open_bytes = 0;
    double bytes_per_state() const {
        return stored_states == 0 ? 0.0 : double(stored_bytes) / double(stored_states);
    }
    double bytes_per_open_entry() const {
        return open_entries == 0 ? 0.0 : double(open_bytes) / double(open_entries);
    }

    // Transitions per expansion.
    double average_branching_factor() const {
        return expansions == 0 ? 0.0 : double(generated_transitions) / double(expansions);
    }
};

// How a portfolio's total is made from its phases' values.
enum class Combine {
    Sum,      // counts
    Max,      // peaks
    First,    // the first phase's (initial_h)
    Last,     // the last phase's (best_h; search_time_s is the total's clock)
    Derived,  // computed from other fields (average_branching_factor)
};

// How the text summary prints a field after its label.
enum class Shown {
    Never,     // in the JSON only
    States,    // "Expanded 7 state(s)." (Fast Downward's wording, which scripts grep)
    Count,     // "Skipped evaluations: 7"
    H,         // "Initial heuristic value: 7" (format_h)
    Ratio,     // "Average branching factor: 1.50"
    Seconds,   // "Search time: 0.0123 s"
    MissRate,  // "WL colours unseen in training: 1.50% of 200 lookups"
};

// One field: exactly one of `count`, `value` and `derived` is set.
struct StatisticField {
    const char* name;  // snake_case: JSON key (statistics_json)
    std::int64_t Statistics::*count = nullptr;
    double Statistics::*value = nullptr;
    double (Statistics::*derived)() const = nullptr;
    Combine combine = Combine::Sum;
    // Reported (JSON, summary) only when a learnt heuristic counted it.
    bool learnt_only = false;
    // The text summary's label and format (format_statistics).
    const char* label = nullptr;
    Shown shown = Shown::Never;
    bool shown_if_zero = true;  // false: a count's line only when it is not 0
};

// In the order of the text summary. peak_memory_mb has no summary line: the
// CLI prints the process's peak (which includes parsing) after its total time.
// long-function: one table, a row per field.
inline std::span<const StatisticField> statistics_fields() {
    using S = Statistics;
    static constexpr StatisticField kFields[]{
        {.name = "initial_h",
         .value = &S::initial_h,
         .combine = Combine::First,
         .label = "Initial heuristic value:",
         .shown = Shown::H},
        {.name = "expansions",
         .count = &S::expansions,
         .label = "Expanded",
         .shown = Shown::States},
        {.name = "evaluations",
         .count = &S::evaluations,
         .label = "Evaluated",
         .shown = Shown::States},
        {.name = "generated", .count = &S::generated, .label = "Generated", .shown = Shown::States},
        {.name = "generated_transitions", .count = &S::generated_transitions},
        {.name = "dead_ends",
         .count = &S::dead_ends,
         .label = "Dead ends:",
         .shown = Shown::States},
        {.name = "wl_colours_seen", .count = &S::wl_colours_seen, .learnt_only = true},
        {.name = "wl_colours_unseen", .count = &S::wl_colours_unseen, .learnt_only = true},
        {.name = "wl_miss_rate",
         .derived = &S::wl_miss_rate,
         .combine = Combine::Derived,
         .learnt_only = true,
         .label = "WL colours unseen in training:",
         .shown = Shown::MissRate},
        {.name = "symmetric_pruned",
         .count = &S::symmetric_pruned,
         .label = "Symmetric actions pruned:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "skipped_evaluations",
         .count = &S::skipped_evaluations,
         .label = "Skipped evaluations:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "lookahead_states",
         .count = &S::lookahead_states,
         .label = "Lookahead states:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "lookahead_actions",
         .count = &S::lookahead_actions,
         .label = "Lookahead actions:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "lookahead_repairs",
         .count = &S::lookahead_repairs,
         .label = "Lookahead repairs:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "landmarks",
         .count = &S::landmarks,
         .combine = Combine::Max,
         .label = "Landmarks:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "landmark_orderings",
         .count = &S::landmark_orderings,
         .combine = Combine::Max,
         .label = "Landmark orderings:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "landmarks_goal_only",
         .count = &S::landmarks_goal_only,
         .combine = Combine::Max,
         .label = "Landmarks from goal atoms only:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "landmarks_lifted",
         .count = &S::landmarks_lifted,
         .combine = Combine::Max,
         .label = "Landmarks from the action schemas (task not grounded):",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "goal_orders",
         .count = &S::goal_orders,
         .combine = Combine::Max,
         .label = "Goal orders:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "goal_order_dead_ends",
         .count = &S::goal_order_dead_ends,
         .label = "Dead ends breaking a goal order:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "counting_dead_ends",
         .count = &S::counting_dead_ends,
         .label = "Dead ends by counting:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "relaxation_groundings",
         .count = &S::relaxation_groundings,
         .label = "Relaxed tasks grounded:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "best_h", .value = &S::best_h, .combine = Combine::Last},
        {.name = "average_branching_factor",
         .derived = &S::average_branching_factor,
         .combine = Combine::Derived,
         .label = "Average branching factor:",
         .shown = Shown::Ratio},
        {.name = "stored_states",
         .count = &S::stored_states,
         .combine = Combine::Max,
         .label = "Stored states:",
         .shown = Shown::Count,
         .shown_if_zero = false},
        {.name = "stored_bytes", .count = &S::stored_bytes, .combine = Combine::Max},
        {.name = "bytes_per_state",
         .derived = &S::bytes_per_state,
         .combine = Combine::Derived,
         .label = "Bytes per stored state:",
         .shown = Shown::Ratio,
         .shown_if_zero = false},
        {.name = "open_entries", .count = &S::open_entries, .combine = Combine::Max},
        {.name = "open_bytes", .count = &S::open_bytes, .combine = Combine::Max},
        {.name = "bytes_per_open_entry",
         .derived = &S::bytes_per_open_entry,
         .combine = Combine::Derived,
         .label = "Bytes per open-list entry:",
         .shown = Shown::Ratio,
         .shown_if_zero = false},
        {.name = "search_time_s",
         .value = &S::search_time_s,
         .combine = Combine::Last,
         .label = "Search time:",
         .shown = Shown::Seconds},
        {.name = "peak_memory_mb", .value = &S::peak_memory_mb, .combine = Combine::Max},
    };
    return kFields;
}

// A field's value as a double (counts converted).
inline double field_value(const Statistics& s, const StatisticField& f) {
    if (f.count != nullptr) return static_cast<double>(s.*f.count);
    if (f.value != nullptr) return s.*f.value;
    return (s.*f.derived)();
}

// "7", "7.5" or "inf": heuristic values are usually integral.
std::string format_h(double h);

// The summary lines of `s`, one per shown field in table order, each ending
// in a newline ("Initial heuristic value: 7\nExpanded 12 state(s).\n...").
std::string format_statistics(const Statistics& s);

// Adds one phase's statistics to a portfolio's total (`first`: the first
// phase), field by field as statistics_fields() says.
inline void add_phase_statistics(Statistics& total, const Statistics& phase, bool first) {
    for (const StatisticField& f : statistics_fields()) {
        if (f.combine == Combine::Derived) continue;
        if (f.count != nullptr) {
            std::int64_t& t = total.*f.count;
            const std::int64_t p = phase.*f.count;
            if (f.combine == Combine::Sum) t += p;
            if (f.combine == Combine::Max) t = t > p ? t : p;
            if (f.combine == Combine::Last || (f.combine == Combine::First && first)) t = p;
        } else {
            double& t = total.*f.value;
            const double p = phase.*f.value;
            if (f.combine == Combine::Sum) t += p;
            if (f.combine == Combine::Max) t = t > p ? t : p;
            if (f.combine == Combine::Last || (f.combine == Combine::First && first)) t = p;
        }
    }
}

// The counts of a resumed phase's last run: `now` (over all its runs) less
// `before` (after the run before) for the summed fields; the others as now.
inline Statistics statistics_since(const Statistics& now, const Statistics& before) {
    Statistics out = now;
    for (const StatisticField& f : statistics_fields()) {
        if (f.combine != Combine::Sum) continue;
        if (f.count != nullptr) out.*f.count -= before.*f.count;
        if (f.value != nullptr) out.*f.value -= before.*f.value;
    }
    // Each run measures its own search time.
    out.search_time_s = now.search_time_s;
    return out;
}

}  // namespace ll
