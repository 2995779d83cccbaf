// Statistics as JSON (see header).
#include "core/search/statistics_json.hpp"

#include <cmath>

namespace ll {
namespace {
nlohmann::json finite_or_null(double value) {
    return std::isfinite(value) ? nlohmann::json(value) : nlohmann::json(nullptr);
}
}  // namespace

nlohmann::json statistics_json(const Statistics& s) {
    nlohmann::json j;
    j["expansions"] = s.expansions;
    j["evaluations"] = s.evaluations;
    j["generated"] = s.generated;
    j["generated_transitions"] = s.generated_transitions;
    j["dead_ends"] = s.dead_ends;
    j["skipped_evaluations"] = s.skipped_evaluations;
    j["symmetric_pruned"] = s.symmetric_pruned;
    j["average_branching_factor"] = s.average_branching_factor();
    j["initial_h"] = finite_or_null(s.initial_h);
    j["best_h"] = finite_or_null(s.best_h);
    j["search_time_s"] = s.search_time_s;
    j["peak_memory_mb"] = s.peak_memory_mb;
    if (s.wl_colours_seen + s.wl_colours_unseen > 0) {
        j["wl_colours_seen"] = s.wl_colours_seen;
        j["wl_colours_unseen"] = s.wl_colours_unseen;
        j["wl_miss_rate"] = s.wl_miss_rate();
    }
    return j;
}

}  // namespace ll
