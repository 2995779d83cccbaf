// The statistics of a search and the one table of their fields: the name
// every report uses (JSON key, wasm response, the CLI's summary), and how
// the phases of a portfolio combine. A new counter is a member here and a
// row in statistics_fields(); every report picks it up.
#pragma once

#include <cstdint>
#include <limits>
#include <span>

namespace ll {

struct Statistics {
    std::int64_t expansions = 0;
    std::int64_t evaluations = 0;
    std::int64_t generated = 0;              // new search nodes
    std::int64_t generated_transitions = 0;  // children considered, duplicates included
    std::int64_t dead_ends = 0;
    std::int64_t skipped_evaluations = 0;  // PS² single-successor chains
    std::int64_t symmetric_pruned = 0;     // actions left out as symmetric (symmetry=on)
    double best_h = std::numeric_limits<double>::infinity();
    double initial_h = std::numeric_limits<double>::infinity();
    double search_time_s = 0;
    double peak_memory_mb = 0;
    // Learnt (WL) heuristics only: colour lookups that found / missed the
    // model's dictionary. A high miss rate means the task looks unlike the
    // training problems.
    std::int64_t wl_colours_seen = 0;
    std::int64_t wl_colours_unseen = 0;
    double wl_miss_rate() const {
        const auto total = wl_colours_seen + wl_colours_unseen;
        return total == 0 ? 0.0 : double(wl_colours_unseen) / double(total);
    }

    // Transitions per expansion.
    double average_branching_factor() const {
        return expansions == 0 ? 0.0 : double(generated_transitions) / double(expansions);
    }
};

// How a portfolio's total is made from its phases' values.
enum class Combine {
    Sum,    // counts
    Max,    // peaks
    First,  // the first phase's (initial_h)
    Last,   // the last phase's (best_h; search_time_s is the total's clock)
};

// One field: exactly one of `count` and `value` is set.
struct StatisticField {
    const char* name;  // snake_case: JSON key (statistics_json)
    std::int64_t Statistics::*count = nullptr;
    double Statistics::*value = nullptr;
    Combine combine = Combine::Sum;
    // Reported (JSON, summary) only when a learnt heuristic counted it.
    bool learnt_only = false;
};

inline std::span<const StatisticField> statistics_fields() {
    using S = Statistics;
    static constexpr StatisticField kFields[]{
        {"expansions", &S::expansions},
        {"evaluations", &S::evaluations},
        {"generated", &S::generated},
        {"generated_transitions", &S::generated_transitions},
        {"dead_ends", &S::dead_ends},
        {"skipped_evaluations", &S::skipped_evaluations},
        {"symmetric_pruned", &S::symmetric_pruned},
        {"initial_h", nullptr, &S::initial_h, Combine::First},
        {"best_h", nullptr, &S::best_h, Combine::Last},
        {"search_time_s", nullptr, &S::search_time_s, Combine::Last},
        {"peak_memory_mb", nullptr, &S::peak_memory_mb, Combine::Max},
        {"wl_colours_seen", &S::wl_colours_seen, nullptr, Combine::Sum, true},
        {"wl_colours_unseen", &S::wl_colours_unseen, nullptr, Combine::Sum, true},
    };
    return kFields;
}

// Adds one phase's statistics to a portfolio's total (`first`: the first
// phase), field by field as statistics_fields() says.
inline void add_phase_statistics(Statistics& total, const Statistics& phase, bool first) {
    for (const StatisticField& f : statistics_fields()) {
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

}  // namespace ll
